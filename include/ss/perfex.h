/*
 * <ss/perfex.h> -- counters around a section of a program, as the seeds'
 * libperfex (002_: "A few functions are provided in libperfex to allow
 * simple access to the hardware event counters in your program"):
 *
 *   int e0 = 0, e1 = 26;            // the seeds' counter numbers (0-31),
 *   start_counters(e0, e1);         //  or ss_perfex_event("page-faults")
 *   ... the section ...
 *   long long c0, c1;
 *   read_counters(e0, &c0, e1, &c1);
 *   print_counters(e0, c0, e1, c1); // stderr, the seeds' layout
 *   print_costs(e0, c0, e1, c1);    // with time estimates (ssperfex -y)
 *
 * Link with -lssperfex (next to libssrt in sscc's lib directory; it uses
 * libpfm4 for the event names).  The counters count the calling thread,
 * user mode, from start_counters to read_counters.  Every function returns
 * 0 on success and -1 when the events cannot be counted here (one line on
 * stderr says why: no hardware PMU, perf_event_paranoid, an event the CPU
 * lacks).  Not async-signal-safe; one section at a time per process.
 */
#ifndef SS_PERFEX_H
#define SS_PERFEX_H

#ifdef __cplusplus
extern "C" {
#endif

int start_counters(int e0, int e1);
int read_counters(int e0, long long *c0, int e1, long long *c1);
int print_counters(int e0, long long c0, int e1, long long c1);
int print_costs(int e0, long long c0, int e1, long long c1);
/* The seeds read a cost file; the costs here are the host CPU's
 * documented latencies (ssperfex -t), so a file is refused (-1) unless
 * NULL or empty, which keeps them. */
int load_costs(const char *cost_file_name);

/* Beyond the seeds: a code (32 and up) for any perf or libpfm4 event name
 * ("task-clock", "page-faults", "L1-dcache-load-misses"), usable wherever
 * a counter number is; -1 if unknown. */
int ss_perfex_event(const char *name);

#ifdef __cplusplus
}
#endif

#endif
