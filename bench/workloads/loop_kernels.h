/*
 * loop_kernels.h -- the loops of bench/workloads/isort.c and states.c,
 * also compiled by lit/ideal/loop-registers.c: loops where counters and
 * registers compete (docs/counting.md, Induction variables and Promotion).
 *
 * insertion_sort: an inner loop that ends on the data (`while (j >= 0 &&
 * w[j] > v)`), whose trip count no compiler knows before it runs, but whose
 * index counts its iterations.
 *
 * transition: a number scanner's state machine in the style of CoreMark's
 * core_state_transition, a loop around a switch on the state with a
 * transition count bumped in nearly every case.  Counting instrumentation
 * puts a counter on almost every case too; kept in registers they
 * outnumber the registers the loop leaves free.
 */
#ifndef SS_BENCH_LOOP_KERNELS_H
#define SS_BENCH_LOOP_KERNELS_H

static __attribute__((noinline, unused)) void insertion_sort(int *w, int n) {
  for (int i = 1; i < n; i++) {
    int v = w[i];
    int j = i - 1;
    while (j >= 0 && w[j] > v) {
      w[j + 1] = w[j];
      j--;
    }
    w[j + 1] = v;
  }
}

enum state { S_START, S_INVALID, S_S1, S_S2, S_INT, S_FLOAT, S_EXPONENT, S_SCIENTIFIC,
             NUM_STATES };

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static __attribute__((noinline, unused)) enum state transition(unsigned char **instr,
                                                       unsigned *count) {
  unsigned char *str = *instr;
  enum state state = S_START;
  for (; *str && state != S_INVALID; str++) {
    unsigned char c = *str;
    if (c == ',') {
      str++;
      break;
    }
    switch (state) {
    case S_START:
      if (is_digit(c)) state = S_INT;
      else if (c == '+' || c == '-') state = S_S1;
      else if (c == '.') state = S_FLOAT;
      else { state = S_INVALID; count[S_INVALID]++; }
      count[S_START]++;
      break;
    case S_S1:
      if (is_digit(c)) { state = S_INT; count[S_S1]++; }
      else if (c == '.') { state = S_FLOAT; count[S_S1]++; }
      else { state = S_INVALID; count[S_S1]++; }
      break;
    case S_INT:
      if (c == '.') { state = S_FLOAT; count[S_INT]++; }
      else if (!is_digit(c)) { state = S_INVALID; count[S_INT]++; }
      break;
    case S_FLOAT:
      if (c == 'E' || c == 'e') { state = S_S2; count[S_FLOAT]++; }
      else if (!is_digit(c)) { state = S_INVALID; count[S_FLOAT]++; }
      break;
    case S_S2:
      if (c == '+' || c == '-') { state = S_EXPONENT; count[S_S2]++; }
      else { state = S_INVALID; count[S_S2]++; }
      break;
    case S_EXPONENT:
      if (is_digit(c)) { state = S_SCIENTIFIC; count[S_EXPONENT]++; }
      else { state = S_INVALID; count[S_EXPONENT]++; }
      break;
    case S_SCIENTIFIC:
      if (!is_digit(c)) { state = S_INVALID; count[S_INVALID]++; }
      break;
    default:
      break;
    }
  }
  *instr = str;
  return state;
}

#endif
