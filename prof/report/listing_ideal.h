/*
 * listing_ideal.h -- what the ideal-time listings share (listing_ideal_*.c,
 * listing_json_ideal.c): each function's exclusive and inclusive cycles
 * (ideal.h) and the [index] of the ideal listings, which is the
 * rank in the default function list: functions that ran first, by
 * exclusive cycles descending (functions whose machine code was not found
 * after those with code), then in the model's order.
 */
#ifndef SSPROF_LISTING_IDEAL_H
#define SSPROF_LISTING_IDEAL_H

#include "ideal.h"
#include "json_writer.h"
#include "text_format.h"

#include <stdint.h>
#include <stdio.h>

struct ss_ideal_view {
  const struct ss_model *model;
  const struct ss_ideal *ideal;
  double *exclusive;  /* [num_functions] cycles; 0 without machine code */
  struct ss_ideal_inclusive inc;
  uint32_t *rank;     /* [num_functions] [index], from 1 */
  uint32_t *by_rank;  /* function ids in [index] order */
  uint32_t num_ran;   /* the first num_ran of by_rank ran */
  const struct ss_cpi *cpi; /* ssprof -cpi's join, else NULL */
};

/* Is there ideal time to list (otherwise the count listings are shown)? */
static inline int ss_ideal_listing(const struct ss_listing *l) {
  return l->model && l->ideal && l->ideal->available;
}

void ss_ideal_view_build(struct ss_ideal_view *v, const struct ss_listing *l);
void ss_ideal_view_release(struct ss_ideal_view *v);

/* 100 * cycles / all cycles of the run (0 when there are none). */
double ss_ideal_percent(const struct ss_ideal_view *v, double cycles);

/* Was the function's machine code found (its exclusive figures known)? */
int ss_ideal_has_code(const struct ss_ideal_view *v, uint32_t function);

/* The function's name, with " <cycle N>" for a member of a cycle of the
 * call graph, as gprof marks them. */
void ss_ideal_print_name(FILE *out, const struct ss_ideal_view *v,
                         uint32_t function);

/* "%*.3f" seconds of `cycles`, or "?" when not known, right-aligned. */
void ss_ideal_print_secs(FILE *out, const struct ss_ideal_view *v, int width,
                         int known, double cycles);

/* One copy of a function inlined somewhere (struct ss_model_copy, for
 * -inlinesplit): its own instructions and cycles, exact (the DWARF inline
 * chain names the caller of each instruction's copy), and its inclusive
 * cycles: those plus the function's callees' inclusive cycles shared among
 * its copies in proportion to their calls (what the callees did is not
 * kept per copy); a function that calls nothing has them exactly.
 * Inclusive is unknown for a member of a cycle of the call graph, or when
 * a share needs calls that are unknown. */
struct ss_ideal_copy_row {
  int has_code;
  uint64_t instructions;
  double cycles;
  int inclusive_known;
  int inclusive_exact; /* known, and the copy's own cycles alone */
  double inclusive;
};

void ss_ideal_copy_row(const struct ss_ideal_view *v, uint32_t copy,
                       struct ss_ideal_copy_row *r);

/* -json (listing_json_ideal.c): the "ideal" member of the counting
 * document, and the ideal members of one object of "functions". */
void ss_json_write_ideal(struct ss_json *j, const struct ss_ideal_view *v);
void ss_json_write_function_ideal(struct ss_json *j,
                                  const struct ss_ideal_view *v,
                                  uint32_t function);
/* The ideal members of one object of "callgraph": the callee's inclusive
 * cycles spent through the arc and whether they are exact
 * (ss_ideal_inclusive_exact; null for a callee not instrumented). */
void ss_json_write_arc_ideal(struct ss_json *j, const struct ss_ideal_view *v,
                             size_t arc);
/* The same members of a copy's row (-inlinesplit; inclusive_cycles and
 * inclusive_cycles_exact, the same figure, null when unknown). */
void ss_json_write_copy_ideal(struct ss_json *j, const struct ss_ideal_view *v,
                              uint32_t copy);

#endif
