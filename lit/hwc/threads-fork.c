// prof_hwctime follows the rules of the other sampling experiments:
// every thread opens its own counter (3 threads sampled, each with its
// samples), and a forked child gets a file of its own with only its own
// overflows (its counter opened anew: the parent's is not inherited).
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// (-fno-optimize-sibling-calls: a call in tail position, which clang 19 makes at -O1,
// leaves no frame of its caller, so a sample there would be charged to the caller's caller.)
// RUN: %clang -O1 -g -fno-optimize-sibling-calls -pthread %s -o prog
// RUN: cd %t && env _SPEEDSHOP_HWC_COUNTER_NUMBER=task-clock %ssrun -prof_hwctime ./prog
// RUN: cd %t && %ssprof -json prog.prof_hwctime.m* > m.json && %ssprof -json prog.prof_hwctime.f* > f.json
// RUN: %python %S/../tools/json_expect.py %t/m.json %s "s['threads'] == 3" "s['overflow'] == 1000003" "incl('run') > 0" "incl('child') == 0" "excl('spin') >= 0.9 * n" | FileCheck %s
// CHECK: json_expect: 5 checks passed
// RUN: %python %S/../tools/json_expect.py %t/f.json %s "s['threads'] == 1" "incl('child') >= 0.9 * n > 0" "incl('run') == 0" | FileCheck %s --check-prefix=CHILD
// CHILD: json_expect: 3 checks passed
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile double sink;

__attribute__((noinline)) void spin(long n) {
  double x = sink;
  for (long i = 0; i < n; i++)
    x = x * 0.9999999 + 0.5;
  sink = x;
}

__attribute__((noinline)) void *run(void *arg) {
  (void)arg;
  spin(60000000);
  return NULL;
}

__attribute__((noinline)) void child(void) { spin(60000000); }

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, run, NULL);
  spin(30000000);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  pid_t pid = fork();
  if (pid == 0) {
    child();
    exit(0);
  }
  waitpid(pid, NULL, 0);
  return 0;
}
