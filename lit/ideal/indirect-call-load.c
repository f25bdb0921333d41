// Calls through a pointer loaded from memory.
//  - The call reads its target from memory itself, as in the plain clang
//    build (`callq *8(%rcx)`): the test of the target in front of it
//    (indirect-call counting) reads it with a load of its own, and the
//    program's load moves down to the call (pass/Instrumenter.cpp).
//  - decode's call is the first instruction of the counted block after
//    encode's call; the block's marker goes in front of the test, not
//    after it, where the slow path joins: roundtrip's instructions equal
//    callgrind's exactly (it was 45,000 against 55,000).
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/o2 | awk '/<roundtrip>:/,/^$/' > %t/roundtrip.s
// RUN: FileCheck %s --check-prefix=CODE < %t/roundtrip.s
// CODE: callq *8(%r
// Each of the 5000 calls of roundtrip calls rot once and inv once (one as
// encode, the other as decode): the butterfly still has both targets.
// RUN: %ssprof -b %t/o2.ideal.m* | FileCheck %s --check-prefix=CALLEES
// CALLEES: Butterfly function list
// CALLEES: (0005000) {{.*}} main [
// CALLEES-NEXT: roundtrip [
// CALLEES-DAG: (0005000) {{.*}} rot [
// CALLEES-DAG: (0005000) {{.*}} inv [
#include <stdio.h>
struct codec {
  const char *name;
  int (*encode)(int);
  int (*decode)(int);
};
__attribute__((noinline)) static int rot(int x) { return (x << 3 | x >> 29) ^ 0x5a; }
__attribute__((noinline)) static int inv(int x) { return ~x; }
static const struct codec codecs[2] = {{"rot", rot, inv}, {"inv", inv, rot}};
__attribute__((noinline)) int roundtrip(const struct codec *c, int x) {
  return c->decode(c->encode(x)) + 1;
}
int main(void) {
  long s = 0;
  for (int i = 0; i < 5000; i++) /* codecs[1] every fifth call */
    s += roundtrip(&codecs[i % 5 == 0], i);
  printf("%ld\n", s);
  return 0;
}
