// The error contract of ssprof -cpi: usage errors exit 2, files that
// cannot be joined exit 1, each with one line on stderr, nothing on
// stdout.
//
// RUN: rm -rf %t && mkdir -p %t/rebuilt && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o prog
// RUN: ./prog
// RUN: %ssrun -fpcsamp ./prog
// RUN: %ssrun -totaltime ./prog
//
// One kind of experiment only.
// RUN: %expect_exit 2 %ssprof -cpi prog.ideal.m* | FileCheck %s --check-prefix=NOSAMPLING
// NOSAMPLING: ssprof: -cpi needs an ideal experiment and a sampling one of the same build (ssprof -cpi app.ideal.m<pid> app.fpcsamp.m<pid>); no sampling experiment given
// RUN: %expect_exit 2 %ssprof -cpi prog.fpcsamp.m* | FileCheck %s --check-prefix=NOIDEAL
// NOIDEAL: ssprof: -cpi needs {{.*}}; no ideal experiment given
//
// Wall-clock samples are not CPU time.
// RUN: %expect_exit 1 %ssprof -cpi prog.ideal.m* prog.totaltime.m* | FileCheck %s --check-prefix=TOTALTIME
// TOTALTIME: ssprof: {{.*}}prog.totaltime.m{{[0-9]+}}: totaltime samples wall-clock time, waiting included; -cpi joins samples of CPU time (pcsamp, fpcsamp, usertime)
//
// The program rebuilt between the two runs: another build-id.
// RUN: %sscc -O1 -fss-ideal -DOTHER %s -o prog
// RUN: env _SPEEDSHOP_OUTPUT_DIRECTORY=rebuilt %ssrun -fpcsamp ./prog
// RUN: %expect_exit 1 %ssprof -cpi prog.ideal.m* rebuilt/prog.fpcsamp.m* | FileCheck %s --check-prefix=REBUILT
// REBUILT: ssprof: {{.*}}rebuilt/prog.fpcsamp.m{{[0-9]+}}: {{.*}}/prog has build-id {{[0-9a-f]+}} here, {{[0-9a-f]+}} in {{.*}}prog.ideal.m{{[0-9]+}}: -cpi joins experiments of one build (run both on the same binary)
#include <stdio.h>

int main(void) {
  volatile long s = 0;
  for (long i = 0; i < 1000000; i++)
    s += i;
#ifdef OTHER
  s += 1;
#endif
  printf("%ld\n", (long)s);
  return 0;
}
