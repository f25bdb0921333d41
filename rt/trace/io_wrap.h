/*
 * io_wrap.h -- how a function of the C library is wrapped: in libssrt.so
 * the wrapper has the function's own name and calls the next definition
 * (dlsym RTLD_NEXT, looked up by the file's constructor); in libssrt.a
 * (SSRT_STATIC) it is __wrap_<name> and calls __real_<name>, which the
 * linker's --wrap gives (sscc passes one for each; io.h).
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_IO_WRAP_H
#define SSRT_IO_WRAP_H

#include "io.h"

#define SSRT_EXPORT __attribute__((visibility("default")))

/* The wrapper's caller, for the event's call stack. */
#define IO_CALLER ((uint64_t)(uintptr_t)__builtin_return_address(0))
#define IO_FRAME ((uint64_t)(uintptr_t)__builtin_frame_address(0))

#ifdef SSRT_STATIC
#define IO_WRAP(name) __wrap_##name
#define IO_REAL(name) __real_##name
#define IO_DECLARE_REAL(ret, name, params) extern ret __real_##name params;
#define IO_RESOLVE(name)
#else
#define IO_WRAP(name) name
#define IO_REAL(name) real_##name
#define IO_DECLARE_REAL(ret, name, params) static ret(*real_##name) params;
#define IO_RESOLVE(name) *(void **)&real_##name = dlsym(RTLD_NEXT, #name);
#endif

/* In a wrapper: makes sure the C library's `name` is known (libssrt.so
 * looks it up on first use, or when io starts), else fails with ENOSYS,
 * returning `fail`. */
#ifdef SSRT_STATIC
#define IO_ENSURE(name, fail)                                                  \
  do {                                                                         \
  } while (0)
#else
#define IO_ENSURE(name, fail)                                                  \
  do {                                                                         \
    if (!real_##name)                                                          \
      IO_RESOLVE(name)                                                         \
    if (!real_##name) {                                                        \
      errno = ENOSYS;                                                          \
      return fail;                                                             \
    }                                                                          \
  } while (0)
#endif

/* Whether the C library's system calls are to be traced now. */
static inline int ssrt_io_stdio_armed(void) {
  return ssrt_io_traced() && ssrt_io_dispatch_works();
}

/* A stdio function: the C library's, inside the scope of the program's
 * call (io_dispatch.c).  Without the trace it only forwards. */
#define IO_STDIO_WRAP(ret, name, params, args)                                 \
  SSRT_EXPORT ret IO_WRAP(name) params {                                       \
    IO_ENSURE(name, (ret)0);                                                   \
    if (!ssrt_io_stdio_armed())                                                \
      return IO_REAL(name) args;                                               \
    struct ssrt_io_scope s_;                                                   \
    ssrt_io_scope_begin(&s_, IO_CALLER, IO_FRAME);                             \
    ret r_ = IO_REAL(name) args;                                               \
    ssrt_io_scope_end(&s_);                                                    \
    return r_;                                                                 \
  }
#define IO_STDIO_WRAP_VOID(name, params, args)                                 \
  SSRT_EXPORT void IO_WRAP(name) params {                                      \
    IO_ENSURE(name, );                                                         \
    if (!ssrt_io_stdio_armed()) {                                              \
      IO_REAL(name) args;                                                      \
      return;                                                                  \
    }                                                                          \
    struct ssrt_io_scope s_;                                                   \
    ssrt_io_scope_begin(&s_, IO_CALLER, IO_FRAME);                             \
    IO_REAL(name) args;                                                        \
    ssrt_io_scope_end(&s_);                                                    \
  }
/* A variadic one, through its va_list form `vname` (`a`, in `args`). */
#define IO_STDIO_VARIADIC(name, vname, params, last, args)                     \
  SSRT_EXPORT int IO_WRAP(name) params {                                       \
    IO_ENSURE(vname, -1);                                                      \
    va_list a;                                                                 \
    va_start(a, last);                                                         \
    struct ssrt_io_scope s_;                                                   \
    int on = ssrt_io_stdio_armed();                                            \
    if (on)                                                                    \
      ssrt_io_scope_begin(&s_, IO_CALLER, IO_FRAME);                           \
    int r_ = IO_REAL(vname) args;                                              \
    if (on)                                                                    \
      ssrt_io_scope_end(&s_);                                                  \
    va_end(a);                                                                 \
    return r_;                                                                 \
  }

#endif
