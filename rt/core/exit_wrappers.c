/*
 * exit_wrappers.c -- _exit and _Exit, defined by libssrt.so in front of the
 * C library's.
 *
 * They end the process at once, without exit handlers or destructors, so
 * without them the file would never be written: a shell that ends by
 * _exit (dash does) or a forked child that leaves by _exit would lose its
 * experiment without a word.  The parts that write something of their
 * own at exit do it first (part.h: at_immediate_exit), then the file is
 * written, then the process
 * ends as the C library's _exit would end it (exit_group).  exit() and
 * the C library's own internal calls (posix_spawn's and system()'s
 * children) do not come here.  A vfork child writes nothing (its counts
 * are its parent's).  libssrt.a cannot stand in front of the C library:
 * in a static link _exit writes no file.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "lifecycle.h"
#include "part.h"

#include <sys/syscall.h>
#include <unistd.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

static _Noreturn void end_process(int status) {
  for (;;) {
    syscall(SYS_exit_group, status);
    syscall(SYS_exit, status);
  }
}

static void parts_at_immediate_exit(void) {
  ssrt_for_each_part(p) {
    if (p->at_immediate_exit)
      p->at_immediate_exit();
  }
}

SSRT_EXPORT _Noreturn void _exit(int status) {
  parts_at_immediate_exit();
  ssrt_write_before_immediate_exit(status);
  end_process(status);
}

SSRT_EXPORT _Noreturn void _Exit(int status) {
  parts_at_immediate_exit();
  ssrt_write_before_immediate_exit(status);
  end_process(status);
}
