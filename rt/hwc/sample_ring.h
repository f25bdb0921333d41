/*
 * sample_ring.h -- a thread's perf_event sampling counter with a ring
 * buffer, for events whose data comes only through the ring (PEBS load
 * latency, IBS: addresses, weights, data sources): the event opened on
 * that thread alone (perf_counter.h), a ring of 1 + 2^k pages mapped, a
 * signal to the thread at every record (wakeup_events 1, F_SETSIG), and
 * its records read back by whoever holds the ring (the thread's handler,
 * its end, the writer of the file): a try-lock, no malloc, so draining is
 * async-signal-safe.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_HWC_SAMPLE_RING_H
#define SSRT_HWC_SAMPLE_RING_H

#include "perf_counter.h"

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SSRT_RING_DATA_PAGES_LOG2 3 /* 8 pages of records, 32 KiB */

struct ssrt_sample_ring {
  int fd;      /* -1: none */
  int holder;  /* 1 while someone drains it */
  void *base;  /* the metadata page, then the data pages */
  size_t size; /* mapped bytes */
};

/* Opens `e` on thread `tid` with `sample_type`, `precise_ip` and a ring
 * (enabled at once), its records signalled to `tid` as `sig`.  Returns 0,
 * or -errno with r->fd -1.  Not in a signal handler. */
int ssrt_sample_ring_open(struct ssrt_sample_ring *r,
                          const struct ssrt_hwc_event *e, uint64_t sample_type,
                          unsigned precise_ip, pid_t tid, int sig);

/* Hands every record in the ring to `take` (its header, then the bytes
 * that follow it, contiguous even where the ring wraps) and frees their
 * room.  Returns 0, or -1 when another holder is draining it (who takes
 * those records).  Async-signal-safe. */
int ssrt_sample_ring_drain(struct ssrt_sample_ring *r,
                           void (*take)(const struct perf_event_header *h,
                                        const unsigned char *body, void *arg),
                           void *arg);

/* Stops or restarts the counter.  Async-signal-safe. */
void ssrt_sample_ring_enable(struct ssrt_sample_ring *r, int on);

/* Unmaps and closes it (r->fd becomes -1).  Async-signal-safe. */
void ssrt_sample_ring_close(struct ssrt_sample_ring *r);

#endif
