/* nearest_name.c -- see nearest_name.h. */
#include "nearest_name.h"

#include <string.h>

/* Optimal string alignment distance, capped at 64 characters. */
static size_t distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 64 || m > 64)
    return (size_t)-1;
  size_t d[65][65];
  for (size_t i = 0; i <= n; i++)
    d[i][0] = i;
  for (size_t j = 0; j <= m; j++)
    d[0][j] = j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      size_t cost = a[i - 1] != b[j - 1];
      size_t v = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < v)
        v = d[i][j - 1] + 1;
      if (d[i - 1][j - 1] + cost < v)
        v = d[i - 1][j - 1] + cost;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          d[i - 2][j - 2] + 1 < v)
        v = d[i - 2][j - 2] + 1;
      d[i][j] = v;
    }
  return d[n][m];
}

const char *ss_nearest_name(const char *typed, const char *const *names) {
  const char *best = NULL, *prefix_of = NULL;
  size_t best_d = (size_t)-1, len = strlen(typed), prefixes = 0;
  for (size_t i = 0; names[i]; i++) {
    size_t d = distance(typed, names[i]);
    if (d < best_d) {
      best_d = d;
      best = names[i];
    }
    if (len >= 3 && strncmp(names[i], typed, len) == 0) {
      prefixes++;
      prefix_of = names[i];
    }
  }
  if (prefixes == 1 && strcmp(prefix_of, typed) != 0)
    return prefix_of; /* an option cut short */
  size_t allowed = len <= 4 ? 1 : len <= 8 ? 2 : 3;
  return best && best_d > 0 && best_d <= allowed ? best : NULL;
}
