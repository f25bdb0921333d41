/* experiment.c -- the experiment of this process image (see experiment.h). */
#include "experiment.h"

#include <stddef.h>

static const struct ss_experiment *selected;

const struct ss_experiment *ssrt_experiment(void) {
  const struct ss_experiment *x = __atomic_load_n(&selected, __ATOMIC_ACQUIRE);
  return x ? x : ss_experiment_find("ideal");
}

void ssrt_experiment_select(const struct ss_experiment *x) {
  __atomic_store_n(&selected, x, __ATOMIC_RELEASE);
}
