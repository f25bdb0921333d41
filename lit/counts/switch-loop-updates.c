// A loop around a switch on a state (a number scanner in the style of
// CoreMark's core_state_transition): header, cases, a tail they all
// share.  Most cases only choose the next state, so the optimizer leaves
// their ways out as edges from a conditional branch straight into the
// tail, which has many predecessors: critical edges, which a counter
// needs a block of its own for.  Each iteration must pass a counted
// edge (the uncounted ones form a tree) and one suffices: the cases'
// ways into the tail, or the edges into the cases, without the tail's
// own.  The spanning tree once put every critical edge in first, however
// cold (the loop's exits) against however hot (the case's edge, an inner
// branch's, the tail's): each iteration here passed 1.65 updates, in
// bench/workloads/states.c two to five.
//
// (a) The counts are exact against the program's own tallies (STEP() at
// the start of each case, the calls of scan) at -O0, -O2 and -O3.
// (b) At -O2 the loop runs at most one counter update per iteration: the
// counter updates callgrind saw executed in scan (lit/tools/counter_updates.py,
// which tells the instrumentation's instructions from the program's by
// the line table) are at most the program's own count of iterations plus
// 20 per call (fewer where the loop's back edge is counted from s at its
// exit: an iteration that takes no other counted edge passes none).
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog
// RUN: cd %t/O2 && valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=prog.cg ./prog > out 2>/dev/null
// RUN: cd %t/O2 && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %python %S/../tools/counter_updates.py prog prog.cg scan out %s
#include <stdio.h>

#include "step.h"

enum state { START, SIGN, INT, FRAC, EXP_SIGN, EXP, BAD, NUM_STATES };

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// seen[] counts the iterations by the state they end in (the tail).
NOINLINE static enum state scan(const unsigned char *s, unsigned long *seen) {
  enum state state = START;
  for (; *s; s++) {
    unsigned char c = *s;
    switch (state) {
    case START:
      STEP();
      if (is_digit(c)) state = INT;
      else if (c == '+' || c == '-') state = SIGN;
      else if (c != ',') state = BAD;
      break;
    case SIGN:
      STEP();
      if (is_digit(c)) state = INT;
      else state = BAD;
      break;
    case INT:
      STEP();
      if (c == '.') state = FRAC;
      else if (c == ',') state = START;
      else if (!is_digit(c)) state = BAD;
      break;
    case FRAC:
      STEP();
      if (c == 'e' || c == 'E') state = EXP_SIGN;
      else if (c == ',') state = START;
      else if (!is_digit(c)) state = BAD;
      break;
    case EXP_SIGN:
      STEP();
      if (c == '+' || c == '-') state = EXP;
      else state = BAD;
      break;
    case EXP:
      STEP();
      if (c == ',') state = START;
      else if (!is_digit(c)) state = BAD;
      break;
    default:
      STEP();
      if (c == ',') state = START;
      break;
    }
    seen[state]++;
  }
  return state;
}

int main(void) {
  static const char *words[] = {"5012", "-874", "+122", "35.544", ".12", "-110.7e+3",
                                "0.6e-12", "T0.3", "1T3", "34.0e-T", "7", "+-"};
  static char text[4096];
  char *end = text;
  for (int i = 0; end < text + sizeof text - 16; i++)
    end += sprintf(end, "%s,", words[i * 5 % 12]);
  unsigned long seen[NUM_STATES] = {0};
  int calls = 0, finals = 0;
  for (int r = 0; r < 30; r++) {
    finals += scan((const unsigned char *)text, seen);
    calls++;
  }
  unsigned long iterations = 0;
  for (int i = 0; i < NUM_STATES; i++)
    iterations += seen[i];
  printf("loop scan iterations %lu calls %d\n", iterations, calls);
  printf("SSCHECK calls scan %d\n", calls);
  for (int l = 0; l < 400; l++)
    if (step_count[l])
      printf("SSCHECK site step switch-loop-updates.c:%d %lu\n", l, step_count[l]);
  printf("final states %d\n", finals);
  return 0;
}
