/*
 * merge.h -- several experiment files of one program and experiment summed
 * into one profile.  COUNTS records are matched by their descriptor (same
 * module_hash and identical bytes): counters are summed, indirect-call
 * targets are summed by module-relative address.  Two records with the same
 * descriptor inside one file (a library dlopen'ed twice) merge the same way.
 */
#ifndef SSPROF_MERGE_H
#define SSPROF_MERGE_H

#include "address_map.h"
#include "expfile.h"

#include <stddef.h>
#include <stdint.h>

struct ss_target_count {
  struct ss_loc loc; /* module-relative where the address was mapped */
  uint64_t count;
};

struct ss_site_targets {
  struct ss_target_count *targets;
  size_t num, cap;
  uint64_t other; /* calls to targets that found every slot taken */
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
  const char *target; /* the first file's target path */
  struct ss_merged_module *modules;
  size_t num_modules;
  struct ss_dso *dsos; /* in order of loading; later files add new paths */
  size_t num_dsos;
};

/* Merge `num_files` (>= 1) parsed files.  On a mix of experiments or
 * programs returns -1 with `err` set and *bad_file naming the file that
 * does not fit. */
int ss_profile_merge(struct ss_profile *p, struct ss_expfile **files,
                     size_t num_files, struct ss_err *err,
                     const char **bad_file);

void ss_profile_release(struct ss_profile *p);

/* The DSO name of a module (basename of its map path). */
const char *ss_module_dso_name(const struct ss_profile *p,
                               const struct ss_merged_module *m);

#endif
