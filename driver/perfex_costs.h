/* perfex_costs.h -- what one occurrence of each of the seeds' counters
 * costs on the host CPU, typical, minimum and maximum, in clock cycles
 * (ssperfex -t prints the table, -y turns counts into times with it).
 * Every figure is a documented latency, named in perfex_costs.c and
 * docs/ssperfex.md; memory latencies are in nanoseconds there and turned
 * into cycles at the host's clock. */
#ifndef SS_DRIVER_PERFEX_COSTS_H
#define SS_DRIVER_PERFEX_COSTS_H

struct perfex_cost {
  double typical, minimum, maximum; /* cycles */
};

enum perfex_vendor { PERFEX_INTEL, PERFEX_AMD };

struct perfex_host {
  enum perfex_vendor vendor;
  char model[128]; /* /proc/cpuinfo's model name */
  double mhz;      /* nominal clock: the model name's "@ x.xxGHz", else cpu MHz */
};

/* The host CPU from /proc/cpuinfo (an unknown vendor is costed as Intel,
 * and says so in `model`). */
void perfex_host(struct perfex_host *h);

/* The cost of seed counter `n` (0-31) on `h`. */
struct perfex_cost perfex_cost_of(const struct perfex_host *h, unsigned n);

#endif
