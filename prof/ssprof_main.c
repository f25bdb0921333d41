/*
 * ssprof_main.c -- ssprof: read, check and merge experiment files, derive
 * every count and print the listing (or -json).
 *
 * Exit status: 0 on success (warnings about inconsistent counts go to
 * stderr), 1 when a file cannot be used (one line: "ssprof: <file>: <what
 * is wrong>"), 2 for usage errors.
 */
#include "listing.h"
#include "merge.h"
#include "model.h"
#include "options.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int experiment_supported(const char *name) {
  return strcmp(name, "ideal") == 0 || strcmp(name, "bbcounts") == 0;
}

static void print_listing(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  if (o->json) {
    ss_list_json(l);
    return;
  }
  if (!o->no_header)
    ss_list_header(l);
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
  if (o->dsolist)
    ss_list_dsos(l);
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
  for (size_t i = 0; merged == 0 && i < opt.num_files; i++)
    if (!experiment_supported(files[i]->process.experiment)) {
      bad_file = files[i]->name;
      ss_err_set(&err, "experiment '%s' is not one ssprof reads (it reads "
                 "ideal)", files[i]->process.experiment);
      merged = -1;
    }
  if (merged != 0) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    ss_profile_release(&profile);
    free_files(files, opt.num_files);
    ss_options_release(&opt);
    return 1;
  }
  struct ss_model model;
  ss_model_build(&model, &profile);
  for (size_t i = 0; i < model.num_warnings; i++)
    fprintf(stderr, "ssprof: %s\n", model.warnings[i]);

  struct ss_listing listing = {&model, &opt, stdout};
  print_listing(&listing);
  int status = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "ssprof: error writing the listing: %s\n",
            strerror(errno ? errno : EIO));
    status = 1;
  }
  ss_model_release(&model);
  ss_profile_release(&profile);
  free_files(files, opt.num_files);
  ss_options_release(&opt);
  return status;
}
