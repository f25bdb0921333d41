/*
 * listing.h -- the parts of an ssprof listing, printed in this order:
 * header, summary, function list, (-gprof's inclusive list), butterfly,
 * line lists, basic blocks and (-archinfo) the instruction mix (counting
 * experiments), DSO list, usage.  -json prints one JSON document instead.
 */
#ifndef SSPROF_LISTING_H
#define SSPROF_LISTING_H

#include "text_format.h"

void ss_list_header(const struct ss_listing *l);
/* ldlatency: every part after the header, or the -json document. */
void ss_list_ldlatency(const struct ss_listing *l);
void ss_list_summary(const struct ss_listing *l);
void ss_list_functions(const struct ss_listing *l);
void ss_list_butterfly(const struct ss_listing *l);
void ss_list_heavy_lines(const struct ss_listing *l);
void ss_list_lines_by_function(const struct ss_listing *l);
void ss_list_basic_blocks(const struct ss_listing *l);
void ss_list_dsos(const struct ss_listing *l);
void ss_list_json(const struct ss_listing *l);

/* Counting experiments, with or without ideal time: -branches
 * (listing_branches.c) and -loops (listing_loops.c), printed after the
 * basic blocks, and their members "branches" and "loops" of the -json
 * document. */
struct ss_json;
void ss_list_branches(const struct ss_listing *l);
void ss_list_loops(const struct ss_listing *l);
void ss_json_write_branches(struct ss_json *j, const struct ss_listing *l);
void ss_json_write_loops(struct ss_json *j, const struct ss_listing *l);

/* Counting experiments: -remarks (listing_remarks.c), the loops by their
 * share of the time with what the optimizer did to each (sscc
 * -fss-remarks), printed after -loops; the -json document's "remarks"
 * member, and each loop's (ss_json_write_loop_remarks, called by
 * ss_json_write_loops). */
struct ss_loop_remarks;
void ss_list_remarks(const struct ss_listing *l);
void ss_json_write_remarks(struct ss_json *j, const struct ss_listing *l);
void ss_json_write_loop_remarks(struct ss_json *j,
                                const struct ss_loop_remarks *lr,
                                uint32_t loop);

/* Counting experiments with ideal time (l->ideal->available): the summary
 * (listing_ideal_summary.c), the function list by exclusive ideal time
 * (listing_ideal_functions.c), -gprof's list by inclusive ideal time
 * (listing_ideal_gprof.c), the butterfly (listing_ideal_butterfly.c), the
 * line lists (listing_ideal_lines.c), the machine blocks
 * (listing_ideal_blocks.c) and -archinfo (listing_ideal_archinfo.c).
 * -json adds the ideal time to ss_list_json's document. */
void ss_list_ideal_summary(const struct ss_listing *l);
void ss_list_ideal_functions(const struct ss_listing *l);
void ss_list_ideal_gprof(const struct ss_listing *l);
void ss_list_ideal_butterfly(const struct ss_listing *l);
void ss_list_ideal_heavy_lines(const struct ss_listing *l);
void ss_list_ideal_lines_by_function(const struct ss_listing *l);
void ss_list_ideal_basic_blocks(const struct ss_listing *l);
void ss_list_ideal_archinfo(const struct ss_listing *l);

/* Sampling experiments: the summary (listing_sample_summary.c), the
 * function list of call-stack sampling (usertime, totaltime;
 * listing_usertime.c) or of PC sampling (listing_pcsamp.c), the butterfly
 * of call-stack sampling (listing_sample_butterfly.c), line lists
 * (listing_sample_lines.c) and -json (listing_sample_json.c). */
void ss_list_sample_summary(const struct ss_listing *l);
/* A sample weight as the listings print it: seconds ("%*.3f") for the
 * timers, whole events for the hwc experiments; and its column's name. */
void ss_print_sample_value(FILE *out, const struct ss_sample_model *m,
                           int width, uint64_t value);
const char *ss_sample_unit(const struct ss_sample_model *m);
void ss_list_usertime_functions(const struct ss_listing *l);
void ss_list_pcsamp_functions(const struct ss_listing *l);
void ss_list_sample_butterfly(const struct ss_listing *l);
void ss_list_sample_heavy_lines(const struct ss_listing *l);
void ss_list_sample_lines_by_function(const struct ss_listing *l);
void ss_list_sample_json(const struct ss_listing *l);

/* Trace experiments (fpe, io; traces/): the summary (with io's calls by
 * kind), the function list by exclusive events, the butterfly, the line
 * lists, io's files, and -json. */
void ss_list_trace_summary(const struct ss_listing *l);
void ss_list_trace_functions(const struct ss_listing *l);
void ss_list_trace_butterfly(const struct ss_listing *l);
void ss_list_trace_heavy_lines(const struct ss_listing *l);
void ss_list_trace_lines_by_function(const struct ss_listing *l);
void ss_list_io_files(const struct ss_listing *l);
void ss_list_trace_json(const struct ss_listing *l);
/* The heap trace's own lists (traces/listing_heap.c): its call stacks by
 * bytes allocated and those at the peak, the leaks (-leaks), the errors. */
void ss_list_heap_stacks(const struct ss_listing *l);
void ss_list_heap_leaks(const struct ss_listing *l);
void ss_list_heap_errors(const struct ss_listing *l);
/* mpi: routines, ranks and imbalance, messages by pair, call sites
 * (traces/listing_mpi.c). */
void ss_list_mpi_routines(const struct ss_listing *l);
void ss_list_mpi_ranks(const struct ss_listing *l);
void ss_list_mpi_pairs(const struct ss_listing *l);
void ss_list_mpi_call_sites(const struct ss_listing *l);

/* The rows of the -json documents, one object each (named `key` inside an
 * object, NULL inside an array), for -diff's "before" and "after":
 * counting functions and lines (listing_json.c; `cpi`: the join's row,
 * NULL but with -cpi), loops (listing_loops.c, with the loop's ideal
 * cycles, -1 when unknown, and l->cpi's row), sampling functions and
 * lines (listing_sample_json.c). */
struct ss_ideal_view;
void ss_json_write_function_row(struct ss_json *j, const char *key,
                                const struct ss_model *m,
                                const struct ss_ideal_view *ideal,
                                const struct ss_cpi *cpi, uint32_t function);
void ss_json_write_line_row(struct ss_json *j, const char *key,
                            const struct ss_model *m, size_t line);
void ss_json_write_loop_row(struct ss_json *j, const char *key,
                            const struct ss_listing *l,
                            const struct ss_loop_nest *nest,
                            const struct ss_loop_remarks *remarks,
                            uint32_t loop);
double ss_listing_loop_cycles(const struct ss_listing *l,
                              const struct ss_loop_nest *nest, uint32_t loop);
void ss_json_write_sample_function_row(struct ss_json *j, const char *key,
                                       const struct ss_sample_model *m,
                                       uint32_t function);
void ss_json_write_sample_line_row(struct ss_json *j, const char *key,
                                   const struct ss_sample_model *m,
                                   size_t line);

/* -u: the USAGE record of every file (listing_usage.c). */
void ss_list_usage(const struct ss_listing *l);

#endif
