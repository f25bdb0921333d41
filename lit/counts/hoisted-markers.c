// One function inlined on both sides of an if, as Lua's luaT_trybinassocTM
// does with luaT_trybinTM (`if (flip) trybin(p2, p1); else trybin(p1, p2);`):
// SimplifyCFG hoists the two copies' identical entry markers into the
// block before the branch, as one marker with a merged location that names
// neither copy, while the copies' own code (the calls with their arguments
// swapped) stays apart.  That marker runs once per entry into either copy;
// the copies' calls are its count, not unknown (Lua's tests at -O2 had
// luaT_trybinTM, luaK_codeABx and three more unknown this way; bzip2 bsW).
// The copies of a function inlined into those copies (tally in combine, as
// jq's put_buf in put_str) merge the same way, into the outer caller.
// Expected counts: the program's own tallies.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

static unsigned long combine_calls, either_calls, tally_calls;

static void tally(unsigned long *calls) {
  tally_calls++;
  ++*calls;
}

NOINLINE static int in_order(long x, long y) { return x > y; }
static const char *volatile last_complaint;
NOINLINE static void complain(const char *what) { last_complaint = what; }

static void combine(long *out, long x, long y, int op) {
  tally(&combine_calls);
  if (!in_order(x, y)) {
    switch (op) {
    case 1:
    case 2:
    case 3:
      complain("bits");
      break;
    default:
      complain("numbers");
    }
  }
  *out = x - y;
}

NOINLINE static void either(long *out, long a, long b, int flip, int op) {
  either_calls++;
  if (flip)
    combine(out, b, a, op);
  else
    combine(out, a, b, op);
}

int main(void) {
  long r = 0, sum = 0;
  for (int i = 0; i < 1000; i++) {
    either(&r, i % 7, i % 5, i & 1, i % 4);
    sum += r;
  }
  printf("# %ld\nSSCHECK calls combine %lu\nSSCHECK calls either %lu\n"
         "SSCHECK calls tally %lu\n",
         sum, combine_calls, either_calls, tally_calls);
  return 0;
}
