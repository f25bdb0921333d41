// The line tables sscc adds itself (no -g given) are DWARF 4, which the
// tools a user runs on the program read (valgrind 3.19 does not read clang's
// default, DWARF 5); a version or default the user chose is kept.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal -c %s -o ideal.o
// RUN: llvm-dwarfdump --debug-info --debug-line ideal.o | FileCheck %s --check-prefix=V4
// RUN: %sscc -O2 -fss-sampling -c %s -o sampling.o
// RUN: llvm-dwarfdump --debug-info --debug-line sampling.o | FileCheck %s --check-prefix=V4
// RUN: %sscc -O2 -fss-remarks -c %s -o remarks.o 2> /dev/null
// RUN: llvm-dwarfdump --debug-info --debug-line remarks.o | FileCheck %s --check-prefix=V4
// V4: Compile Unit: {{.*}} version = 0x0004
// V4: version: 4
// RUN: %sscc -O2 -fss-ideal -gdwarf-5 -c %s -o chosen.o
// RUN: llvm-dwarfdump --debug-info ideal.o chosen.o | FileCheck %s --check-prefix=CHOSEN
// RUN: %sscc -O2 -fss-ideal -fdebug-default-version=5 -c %s -o default.o
// RUN: llvm-dwarfdump --debug-info default.o | FileCheck %s --check-prefix=V5
// CHOSEN: ideal.o: file format
// CHOSEN: version = 0x0004
// CHOSEN: chosen.o: file format
// V5: version = 0x0005
int sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}
