/* ldlatency_check.c -- the ldlatency experiment's checks before the
 * program runs (see ldlatency_check.h). */
#define _GNU_SOURCE
#include "ldlatency_check.h"

#include "latency_bins.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int exists(const char *sysfs, const char *rel) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", sysfs, rel);
  return access(path, F_OK) == 0;
}

/* PEBS load latency needs the event and the ldlat threshold field (the
 * kernel's cpu/format/ldlat: config1); IBS op sampling its own PMU type. */
enum ss_ldlat_pmu ss_ldlat_pmu(const char *sysfs, char *why, size_t why_size) {
  if (exists(sysfs, "cpu/events/mem-loads") && exists(sysfs, "cpu/format/ldlat"))
    return SS_LDLAT_PEBS;
  if (exists(sysfs, "ibs_op/type"))
    return SS_LDLAT_IBS;
  snprintf(why, why_size, "it has neither Intel PEBS load-latency sampling "
           "(%s/cpu/events/mem-loads with cpu/format/ldlat) nor AMD IBS op "
           "sampling (%s/ibs_op)", sysfs, sysfs);
  return SS_LDLAT_NONE;
}

int ss_ldlat_check_bins(const char *path, struct ss_latency_bins *bins,
                        char *why, size_t why_size) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(why, why_size, "%s", strerror(errno));
    return -1;
  }
  char *text = NULL;
  size_t size = 0;
  FILE *mem = open_memstream(&text, &size);
  char buf[4096];
  size_t n;
  int nul = 0;
  while (mem && (n = fread(buf, 1, sizeof buf, f)) > 0) {
    nul |= memchr(buf, 0, n) != NULL;
    fwrite(buf, 1, n, mem);
  }
  int err = ferror(f);
  fclose(f);
  if (!mem || fclose(mem) != 0 || err) {
    free(text);
    snprintf(why, why_size, "cannot be read");
    return -1;
  }
  int r = nul ? (snprintf(why, why_size, "a NUL byte: not a text file"), -1)
              : ss_latency_bins_parse(text, bins, why, why_size);
  free(text);
  return r;
}

/* The first line of sysfs/rel, without its newline: 0, or -1. */
static int read_line(const char *sysfs, const char *rel, char *out, size_t size) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", sysfs, rel);
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  int ok = fgets(out, (int)size, f) != NULL;
  fclose(f);
  if (!ok)
    return -1;
  out[strcspn(out, "\n")] = '\0';
  return *out ? 0 : -1;
}

/* Puts `value` into the bits a format file names ("config1:0-15", or
 * "config:0-7,32-35": ranges filled lowest bits first). */
static int put_field(const char *format, uint64_t value,
                     struct ss_hwc_resolved *r) {
  uint64_t *word = strncmp(format, "config1:", 8) == 0   ? &r->config1
                   : strncmp(format, "config2:", 8) == 0 ? &r->config2
                   : strncmp(format, "config:", 7) == 0  ? &r->config
                                                         : NULL;
  if (!word)
    return -1;
  const char *p = strchr(format, ':') + 1;
  while (*p) {
    char *end;
    unsigned long lo = strtoul(p, &end, 10), hi = lo;
    if (end == p)
      return -1;
    if (*end == '-')
      hi = strtoul(end + 1, &end, 10);
    if (hi < lo || hi > 63)
      return -1;
    for (unsigned long b = lo; b <= hi; b++, value >>= 1)
      *word |= (value & 1) << b;
    p = *end == ',' ? end + 1 : end;
    if (*end && *end != ',')
      return -1;
  }
  return 0;
}

static int pebs_event(const char *sysfs, struct ss_hwc_resolved *r, char *why,
                      size_t why_size) {
  char type[32], terms[128];
  if (read_line(sysfs, "cpu/type", type, sizeof type) != 0 ||
      read_line(sysfs, "cpu/events/mem-loads", terms, sizeof terms) != 0) {
    snprintf(why, why_size, "%s/cpu/type or %s/cpu/events/mem-loads cannot "
             "be read", sysfs, sysfs);
    return -1;
  }
  r->type = (uint32_t)strtoul(type, NULL, 10);
  char terms_copy[96];
  snprintf(terms_copy, sizeof terms_copy, "%.95s", terms);
  snprintf(r->name, sizeof r->name, "cpu/%s/pp (PEBS load latency)", terms);
  int ldlat_given = 0;
  for (char *save = NULL, *t = strtok_r(terms, ",", &save); t;
       t = strtok_r(NULL, ",", &save)) {
    char *eq = strchr(t, '=');
    uint64_t value = eq ? strtoull(eq + 1, NULL, 0) : 1;
    if (eq)
      *eq = '\0';
    char rel[128], format[128];
    snprintf(rel, sizeof rel, "cpu/format/%s", t);
    if (read_line(sysfs, rel, format, sizeof format) != 0 ||
        put_field(format, value, r) != 0) {
      snprintf(why, why_size, "the field %s of %s/cpu/events/mem-loads has no "
               "readable format in %s/cpu/format", t, sysfs, sysfs);
      return -1;
    }
    ldlat_given |= strcmp(t, "ldlat") == 0;
  }
  char format[128];
  if (!ldlat_given && (read_line(sysfs, "cpu/format/ldlat", format,
                                 sizeof format) != 0 ||
                       put_field(format, 3, r) != 0)) {
    snprintf(why, why_size, "%s/cpu/format/ldlat cannot be read", sysfs);
    return -1;
  }
  if (!ldlat_given)
    snprintf(r->name, sizeof r->name, "cpu/%s,ldlat=3/pp (PEBS load latency)",
             terms_copy);
  return 0;
}

int ss_ldlat_event(const char *sysfs, enum ss_ldlat_pmu pmu, uint64_t period,
                   struct ss_hwc_resolved *r, unsigned *precise,
                   uint64_t *period_used, char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  r->exclude_kernel = 1;
  *period_used = period;
  if (pmu == SS_LDLAT_PEBS) {
    *precise = 2;
    return pebs_event(sysfs, r, why, why_size);
  }
  char type[32];
  if (read_line(sysfs, "ibs_op/type", type, sizeof type) != 0) {
    snprintf(why, why_size, "%s/ibs_op/type cannot be read", sysfs);
    return -1;
  }
  r->type = (uint32_t)strtoul(type, NULL, 10);
  *precise = 0;
  *period_used = (period + 15) / 16 * 16; /* IBS counts ops by sixteens */
  snprintf(r->name, sizeof r->name, "ibs_op (IBS op sampling, loads kept)");
  return 0;
}
