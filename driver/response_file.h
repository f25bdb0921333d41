/* response_file.h -- expand @file arguments, only to tell the mode. */
#ifndef SSCC_RESPONSE_FILE_H
#define SSCC_RESPONSE_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* One argument after response-file expansion: its text, the index of the
 * command-line argument it came from, and whether it is one of our flags. */
typedef struct {
  char *s;
  size_t top;
  bool own;
} token;

typedef struct {
  token *v;
  size_t n, cap;
} tokvec;

void tv_push(tokvec *t, char *s, size_t top);
/* Appends arg (top-level argument index top) to out, expanding @files
 * relative to base; *expanded tells whether it was a response file. */
void expand_arg(const char *arg, size_t top, const char *base, int depth,
                tokvec *out, bool *expanded);

#endif
