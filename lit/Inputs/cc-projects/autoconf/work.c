/* The n-th prime, by trial division (enough work to count). */
#include "work.h"

int nth_prime(int n) {
  int found = 0;
  for (int candidate = 2;; candidate++) {
    int prime = 1;
    for (int d = 2; d * d <= candidate; d++)
      if (candidate % d == 0) {
        prime = 0;
        break;
      }
    if (prime && ++found == n)
      return candidate;
  }
}
