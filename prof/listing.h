/*
 * listing.h -- the parts of an ssprof listing, printed in this order:
 * header, summary, function list, butterfly, line lists, basic blocks
 * (counting experiments), DSO list, usage.  -json prints one JSON document
 * instead.
 */
#ifndef SSPROF_LISTING_H
#define SSPROF_LISTING_H

#include "text_format.h"

void ss_list_header(const struct ss_listing *l);
void ss_list_summary(const struct ss_listing *l);
void ss_list_functions(const struct ss_listing *l);
void ss_list_butterfly(const struct ss_listing *l);
void ss_list_heavy_lines(const struct ss_listing *l);
void ss_list_lines_by_function(const struct ss_listing *l);
void ss_list_basic_blocks(const struct ss_listing *l);
void ss_list_dsos(const struct ss_listing *l);
void ss_list_json(const struct ss_listing *l);

/* Sampling experiments: the summary (listing_sample_summary.c), the
 * function list of call-stack sampling (usertime, totaltime;
 * listing_usertime.c) or of PC sampling (listing_pcsamp.c), the butterfly
 * of call-stack sampling (listing_sample_butterfly.c), line lists
 * (listing_sample_lines.c) and -json (listing_sample_json.c). */
void ss_list_sample_summary(const struct ss_listing *l);
void ss_list_usertime_functions(const struct ss_listing *l);
void ss_list_pcsamp_functions(const struct ss_listing *l);
void ss_list_sample_butterfly(const struct ss_listing *l);
void ss_list_sample_heavy_lines(const struct ss_listing *l);
void ss_list_sample_lines_by_function(const struct ss_listing *l);
void ss_list_sample_json(const struct ss_listing *l);

/* -u: the USAGE record of every file (listing_usage.c). */
void ss_list_usage(const struct ss_listing *l);

#endif
