/*
 * ldlatency.h -- the ldlatency trace (DCPI's load-latency profiler,
 * docs/ldlatency.md): each thread samples its loads through a perf_event
 * ring (hwc/sample_ring.h) -- PEBS load latency, IBS ops, or the tests'
 * stand-in, as ssrun chose -- and each sampled load becomes an event of
 * the thread's tracer (tracer.h): depth 1, the load's PC; kind the level
 * (common/mem_level.h); value[0] the latency (the sample's weight),
 * value[1] the data address, value[2] perf_mem_data_src.  A record lost by
 * the kernel (PERF_RECORD_LOST) counts as a lost event.
 *
 * The rings are drained by the thread's signal handler at every record,
 * at the thread's end and before the file is written.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_TRACE_LDLATENCY_H
#define SSRT_TRACE_LDLATENCY_H

#include "perf_counter.h"

#include <signal.h>

/* Start-up: the table of rings, the thread-end key, the event and the
 * signal (its handler ldlatency_on_record).  0, or -1. */
int ssrt_ldlat_rings_init(const struct ssrt_hwc_event *e, unsigned precise,
                          int sig);
/* Opens the calling thread's ring (start-up, a new thread, a forked
 * child); says once when the kernel refuses it. */
void ssrt_ldlat_open_self(void);
/* The signal handler. */
void ssrt_ldlat_on_record(int sig, siginfo_t *si, void *context);
/* Every thread's ring: stopped and drained (before the file is written),
 * restarted (a failed exec), dropped in a forked child. */
void ssrt_ldlat_drain_all(void);
void ssrt_ldlat_restart_all(void);
void ssrt_ldlat_forget_all(void);

#endif
