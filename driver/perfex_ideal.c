/* perfex_ideal.c -- exact instruction-class counts from a program's ideal
 * experiment file, through `ssprof -json` (see perfex_ideal.h). */
#define _GNU_SOURCE
#include "perfex_ideal.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The unsigned number after "key": in `text` (ssprof's own JSON, whose
 * keys inside the ideal object are unique; docs/ssprof-json.md). */
static int number_after(const char *text, const char *key, uint64_t *out) {
  char quoted[64];
  snprintf(quoted, sizeof quoted, "\"%s\": ", key);
  const char *p = strstr(text, quoted);
  if (!p)
    return -1;
  char *end;
  *out = strtoull(p + strlen(quoted), &end, 10);
  return end == p + strlen(quoted) ? -1 : 0;
}

static char *read_all(FILE *f) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  size_t n;
  while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += n;
    if (cap - len - 1 == 0) {
      char *bigger = realloc(buf, cap * 2);
      if (!bigger) {
        free(buf);
        return NULL;
      }
      buf = bigger;
      cap *= 2;
    }
  }
  if (buf)
    buf[len] = '\0';
  return buf;
}

static int find_file(pid_t pid, char *out, size_t size) {
  const char *dir = getenv("_SPEEDSHOP_OUTPUT_DIRECTORY");
  char pattern[4096];
  snprintf(pattern, sizeof pattern, "%s/*.ideal.m%d", dir && *dir ? dir : ".",
           (int)pid);
  glob_t g;
  int found = glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc == 1;
  if (found)
    snprintf(out, size, "%s", g.gl_pathv[0]);
  globfree(&g);
  return found ? 0 : -1;
}

int perfex_ideal_counts(const char *ssprof, pid_t pid, struct perfex_exact *x,
                        char *why, unsigned why_size) {
  memset(x, 0, sizeof *x);
  why[0] = '\0';
  if (find_file(pid, x->file, sizeof x->file) != 0)
    return -1;
  char *cmd;
  if (asprintf(&cmd, "'%s' -json '%s' 2>&1", ssprof, x->file) < 0)
    return -1;
  FILE *p = strchr(x->file, '\'') ? NULL : popen(cmd, "r");
  free(cmd);
  if (!p) {
    snprintf(why, why_size, "cannot run ssprof on %s", x->file);
    return -1;
  }
  char *text = read_all(p);
  int status = pclose(p);
  const char *ideal = text ? strstr(text, "\"ideal\": {") : NULL;
  uint64_t cond = 0, jumps = 0, calls = 0, rets = 0, fp = 0, fpdiv = 0;
  if (!text || status != 0 || !ideal ||
      number_after(ideal, "instructions", &x->instructions) ||
      number_after(ideal, "loads", &x->loads) ||
      number_after(ideal, "stores", &x->stores) ||
      number_after(ideal, "conditional_branches", &cond) ||
      number_after(ideal, "jumps", &jumps) ||
      number_after(ideal, "calls", &calls) ||
      number_after(ideal, "returns", &rets) ||
      number_after(ideal, "floating_point", &fp) ||
      number_after(ideal, "floating_point_divide", &fpdiv) ||
      number_after(ideal, "vector", &x->vector)) {
    snprintf(why, why_size, "ssprof -json %s gave no instruction mix%s%.200s",
             x->file, text && status ? ": " : "", text && status ? text : "");
    free(text);
    return -1;
  }
  free(text);
  x->branches = cond + jumps + calls + rets;
  x->fp = fp + fpdiv;
  return 0;
}
