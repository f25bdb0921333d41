/*
 * experiment.h -- which experiment this process image runs: "ideal" unless
 * the environment selected a sampling experiment at start-up (sampling.h).
 * Its name goes into the file name and the PROCESS record.
 */
#ifndef SSRT_EXPERIMENT_H
#define SSRT_EXPERIMENT_H

#include "experiments.h"

/* Never NULL. */
const struct ss_experiment *ssrt_experiment(void);
/* Called once, at start-up, before the runtime is activated. */
void ssrt_experiment_select(const struct ss_experiment *x);

#endif
