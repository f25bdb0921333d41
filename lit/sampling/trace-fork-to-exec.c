// _SPEEDSHOP_TRACE_FORK_TO_EXEC set to False: a forked child is not
// measured -- no `f` file -- unless it execs, and then its new image writes
// an `fe` file (the seeds' meaning of fe).  Unset, the default: both
// children write `f` files, and the exec'd image an `fe` file too.
// RUN: rm -rf %t && mkdir -p %t/off %t/on && cd %t && %clang -O1 -I%S/Inputs %s -o prog
// RUN: cd %t/off && env _SPEEDSHOP_TRACE_FORK_TO_EXEC=False %ssrun -pcsamp ../prog > pids && ls > listing && cat pids listing | FileCheck %s --check-prefix=OFF
// OFF: execs [[EPID:[0-9]+]]
// OFF: stays [[SPID:[0-9]+]]
// OFF: main [[MPID:[0-9]+]]
// OFF-NOT: prog.pcsamp.f
// OFF: prog.pcsamp.fe[[EPID]]
// OFF-NEXT: prog.pcsamp.m[[MPID]]
// OFF-NOT: prog.pcsamp
// RUN: cd %t/on && %ssrun -pcsamp ../prog > pids && ls > listing && cat pids listing | FileCheck %s --check-prefix=ON
// ON: execs [[EPID:[0-9]+]]
// ON: stays [[SPID:[0-9]+]]
// ON: main [[MPID:[0-9]+]]
// ON-DAG: prog.pcsamp.f[[EPID]]
// ON-DAG: prog.pcsamp.fe[[EPID]]
// ON-DAG: prog.pcsamp.f[[SPID]]
// ON-DAG: prog.pcsamp.m[[MPID]]
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spin.h"

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "image") == 0) {
    spin(0.03);
    printf("execs %d\n", (int)getpid());
    return 0;
  }
  fflush(stdout);
  pid_t e = fork();
  if (e == 0) {
    spin(0.03);
    execl(argv[0], argv[0], "image", (char *)0);
    _exit(1);
  }
  waitpid(e, NULL, 0);
  pid_t s = fork();
  if (s == 0) {
    spin(0.03);
    printf("stays %d\n", (int)getpid());
    return 0;
  }
  waitpid(s, NULL, 0);
  printf("main %d\n", (int)getpid());
  return 0;
}
