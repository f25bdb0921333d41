/* Calls through the PLT: logf (libm) in a loop, printf. */
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv) {
  (void)argv;
  float s = 0;
  for (int i = 1; i < 1000 * argc; i++)
    s += logf((float)i);
  printf("%f\n", s);
  return 0;
}
