/*
 * exports.c -- every file the options ask for (-html, -callgrind, -pprof,
 * -folded, -speedscope, -chrome), each written safely (base.h's
 * ss_output: a temporary file renamed into place; "-" is stdout).
 */
#include "export.h"

#include "base.h"
#include "html.h"

#include <stdio.h>

static const char *const option_name[SS_EXPORT_COUNT] = {
    "-html", "-callgrind", "-pprof", "-folded", "-speedscope", "-chrome"};

int ss_report_wants_exports(const struct ss_options *o) {
  for (int k = 0; k < SS_EXPORT_COUNT; k++)
    if (o->exports[k])
      return 1;
  return 0;
}

static int write_one(int kind, FILE *out, const struct ss_listing *l,
                     const struct ss_xprofile *x, char *why,
                     size_t why_size) {
  switch (kind) {
  case SS_EXPORT_HTML:
    return ss_html_report(out, l, x);
  case SS_EXPORT_CALLGRIND:
    return ss_export_callgrind(out, x);
  case SS_EXPORT_PPROF:
    return ss_export_pprof(out, x, why, why_size);
  case SS_EXPORT_FOLDED:
    return ss_export_folded(out, x);
  case SS_EXPORT_SPEEDSCOPE:
    return ss_export_speedscope(out, x);
  case SS_EXPORT_CHROME:
    return ss_export_chrome(out, x, l->profile->files[0]->process.pid);
  }
  return -1;
}

/* The mpi trace with -chrome alone: its timeline per rank. */
static int chrome_of_mpi(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  if (!l->traces || l->traces->kind->kind != SS_TRACE_MPI)
    return 0;
  for (int k = 0; k < SS_EXPORT_COUNT; k++)
    if (o->exports[k] && k != SS_EXPORT_CHROME)
      return 0;
  return 1;
}

static int write_chrome_of_mpi(const struct ss_listing *l) {
  const char *path = l->options->exports[SS_EXPORT_CHROME];
  struct ss_output file;
  struct ss_err err;
  if (ss_output_open(&file, path, &err) != 0) {
    fprintf(stderr, "ssprof: -chrome %s: %s\n", path, err.msg);
    return 1;
  }
  if (ss_export_chrome_mpi(file.f, l) != 0) {
    fprintf(stderr, "ssprof: -chrome %s: cannot be written\n", path);
    ss_output_discard(&file);
    return 1;
  }
  if (ss_output_commit(&file, &err) != 0) {
    fprintf(stderr, "ssprof: -chrome %s: %s\n", path, err.msg);
    return 1;
  }
  return 0;
}

int ss_report_exports(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  if (chrome_of_mpi(l))
    return write_chrome_of_mpi(l);
  struct ss_xprofile x;
  char why[512] = "";
  if (ss_xprofile_build(&x, l, why, sizeof why) != 0) {
    fprintf(stderr, "ssprof: %s\n", why);
    return 1;
  }
  int status = 0;
  for (int k = 0; k < SS_EXPORT_COUNT && status == 0; k++) {
    if (!o->exports[k])
      continue;
    struct ss_output file;
    struct ss_err err;
    if (ss_output_open(&file, o->exports[k], &err) != 0) {
      fprintf(stderr, "ssprof: %s %s: %s\n", option_name[k], o->exports[k],
              err.msg);
      status = 1;
      break;
    }
    if (write_one(k, file.f, l, &x, why, sizeof why) != 0) {
      fprintf(stderr, "ssprof: %s %s: %s\n", option_name[k], o->exports[k],
              why[0] ? why : "cannot be written");
      ss_output_discard(&file);
      status = 1;
    } else if (ss_output_commit(&file, &err) != 0) {
      fprintf(stderr, "ssprof: %s %s: %s\n", option_name[k], o->exports[k],
              err.msg);
      status = 1;
    }
  }
  ss_xprofile_release(&x);
  return status;
}
