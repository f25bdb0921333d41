/*
 * ssprof_main.c -- ssprof: read, check and merge experiment files, then
 * either derive every count of a counting experiment (ideal) or symbolize
 * and aggregate the samples of a sampling experiment (usertime, totaltime,
 * [f]pcsamp[x]), and print the listing (or -json).
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

int main(int argc, char **argv) {
  struct ss_options opt;
  char msg[512];
  if (ss_options_parse(argc, argv, &opt, msg, sizeof msg) != 0) {
    fprintf(stderr, "ssprof: %s\n", msg);
    ss_options_release(&opt);
    return 2;
  }
  if (opt.help) {
    fputs(ss_usage_text, stdout);
    ss_options_release(&opt);
    return 0;
  }
  struct ss_expfile **files = ss_xcalloc(opt.num_files, sizeof *files);
  for (size_t i = 0; i < opt.num_files; i++) {
    struct ss_err err;
    files[i] = ss_expfile_load(opt.files[i], &err);
    if (!files[i]) {
      fprintf(stderr, "ssprof: %s: %s\n", opt.files[i], err.msg);
      free_files(files, i);
      ss_options_release(&opt);
      return 1;
    }
  }
  if (opt.cpi) { /* two experiments, merged apart */
    int status = ssprof_cpi_report(files, opt.num_files, &opt);
    free_files(files, opt.num_files);
    ss_options_release(&opt);
    return status;
  }
  struct ss_profile profile;
  struct ss_err err;
  const char *bad_file = NULL;
  int merged = ss_profile_merge(&profile, files, opt.num_files, &err,
                                &bad_file);
  /* After the merge, so that a mix of experiments is reported as such. */
  const struct ssprof_family *family =
      merged == 0 ? check_family(files, opt.num_files, &err, &bad_file) : NULL;
  int status;
  if (!family) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    status = 1;
  } else {
    status = family->report(&profile, &opt);
  }
  ss_profile_release(&profile);
  free_files(files, opt.num_files);
  ss_options_release(&opt);
  return status;
}
