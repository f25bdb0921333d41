// dlopen'ed code and system() under ssrun -io, as for sampling: the calls
// of a library opened at run time count for its functions, by name; the
// command system() runs writes an `s` file with its own calls, the shell
// none.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -g -shared -fPIC %S/Inputs/io_plugin.c -o libplugin.so
// RUN: %clang -O1 -g -I%S/Inputs %s -o prog -ldl
// RUN: cd %t && %ssrun -io ./prog > out && ls > listing && cat out listing | FileCheck %s
// CHECK: command [[CMD:[0-9]+]]
// CHECK-DAG: prog.io.m{{[0-9]+}}
// CHECK-DAG: prog.io.s[[CMD]]
// RUN: cd %t && grep -v command_io out > main.out && grep command_io out > command.out
// RUN: cd %t && %tracecheck --exhaustive main.out prog.io.m* | FileCheck %s --check-prefix=MAIN
// MAIN: tracecheck: 2 figures match
// RUN: cd %t && %tracecheck --exhaustive command.out prog.io.s* | FileCheck %s --check-prefix=COMMAND
// COMMAND: tracecheck: 2 figures match
// RUN: cd %t && %ssprof prog.io.m* | FileCheck %s --check-prefix=DSO
// DSO: plugin_writes (libplugin.so: io_plugin.c,
#include "io_tally.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

static struct io_tally t_plugin = {"plugin_writes"}, t_command = {"command_io"};

NOINLINE static void command_io(void) {
  long r;
  for (int i = 0; i < 3; i++)
    IO_CALL(t_command, "write", 1, r, write(2, "", 0));
}

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 1) {
    printf("command %d\n", (int)getpid());
    command_io();
    io_report(&t_command);
    return 0;
  }
  void *h = dlopen("./libplugin.so", RTLD_NOW);
  int (*writes)(int, int);
  *(void **)&writes = h ? dlsym(h, "plugin_writes") : NULL;
  if (!writes)
    return 1;
  int n = writes(2, 5);
  io_add(&t_plugin, "write", 1, n, 7L * n);
  fflush(stdout);
  int status = system("./prog command");
  io_report(&t_plugin);
  return status;
}
