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
#include "listing.h"
#include "merge.h"
#include "model.h"
#include "options.h"
#include "sample_model.h"
#include "symbolizer.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int counting_experiment(const char *name) {
  return strcmp(name, "ideal") == 0 || strcmp(name, "bbcounts") == 0;
}

/* With ideal time: cycles and seconds in every part. */
static void print_ideal_parts(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  ss_list_ideal_summary(l);
  ss_list_ideal_functions(l);
  if (o->gprof)
    ss_list_ideal_gprof(l);
  if (o->butterfly)
    ss_list_ideal_butterfly(l);
  if (o->heavy)
    ss_list_ideal_heavy_lines(l);
  if (o->lines)
    ss_list_ideal_lines_by_function(l);
  if (o->basicblocks)
    ss_list_ideal_basic_blocks(l);
  if (o->archinfo)
    ss_list_ideal_archinfo(l);
}

/* Without it (no machine code): counts; -gprof and -archinfo need
 * cycles and are ignored. */
static void print_count_parts(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  ss_list_summary(l);
  ss_list_functions(l);
  if (o->butterfly)
    ss_list_butterfly(l);
  if (o->heavy)
    ss_list_heavy_lines(l);
  if (o->lines)
    ss_list_lines_by_function(l);
  if (o->basicblocks)
    ss_list_basic_blocks(l);
}

static void print_counting_listing(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  if (o->json) {
    ss_list_json(l);
    return;
  }
  if (!o->no_header)
    ss_list_header(l);
  if (l->ideal && l->ideal->available)
    print_ideal_parts(l);
  else
    print_count_parts(l);
  if (o->branches)
    ss_list_branches(l);
  if (o->loops)
    ss_list_loops(l);
  if (o->remarks)
    ss_list_remarks(l);
  if (o->dsolist)
    ss_list_dsos(l);
  if (o->usage)
    ss_list_usage(l);
}

/* As the seeds' prof: -b needs call stacks, -basicblocks and -calls need
 * counts; options that do not apply are ignored. */
static void print_sampling_listing(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  if (o->json) {
    ss_list_sample_json(l);
    return;
  }
  if (!o->no_header)
    ss_list_header(l);
  ss_list_sample_summary(l);
  if (l->samples->callstacks) {
    ss_list_usertime_functions(l);
    if (o->butterfly)
      ss_list_sample_butterfly(l);
  } else {
    ss_list_pcsamp_functions(l);
  }
  if (o->heavy)
    ss_list_sample_heavy_lines(l);
  if (o->lines)
    ss_list_sample_lines_by_function(l);
  if (o->dsolist)
    ss_list_dsos(l);
  if (o->usage)
    ss_list_usage(l);
}

static int finish_output(void) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "ssprof: error writing the listing: %s\n",
            strerror(errno ? errno : EIO));
    return 1;
  }
  return 0;
}

static int report_counts(struct ss_profile *profile,
                         const struct ss_options *opt) {
  if (opt->calipers.given)
    fprintf(stderr, "ssprof: warning: -calipers selects samples; the "
            "counts of %s experiments cover the whole run\n",
            profile->experiment);
  struct ss_model model;
  ss_model_build(&model, profile);
  for (size_t i = 0; i < model.num_warnings; i++)
    fprintf(stderr, "ssprof: %s\n", model.warnings[i]);
  struct ss_ideal ideal;
  struct ss_err err;
  int status = 1;
  if (ss_ideal_build(&ideal, &model, opt, &err) != 0) {
    fprintf(stderr, "ssprof: %s\n", err.msg);
  } else {
    for (size_t i = 0; i < ideal.num_warnings; i++)
      fprintf(stderr, "ssprof: warning: %s\n", ideal.warnings[i]);
    struct ss_listing listing = {profile, &model, NULL, &ideal, opt, stdout};
    print_counting_listing(&listing);
    status = finish_output();
  }
  ss_ideal_release(&ideal);
  ss_model_release(&model);
  return status;
}

static int report_samples(struct ss_profile *profile,
                          const struct ss_options *opt) {
  struct ss_symbolizer symbolizer = ss_dwarf_symbolizer_new();
  struct ss_sample_model samples;
  struct ss_err err;
  const char *bad_file = NULL;
  int status = 0;
  if (ss_sample_model_build(&samples, profile, &opt->calipers, &symbolizer,
                            &err, &bad_file) != 0) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    status = 1;
  } else {
    for (size_t i = 0; i < samples.num_warnings; i++)
      fprintf(stderr, "ssprof: %s\n", samples.warnings[i]);
    struct ss_listing listing = {profile, NULL, &samples, NULL, opt, stdout};
    print_sampling_listing(&listing);
    status = finish_output();
  }
  ss_sample_model_release(&samples);
  ss_symbolizer_destroy(&symbolizer);
  return status;
}

/* Every file must be of the kind of experiment the first one is: all
 * sampling (a SAMPLING record) or all counting, and a counting one must be
 * an experiment ssprof reads. */
static int check_kind(struct ss_expfile **files, size_t n, struct ss_err *err,
                      const char **bad_file) {
  int sampling = files[0]->has_sampling;
  for (size_t i = 0; i < n; i++) {
    const struct ss_expfile *f = files[i];
    *bad_file = f->name;
    if (f->has_sampling != sampling) {
      ss_err_set(err, "a %s experiment file cannot be merged with the %s one "
                 "in %s; merge only files of one experiment",
                 f->has_sampling ? "sampling" : "counting",
                 sampling ? "sampling" : "counting", files[0]->name);
      return -1;
    }
    if (!sampling && !counting_experiment(f->process.experiment)) {
      ss_err_set(err, "experiment '%s' is not one ssprof reads (it reads "
                 "ideal, and usertime, totaltime and [f]pcsamp[x] files "
                 "with a SAMPLING record)", f->process.experiment);
      return -1;
    }
  }
  *bad_file = NULL;
  return sampling;
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
  struct ss_profile profile;
  struct ss_err err;
  const char *bad_file = NULL;
  int merged = ss_profile_merge(&profile, files, opt.num_files, &err,
                                &bad_file);
  /* After the merge, so that a mix of experiments is reported as such. */
  int sampling = merged == 0 ? check_kind(files, opt.num_files, &err,
                                          &bad_file)
                             : -1;
  int status;
  if (merged != 0 || sampling < 0) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    status = 1;
  } else if (sampling) {
    status = report_samples(&profile, &opt);
  } else {
    status = report_counts(&profile, &opt);
  }
  ss_profile_release(&profile);
  free_files(files, opt.num_files);
  ss_options_release(&opt);
  return status;
}
