/*
 * error_message.h -- the one-line description of what is wrong with an
 * input.  Library functions fill one in and return failure; ssprof prints
 * it as "ssprof: <file>: <message>".
 */
#ifndef SSPROF_ERROR_MESSAGE_H
#define SSPROF_ERROR_MESSAGE_H

#include <stddef.h>

struct ss_err {
  char msg[512];
};

void ss_err_set(struct ss_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prefix an existing message: "<prefix>: <old message>". */
void ss_err_prefix(struct ss_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
