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

int ss_ldlat_check_bins(const char *path, char *why, size_t why_size) {
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
  struct ss_latency_bins bins;
  int r = nul ? (snprintf(why, why_size, "a NUL byte: not a text file"), -1)
              : ss_latency_bins_parse(text, &bins, why, why_size);
  free(text);
  return r;
}
