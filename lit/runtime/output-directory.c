// The experiment file name follows the seeds: <exe>.ideal.m<pid>, in
// $_SPEEDSHOP_OUTPUT_DIRECTORY when set, else where the program started
// (even if it changes directory while running).
// RUN: rm -rf %t && mkdir -p %t/run %t/out %t/elsewhere
// RUN: cd %t/run && %sscc -O1 -fss-ideal %s -o naming && ./naming %t/elsewhere > pid
// RUN: cd %t/run && ls > %t/listing && cat pid %t/listing | FileCheck %s --check-prefix=CWD
// CWD: [[PID:[0-9]+]]
// CWD: naming.ideal.m[[PID]]
// RUN: cd %t/run && env _SPEEDSHOP_OUTPUT_DIRECTORY=%t/out ./naming %t/elsewhere > pid2
// RUN: ls %t/out | count 1
// RUN: ls %t/elsewhere | count 0
// No temporary file is left behind.
// RUN: ls -a %t/run %t/out | not grep 'ideal.*tmp'
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc > 1 && chdir(argv[1]) != 0)
    return 1;
  printf("%d\n", (int)getpid());
  return 0;
}
