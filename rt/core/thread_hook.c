/*
 * thread_hook.c -- pthread_create and thrd_create, defined by libssrt.so in
 * front of the C library's, so that while an experiment the environment
 * selected runs (or a part follows threads: ssrt_experiment_follow_threads),
 * every thread the program starts is announced to the parts of the runtime
 * (their thread_begin, part.h) before the program's start routine runs:
 * sampling arms the thread's timer there.  Otherwise they
 * forward unchanged.
 *
 * Only in libssrt.so: a static link has no "next" definition to forward to
 * (and ssrun, which selects such experiments, needs a dynamic program
 * anyway).
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "experiment.h"
#include "pages.h"
#include "part.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <threads.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

typedef int (*pthread_create_fn)(pthread_t *, const pthread_attr_t *,
                                 void *(*)(void *), void *);
static pthread_create_fn libc_pthread_create;

static pthread_create_fn real_pthread_create(void) {
  pthread_create_fn f = __atomic_load_n(&libc_pthread_create, __ATOMIC_ACQUIRE);
  if (!f) {
    *(void **)&f = dlsym(RTLD_NEXT, "pthread_create");
    __atomic_store_n(&libc_pthread_create, f, __ATOMIC_RELEASE);
  }
  return f;
}

typedef int (*thrd_create_fn)(thrd_t *, thrd_start_t, void *);
static thrd_create_fn libc_thrd_create;

__attribute__((constructor)) static void resolve_at_load(void) {
  real_pthread_create();
  *(void **)&libc_thrd_create = dlsym(RTLD_NEXT, "thrd_create");
}

/* What the new thread needs to know, in runtime pages (never the program's
 * heap), recycled through a free list. */
struct start {
  struct start *next_free;
  void *(*routine)(void *);
  int (*c11_routine)(void *);
  void *arg;
  uint64_t stack_size;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct start *free_starts;

static struct start *get_start(void) {
  pthread_mutex_lock(&pool_lock);
  if (!free_starts) {
    enum { BATCH = 4096 };
    struct start *batch = ssrt_pages_alloc(BATCH);
    for (size_t i = 0; batch && i < BATCH / sizeof *batch; i++) {
      batch[i].next_free = free_starts;
      free_starts = &batch[i];
    }
  }
  struct start *s = free_starts;
  if (s)
    free_starts = s->next_free;
  pthread_mutex_unlock(&pool_lock);
  return s;
}

static void put_start(struct start *s) {
  pthread_mutex_lock(&pool_lock);
  s->next_free = free_starts;
  free_starts = s;
  pthread_mutex_unlock(&pool_lock);
}

static void *trampoline(void *p) {
  struct start st = *(struct start *)p;
  put_start(p);
  /* `top` is near the top of this thread's stack: the frames of the
   * program's start routine all lie below it. */
  char top;
  ssrt_for_each_part(part) {
    if (part->thread_begin)
      part->thread_begin((uint64_t)(uintptr_t)&top, st.stack_size);
  }
  void *result = st.c11_routine
                     ? (void *)(intptr_t)st.c11_routine(st.arg)
                     : st.routine(st.arg);
  /* Keeps this frame (and `top`) alive: no tail call. */
  __asm__ volatile("" : : "r"(&top) : "memory");
  return result;
}

static uint64_t stack_size_of(const pthread_attr_t *attr) {
  size_t size = 0;
  if (attr) {
    pthread_attr_getstacksize(attr, &size);
  } else {
    pthread_attr_t dflt;
    if (pthread_getattr_default_np(&dflt) == 0) {
      pthread_attr_getstacksize(&dflt, &size);
      pthread_attr_destroy(&dflt);
    }
  }
  return size;
}

static int create(pthread_t *thread, const pthread_attr_t *attr,
                  void *(*routine)(void *), int (*c11_routine)(void *),
                  void *arg) {
  pthread_create_fn real = real_pthread_create();
  if (!real)
    return ENOSYS;
  struct start *st = ssrt_experiment_threads_followed() ? get_start() : NULL;
  if (!st) {
    if (c11_routine) /* cannot happen: thrd_create only comes here measuring */
      return EAGAIN;
    return real(thread, attr, routine, arg);
  }
  st->routine = routine;
  st->c11_routine = c11_routine;
  st->arg = arg;
  st->stack_size = stack_size_of(attr);
  int rc = real(thread, attr, trampoline, st);
  if (rc != 0)
    put_start(st);
  return rc;
}

SSRT_EXPORT int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                               void *(*routine)(void *), void *arg) {
  return create(thread, attr, routine, NULL, arg);
}

/* glibc's thrd_create goes to its pthread_create internally, past the
 * definition above; C11 threads are started through it here instead.  The
 * int result travels as the thread's pointer result, which is how glibc's
 * thrd_join reads it. */
SSRT_EXPORT int thrd_create(thrd_t *thread, thrd_start_t routine, void *arg) {
  if (!ssrt_experiment_threads_followed()) {
    if (!libc_thrd_create)
      resolve_at_load();
    return libc_thrd_create ? libc_thrd_create(thread, routine, arg) : thrd_error;
  }
  int rc = create((pthread_t *)thread, NULL, NULL, routine, arg);
  return rc == 0 ? thrd_success : rc == ENOMEM || rc == EAGAIN ? thrd_nomem
                                                                : thrd_error;
}
