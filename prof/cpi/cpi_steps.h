/* cpi_steps.h -- the steps of the join (cpi_build.c) and what they share;
 * private to the cpi layer. */
#ifndef SSPROF_CPI_STEPS_H
#define SSPROF_CPI_STEPS_H

#include "cpi.h"

void ss_cpi_warn(struct ss_cpi *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Keep a malloc'd string as long as the join. */
const char *ss_cpi_keep(struct ss_cpi *c, char *owned);

/* cpi_rows.c: every row's executions and ideal side (instructions,
 * cycles, loads, stores, branches, the limits that gave its cycles) from
 * the counts and ideal time. */
void ss_cpi_ideal_rows(struct ss_cpi *c);

/* Add what `from` measured and ideal time gave it to `to` (not its
 * executions). */
void ss_cpi_row_add(struct ss_cpi_row *to, const struct ss_cpi_row *from);

/* outside_code.c: the samples in code that was not instrumented, named
 * by the ELF symbol that holds them, then joined with the calls the
 * counts have into such code. */
struct ss_cpi_names {
  struct ss_cpi *cpi;
  struct ss_elf_cache *symbols;
  struct ss_hash keys; /* (dso, symbol) */
  struct ss_cpi_outside *entries;
  const char **paths; /* per entry: its object's path, NULL outside */
  size_t num, cap, paths_cap;
};

void ss_cpi_names_init(struct ss_cpi_names *n, struct ss_cpi *c,
                       struct ss_elf_cache *symbols);
/* `samples` at link-time address `addr` of the object at `path` (NULL:
 * outside every object). */
void ss_cpi_name_samples(struct ss_cpi_names *n, const char *path,
                         uint64_t addr, uint64_t samples);
void ss_cpi_names_release(struct ss_cpi_names *n);

/* c->outside: the named samples joined with the counted calls. */
void ss_cpi_outside_build(struct ss_cpi *c, const struct ss_cpi_names *n);

#endif
