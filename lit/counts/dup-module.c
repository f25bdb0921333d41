// A source file compiled both into a program and into the shared library
// the program links (cJSON's tests #include "../cJSON.c" and link
// libcjson): the program's copies of the functions interpose the
// library's.  Each module's functions are listed under the object they
// were linked into, with their own copies' counts: the program's
// dup_twice ran from main, the library's own only through the pointer
// dlsym gives for the library's handle; and ideal time finds each
// module's block markers in its own object (no "no block markers"
// warning).  The expected calls are the program's loop bounds, printed.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fss-ideal -fPIC -shared %inputs/dup/dup_lib.c -o libdup.so
// RUN: %sscc -O1 -fss-ideal -I%inputs/dup %s -L. -ldup -Wl,-rpath,%t -ldl -o prog
// RUN: ./prog %t/libdup.so > out
// RUN: %ssprof -json prog.ideal.m* > doc.json 2> err && count 0 < err
// RUN: %python -c "import json,sys; d=json.load(open('doc.json')); got={(f['name'],f['dso']):f['calls'] for f in d['functions']}; want=[l.split()[1:] for l in open('out') if l.startswith('EXPECT')]; bad=[w for w in want if got.get((w[0],w[1]))!=int(w[2])]; assert not bad and not d['warnings'], (bad, got, d['warnings']); print('calls by object ok', len(want))" | FileCheck %s
// RUN: %python -c "import json; d=json.load(open('doc.json')); m=[b for b in d['ideal']['blocks'] if b['function']=='dup_helper']; assert m and all(b['count']>0 for b in m[:1]), m; print('ideal time of the library copy ok')" | FileCheck %s --check-prefix=IDEAL
// CHECK: calls by object ok 6
// IDEAL: ideal time of the library copy ok
#include <dlfcn.h>
#include <stdio.h>
#include "dup_lib.c"

int main(int argc, char **argv) {
  (void)argc;
  int s = 0, direct = 10, through_library = 4;
  for (int i = 0; i < direct; i++)
    s += dup_twice(i); /* the program's copy */
  void *h = dlopen(argv[1], RTLD_NOW);
  if (!h)
    return 1;
  /* dlsym on the library's handle finds the library's own definition. */
  int (*own)(int) = (int (*)(int))dlsym(h, "dup_twice");
  for (int i = 0; i < through_library; i++)
    s += own(i);
  printf("%d\n", s);
  printf("EXPECT main prog 1\n");
  printf("EXPECT dup_twice prog %d\n", direct);
  printf("EXPECT dup_helper prog %d\n", direct);
  printf("EXPECT dup_twice libdup.so %d\n", through_library);
  printf("EXPECT dup_helper libdup.so %d\n", through_library);
  printf("EXPECT dup_only libdup.so 0\n");
  return 0;
}
