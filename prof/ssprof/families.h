/*
 * families.h -- the families of experiment ssprof reads, one file each
 * (family_*.c): which files belong to it, which of their experiments it
 * reads, and how it builds its model and prints its report.  A new family
 * (a trace, say) is a new file and one line in ssprof_main.c's list.
 */
#ifndef SSPROF_FAMILIES_H
#define SSPROF_FAMILIES_H

#include "report.h"

struct ssprof_family {
  const char *name; /* "counting", "sampling", "trace": in messages */
  /* Does file `f` belong to the family (by the records it holds)?  Every
   * file belongs to exactly one family. */
  int (*holds)(const struct ss_expfile *f);
  /* Does the family read the experiment `f` records? */
  int (*reads)(const struct ss_expfile *f);
  const char *reads_text; /* which experiments it reads, for the message */
  /* Print the report of a merged profile of the family's files; returns
   * the exit status. */
  int (*report)(struct ss_profile *p, const struct ss_options *o);
  /* -diff: the report of two merged profiles of the family's files, the
   * program before and after a change; returns the exit status.  NULL:
   * the family is not compared (traces). */
  int (*diff)(struct ss_profile *before, struct ss_profile *after,
              const struct ss_options *o);
};

extern const struct ssprof_family ssprof_counting_family;
extern const struct ssprof_family ssprof_sampling_family;
extern const struct ssprof_family ssprof_trace_family;
extern const struct ssprof_family ssprof_ldlatency_family;

/* The model and ideal time of a counting experiment, as the counting
 * family builds them (family_counting.c), warnings printed; the join
 * builds them too.  Returns -1 when ideal time failed (one line printed);
 * release it either way. */
struct ssprof_counting {
  struct ss_elf_cache *symbols; /* ELF names for code not instrumented */
  struct ss_model model;
  struct ss_ideal ideal;
};
int ssprof_counting_build(struct ssprof_counting *c,
                          const struct ss_profile *profile,
                          const struct ss_options *opt);
void ssprof_counting_release(struct ssprof_counting *c);

/* ssprof -cpi (family_cpi.c): the files, a counting experiment and a
 * sampling experiment of one build, joined; returns the exit status. */
int ssprof_cpi_report(struct ss_expfile **files, size_t num_files,
                      const struct ss_options *opt);

/* The end of a report: 0, or 1 with one line when stdout could not be
 * written. */
int ssprof_finish_output(void);

/* Where ideal time keeps its results between runs, or NULL for nowhere
 * (cache_dir.c). */
const char *ssprof_cache_dir(const struct ss_options *o);

/* A progress line on stderr when it is a terminal (progress_line.c);
 * ssprof_progress_done erases it. */
struct ss_progress ssprof_progress_line(void);
void ssprof_progress_done(void);

#endif
