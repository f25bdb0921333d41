/*
 * annotate.h -- private to the report layer: the source and the machine
 * code of the hottest functions with their costs beside them (-source,
 * -disasm, and the HTML page's annotated views).
 *   source_files.c      source files found and read (-srcdir, DWARF paths)
 *   listing_source.c    -source, both families
 *   listing_disasm.c    -disasm, both families
 */
#ifndef SSPROF_ANNOTATE_H
#define SSPROF_ANNOTATE_H

#include "report.h"

#include <stddef.h>
#include <stdint.h>

/* The source files of a report, each looked for once: under -srcdir (the
 * path below it, then shorter and shorter tails of the path, then the
 * name alone), then at the path the debug information recorded (a
 * relative one in the modules' compile directories, then in the run's
 * working directory). */
struct ss_source_file {
  const char *path;  /* as recorded */
  char *found;       /* where it was read; NULL: not found */
  char *text;
  const char **line; /* [num_lines + 1]: line n starts at line[n - 1] */
  uint32_t num_lines;
  int noted;         /* "not found" was said */
};

struct ss_sources {
  const char *srcdir;
  const char **bases; /* directories of relative paths */
  size_t num_bases;
  struct ss_source_file *files;
  size_t num, cap;
};

void ss_sources_init(struct ss_sources *s, const struct ss_listing *l);
void ss_sources_release(struct ss_sources *s);
/* The file recorded as `path` (read on first use); never NULL. */
struct ss_source_file *ss_source_get(struct ss_sources *s, const char *path);
/* Line `n` (from 1) of the file, without its newline, as `*len` bytes;
 * NULL when the file was not found or has no such line. */
const char *ss_source_line(const struct ss_source_file *f, uint32_t n,
                           int *len);

/* -q's rules, or `lines` lines when -q was not given. */
struct ss_quit_state;
void ss_annot_quit_begin(struct ss_quit_state *state,
                         const struct ss_listing *l, size_t lines);

/* The functions the annotations show: the hottest by exclusive cost, at
 * most `limit` (the -q rules of the function list apply when given). */
size_t ss_annotated_functions(const struct ss_listing *l, uint32_t *out,
                              size_t cap);

/* annotated_costs.c: a function and its lines, in either family.
 * cost: ideal cycles, or samples; cost2: instructions, or nanoseconds;
 * count: executions (ideal time only). */
struct ss_annot_function {
  const char *name, *dso, *file;
  uint32_t line;
  uint32_t rank; /* the [index] of the listing's function list */
  double cost, cost2;
};

struct ss_annot_line {
  const char *file;
  uint32_t line;
  int count_known; /* 1; 0: unknown ("?"); -1: no counted block holds it */
  int64_t count;
  double cost, cost2;
};

void ss_annot_function(const struct ss_listing *l, uint32_t function,
                       struct ss_annot_function *a);
/* The lines with costs of the function, by file and line (malloc'd). */
size_t ss_annot_lines(const struct ss_listing *l, uint32_t function,
                      struct ss_annot_line **lines);
/* All the cost of the run: cycles, or samples. */
double ss_annot_total(const struct ss_listing *l);

void ss_list_source(const struct ss_listing *l);
void ss_list_disasm(const struct ss_listing *l);

#endif
