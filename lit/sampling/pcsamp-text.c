// fpcsamp of a CPU-bound program: samples exist, and every sampled PC lies
// in the text of some object of the module map -- including a library the
// program loaded with dlopen and spent most of its time in.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O2 -fPIC -shared -I%S/Inputs %S/Inputs/plugin.c -o libplugin.so
// RUN: cd %t && %clang -O2 -I%S/Inputs %s -o prog -ldl
// Some 300 samples are due; one is asked (a CPU-time timer can lose many on
// a loaded machine: issue 29), which is all the check of their PCs needs.
// RUN: cd %t && %ssrun -fpcsamp ./prog ./libplugin.so && %ssdump --map --check-text --min-samples 1 prog.fpcsamp.m* | FileCheck %s
// CHECK: MODULE_MAP
// CHECK: libplugin.so
// CHECK: SAMPLING kind=pcsamp {{.*}} lost=0 incomplete=0 threads=1 bin=2
// CHECK: pcs outside text: 0 of
// CHECK: samples: ok
#include <dlfcn.h>
#include <stdio.h>

#include "spin.h"

int main(int argc, char **argv) {
  void *h = dlopen(argc > 1 ? argv[1] : "libplugin.so", RTLD_NOW);
  if (!h) {
    fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  void (*work)(double);
  *(void **)&work = dlsym(h, "plugin_work");
  spin(0.1);
  work(0.2);
  return 0;
}
