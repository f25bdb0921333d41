/*
 * profile.h -- the merged-profile layer of ssprof: several experiment files
 * of one program and experiment summed into one profile, code addresses
 * made comparable across runs through each run's module map, and the
 * caliper windows that select samples.  Depends on expfile and base.
 */
#ifndef SSPROF_PROFILE_H
#define SSPROF_PROFILE_H

#include "expfile.h"

#include <stddef.h>
#include <stdint.h>

/*
 * address_map.c -- code addresses of one run made comparable across runs:
 * an address inside a module of the run's module map becomes (module path,
 * offset from the module's load bias); anything else stays absolute.
 */

struct ss_loc {
  const char *path; /* module path, or NULL: `addr` is absolute */
  uint64_t addr;    /* offset from the module's load bias, or absolute */
};

/* The map entry whose text range holds `addr`: one still loaded when the
 * file was written if any, else the latest unloaded one; SS_NONE if none. */
uint32_t ss_map_find(const struct ss_expfile *f, uint64_t addr);

/* `addr` relocated through the entry that holds it. */
struct ss_loc ss_relocate(const struct ss_expfile *f, uint64_t addr);

/* `addr` relocated through a known map entry (SS_NONE: search for one). */
struct ss_loc ss_relocate_in(const struct ss_expfile *f, uint32_t map_index,
                             uint64_t addr);

int ss_loc_cmp(const struct ss_loc *a, const struct ss_loc *b);

/*
 * merge.c -- several experiment files of one program and experiment summed
 * into one profile.  COUNTS records are matched by their descriptor (same
 * module_hash and identical bytes): counters are summed, indirect-call
 * targets are summed by module-relative address.  Two records with the same
 * descriptor inside one file (a library dlopen'ed twice) merge the same way.
 */

struct ss_target_count {
  struct ss_loc loc; /* module-relative where the address was mapped */
  uint64_t count;
};

struct ss_site_targets {
  struct ss_target_count *targets;
  size_t num, cap;
  uint64_t other; /* calls to targets that found every slot taken and
                     that no INDIRECT_TARGETS entry names (unrecorded) */
};

struct ss_merged_module {
  const struct ss_descriptor *desc;  /* of the first record */
  const struct ss_expfile *origin;   /* first file holding the module */
  const struct ss_map_entry *map;    /* its module map entry, or NULL */
  uint64_t *counters;                /* [num_counters], summed */
  struct ss_loc *function_locs;      /* [num_functions] */
  struct ss_site_targets *sites;     /* [num_indirect_sites] */
  uint32_t num_records;              /* COUNTS records summed into it */
};

struct ss_dso {
  const struct ss_map_entry *entry;
  const char *name; /* basename of the path (the target's for an unnamed main) */
};

struct ss_profile {
  struct ss_expfile **files; /* not owned */
  size_t num_files;
  const char *experiment;
  const char *target; /* the first file's target path (-lib: of the first
                         file that loads the library) */
  /* ss_profile_merge_library: the library's path (its first map entry),
   * and the programs whose files were summed, in order of first file. */
  const char *library;
  const char **programs;
  size_t num_programs;
  struct ss_merged_module *modules;
  size_t num_modules;
  struct ss_dso *dsos; /* in order of loading; later files add new paths */
  size_t num_dsos;
  /* "<file> comes from another build of <program> than <first file> ...":
   * one line per file whose executable's build-id differs from the first
   * file's (their counts or samples are merged all the same). */
  char **warnings;
  size_t num_warnings;
};

/* Merge `num_files` (>= 1) parsed files.  On a mix of experiments or
 * programs returns -1 with `err` set and *bad_file naming the file that
 * does not fit. */
int ss_profile_merge(struct ss_profile *p, struct ss_expfile **files,
                     size_t num_files, struct ss_err *err,
                     const char **bad_file);

/* The counts of one shared library summed over files of any programs
 * that load it (a library's test suite: the gcov/llvm-cov use): only the
 * modules of the map entries named `library` (a basename, "libz.so.1",
 * or its start up to a '.', "libz.so"), with its DSO.  Files of one
 * experiment, any program; -1 with `err` set if none has the library. */
int ss_profile_merge_library(struct ss_profile *p, struct ss_expfile **files,
                             size_t num_files, const char *library,
                             struct ss_err *err, const char **bad_file);

void ss_profile_release(struct ss_profile *p);

/* The DSO name of a module (basename of its map path). */
const char *ss_module_dso_name(const struct ss_profile *p,
                               const struct ss_merged_module *m);

/*
 * calipers.c -- which samples -calipers [n1,]n2 selects.
 *
 * A file's caliper points are its SS_NOTE_CALIPER notes in file order:
 * point 0 is "target begin", the last is the exit (or the fatal signal, or
 * the exec).  A sample's `caliper` field is the number of points recorded
 * before it, so a sample with caliper c was taken between point c-1 and
 * point c.  It lies between points n1 and n2 when n1 <= c-1 and c <= n2:
 *
 *     selected  <=>  n1 < c <= n2
 *
 * As in the seeds' prof: n1 >= n2 is an error (checked with the options);
 * n1 omitted is 0; n1 negative means the beginning of the experiment (no
 * lower bound); n2 beyond the last point recorded is that last point (per
 * file).  Without -calipers every sample counts.  A file without caliper
 * notes is taken to have points 0 and 1 (begin and end).
 */

/* -calipers [n1,]n2: only samples taken between caliper points n1 and n2. */
struct ss_calipers {
  int given;
  long long from; /* n1: 0 when omitted; negative: the beginning */
  long long to;   /* n2 */
};

struct ss_caliper_window {
  int64_t after;   /* selected: after < caliper ... */
  int64_t through; /* ... && caliper <= through */
};

/* The window of -calipers in file `f` (everything without -calipers).
 * Returns -1 with `err` set when clamping n2 to the file's last point
 * leaves nothing between n1 and n2. */
int ss_caliper_window(const struct ss_calipers *c, const struct ss_expfile *f,
                      struct ss_caliper_window *w, struct ss_err *err);

static inline int ss_caliper_selects(const struct ss_caliper_window *w,
                                     uint32_t caliper) {
  return (int64_t)caliper > w->after && (int64_t)caliper <= w->through;
}

/* The text of caliper point `point` of `f` (its note), or NULL. */
const char *ss_caliper_label(const struct ss_expfile *f, uint32_t point);

#endif
