/*
 * io_scanf.c -- the scanf family, in front of the C library's, as the
 * other stdio functions (io_stdio.c).  A file of its own: <stdio.h> names
 * scanf __isoc99_scanf for C99 programs, so both names can only be defined
 * where it is not included.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "io_wrap.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>

typedef struct _IO_FILE FILE;

#define IO_SCANF(X)                                                            \
  X(int, vscanf, (const char *fmt, va_list a), (fmt, a))                       \
  X(int, vfscanf, (FILE * f, const char *fmt, va_list a), (f, fmt, a))         \
  X(int, __isoc99_vscanf, (const char *fmt, va_list a), (fmt, a))              \
  X(int, __isoc99_vfscanf, (FILE * f, const char *fmt, va_list a),             \
    (f, fmt, a))

#define DECLARE(ret, name, params, args) IO_DECLARE_REAL(ret, name, params)
IO_SCANF(DECLARE)

#ifndef SSRT_STATIC
#define RESOLVE(ret, name, params, args) IO_RESOLVE(name)
void ssrt_io_scanf_init(void) { IO_SCANF(RESOLVE) }
#else
void ssrt_io_scanf_init(void) {}
#endif

IO_SCANF(IO_STDIO_WRAP)

IO_STDIO_VARIADIC(scanf, vscanf, (const char *fmt, ...), fmt, (fmt, a))
IO_STDIO_VARIADIC(fscanf, vfscanf, (FILE * f, const char *fmt, ...), fmt,
                  (f, fmt, a))
IO_STDIO_VARIADIC(__isoc99_scanf, __isoc99_vscanf, (const char *fmt, ...), fmt,
                  (fmt, a))
IO_STDIO_VARIADIC(__isoc99_fscanf, __isoc99_vfscanf,
                  (FILE * f, const char *fmt, ...), fmt, (f, fmt, a))
