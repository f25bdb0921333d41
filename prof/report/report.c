/*
 * report.c -- which parts a listing has and in which order (see report.h
 * and listing.h): the seeds' prof order, options that do not apply to an
 * experiment ignored.
 */
#include "report.h"

#include "annotate.h"
#include "listing.h"
#include "listing_cpi.h"
#include "listing_ideal.h"

/* -json writes the document alone; else the header starts the listing.
 * Returns whether the listing goes on. */
static int begin(const struct ss_listing *l,
                 void (*json)(const struct ss_listing *l)) {
  if (l->options->json) {
    json(l);
    return 0;
  }
  if (!l->options->no_header)
    ss_list_header(l);
  return 1;
}

/* What every listing ends with, when asked for. */
static void print_end(const struct ss_listing *l) {
  if (l->options->dsolist)
    ss_list_dsos(l);
  if (l->options->usage)
    ss_list_usage(l);
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

void ss_report_counting(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  if (!begin(l, ss_list_json))
    return;
  if (ss_ideal_listing(l))
    print_ideal_parts(l);
  else
    print_count_parts(l);
  if (o->branches)
    ss_list_branches(l);
  if (o->loops)
    ss_list_loops(l);
  if (o->remarks)
    ss_list_remarks(l);
  if (o->source && ss_ideal_listing(l))
    ss_list_source(l);
  if (o->disasm && ss_ideal_listing(l))
    ss_list_disasm(l);
  print_end(l);
}

/* As the seeds' prof: -b needs call stacks, -basicblocks and -calls need
 * counts; options that do not apply are ignored. */
void ss_report_sampling(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  if (!begin(l, ss_list_sample_json))
    return;
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
  if (o->source)
    ss_list_source(l);
  if (o->disasm)
    ss_list_disasm(l);
  print_end(l);
}

/* As the seeds' prof for fpe and io: summary, function list, -b, -h, -l;
 * io adds its calls by kind and its files, heap its call stacks (by
 * bytes, at the peak) and errors, or with -leaks the leaks alone.
 * -basicblocks, -calls and the ideal options do not apply and are
 * ignored. */
void ss_report_trace(const struct ss_listing *l) {
  const struct ss_options *o = l->options;
  if (!begin(l, ss_list_trace_json))
    return;
  if (l->traces->heap && o->leaks) {
    ss_list_heap_leaks(l);
    return;
  }
  ss_list_trace_summary(l);
  if (l->traces->kind->kind == SS_TRACE_MPI) {
    ss_list_mpi_routines(l);
    ss_list_mpi_ranks(l);
    ss_list_mpi_pairs(l);
    ss_list_mpi_call_sites(l);
  }
  ss_list_trace_functions(l);
  if (l->traces->heap) {
    ss_list_heap_stacks(l);
    ss_list_heap_errors(l);
  }
  if (o->butterfly)
    ss_list_trace_butterfly(l);
  if (o->heavy)
    ss_list_trace_heavy_lines(l);
  if (o->lines)
    ss_list_trace_lines_by_function(l);
  if (l->traces->kind->kind == SS_TRACE_IO)
    ss_list_io_files(l);
  print_end(l);
}

/* -json is the document alone; options of other families do not apply. */
void ss_report_ldlatency(const struct ss_listing *l) {
  if (!l->options->json && !l->options->no_header)
    ss_list_header(l);
  ss_list_ldlatency(l);
  if (!l->options->json)
    print_end(l);
}

/* The counting document or listing's header, then the join; the other
 * options select nothing here (-q applies to each list). */
void ss_report_cpi(const struct ss_listing *l) {
  if (!begin(l, ss_list_json))
    return;
  ss_list_cpi(l);
  print_end(l);
}
