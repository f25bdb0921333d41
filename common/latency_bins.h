/* latency_bins.h -- DCPI's latency-bins file (seed 004, dcpildlatency):
 * raw load latencies in core cycles mapped to named bins.  Shared by ssrun
 * (which checks the file before the program runs) and ssprof (which bins
 * the ldlatency experiment's samples).
 *
 * The format is the seed's: blank lines and lines whose first non-blank
 * character is '#' are ignored; every other line holds exactly four
 * fields separated by white space, MIN MAX REP NAME: latencies in
 * [MIN, MAX] map to the representative value REP and the bin NAME.  Ours
 * adds what the seed leaves implicit: MIN <= MAX, intervals that do not
 * overlap (a latency must have one bin), at most SS_LATENCY_BINS_MAX
 * lines and names of at most SS_LATENCY_BIN_NAME_MAX characters.  Several
 * lines may share a NAME (the seed's M1 and M2): listings sum them.  A
 * latency in no interval stays unbinned, as the seed leaves it unmodified.
 */
#ifndef SS_COMMON_LATENCY_BINS_H
#define SS_COMMON_LATENCY_BINS_H

#include <stddef.h>
#include <stdint.h>

#define SS_LATENCY_BINS_MAX 64
#define SS_LATENCY_BIN_NAME_MAX 15

struct ss_latency_bin {
  uint64_t min, max, rep;
  char name[SS_LATENCY_BIN_NAME_MAX + 1];
};

struct ss_latency_bins {
  unsigned num;
  struct ss_latency_bin bin[SS_LATENCY_BINS_MAX];
};

/* The seed's sample file (an Alpha 21164 at 600 MHz: D, S, B, M1, M2),
 * the bins used when the user gives none. */
void ss_latency_bins_default(struct ss_latency_bins *b);

/* Parses the text of a bins file.  Returns 0, or -1 with a one-line
 * reason in `why` ("line 7: MAX 5 is below MIN 10"). */
int ss_latency_bins_parse(const char *text, struct ss_latency_bins *b,
                          char *why, size_t why_size);

/* The bin (index in b->bin) whose interval holds `latency`, or -1. */
int ss_latency_bin_of(const struct ss_latency_bins *b, uint64_t latency);

/* One bin as its file line, "MIN MAX REP NAME" (the TRACE_NAMES form). */
void ss_latency_bin_line(const struct ss_latency_bin *bin, char *out,
                         size_t size);

#endif
