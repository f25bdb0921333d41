/*
 * listing.h -- the parts of an ssprof listing, printed in this order:
 * header, summary, function list, butterfly, line lists, basic blocks,
 * DSO list.  -json prints one JSON document instead.
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

#endif
