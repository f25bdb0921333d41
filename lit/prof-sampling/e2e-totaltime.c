// End to end: ssrun -totaltime on a program with a worker thread burning
// CPU, a main thread that calls into a dlopen'ed plugin (this file built
// with -DPLUGIN) and then sleeps.  totaltime samples every thread on the
// wall clock, blocked or not, so the sleep shows up under `waiter`; the
// plugin's code is symbolized from the library's path with its own lines.
//
// Never flaky (issue 29): a thread's wall-clock timer expires once per 30
// ms whatever the machine does, so each part gets at least as many
// samples as its wall time holds intervals -- the 0.3 s sleep 10 (9 or 10
// by phase; 8 asked), each 0.3 s CPU burn at least 10, more on a loaded
// machine, which stretches only the burns -- and counts, not shares, are
// asserted (a share of the sleep shrinks as the load grows).
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -g -shared -fPIC -DPLUGIN %s -o libplugin.so
// RUN: %clang -O1 -g %s -o prog -ldl -lpthread
// RUN: cd %t && %ssrun -totaltime ./prog ./libplugin.so && %ssprof -json prog.totaltime.m* > tt.json
// RUN: %python %S/../tools/json_expect.py %t/tt.json %s "s['kind'] == 'totaltime' and s['threads'] >= 2" "n >= 25" "incl('waiter') >= 8" "incl('worker_burn') >= 8" "incl('plugin_burn') >= 8" "f('plugin_burn')['dso'] == 'libplugin.so' and f('plugin_burn')['line'] == line('plugin-def')" "[e['line'] for e in edge('main', 'waiter')] == [line('call-waiter')]" "[e['line'] for e in edge('worker', 'worker_burn')] == [line('call-burn')]" "incl('main') + incl('worker') >= 0.9 * n" | FileCheck %s
// CHECK: json_expect: 9 checks passed
// RUN: cd %t && %ssprof -dsolist prog.totaltime.m* | FileCheck %s --check-prefix=TEXT
// TEXT: Summary of statistical callstack sampling data (totaltime)--
// TEXT: Threads sampled
// TEXT: plugin_burn (libplugin.so: e2e-totaltime.c, [[# @LINE + 24]])
// TEXT: DSO List, in order of loading
// TEXT: libplugin.so {{.*}}/libplugin.so
#include <time.h>

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static volatile double sink;

#define BURN(seconds)                                                          \
  do {                                                                         \
    double end_ = cpu_seconds() + (seconds), x_ = 0;                           \
    do {                                                                       \
      for (int i_ = 0; i_ < 100000; i_++)                                      \
        x_ = x_ * 0.99 + i_;                                                   \
    } while (cpu_seconds() < end_);                                            \
    sink = x_;                                                                 \
  } while (0)

#ifdef PLUGIN
__attribute__((noinline)) void plugin_burn(double seconds) { // plugin-def
  BURN(seconds);
}
#else
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

__attribute__((noinline)) static void worker_burn(void) {
  BURN(0.3);
}

static void *worker(void *arg) {
  (void)arg;
  worker_burn(); // call-burn
  sink += 1;
  return NULL;
}

__attribute__((noinline)) static void waiter(void) {
  struct timespec t = {0, 300000000};
  nanosleep(&t, NULL);
  sink += 1;
}

int main(int argc, char **argv) {
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
  void *plugin = argc > 1 ? dlopen(argv[1], RTLD_NOW) : NULL;
  if (!plugin)
    return 1;
  void (*burn)(double) = (void (*)(double))dlsym(plugin, "plugin_burn");
  burn(0.3);
  waiter(); // call-waiter
  pthread_join(thread, NULL);
  return 0;
}
#endif
