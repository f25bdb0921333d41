/*
 * listing_cpi.h -- what the listings of ssprof -cpi share
 * (report/cpi/listing_cpi.c, listing_cpi_json.c): the text listing, the
 * ranking of rows by cycles lost, and the members -cpi adds to the
 * counting document's objects.
 */
#ifndef SSPROF_LISTING_CPI_H
#define SSPROF_LISTING_CPI_H

#include "json_writer.h"
#include "report.h"

#include <stddef.h>
#include <stdint.h>

void ss_list_cpi(const struct ss_listing *l);

/* The rows that ran or were sampled, by cycles lost descending (by
 * events when the join is `timed` not: a hwc event that counts no time)
 * (malloc'd; *shown of them). */
uint32_t *ss_cpi_rank(const struct ss_cpi_row *rows, size_t n, int timed,
                      size_t *shown);

/* A row's members in an object of functions[], loops[], blocks[] or
 * ideal.blocks[]: ideal_seconds, sampled_seconds, ideal_cpi, sampled_cpi
 * and what they come from (docs/ssprof-json.md). */
void ss_json_write_cpi_row(struct ss_json *j, const struct ss_cpi *c,
                           const struct ss_cpi_row *r);

/* The document's "cpi" member: the summary, the source lines, the code
 * that was not instrumented. */
void ss_json_write_cpi(struct ss_json *j, const struct ss_listing *l);

#endif
