/*
 * family_cpi.c -- ssprof -cpi: a counting experiment (ideal) and a
 * sampling experiment that samples CPU time ([f]pcsamp[x], usertime) of
 * one build of a program (or a counter experiment: _hwc, _hwctime,
 * prof_hwc), each merged from its files, joined (cpi.h) and
 * listed.  The two runs must have run the same binary: the build-ids of
 * the objects both mapped must agree.
 */
#include "families.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hex(const uint8_t *id, uint32_t len, char *out, size_t size) {
  out[0] = 0;
  for (uint32_t i = 0; i < len && 2 * i + 3 <= size; i++)
    snprintf(out + 2 * i, 3, "%02x", id[i]);
}

/* Is `s` (of the sampling file `f`) the entry to compare with the
 * counting run's `c`: the same path, or both the main program? */
static int same_object(const struct ss_map_entry *c,
                       const struct ss_map_entry *s,
                       const struct ss_expfile *f) {
  const char *path = s->path[0] ? s->path : f->process.target;
  return strcmp(path, c->path) == 0 ||
         ((c->flags & SS_MAP_MAIN) && (s->flags & SS_MAP_MAIN));
}

/* The sampling file `f` against the counting run: every object of the
 * counting run that `f`'s run mapped at the same path, and the main
 * program wherever it was, has its build-id.  Returns 0, or -1 with one
 * line printed. */
static int same_build(const struct ss_profile *counting,
                      const struct ss_expfile *f) {
  for (size_t i = 0; i < counting->num_modules; i++) {
    const struct ss_map_entry *c = counting->modules[i].map;
    if (!c || !c->path[0] || !c->build_id_len)
      continue;
    for (uint32_t k = 0; k < f->num_map; k++) {
      const struct ss_map_entry *s = &f->map[k];
      if (!same_object(c, s, f) || !s->build_id_len)
        continue;
      if (s->build_id_len == c->build_id_len &&
          memcmp(s->build_id, c->build_id, c->build_id_len) == 0)
        break;
      char a[64], b[64];
      hex(s->build_id, s->build_id_len, a, sizeof a);
      hex(c->build_id, c->build_id_len, b, sizeof b);
      fprintf(stderr, "ssprof: %s: %s has build-id %s here, %s in %s: -cpi "
              "joins experiments of one build (run both on the same "
              "binary)\n", f->name, c->path, a, b,
              counting->modules[i].origin->name);
      return -1;
    }
  }
  return 0;
}

/* The files split by family, each group checked: the counting files of
 * an experiment ssprof counts, the sampling files of CPU time.  Returns
 * 0, 1 (a file that cannot be joined) or 2 (not both kinds given). */
static int split(struct ss_expfile **files, size_t n,
                 struct ss_expfile **counting, size_t *nc,
                 struct ss_expfile **sampling, size_t *ns) {
  *nc = *ns = 0;
  for (size_t i = 0; i < n; i++) {
    struct ss_expfile *f = files[i];
    if (!f->has_sampling) {
      if (!ssprof_counting_family.reads(f)) {
        fprintf(stderr, "ssprof: %s: experiment '%s' has no counts to join "
                "(-cpi joins an ideal experiment with a sampling one)\n",
                f->name, f->process.experiment);
        return 1;
      }
      counting[(*nc)++] = f;
    } else if (f->sampling.kind == SS_SAMPLING_TOTALTIME) {
      fprintf(stderr, "ssprof: %s: totaltime samples wall-clock time, "
              "waiting included; -cpi joins samples of CPU time (pcsamp, "
              "fpcsamp, usertime)\n", f->name);
      return 1;
    } else {
      sampling[(*ns)++] = f;
    }
  }
  if (*nc == 0 || *ns == 0) {
    fprintf(stderr, "ssprof: -cpi needs an ideal experiment and a sampling "
            "one of the same build (ssprof -cpi app.ideal.m<pid> "
            "app.fpcsamp.m<pid>); %s\n",
            *nc == 0 ? "no ideal experiment given"
                     : "no sampling experiment given");
    return 2;
  }
  return 0;
}

static int merge(struct ss_profile *p, struct ss_expfile **files, size_t n) {
  struct ss_err err;
  const char *bad_file = NULL;
  if (ss_profile_merge(p, files, n, &err, &bad_file) == 0)
    return 0;
  fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
  return -1;
}

static int join(struct ss_profile *counting, struct ss_profile *sampling,
                const struct ss_options *opt) {
  if (strcmp(ss_basename(counting->target), ss_basename(sampling->target))) {
    fprintf(stderr, "ssprof: %s: sampled program '%s' is not '%s' of %s; "
            "-cpi joins experiments of one program\n",
            sampling->files[0]->name, ss_basename(sampling->target),
            ss_basename(counting->target), counting->files[0]->name);
    return 1;
  }
  for (size_t i = 0; i < sampling->num_files; i++)
    if (same_build(counting, sampling->files[i]) != 0)
      return 1;
  if (opt->calipers.given)
    fprintf(stderr, "ssprof: warning: -calipers is ignored by -cpi: the "
            "counts cover the whole run, so every sample is joined\n");
  const struct ss_process_info *ci = &counting->files[0]->process;
  const struct ss_process_info *si = &sampling->files[0]->process;
  /* (the recorded clock may be "cpu MHz", which moves a little) */
  double apart = (double)ci->clock_mhz - (double)si->clock_mhz;
  if (!(opt->clock_mhz > 0) &&
      (apart * apart > 0.0025 * (double)ci->clock_mhz * ci->clock_mhz ||
       strcmp(ci->host ? ci->host : "", si->host ? si->host : "") != 0))
    fprintf(stderr, "ssprof: warning: %s ran on %s at %u MHz, %s on %s at "
            "%u MHz: measured cycles are at the counting run's clock (give "
            "the sampled machine's with -clock)\n",
            counting->files[0]->name, ci->host ? ci->host : "?",
            ci->clock_mhz, sampling->files[0]->name,
            si->host ? si->host : "?", si->clock_mhz);
  struct ssprof_counting c;
  int status = 1;
  if (ssprof_counting_build(&c, counting, opt) != 0) {
    /* the line is printed */
  } else if (!c.ideal.available) {
    fprintf(stderr, "ssprof: %s: no ideal time (see the warnings above): "
            "-cpi needs the machine code of the counting run's binary\n",
            counting->files[0]->name);
  } else {
    struct ss_cpi cpi;
    struct ss_err err;
    if (ss_cpi_build(&cpi, &c.model, &c.ideal, sampling, c.symbols,
                     &err) != 0) {
      fprintf(stderr, "ssprof: %s: %s\n", sampling->files[0]->name, err.msg);
    } else {
      for (size_t i = 0; i < cpi.num_warnings; i++)
        fprintf(stderr, "ssprof: warning: %s\n", cpi.warnings[i]);
      struct ss_listing listing = {
          .profile = counting, .model = &c.model, .ideal = &c.ideal,
          .options = opt, .out = stdout, .cpi = &cpi, .sampling = sampling};
      ss_report_cpi(&listing);
      status = ssprof_finish_output();
    }
    ss_cpi_release(&cpi);
  }
  ssprof_counting_release(&c);
  return status;
}

int ssprof_cpi_report(struct ss_expfile **files, size_t num_files,
                      const struct ss_options *opt) {
  struct ss_expfile **counting = ss_xcalloc(num_files, sizeof *counting);
  struct ss_expfile **sampling = ss_xcalloc(num_files, sizeof *sampling);
  size_t nc, ns;
  int status = split(files, num_files, counting, &nc, sampling, &ns);
  struct ss_profile pc, ps;
  memset(&pc, 0, sizeof pc);
  memset(&ps, 0, sizeof ps);
  if (status == 0)
    status = merge(&pc, counting, nc) != 0 || merge(&ps, sampling, ns) != 0
                 ? 1
                 : join(&pc, &ps, opt);
  ss_profile_release(&pc);
  ss_profile_release(&ps);
  free(counting);
  free(sampling);
  return status;
}
