/*
 * states.c -- a number scanner's state machine in the style of CoreMark's
 * core_state_transition (loop_kernels.h), run over random numbers.
 *
 *   usage: states [rounds]     (default 4000 rounds over 4 KiB of text)
 */
#include "loop_kernels.h"
#include "wl.h"

#include <string.h>

int main(int argc, char **argv) {
  long rounds = wl_arg(argc, argv, 1, 4000);
  static const char *words[] = {"5012", "1234", "-874", "+122", "35.54400", ".1234500",
                                "-110.700", "+0.64400", "5.500e+3", "-.123e-2", "-87e+832",
                                "+0.6e-12", "T0.3e-1F", "-T.T++Tq", "1T3.4e4z", "34.0e-T^"};
  static char text[4096];
  size_t len = 0;
  uint64_t seed = 7;
  while (len < sizeof text - 16) {
    const char *w = words[wl_rand(&seed) % 16];
    memcpy(text + len, w, strlen(w));
    len += strlen(w);
    text[len++] = ',';
  }
  unsigned count[NUM_STATES] = {0}, final[NUM_STATES] = {0};
  for (long r = 0; r < rounds; r++) {
    unsigned char *p = (unsigned char *)text;
    while (*p)
      final[transition(&p, count)]++;
  }
  printf("states:");
  for (int i = 0; i < NUM_STATES; i++)
    printf(" %u/%u", count[i], final[i]);
  printf("\n");
  return 0;
}
