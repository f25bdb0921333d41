/* util.h -- small helpers shared by the parts of sscc. */
#ifndef SSCC_UTIL_H
#define SSCC_UTIL_H

#include <stdbool.h>
#include <stddef.h>

/* "sscc" or "sscc++", for messages. */
extern const char *prog;

__attribute__((format(printf, 2, 3), noreturn)) void die(int status, const char *fmt, ...);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *concat(const char *a, const char *b, const char *c);
bool starts_with(const char *s, const char *prefix);
bool ends_with(const char *s, const char *suffix);
const char *base_name(const char *path);
char *dir_name(const char *path);
bool is_executable_file(const char *path);

/* A growable, NULL-terminated array of strings. */
typedef struct {
  char **v;
  size_t n, cap;
} strvec;
void sv_push(strvec *a, char *s);

#endif
