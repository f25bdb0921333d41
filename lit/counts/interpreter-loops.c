// Interpreter loops: a computed-goto dispatch (`goto *labels[op]`, as Lua's
// luaV_execute) and a switch in a loop, each running a small bytecode
// program.  A computed goto whose targets are all handlers of the same loop
// never leaves it, so the loop's counters can live in registers like any
// other loop's (its exits see every way out); an outer interpreter loop
// that calls a function which may not return (an error that longjmps, as
// Lua's do) says so, rather than only that it has inner loops.  The counts
// are checked against STEP()'s own tallies at -O0, -O2 and -O3.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs -Rpass=ss-promote -Rpass-missed=ss-promote -fsave-optimization-record %s -o prog 2> remarks && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: FileCheck %s --check-prefix=REMARK < %t/O2/remarks
// RUN: grep -A4 -e '^Name: *Promoted' %t/O2/interpreter-loops.opt.yaml | FileCheck %s --check-prefix=PROMOTED
// (which loop the optimizer leaves where varies: the record names the function)
// PROMOTED-DAG: Function: run_goto
// PROMOTED-DAG: Function: run_switch
#include <setjmp.h>
#include <stdio.h>

#include "step.h"

volatile int sink;

enum op { PUSH, ADD, DEC, JNZ, HALT };

// sum = n + (n - 1) + ... + 1, as a loop of bytecodes.
static const unsigned char sum_program[] = {
    PUSH, 0,   // acc = 0
    ADD,       // 2: acc += counter
    DEC,       // counter -= 1
    JNZ,  2,   // back to 2 while counter != 0
    HALT,
};

NOINLINE static long run_goto(const unsigned char *code, long counter) {
  static void *const labels[] = {&&op_push, &&op_add, &&op_dec, &&op_jnz,
                                 &&op_halt};
  const unsigned char *pc = code;
  long acc = 0;
#define DISPATCH() goto *labels[*pc]
  DISPATCH();
op_push:
  STEP();
  acc = pc[1];
  pc += 2;
  DISPATCH();
op_add:
  STEP();
  acc += counter;
  pc += 1;
  DISPATCH();
op_dec:
  STEP();
  counter -= 1;
  pc += 1;
  DISPATCH();
op_jnz:
  if (counter != 0) {
    STEP();
    pc = code + pc[1];
  } else {
    pc += 2;
  }
  DISPATCH();
op_halt:
  STEP();
  return acc;
#undef DISPATCH
}

NOINLINE static long run_switch(const unsigned char *code, long counter) {
  const unsigned char *pc = code;
  long acc = 0;
  for (;;) {
    switch (*pc) {
    case PUSH:
      STEP();
      acc = pc[1];
      pc += 2;
      break;
    case ADD:
      STEP();
      acc += counter;
      pc += 1;
      break;
    case DEC:
      STEP();
      counter -= 1;
      pc += 1;
      break;
    case JNZ:
      if (counter != 0) {
        STEP();
        pc = code + pc[1];
      } else {
        pc += 2;
      }
      break;
    default:
      STEP();
      return acc;
    }
  }
}

static jmp_buf on_error;

// An error check the optimizer cannot prove returns (Lua's handlers call
// such functions: an error longjmps to the protected call).
NOINLINE static void check(int count) {
  if (count < 0)
    longjmp(on_error, 1);
}

// Bytecodes of a second kind: REPEAT runs the next one n times (the inner
// loop); a negative count is an error that longjmps out of the interpreter.
enum op2 { REPEAT, INC, STOP };

// REMARK: interpreter-loops.c:{{[0-9]+}}:{{[0-9]+}}: remark: counters stay in memory in this loop: it calls check, which may not return
NOINLINE static long run_nested(const signed char *code) {
  static void *const labels[] = {&&op_repeat, &&op_inc, &&op_stop};
  const signed char *pc = code;
  long acc = 0;
#define DISPATCH() goto *labels[(unsigned char)*pc]
  DISPATCH();
op_repeat:
  STEP();
  check(pc[1]);
  for (int i = 0; i < pc[1]; i++) {
    STEP();
    acc += pc[2] == INC ? i : -i;
  }
  pc += 3;
  DISPATCH();
op_inc:
  STEP();
  acc++;
  pc += 1;
  DISPATCH();
op_stop:
  STEP();
  return acc;
#undef DISPATCH
}

int main(void) {
  for (long n = 1; n <= 60; n++) {
    long a = run_goto(sum_program, n), b = run_switch(sum_program, n);
    if (a != n * (n + 1) / 2 || b != a)
      return 1;
  }
  static const signed char nested[] = {INC, REPEAT, 9, INC, INC, REPEAT, 4, STOP,
                                       INC, STOP};
  static const signed char bad[] = {INC, REPEAT, -1, INC, STOP};
  long r = 0;
  for (int k = 0; k < 25; k++)
    r += run_nested(nested);
  sink = r;
  int errors = 0;
  if (setjmp(on_error) == 0)
    sink = run_nested(bad);
  else
    errors++;
  printf("SSCHECK calls run_goto 60\nSSCHECK calls run_switch 60\n"
         "SSCHECK calls run_nested %d\nSSCHECK calls check %d\n", 25 + 1,
         25 * 2 + 1);
  if (errors != 1)
    return 1;
  for (int l = 0; l < 400; l++)
    if (step_count[l])
      printf("SSCHECK site step interpreter-loops.c:%d %lu\n", l, step_count[l]);
  return 0;
}
