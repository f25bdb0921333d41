/* latency_bins.c -- DCPI's latency-bins file (see latency_bins.h). */
#include "latency_bins.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The seed's "Example Load Latency Bins" (004_, dcpildlatency FILES). */
static const struct ss_latency_bin seed_bins[] = {
    {0, 10, 2, "D"},       {11, 20, 7, "S"},      {21, 50, 35, "B"},
    {51, 70, 60, "M1"},    {71, 90, 80, "M1"},    {91, 110, 100, "M1"},
    {111, 130, 120, "M2"}, {131, 150, 140, "M2"}, {151, 170, 160, "M2"},
    {171, 190, 180, "M2"}, {191, 210, 200, "M2"},
};

void ss_latency_bins_default(struct ss_latency_bins *b) {
  memset(b, 0, sizeof *b);
  b->num = sizeof seed_bins / sizeof seed_bins[0];
  memcpy(b->bin, seed_bins, sizeof seed_bins);
}

/* The next white-space separated field of *p, copied into `out` (at most
 * size - 1 characters); its length, 0 at the end of the line. */
static size_t next_field(const char **p, char *out, size_t size) {
  const char *s = *p;
  while (*s == ' ' || *s == '\t' || *s == '\r')
    s++;
  size_t n = 0;
  while (*s && !isspace((unsigned char)*s)) {
    if (n + 1 < size)
      out[n] = *s;
    n++;
    s++;
  }
  if (size)
    out[n < size ? n : size - 1] = '\0';
  *p = s;
  return n;
}

static int number(const char *text, uint64_t *v) {
  if (!isdigit((unsigned char)text[0]))
    return -1;
  char *end;
  errno = 0;
  unsigned long long x = strtoull(text, &end, 10);
  if (*end || errno)
    return -1;
  *v = x;
  return 0;
}

/* One line that is not blank or a comment. */
static int parse_line(const char *line, struct ss_latency_bin *bin,
                      char *why, size_t why_size) {
  static const char *const what[3] = {"MIN", "MAX", "REP"};
  char field[64];
  uint64_t v[3];
  for (int i = 0; i < 3; i++) {
    if (next_field(&line, field, sizeof field) == 0) {
      snprintf(why, why_size, "%d field%s where MIN MAX REP NAME are four", i,
               i == 1 ? "" : "s");
      return -1;
    }
    if (number(field, &v[i]) != 0) {
      snprintf(why, why_size, "%s \"%s\" is not a number of cycles", what[i],
               field);
      return -1;
    }
  }
  size_t n = next_field(&line, field, sizeof field);
  if (n == 0) {
    snprintf(why, why_size, "3 fields where MIN MAX REP NAME are four");
    return -1;
  }
  if (n > SS_LATENCY_BIN_NAME_MAX) {
    snprintf(why, why_size, "NAME \"%s\" is longer than %d characters", field,
             SS_LATENCY_BIN_NAME_MAX);
    return -1;
  }
  char extra[64];
  if (next_field(&line, extra, sizeof extra) != 0) {
    snprintf(why, why_size, "\"%s\" after MIN MAX REP NAME", extra);
    return -1;
  }
  if (v[1] < v[0]) {
    snprintf(why, why_size, "MAX %llu is below MIN %llu",
             (unsigned long long)v[1], (unsigned long long)v[0]);
    return -1;
  }
  bin->min = v[0];
  bin->max = v[1];
  bin->rep = v[2];
  memcpy(bin->name, field, n + 1);
  return 0;
}

int ss_latency_bins_parse(const char *text, struct ss_latency_bins *b,
                          char *why, size_t why_size) {
  memset(b, 0, sizeof *b);
  unsigned line_no = 0;
  char line[512];
  const char *p = text;
  while (*p) {
    line_no++;
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    if (len >= sizeof line) {
      snprintf(why, why_size, "line %u: longer than %zu characters", line_no,
               sizeof line - 1);
      return -1;
    }
    memcpy(line, p, len);
    line[len] = '\0';
    p = nl ? nl + 1 : p + len;
    const char *s = line;
    while (isspace((unsigned char)*s))
      s++;
    if (*s == '\0' || *s == '#')
      continue;
    if (b->num == SS_LATENCY_BINS_MAX) {
      snprintf(why, why_size, "line %u: more than %d bins", line_no,
               SS_LATENCY_BINS_MAX);
      return -1;
    }
    struct ss_latency_bin *bin = &b->bin[b->num];
    char reason[160];
    if (parse_line(s, bin, reason, sizeof reason) != 0) {
      snprintf(why, why_size, "line %u: %s", line_no, reason);
      return -1;
    }
    for (unsigned k = 0; k < b->num; k++)
      if (bin->min <= b->bin[k].max && b->bin[k].min <= bin->max) {
        snprintf(why, why_size, "line %u: [%llu, %llu] overlaps the bin "
                 "[%llu, %llu] %s", line_no, (unsigned long long)bin->min,
                 (unsigned long long)bin->max,
                 (unsigned long long)b->bin[k].min,
                 (unsigned long long)b->bin[k].max, b->bin[k].name);
        return -1;
      }
    b->num++;
  }
  if (b->num == 0) {
    snprintf(why, why_size, "no bins (lines of MIN MAX REP NAME)");
    return -1;
  }
  return 0;
}

int ss_latency_bin_of(const struct ss_latency_bins *b, uint64_t latency) {
  for (unsigned k = 0; k < b->num; k++)
    if (latency >= b->bin[k].min && latency <= b->bin[k].max)
      return (int)k;
  return -1;
}

void ss_latency_bin_line(const struct ss_latency_bin *bin, char *out,
                         size_t size) {
  snprintf(out, size, "%llu %llu %llu %s", (unsigned long long)bin->min,
           (unsigned long long)bin->max, (unsigned long long)bin->rep,
           bin->name);
}
