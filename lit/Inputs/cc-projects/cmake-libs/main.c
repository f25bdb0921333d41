#include <stdio.h>
int triangle(int n);
int twice(int n);
int main(void) {
  printf("uselibs: %d\n", twice(triangle(10)));
  return 0;
}
