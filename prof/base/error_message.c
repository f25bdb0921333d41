/* error_message.c -- formatting of one-line input errors. */
#include "base.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void ss_err_set(struct ss_err *err, const char *fmt, ...) {
  va_list ap;
  if (!err)
    return;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  /* One line, whatever went into it. */
  for (char *p = err->msg; *p; p++)
    if (*p == '\n' || *p == '\r')
      *p = ' ';
}

void ss_err_prefix(struct ss_err *err, const char *fmt, ...) {
  char prefix[256], old[sizeof err->msg];
  va_list ap;
  if (!err)
    return;
  va_start(ap, fmt);
  vsnprintf(prefix, sizeof prefix, fmt, ap);
  va_end(ap);
  memcpy(old, err->msg, sizeof old);
  ss_err_set(err, "%s: %s", prefix, old);
}
