// An instrumented shared library linked in, and one that is dlopen()ed,
// dlclose()d and opened again: all counts land in the one experiment file.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -fPIC -shared -I%inputs %inputs/dso/linked.c -o liblinked.so && %sscc -O0 -fss-ideal -fPIC -shared -I%inputs %inputs/dso/plugin.c -o libplugin.so && %sscc -O0 -fss-ideal -rdynamic -I%inputs %s -L. -llinked -Wl,-rpath,%t/O0 -ldl -o prog && ./prog %t/O0/libplugin.so > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -fPIC -shared -I%inputs %inputs/dso/linked.c -o liblinked.so && %sscc -O2 -fss-ideal -fPIC -shared -I%inputs %inputs/dso/plugin.c -o libplugin.so && %sscc -O2 -fss-ideal -rdynamic -I%inputs %s -L. -llinked -Wl,-rpath,%t/O2 -ldl -o prog && ./prog %t/O2/libplugin.so > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -fPIC -shared -I%inputs %inputs/dso/linked.c -o liblinked.so && %sscc -O3 -fss-ideal -fPIC -shared -I%inputs %inputs/dso/plugin.c -o libplugin.so && %sscc -O3 -fss-ideal -rdynamic -I%inputs %s -L. -llinked -Wl,-rpath,%t/O3 -ldl -o prog && ./prog %t/O3/libplugin.so > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && ls prog.ideal.m* | count 1
// RUN: cd %t/O2 && %ssprof -dsolist prog.ideal.m* | FileCheck %s --check-prefix=DSO
// DSO: DSO List
// DSO-DAG: liblinked.so
// DSO-DAG: libplugin.so
#include <dlfcn.h>
#include <stdlib.h>
#define TALLY_MAIN
#include "tally.h"

int linked_square(int x);

int main(int argc, char **argv) {
  int s = 0;
  for (int i = 0; i < 25; i++)
    s += linked_square(i);
  for (int round = 0; round < 2; round++) {
    void *h = dlopen(argv[1], RTLD_NOW);
    if (!h) {
      fprintf(stderr, "%s\n", dlerror());
      return 1;
    }
    int (*work)(int) = (int (*)(int))dlsym(h, "plugin_work");
    for (int i = 0; i < 10; i++)
      s += work(i + round);
    dlclose(h);
  }
  printf("%d\n", s);
  tally_report();
  return 0;
}
