/* A program with no loop (so -fss-remarks prints nothing). */
#include "h.h"
int main(void) { return ANSWER - 42; }
