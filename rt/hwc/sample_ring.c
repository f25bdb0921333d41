/* sample_ring.c -- a sampling counter read through its ring buffer (see
 * sample_ring.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "sample_ring.h"

#include <errno.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The longest record taken; ours are a few words (longer ones are
 * skipped, their room freed all the same). */
#define RECORD_MAX 512

int ssrt_sample_ring_open(struct ssrt_sample_ring *r,
                          const struct ssrt_hwc_event *e, uint64_t sample_type,
                          unsigned precise_ip, pid_t tid, int sig) {
  r->fd = -1;
  r->holder = 0;
  r->base = NULL;
  struct perf_event_attr a;
  ssrt_hwc_attr(e, &a);
  a.sample_type = sample_type;
  a.precise_ip = precise_ip & 3u;
  a.wakeup_events = 1; /* a signal at every record */
  int fd = ssrt_hwc_open_attr(&a, tid, sig, -1);
  if (fd < 0)
    return fd;
  long page = sysconf(_SC_PAGESIZE);
  size_t size = (size_t)page * (1 + ((size_t)1 << SSRT_RING_DATA_PAGES_LOG2));
  int saved = errno;
  void *base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED) {
    int err = errno;
    close(fd);
    errno = saved;
    return -err;
  }
  r->base = base;
  r->size = size;
  __atomic_store_n(&r->fd, fd, __ATOMIC_RELEASE);
  ssrt_hwc_enable(fd, 1);
  errno = saved;
  return 0;
}

int ssrt_sample_ring_drain(struct ssrt_sample_ring *r,
                           void (*take)(const struct perf_event_header *h,
                                        const unsigned char *body, void *arg),
                           void *arg) {
  int free_ = 0;
  if (!__atomic_compare_exchange_n(&r->holder, &free_, 1, 0, __ATOMIC_ACQUIRE,
                                   __ATOMIC_RELAXED))
    return -1;
  if (__atomic_load_n(&r->fd, __ATOMIC_ACQUIRE) < 0 || !r->base) {
    __atomic_store_n(&r->holder, 0, __ATOMIC_RELEASE);
    return 0;
  }
  struct perf_event_mmap_page *meta = r->base;
  const unsigned char *data = (const unsigned char *)r->base + meta->data_offset;
  uint64_t data_size = meta->data_size;
  if (!data_size) { /* kernels before 4.1: data right after the first page */
    long page = sysconf(_SC_PAGESIZE);
    data = (const unsigned char *)r->base + page;
    data_size = r->size - (size_t)page;
  }
  uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
  uint64_t tail = meta->data_tail;
  unsigned char record[RECORD_MAX];
  while (tail + sizeof(struct perf_event_header) <= head) {
    struct perf_event_header h;
    uint64_t at = tail % data_size;
    for (size_t i = 0; i < sizeof h; i++)
      ((unsigned char *)&h)[i] = data[(at + i) % data_size];
    if (h.size < sizeof h || tail + h.size > head)
      break;
    if (h.size <= RECORD_MAX) {
      for (size_t i = 0; i < h.size; i++)
        record[i] = data[(at + i) % data_size];
      take(&h, record + sizeof h, arg);
    }
    tail += h.size;
  }
  __atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
  __atomic_store_n(&r->holder, 0, __ATOMIC_RELEASE);
  return 0;
}

void ssrt_sample_ring_enable(struct ssrt_sample_ring *r, int on) {
  ssrt_hwc_enable(__atomic_load_n(&r->fd, __ATOMIC_ACQUIRE), on);
}

void ssrt_sample_ring_close(struct ssrt_sample_ring *r) {
  int fd = __atomic_exchange_n(&r->fd, -1, __ATOMIC_ACQ_REL);
  if (fd < 0)
    return;
  int saved = errno;
  /* Wait out a drain under way (the owner's handler cannot be
   * interrupted by its own closing). */
  int free_ = 0;
  for (int spins = 0; spins < 100000 &&
                      !__atomic_compare_exchange_n(&r->holder, &free_, 1, 0,
                                                   __ATOMIC_ACQUIRE,
                                                   __ATOMIC_RELAXED);
       spins++) {
    free_ = 0;
    sched_yield();
  }
  if (r->base)
    munmap(r->base, r->size);
  r->base = NULL;
  close(fd);
  __atomic_store_n(&r->holder, 0, __ATOMIC_RELEASE);
  errno = saved;
}
