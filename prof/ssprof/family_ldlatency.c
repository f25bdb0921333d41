/*
 * family_ldlatency.c -- the ldlatency experiment (ssrun -ldlatency, DCPI's
 * dcpildlatency): sampled loads binned by latency and memory level, per
 * load instruction and procedure (ldlatency.h), listed.  -bins FILE bins
 * them by another latency-bins file.  The exports, -diff and the other
 * families' options do not apply.
 */
#include "families.h"

#include "base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int holds(const struct ss_expfile *f) { return ss_is_ldlatency_file(f); }

static int reads(const struct ss_expfile *f) {
  (void)f;
  return 1;
}

/* ssprof -bins FILE: 0, or 1 after "ssprof: FILE: line N: ...". */
static int read_bins(const char *path, struct ss_latency_bins *bins) {
  struct ss_err err;
  uint64_t size;
  uint8_t *data = ss_read_file(path, &size, &err);
  if (!data) {
    fprintf(stderr, "ssprof: %s: %s\n", path, err.msg);
    return 1;
  }
  char *text = ss_xcalloc(size + 1, 1);
  memcpy(text, data, size);
  free(data);
  char why[200];
  int bad = strlen(text) != size
                ? (snprintf(why, sizeof why, "a NUL byte: not a text file"), 1)
                : ss_latency_bins_parse(text, bins, why, sizeof why) != 0;
  free(text);
  if (bad)
    fprintf(stderr, "ssprof: %s: %s (a latency-bins file has lines of MIN "
                    "MAX REP NAME)\n", path, why);
  return bad;
}

static int report(struct ss_profile *profile, const struct ss_options *opt) {
  if (ss_report_wants_exports(opt)) {
    fprintf(stderr, "ssprof: the ldlatency experiment has no exports (-html, "
                    "-callgrind, ...): its listing is per load instruction; "
                    "use -json\n");
    return 1;
  }
  struct ss_latency_bins *user = NULL;
  if (opt->bins) {
    user = ss_xcalloc(1, sizeof *user);
    if (read_bins(opt->bins, user) != 0) {
      free(user);
      return 1;
    }
  }
  char *bins_name = opt->bins ? ss_xasprintf("-bins %s", opt->bins) : NULL;
  struct ss_symbolizer symbolizer = ss_dwarf_symbolizer_new();
  struct ss_ldlat_model model;
  struct ss_err err;
  const char *bad_file = NULL;
  int status = 0;
  if (ss_ldlat_model_build(&model, profile, &opt->calipers, &symbolizer, user,
                           bins_name, &err, &bad_file) != 0) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    status = 1;
  } else {
    for (size_t i = 0; i < model.num_warnings; i++)
      fprintf(stderr, "ssprof: %s\n", model.warnings[i]);
    struct ss_listing listing = {.profile = profile, .options = opt,
                                 .out = stdout, .ldlatency = &model};
    ss_report_ldlatency(&listing);
    status = ssprof_finish_output();
  }
  ss_ldlat_model_release(&model);
  ss_symbolizer_destroy(&symbolizer);
  free(bins_name);
  free(user);
  return status;
}

const struct ssprof_family ssprof_ldlatency_family = {
    "ldlatency", holds, reads, "ldlatency files (sampled load latencies)",
    report, NULL};
