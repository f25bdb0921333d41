/*
 * model_steps.h -- the steps of ss_model_build (model_build.c) done in
 * other files of the layer.  Private to counts/.
 */
#ifndef SSPROF_MODEL_STEPS_H
#define SSPROF_MODEL_STEPS_H

#include "counts.h"

/* The call sites, indirect-call targets and call graph (model_calls.c). */
void ss_model_build_calls(struct ss_model *m);

/* Keep `owned` (malloc'd) until the model is released; returns it. */
const char *ss_model_keep(struct ss_model *m, char *owned);

#endif
