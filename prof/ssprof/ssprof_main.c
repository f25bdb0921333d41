/*
 * ssprof_main.c -- ssprof: read, check and merge experiment files, then
 * either derive every count of a counting experiment (ideal) or symbolize
 * and aggregate the samples of a sampling experiment (usertime, totaltime,
 * [f]pcsamp[x]) or the events of a trace (fpe, io), and print the listing
 * (or -json).
 *
 * Exit status: 0 on success (warnings go to stderr), 1 when a file cannot
 * be used (one line: "ssprof: <file>: <what is wrong>"), 2 for usage
 * errors.
 */
#include "families.h"

#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every family ssprof reads. */
static const struct ssprof_family *const families[] = {
    &ssprof_counting_family,
    &ssprof_sampling_family,
    &ssprof_trace_family,
    &ssprof_ldlatency_family,
};
#define NUM_FAMILIES (sizeof families / sizeof families[0])

int ssprof_finish_output(void) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "ssprof: error writing the listing: %s\n",
            strerror(errno ? errno : EIO));
    return 1;
  }
  return 0;
}

static const struct ssprof_family *family_of(const struct ss_expfile *f) {
  for (size_t i = 0; i < NUM_FAMILIES; i++)
    if (families[i]->holds(f))
      return families[i];
  return NULL;
}

/* "ideal, and usertime, ..." */
static void print_what_ssprof_reads(char *buf, size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < NUM_FAMILIES && used < size; i++)
    used += (size_t)snprintf(buf + used, size - used, "%s%s",
                             i ? ", and " : "", families[i]->reads_text);
}

/* Every file must be of the family the first one is, and of an
 * experiment that family reads.  Returns the family, or NULL with `err`
 * set and *bad_file naming the file. */
static const struct ssprof_family *check_family(struct ss_expfile **files,
                                                size_t n, struct ss_err *err,
                                                const char **bad_file) {
  const struct ssprof_family *first = family_of(files[0]);
  for (size_t i = 0; i < n; i++) {
    const struct ss_expfile *f = files[i];
    const struct ssprof_family *family = family_of(f);
    *bad_file = f->name;
    if (family != first) {
      ss_err_set(err, "a %s experiment file cannot be merged with the %s one "
                 "in %s; merge only files of one experiment", family->name,
                 first->name, files[0]->name);
      return NULL;
    }
    if (!family->reads(f)) {
      char reads[256];
      print_what_ssprof_reads(reads, sizeof reads);
      ss_err_set(err, "experiment '%s' is not one ssprof reads (it reads "
                 "%s)", f->process.experiment, reads);
      return NULL;
    }
  }
  *bad_file = NULL;
  return first;
}

static void free_files(struct ss_expfile **files, size_t n) {
  for (size_t i = 0; i < n; i++)
    ss_expfile_free(files[i]);
  free(files);
}

/* A missing ideal file most often means the program was not built with
 * -fss-ideal (it then writes none): say so. */
static void print_load_error(const char *name, const struct ss_err *err) {
  const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
  int missing = strstr(err->msg, strerror(ENOENT)) != NULL;
  if (missing && (strstr(base, ".ideal.") || strstr(base, ".bbcounts.")))
    fprintf(stderr, "ssprof: %s: %s (a program writes its ideal experiment "
            "only when built with sscc -fss-ideal)\n", name, err->msg);
  else
    fprintf(stderr, "ssprof: %s: %s\n", name, err->msg);
}

/* A file that holds the same experiment as one loaded before it. */
static const struct ss_expfile *earlier_copy(struct ss_expfile **files,
                                             size_t n,
                                             const struct ss_expfile *f) {
  for (size_t k = 0; k < n; k++)
    if (ss_expfile_same(files[k], f))
      return files[k];
  return NULL;
}

/* One set of files, loaded, merged and checked to be of one family.
 * Returns the family, or NULL after printing the one-line error. */
struct file_set {
  struct ss_expfile **files;
  size_t num;
  struct ss_profile profile;
  int merged;
};

/* -rank N: keeps only the files of rank N (in place); 0, or -1 after a
 * one-line message when there is none. */
static int select_rank(struct file_set *s, long rank) {
  size_t kept = 0, outside = 0;
  char ranks[256] = "";
  size_t used = 0;
  for (size_t i = 0; i < s->num; i++) {
    struct ss_expfile *f = s->files[i];
    if (f->has_rank && f->rank.rank == rank) {
      s->files[kept++] = f;
      continue;
    }
    if (used < sizeof ranks)
      used += (size_t)snprintf(ranks + used, sizeof ranks - used, "%s%d",
                               used ? ", " : "",
                               f->has_rank ? f->rank.rank : -1);
    outside += !f->has_rank;
    ss_expfile_free(f);
  }
  size_t given = s->num;
  s->num = kept;
  if (kept)
    return 0;
  fprintf(stderr, "ssprof: -rank %ld: no file of rank %ld among the %zu "
          "given (their ranks: %s%s)\n", rank, rank, given, ranks,
          outside ? "; -1: ran outside MPI" : "");
  return -1;
}

static const struct ssprof_family *load_set(struct file_set *s,
                                            const char **names, size_t n,
                                            const struct ss_options *opt) {
  memset(s, 0, sizeof *s);
  s->files = ss_xcalloc(n, sizeof *s->files);
  for (size_t i = 0; i < n; i++) {
    struct ss_err err;
    struct ss_expfile *f = ss_expfile_load(names[i], &err);
    if (!f) {
      print_load_error(names[i], &err);
      return NULL;
    }
    /* One run's file named twice (or a copy of it) is counted once. */
    const struct ss_expfile *same = earlier_copy(s->files, s->num, f);
    if (!same) {
      s->files[s->num++] = f;
      continue;
    }
    if (strcmp(same->name, names[i]) == 0)
      fprintf(stderr, "ssprof: warning: %s: given twice; counted once\n",
              names[i]);
    else
      fprintf(stderr, "ssprof: warning: %s: the same experiment as %s (the "
              "same file, or a copy); counted once\n", names[i], same->name);
    ss_expfile_free(f);
  }
  if (opt->rank_given) {
    if (select_rank(s, opt->rank) != 0)
      return NULL;
    n = s->num;
  }
  struct ss_err err;
  const char *bad_file = NULL;
  s->merged = (opt->library ? ss_profile_merge_library(
                                  &s->profile, s->files, s->num,
                                  opt->library, &err, &bad_file)
                            : ss_profile_merge(&s->profile, s->files, s->num,
                                               &err, &bad_file)) == 0;
  /* After the merge, so that a mix of experiments is reported as such. */
  const struct ssprof_family *family =
      s->merged ? check_family(s->files, s->num, &err, &bad_file) : NULL;
  if (family && opt->library && family != &ssprof_counting_family) {
    ss_err_set(&err, "-lib sums the counts of counting experiments (ideal, "
               "bbcounts), not %s files", s->profile.experiment);
    bad_file = s->files[0]->name;
    family = NULL;
  }
  if (!family) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    return NULL;
  }
  for (size_t i = 0; i < s->profile.num_warnings; i++)
    fprintf(stderr, "ssprof: %s\n", s->profile.warnings[i]);
  return family;
}

static void release_set(struct file_set *s) {
  if (s->merged)
    ss_profile_release(&s->profile);
  free_files(s->files, s->num);
}

static int diff(const struct ss_options *opt) {
  struct file_set before, after;
  const struct ssprof_family *fb = load_set(&before, opt->files,
                                            opt->num_before, opt);
  const struct ssprof_family *fa =
      fb ? load_set(&after, opt->files + opt->num_before,
                    opt->num_files - opt->num_before, opt)
         : NULL;
  int status = 1;
  if (fb && fa && fb != fa)
    fprintf(stderr, "ssprof: %s: a %s experiment cannot be compared with "
            "the %s one in %s\n", after.files[0]->name, fa->name, fb->name,
            before.files[0]->name);
  else if (fb && fa && !fb->diff)
    fprintf(stderr, "ssprof: %s: -diff compares counting and sampling "
            "experiments, not %s traces\n", before.files[0]->name,
            before.profile.experiment);
  else if (fb && fa && strcmp(before.profile.experiment,
                              after.profile.experiment) != 0)
    fprintf(stderr, "ssprof: %s: experiment '%s' cannot be compared with "
            "'%s' in %s\n", after.files[0]->name, after.profile.experiment,
            before.profile.experiment, before.files[0]->name);
  else if (fb && fa)
    status = fb->diff(&before.profile, &after.profile, opt);
  if (fb)
    release_set(&after);
  release_set(&before);
  return status;
}

/* ssprof -cpi: a counting and a sampling experiment, each merged apart. */
static int cpi(const struct ss_options *opt) {
  struct ss_expfile **files = ss_xcalloc(opt->num_files, sizeof *files);
  size_t n = 0;
  int status = 1;
  for (; n < opt->num_files; n++) {
    struct ss_err err;
    files[n] = ss_expfile_load(opt->files[n], &err);
    if (!files[n]) {
      print_load_error(opt->files[n], &err);
      break;
    }
  }
  if (n == opt->num_files)
    status = ssprof_cpi_report(files, n, opt);
  free_files(files, n);
  return status;
}

int main(int argc, char **argv) {
  struct ss_options opt;
  char msg[512];
  if (ss_options_parse(argc, argv, &opt, msg, sizeof msg) != 0) {
    fprintf(stderr, "ssprof: %s\n", msg);
    ss_options_release(&opt);
    return 2;
  }
  if (opt.help || opt.version) {
    fputs(opt.help ? ss_usage_text : "ssprof (sscc) " SS_VERSION "\n", stdout);
    ss_options_release(&opt);
    return 0;
  }
  int status;
  if (opt.diff) {
    status = diff(&opt);
  } else if (opt.cpi) {
    status = cpi(&opt);
  } else {
    struct file_set set;
    const struct ssprof_family *family = load_set(&set, opt.files,
                                                  opt.num_files, &opt);
    status = family ? family->report(&set.profile, &opt) : 1;
    release_set(&set);
  }
  ss_options_release(&opt);
  return status;
}
