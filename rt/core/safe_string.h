/*
 * safe_string.h -- string helpers the runtime may call from a signal
 * handler: no malloc, no stdio, no locale.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_SAFE_STRING_H
#define SSRT_SAFE_STRING_H

#include <stddef.h>
#include <stdint.h>

size_t ssrt_strlen(const char *s);
int ssrt_streq(const char *a, const char *b);
int ssrt_starts_with(const char *s, const char *prefix);
/* Parses a decimal number at *s, advancing *s; returns 0 if none. */
int ssrt_parse_u64(const char **s, uint64_t *value);

/* A bounded string under construction in a caller's buffer.  Appends never
 * overflow; `truncated` tells if something did not fit.  The text is always
 * NUL-terminated. */
struct ssrt_str {
  char *buf;
  size_t cap;
  size_t len;
  int truncated;
};

void ssrt_str_init(struct ssrt_str *s, char *buf, size_t cap);
void ssrt_str_add(struct ssrt_str *s, const char *text);
void ssrt_str_add_n(struct ssrt_str *s, const char *text, size_t n);
void ssrt_str_add_u64(struct ssrt_str *s, uint64_t v);
void ssrt_str_add_i64(struct ssrt_str *s, int64_t v);

/* Short English description of an errno value ("No space left on device"),
 * or "error <n>" written into `scratch` (at least 24 bytes). */
const char *ssrt_errno_text(int err, char *scratch);
/* "SIGSEGV" for SIGSEGV; NULL for a number without a name. */
const char *ssrt_signal_name(int sig);

/* log.c: writes the NULL-terminated list of pieces to stderr as one line
 * (a newline is added), with a single write(2) -- but only while
 * descriptor 2 is still the stderr the program started with: a program
 * started with it closed may have opened its own data file there, and the
 * line must not end up in it.  Preserves errno. */
void ssrt_log(const char *first, ...);
/* Notes which file descriptor 2 is (or that it is closed), once: called
 * by the runtime's constructor, before the program's own code runs. */
void ssrt_log_remember_stderr(void);

#endif
