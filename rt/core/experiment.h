/*
 * experiment.h -- which experiment this process image runs: "ideal" unless
 * the environment selected another at start-up ($_SPEEDSHOP_EXPERIMENT_TYPE,
 * set by ssrun) and a part of the runtime runs it (part.h).  Its name goes
 * into the file name and the PROCESS record.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_EXPERIMENT_H
#define SSRT_EXPERIMENT_H

#include "experiments.h"

/* Never NULL. */
const struct ss_experiment *ssrt_experiment(void);

/* From the runtime's constructor: the experiment the environment selected,
 * if a part runs it, is selected, the runtime activated and the part
 * started.  A runtime without such a part (libssrt.a) does not look. */
void ssrt_experiment_start_from_env(void);

/* Whether an experiment the environment selected runs in this image (its
 * part started it; a forked child's too): the shell system() starts is
 * then not measured (system_shell.h), and the threads the program starts
 * are announced to the parts (thread_hook.c). */
int ssrt_experiment_from_env_runs(void);

/* A part that follows the program's threads without running an experiment
 * (ssperfex -mp's per-thread counts, hwc/thread_counts.c) asks for them
 * here, at start-up: the thread hook then announces every thread the
 * program starts to the parts, as while an experiment runs (each part's
 * thread_begin checks that its own work runs). */
void ssrt_experiment_follow_threads(void);
/* Whether the thread hook announces threads: an experiment the environment
 * selected runs, or a part asked to follow them. */
int ssrt_experiment_threads_followed(void);

#endif
