/*
 * io_stdio.c -- the stdio functions, in front of the C library's: while
 * one runs under the io trace, the system calls the C library makes for it
 * are traced as the program's call of that function (io.h,
 * io_dispatch.c).  Without the trace, or where the kernel cannot dispatch
 * system calls, they forward unchanged.  The program's buffered output is
 * flushed, traced, just before the file is written at exit.
 *
 * (The scanf family is in io_scanf.c.)  Not covered: wide-character
 * stdio (fputws, fwprintf, ...), the err/warn family, and what other C
 * library functions read or write on their own (getpwnam's files,
 * syslog).
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#undef _FORTIFY_SOURCE /* the wrappers are the functions themselves */
#include "io_wrap.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>

/* Macros of <stdio.h> when optimizing; the functions are meant here. */
#undef fread_unlocked
#undef fwrite_unlocked

/* The functions with a fixed argument list: (type, name, parameters,
 * arguments). */
#define IO_STDIO(X)                                                            \
  X(FILE *, fopen, (const char *p, const char *m), (p, m))                     \
  X(FILE *, fopen64, (const char *p, const char *m), (p, m))                   \
  X(FILE *, freopen, (const char *p, const char *m, FILE *f), (p, m, f))       \
  X(FILE *, freopen64, (const char *p, const char *m, FILE *f), (p, m, f))     \
  X(FILE *, fdopen, (int fd, const char *m), (fd, m))                          \
  X(int, fclose, (FILE * f), (f))                                              \
  X(int, fcloseall, (void), ())                                                \
  X(int, fflush, (FILE * f), (f))                                              \
  X(int, fflush_unlocked, (FILE * f), (f))                                     \
  X(size_t, fread, (void *p, size_t s, size_t n, FILE *f), (p, s, n, f))       \
  X(size_t, fread_unlocked, (void *p, size_t s, size_t n, FILE *f),            \
    (p, s, n, f))                                                              \
  X(size_t, fwrite, (const void *p, size_t s, size_t n, FILE *f), (p, s, n, f))\
  X(size_t, fwrite_unlocked, (const void *p, size_t s, size_t n, FILE *f),     \
    (p, s, n, f))                                                              \
  X(int, fputs, (const char *s, FILE *f), (s, f))                              \
  X(int, fputs_unlocked, (const char *s, FILE *f), (s, f))                     \
  X(int, puts, (const char *s), (s))                                           \
  X(int, fputc, (int c, FILE *f), (c, f))                                      \
  X(int, fputc_unlocked, (int c, FILE *f), (c, f))                             \
  X(int, putc, (int c, FILE *f), (c, f))                                       \
  X(int, putc_unlocked, (int c, FILE *f), (c, f))                              \
  X(int, putchar, (int c), (c))                                                \
  X(int, putchar_unlocked, (int c), (c))                                       \
  X(int, fgetc, (FILE * f), (f))                                               \
  X(int, fgetc_unlocked, (FILE * f), (f))                                      \
  X(int, getc, (FILE * f), (f))                                                \
  X(int, getc_unlocked, (FILE * f), (f))                                       \
  X(int, getchar, (void), ())                                                  \
  X(int, getchar_unlocked, (void), ())                                         \
  X(int, __overflow, (FILE * f, int c), (f, c))                                \
  X(int, __uflow, (FILE * f), (f))                                             \
  X(int, __underflow, (FILE * f), (f))                                         \
  X(char *, fgets, (char *s, int n, FILE *f), (s, n, f))                       \
  X(char *, fgets_unlocked, (char *s, int n, FILE *f), (s, n, f))              \
  X(ssize_t, getline, (char **s, size_t *n, FILE *f), (s, n, f))               \
  X(ssize_t, getdelim, (char **s, size_t *n, int d, FILE *f), (s, n, d, f))    \
  X(ssize_t, __getdelim, (char **s, size_t *n, int d, FILE *f), (s, n, d, f))  \
  X(int, fseek, (FILE * f, long o, int w), (f, o, w))                          \
  X(int, fseeko, (FILE * f, off_t o, int w), (f, o, w))                        \
  X(int, fseeko64, (FILE * f, off64_t o, int w), (f, o, w))                    \
  X(long, ftell, (FILE * f), (f))                                              \
  X(off_t, ftello, (FILE * f), (f))                                            \
  X(off64_t, ftello64, (FILE * f), (f))                                        \
  X(int, fgetpos, (FILE * f, fpos_t *p), (f, p))                               \
  X(int, fgetpos64, (FILE * f, fpos64_t *p), (f, p))                           \
  X(int, fsetpos, (FILE * f, const fpos_t *p), (f, p))                         \
  X(int, fsetpos64, (FILE * f, const fpos64_t *p), (f, p))                     \
  X(int, vprintf, (const char *fmt, va_list a), (fmt, a))                      \
  X(int, vfprintf, (FILE * f, const char *fmt, va_list a), (f, fmt, a))        \
  X(int, vdprintf, (int fd, const char *fmt, va_list a), (fd, fmt, a))         \
  X(int, __vprintf_chk, (int fl, const char *fmt, va_list a), (fl, fmt, a))    \
  X(int, __vfprintf_chk, (FILE * f, int fl, const char *fmt, va_list a),       \
    (f, fl, fmt, a))                                                           \
  X(int, __vdprintf_chk, (int fd, int fl, const char *fmt, va_list a),         \
    (fd, fl, fmt, a))

/* Those returning nothing. */
#define IO_STDIO_VOID(X)                                                       \
  X(rewind, (FILE * f), (f))                                                   \
  X(perror, (const char *s), (s))

#define DECLARE(ret, name, params, args) IO_DECLARE_REAL(ret, name, params)
#define DECLARE_VOID(name, params, args) IO_DECLARE_REAL(void, name, params)
IO_STDIO(DECLARE)
IO_STDIO_VOID(DECLARE_VOID)

#ifndef SSRT_STATIC
#define RESOLVE(ret, name, params, args) IO_RESOLVE(name)
#define RESOLVE_VOID(name, params, args) IO_RESOLVE(name)
void ssrt_io_stdio_init(void) {
  IO_STDIO(RESOLVE)
  IO_STDIO_VOID(RESOLVE_VOID)
  ssrt_io_scanf_init();
}
#else
void ssrt_io_stdio_init(void) {}
#endif

IO_STDIO(IO_STDIO_WRAP)
IO_STDIO_VOID(IO_STDIO_WRAP_VOID)

IO_STDIO_VARIADIC(printf, vprintf, (const char *fmt, ...), fmt, (fmt, a))
IO_STDIO_VARIADIC(fprintf, vfprintf, (FILE * f, const char *fmt, ...), fmt,
                  (f, fmt, a))
IO_STDIO_VARIADIC(dprintf, vdprintf, (int fd, const char *fmt, ...), fmt,
                  (fd, fmt, a))
IO_STDIO_VARIADIC(__printf_chk, __vprintf_chk, (int fl, const char *fmt, ...),
                  fmt, (fl, fmt, a))
IO_STDIO_VARIADIC(__fprintf_chk, __vfprintf_chk,
                  (FILE * f, int fl, const char *fmt, ...), fmt, (f, fl, fmt, a))
IO_STDIO_VARIADIC(__dprintf_chk, __vdprintf_chk,
                  (int fd, int fl, const char *fmt, ...), fmt, (fd, fl, fmt, a))

/* The buffers the C library would flush after the file is written (exit
 * flushes every stream after the exit handlers): flushed now, traced,
 * attributed to the code that called exit. */
void ssrt_io_flush_at_exit(void) {
  if (!ssrt_io_stdio_armed())
    return;
  int saved_errno = errno;
  IO_ENSURE(fflush, );
  struct ssrt_io_scope s;
  ssrt_io_scope_begin(&s, 0, 0);
  IO_REAL(fflush)(NULL);
  ssrt_io_scope_end(&s);
  errno = saved_errno;
}
