/*
 * heap_cxx.c -- C++'s operator new and delete, every form, by their
 * mangled names (x86-64: size_t is `m`), in front of the next definition
 * (libstdc++'s, or a library's that replaces them).  See heap.h; rules:
 * rt/README.md.
 */
#define _GNU_SOURCE
#include "heap.h"

#include "ss/format.h"

#include <dlfcn.h>
#include <stdlib.h>

/* std::nothrow_t and std::align_val_t as the ABI passes them. */
typedef struct nothrow_t nothrow_t;
typedef size_t align_t;

/* The next definition of `name`, looked up on first use (the C++ library
 * may come with a dlopen'ed plugin). */
#define REAL(var, name)                                                        \
  (var ? var : (*(void **)&var = dlsym(RTLD_NEXT, name), var))

static void *(*new_nothrow)(size_t, const nothrow_t *);
static void *(*new_array_nothrow)(size_t, const nothrow_t *);
static void *(*new_aligned_nothrow)(size_t, align_t, const nothrow_t *);
static void *(*new_array_aligned_nothrow)(size_t, align_t, const nothrow_t *);
static void *(*new_throwing)(size_t);
static void *(*new_array_throwing)(size_t);
static void *(*new_aligned_throwing)(size_t, align_t);
static void *(*new_array_aligned_throwing)(size_t, align_t);

static void (*throw_bad_alloc)(void);

/* A throwing operator new: the nothrow form under the thread's mark, then,
 * if it gave nothing, std::bad_alloc thrown unmarked (heap.h). */
#define NEW_THROWING(kind, size, align, nothrow_call, throwing_call)           \
  do {                                                                         \
    if (ssrt_heap_forwarding())                                                \
      return throwing_call;                                                    \
    if (!ssrt_heap_traced())                                                   \
      return ssrt_heap_untraced(throwing_call);                                \
    ssrt_heap_enter();                                                         \
    uint64_t t0_ = ssrt_heap_now();                                            \
    void *p_ = nothrow_call;                                                   \
    if (!p_) {                                                                 \
      /* The call failed: recorded so, then thrown. */                         \
      ssrt_heap_record(kind, 0, 0, size, align, 0, t0_, HEAP_CALLER,           \
                       HEAP_FRAME);                                            \
      ssrt_heap_leave();                                                       \
      if (REAL(throw_bad_alloc, "_ZSt17__throw_bad_allocv"))                   \
        throw_bad_alloc();                                                     \
      return throwing_call;                                                    \
    }                                                                          \
    ssrt_heap_record(kind, (uintptr_t)p_, 0, size, align, 0, t0_, HEAP_CALLER, \
                     HEAP_FRAME);                                              \
    ssrt_heap_leave();                                                         \
    return p_;                                                                 \
  } while (0)

static const char nothrow_name[] = "_ZnwmRKSt9nothrow_t";
static const char array_nothrow_name[] = "_ZnamRKSt9nothrow_t";
static const char aligned_nothrow_name[] = "_ZnwmSt11align_val_tRKSt9nothrow_t";
static const char array_aligned_nothrow_name[] =
    "_ZnamSt11align_val_tRKSt9nothrow_t";

/* operator new(size_t) */
static SSRT_HEAP_FULL_PATH void *full_Znwm(size_t size) {
  NEW_THROWING(SS_HEAP_NEW, size, 0,
               REAL(new_nothrow, nothrow_name)(size, NULL),
               REAL(new_throwing, "_Znwm")(size));
}
/* operator new[](size_t) */
static SSRT_HEAP_FULL_PATH void *full_Znam(size_t size) {
  NEW_THROWING(SS_HEAP_NEW_ARRAY, size, 0,
               REAL(new_array_nothrow, array_nothrow_name)(size, NULL),
               REAL(new_array_throwing, "_Znam")(size));
}
/* operator new(size_t, std::align_val_t) */
static SSRT_HEAP_FULL_PATH void *full_ZnwmSt11align_val_t(size_t size,
                                                          align_t align) {
  NEW_THROWING(SS_HEAP_NEW, size, align,
               REAL(new_aligned_nothrow, aligned_nothrow_name)(size, align,
                                                               NULL),
               REAL(new_aligned_throwing, "_ZnwmSt11align_val_t")(size, align));
}
/* operator new[](size_t, std::align_val_t) */
static SSRT_HEAP_FULL_PATH void *full_ZnamSt11align_val_t(size_t size,
                                                          align_t align) {
  NEW_THROWING(SS_HEAP_NEW_ARRAY, size, align,
               REAL(new_array_aligned_nothrow,
                    array_aligned_nothrow_name)(size, align, NULL),
               REAL(new_array_aligned_throwing,
                    "_ZnamSt11align_val_t")(size, align));
}
/* operator new(size_t, const std::nothrow_t &) and the others nothrow */
static SSRT_HEAP_FULL_PATH void *full_ZnwmRKSt9nothrow_t(size_t size,
                                                         const nothrow_t *t) {
  SSRT_HEAP_ALLOCATION(SS_HEAP_NEW, size, 0,
                       REAL(new_nothrow, nothrow_name)(size, t));
}
static SSRT_HEAP_FULL_PATH void *full_ZnamRKSt9nothrow_t(size_t size,
                                                         const nothrow_t *t) {
  SSRT_HEAP_ALLOCATION(SS_HEAP_NEW_ARRAY, size, 0,
              REAL(new_array_nothrow, array_nothrow_name)(size, t));
}
static SSRT_HEAP_FULL_PATH void *
full_ZnwmSt11align_val_tRKSt9nothrow_t(size_t size, align_t align,
                                       const nothrow_t *t) {
  SSRT_HEAP_ALLOCATION(SS_HEAP_NEW, size, align,
              REAL(new_aligned_nothrow, aligned_nothrow_name)(size, align, t));
}
static SSRT_HEAP_FULL_PATH void *
full_ZnamSt11align_val_tRKSt9nothrow_t(size_t size, align_t align,
                                       const nothrow_t *t) {
  SSRT_HEAP_ALLOCATION(SS_HEAP_NEW_ARRAY, size, align,
              REAL(new_array_aligned_nothrow,
                   array_aligned_nothrow_name)(size, align, t));
}

/* The exported forms: forwarding with no frame, else the full path
 * (SSRT_HEAP_FULL_PATH in heap.h), which looks the next definition up on
 * its first call. */
#define FORWARD_NEW(sym, real, params, args)                                   \
  SSRT_EXPORT void *sym params {                                               \
    if (ssrt_heap_forwarding() && real)                                        \
      return real args;                                                        \
    return full##sym args;                                                     \
  }
FORWARD_NEW(_Znwm, new_throwing, (size_t size), (size))
FORWARD_NEW(_Znam, new_array_throwing, (size_t size), (size))
FORWARD_NEW(_ZnwmSt11align_val_t, new_aligned_throwing,
            (size_t size, align_t align), (size, align))
FORWARD_NEW(_ZnamSt11align_val_t, new_array_aligned_throwing,
            (size_t size, align_t align), (size, align))
FORWARD_NEW(_ZnwmRKSt9nothrow_t, new_nothrow,
            (size_t size, const nothrow_t *t), (size, t))
FORWARD_NEW(_ZnamRKSt9nothrow_t, new_array_nothrow,
            (size_t size, const nothrow_t *t), (size, t))
FORWARD_NEW(_ZnwmSt11align_val_tRKSt9nothrow_t, new_aligned_nothrow,
            (size_t size, align_t align, const nothrow_t *t),
            (size, align, t))
FORWARD_NEW(_ZnamSt11align_val_tRKSt9nothrow_t, new_array_aligned_nothrow,
            (size_t size, align_t align, const nothrow_t *t),
            (size, align, t))

/* -- delete ------------------------------------------------------------------
 * Each form forwards its own arguments to its own next definition; a
 * release of NULL does nothing and is not recorded.  Recorded before the
 * call (heap.h). */
#define DELETE(kind, p, real, name, args)                                      \
  do {                                                                         \
    if (!REAL(real, name))                                                     \
      return; /* no C++ library: nothing allocated p */                       \
    if (ssrt_heap_forwarding() || !p || !ssrt_heap_traced()) {                 \
      real args;                                                               \
      return;                                                                  \
    }                                                                          \
    ssrt_heap_enter();                                                         \
    ssrt_heap_record(kind, 0, (uintptr_t)p, 0, 0,                              \
                     ssrt_heap_early_take(p) ? SS_EVENT_HEAP_UNTRACED : 0,     \
                     ssrt_heap_now(), HEAP_CALLER, HEAP_FRAME);                \
    real args;                                                                 \
    ssrt_heap_leave();                                                         \
  } while (0)

#define DELETE_FORM(sym, kind, params, args)                                   \
  static void(*real_##sym) params;                                             \
  static SSRT_HEAP_FULL_PATH void full_##sym params {                          \
    DELETE(kind, p, real_##sym, #sym, args);                                   \
  }                                                                            \
  SSRT_EXPORT void sym params {                                                \
    if (ssrt_heap_forwarding() && real_##sym) {                                \
      real_##sym args;                                                         \
      return;                                                                  \
    }                                                                          \
    full_##sym args;                                                           \
  }

DELETE_FORM(_ZdlPv, SS_HEAP_DELETE, (void *p), (p))
DELETE_FORM(_ZdaPv, SS_HEAP_DELETE_ARRAY, (void *p), (p))
DELETE_FORM(_ZdlPvm, SS_HEAP_DELETE, (void *p, size_t n), (p, n))
DELETE_FORM(_ZdaPvm, SS_HEAP_DELETE_ARRAY, (void *p, size_t n), (p, n))
DELETE_FORM(_ZdlPvRKSt9nothrow_t, SS_HEAP_DELETE,
            (void *p, const nothrow_t *t), (p, t))
DELETE_FORM(_ZdaPvRKSt9nothrow_t, SS_HEAP_DELETE_ARRAY,
            (void *p, const nothrow_t *t), (p, t))
DELETE_FORM(_ZdlPvSt11align_val_t, SS_HEAP_DELETE, (void *p, align_t a),
            (p, a))
DELETE_FORM(_ZdaPvSt11align_val_t, SS_HEAP_DELETE_ARRAY, (void *p, align_t a),
            (p, a))
DELETE_FORM(_ZdlPvmSt11align_val_t, SS_HEAP_DELETE,
            (void *p, size_t n, align_t a), (p, n, a))
DELETE_FORM(_ZdaPvmSt11align_val_t, SS_HEAP_DELETE_ARRAY,
            (void *p, size_t n, align_t a), (p, n, a))
DELETE_FORM(_ZdlPvSt11align_val_tRKSt9nothrow_t, SS_HEAP_DELETE,
            (void *p, align_t a, const nothrow_t *t), (p, a, t))
DELETE_FORM(_ZdaPvSt11align_val_tRKSt9nothrow_t, SS_HEAP_DELETE_ARRAY,
            (void *p, align_t a, const nothrow_t *t), (p, a, t))
