// A small leaf function runs exactly the plain clang build's instructions:
// counting must not give it a frame, nor merge its returns.  Its only
// call is the cold one of a thread's first entry (asking the runtime for
// its counters); made as a real call it needs the stack aligned, and LLVM
// 14 then pushes a register at every entry and pops it at one shared
// return.  And the jump of the pass's own test (in an executable the entry
// count going down, `subq $1, %fs:OFF; jb`, with its slow path out of
// line; in -fPIC code the counters' pointer, `test; je`, no line) is the
// instrumentation's, not the program's.
// decode_varint has four returns and is called 30000 times; it is not
// static, so it may be a thread's first code in its module and keeps the
// test (a local function called only directly has none).  The plain
// build (plain clang, same flags) under callgrind gives the expected counts.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O2 -gdwarf-4 %s -o %t/plain
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/plain.cg %t/plain > %t/plain.out 2>/dev/null
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: diff %t/plain.out %t/o2.out
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py --unchanged decode_varint --plain %t/plain %t/plain.cg %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// decode_varint has no frame (it starts with the count of its calls going
// down, whose borrow tells the runtime of the thread's counters) and more
// than one return.
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/o2 | awk '/<decode_varint>:/,/^$/' > %t/decode.s
// RUN: FileCheck %s --check-prefix=ENTRY < %t/decode.s
// ENTRY: <decode_varint>:
// ENTRY-NEXT: subq $1, %fs:
// ENTRY-NEXT: jb
// RUN: grep -c ret %t/decode.s | FileCheck %s --check-prefix=RETS
// RETS: {{^[2-9]$}}
// Likewise compiled as for a shared library, where it starts with the load
// of the pointer to the thread's counters (the linker has made the
// initial-exec offset a constant).
// RUN: rm -f %t/*.ideal.* && %sscc -O2 -fPIC -gdwarf-4 -fss-ideal %s -o %t/pic
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/pic.cg %t/pic > %t/pic.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py --unchanged decode_varint --plain %t/plain %t/plain.cg %t/pic %t/pic.cg %t/pic.ideal.m* %s
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/pic | awk '/<decode_varint>:/,/^$/' > %t/pic.s
// RUN: FileCheck %s --check-prefix=PIC < %t/pic.s
// PIC: <decode_varint>:
// PIC-NEXT: movq $
// PIC-NEXT: movq %fs:
// RUN: grep -c ret %t/pic.s | FileCheck %s --check-prefix=RETS
#include <stdio.h>

__attribute__((noinline)) int decode_varint(const unsigned char *p,
                                unsigned long *v) {
  if (!(p[0] & 0x80)) {
    *v = p[0];
    return 1;
  }
  if (!(p[1] & 0x80)) {
    *v = (unsigned long)(p[0] & 0x7f) << 7 | p[1];
    return 2;
  }
  if (!(p[2] & 0x80)) {
    *v = (unsigned long)(p[0] & 0x7f) << 14 | (unsigned long)(p[1] & 0x7f) << 7 | p[2];
    return 3;
  }
  *v = ~0ul;
  return 4;
}

int main(void) {
  unsigned char buf[4];
  unsigned long sum = 0, v;
  int lengths = 0;
  for (int i = 0; i < 30000; i++) {
    buf[0] = (unsigned char)(i * 37);
    buf[1] = (unsigned char)(i * 11);
    buf[2] = (unsigned char)(i * 5);
    buf[3] = 0;
    lengths += decode_varint(buf, &v);
    sum += v;
  }
  printf("%d %lu\n", lengths, sum);
  return 0;
}
