// A program that closes descriptors 0-2, or every descriptor, before it
// ends: the runtime needs none of them (it opens its directory and file
// when it writes, and says nothing where fd 2 is gone), the file is whole
// and its counts exact (3 calls of work, arithmetic); under ssrun the
// samples go on after libunwind's pipe was closed too (totaltime, whose
// wall-clock timer surely fires 3 times in the 0.1 s that follow).
// RUN: rm -rf %t && mkdir -p %t/std %t/all %t/sampled && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o prog
// RUN: cd %t/std && ../prog std
// RUN: cd %t/all && ../prog all
// RUN: printf 'SSCHECK calls work 3\n' > expect
// RUN: %sscheck expect %t/std/prog.ideal.m*
// RUN: %sscheck expect %t/all/prog.ideal.m*
// RUN: cd %t/sampled && %ssrun -totaltime ../prog all
// RUN: %ssprof %t/sampled/prog.totaltime.m* | FileCheck %s
// CHECK: Caliper point 1 at exit(0)
// The 0.1 s of CPU after the closing: 3 samples at 30 ms (2 asked).
// RUN: %ssprof -json %t/sampled/prog.totaltime.m* > %t/s.json
// RUN: %python %S/../tools/json_expect.py %t/s.json %s "n >= 2" | FileCheck %s --check-prefix=SAMPLES
// SAMPLES: json_expect: 1 checks passed
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void work(void) { sink++; }

int main(int argc, char **argv) {
  work();
  if (argc > 1 && strcmp(argv[1], "all") == 0)
    syscall(SYS_close_range, 0u, ~0u, 0u);
  else
    for (int fd = 0; fd < 3; fd++)
      close(fd);
  work();
  /* Some CPU time after the closing, for the sampled run. */
  while (clock() < CLOCKS_PER_SEC / 10)
    sink++;
  work();
  return 0;
}
