/* io_part.c -- the io trace as a part of the runtime: start-up and the
 * hooks every trace shares, plus the stdio flush at exit (see io.h; rules:
 * rt/README.md).  In libssrt.a too: a static program built by sscc has
 * io's wrappers (--wrap), which pull this part in. */
#define _GNU_SOURCE
#include "io.h"

#include "experiment.h"
#include "part.h"
#include "safe_string.h"
#include "trace_names.h"
#include "tracer.h"

static int running;

#ifdef SSRT_STATIC
/* Tells ssrun that this static program runs io by itself (driver/
 * elf_probe.h): the experiments' names, NUL-separated. */
__attribute__((used, section("ssrt_static_experiments"))) static const char
    static_experiment[] = "io";
#endif

int ssrt_io_running(void) { return __atomic_load_n(&running, __ATOMIC_ACQUIRE); }

int ssrt_io_traced(void) {
  return ssrt_io_running() && ssrt_tracer_recording() && !ssrt_io_busy();
}

static struct ssrt_trace_info info = {
    SS_TRACE_IO, 0, "", ssrt_names_write};

static int runs_io(const struct ss_experiment *x) {
  return x->trace_kind == SS_TRACE_IO;
}

static int start_io(const struct ss_experiment *x) {
  (void)x;
  if (ssrt_io_files_init() != 0) {
    ssrt_log("ssrt: cannot reserve memory for file names; the io experiment "
             "records nothing", (const char *)0);
    return 0;
  }
  ssrt_io_stdio_init();
  if (ssrt_io_dispatch_init() == 0) {
    info.flags |= SS_TRACE_IO_STDIO;
    info.how = "calls wrapped; stdio's own system calls dispatched to the "
               "runtime (syscall user dispatch)";
  } else {
    info.how = "calls wrapped; stdio's own system calls not traced";
  }
  if (ssrt_tracer_start(&info) != 0)
    return 0;
  __atomic_store_n(&running, 1, __ATOMIC_RELEASE);
  return 1;
}

static void at_exit(void) {
  if (ssrt_io_running())
    ssrt_io_flush_at_exit();
}

static void after_fork_in_child(int traced) {
  (void)traced;
  if (ssrt_io_running())
    ssrt_io_dispatch_after_fork();
}

/* The hooks every trace shares are the trace part's (tracer.c). */
SSRT_PART(io_part) = {
    .name = "io",
    .order = SSRT_ORDER_TRACE,
    .runs = runs_io,
    .start = start_io,
    .at_exit = at_exit,
    .after_fork_in_child = after_fork_in_child,
};
