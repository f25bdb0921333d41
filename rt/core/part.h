/*
 * part.h -- the parts of the runtime, and what the core asks of them.
 *
 * The core (start-up, exit, fork, exec, the fatal signals, the file, the
 * thread hook) knows no experiment.  Each part that measures something --
 * counting, sampling, and the traces and hardware counters to come --
 * describes itself in one `struct ssrt_part` of optional hooks, defined
 * with SSRT_PART in a file of its own folder.  The linker gathers them in
 * the section `ssrt_parts`: no list names the parts, and a library built
 * without one simply lacks it (libssrt.a has no sampling).  In a static
 * link a part comes only with the archive member that defines it, so it is
 * defined in a file the program surely pulls in (counting's: the one with
 * __ssrt_register_module).
 *
 * The core calls the hooks in ascending `order`, which is also the order of
 * the parts' records in the file (after the NOTEs, before USAGE), never in
 * link order.  Hooks marked "signal" may run in a signal handler.  The
 * rules of rt/README.md hold for every hook.
 */
#ifndef SSRT_PART_H
#define SSRT_PART_H

#include "experiments.h"
#include "module_map.h"
#include "record_writer.h"

#include <stdint.h>

/* The parts' places, in the record order of docs/experiment-file.md. */
enum ssrt_part_order {
  SSRT_ORDER_COUNTING = 10,
  SSRT_ORDER_SAMPLING = 20,
  SSRT_ORDER_TRACE_FEED = 29, /* feeds the trace's events, writes none
                                 (ldlatency: drains before the pause) */
  SSRT_ORDER_TRACE = 30
};

struct ssrt_part {
  const char *name;
  unsigned order; /* enum ssrt_part_order */

  /* Once, when the runtime's state is set up (the first registration or
   * activation), before the process facts are captured. */
  void (*init)(void);

  /* An experiment the environment selected ($_SPEEDSHOP_EXPERIMENT_TYPE):
   * `runs` says whether this part runs x; if so the runtime's constructor
   * selects x, activates the runtime and calls `start`, which returns
   * whether x now runs in this image. */
  int (*runs)(const struct ss_experiment *x);
  int (*start)(const struct ss_experiment *x);

  /* In a thread the program starts while an experiment the environment
   * selected runs, before its start routine (libssrt.so only: the thread
   * hook).  `stack_hi` is an address near the top of its stack,
   * `stack_size` the stack's size. */
  void (*thread_begin)(uint64_t stack_hi, uint64_t stack_size);

  /* The program exits normally (exit, or a return from main) and its file
   * is about to be written, after the program's destructors: what the
   * part still has to do in the program's name (the io trace flushes the
   * program's stdio buffers, which the C library would flush after the
   * file is written).  Not in a signal handler. */
  void (*at_exit)(void);

  /* The program ends at once by _exit or _Exit (no exit handlers, no
   * destructors; core/exit_wrappers.c), whether or not the runtime is
   * active, before its file is written: what a part writes at exit by
   * itself (ssperfex -mp's counts, hwc/thread_counts.c).  Also in a vfork
   * child, which must touch no state of the parent's. */
  void (*at_immediate_exit)(void);

  /* signal: the file is about to be written; hold still (stop recording)
   * and take what the records will show. */
  void (*before_write)(void);
  /* signal: the part's records; `map` is the module map the file has. */
  void (*write_records)(struct ssrt_writer *w,
                        const struct ssrt_map_snapshot *map);

  /* signal: before an exec (the file is written next), and after an exec
   * that failed (the program goes on). */
  void (*before_exec)(void);
  void (*after_failed_exec)(void);

  /* fork, with the runtime lock held before and released in the child
   * before its hook; `traced` is 0 in a child that writes no file
   * ($_SPEEDSHOP_TRACE_FORK_TO_EXEC).  The child has one thread. */
  void (*before_fork)(void);
  void (*after_fork_in_parent)(void);
  void (*after_fork_in_child)(int traced);

  /* signal: from the runtime's SIGSEGV/SIGBUS handler, with the fault's
   * signal context, before the file is written.  A fault of the part's own
   * (a stack walk) resumes where the part recovers from it and does not
   * return; any other returns. */
  void (*recover_fault)(const void *context);
};

/* Defines a part: `static const struct ssrt_part NAME = {...};`, kept in
 * the section even though nothing refers to it. */
#define SSRT_PART(NAME)                                                        \
  static const struct ssrt_part NAME                                           \
      __attribute__((used, section("ssrt_parts"), aligned(sizeof(void *))))

/* The part that comes after `after` (NULL: the first), NULL after the last.
 * Async-signal-safe. */
const struct ssrt_part *ssrt_part_next(const struct ssrt_part *after);

#define ssrt_for_each_part(p)                                                  \
  for (const struct ssrt_part *p = ssrt_part_next(NULL); p;                    \
       p = ssrt_part_next(p))

/* Whether some part starts experiments the environment selects. */
int ssrt_parts_start_experiments(void);

#endif
