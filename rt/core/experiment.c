/* experiment.c -- the experiment of this process image (see experiment.h;
 * rules: rt/README.md). */
#include "experiment.h"

#include "lifecycle.h"
#include "part.h"
#include "privileges.h"
#include "safe_string.h"

#include <stddef.h>
#include <stdlib.h>

static const struct ss_experiment *selected;
static int from_env_runs;
static int threads_followed;

const struct ss_experiment *ssrt_experiment(void) {
  const struct ss_experiment *x = __atomic_load_n(&selected, __ATOMIC_ACQUIRE);
  return x ? x : ss_experiment_find("ideal");
}

int ssrt_experiment_from_env_runs(void) {
  return __atomic_load_n(&from_env_runs, __ATOMIC_ACQUIRE);
}

void ssrt_experiment_follow_threads(void) {
  __atomic_store_n(&threads_followed, 1, __ATOMIC_RELEASE);
}

int ssrt_experiment_threads_followed(void) {
  return ssrt_experiment_from_env_runs() ||
         __atomic_load_n(&threads_followed, __ATOMIC_ACQUIRE);
}

static const struct ssrt_part *part_that_runs(const struct ss_experiment *x) {
  ssrt_for_each_part(p) {
    if (p->runs && p->start && p->runs(x))
      return p;
  }
  return NULL;
}

void ssrt_experiment_start_from_env(void) {
  if (!ssrt_parts_start_experiments())
    return;
  const char *name = ssrt_steering_env(SS_ENV_EXPERIMENT);
  if (!name || !*name)
    return;
  const struct ss_experiment *x = ss_experiment_find(name);
  if (!x) {
    ssrt_log("ssrt: unknown experiment " SS_ENV_EXPERIMENT "=", name,
             "; run the program with ssrun -usertime, -totaltime, -pcsamp, "
             "-fpcsamp, -pcsampx, -fpcsampx, -fpe or -io", (const char *)0);
    return;
  }
  const struct ssrt_part *part = part_that_runs(x);
  if (!part)
    return; /* ideal: counted by code compiled with sscc -fss-ideal */
  __atomic_store_n(&selected, x, __ATOMIC_RELEASE);
  ssrt_activate();
  __atomic_store_n(&from_env_runs, part->start(x), __ATOMIC_RELEASE);
}
