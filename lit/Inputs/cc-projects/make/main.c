/* A two-file program built by a build system with CC=sscc. */
#include <stdio.h>
#include <stdlib.h>
#include "work.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  printf("ssdemo: prime number %d is %d\n", n, nth_prime(n));
  return 0;
}
