/*
 * source_files.c -- the source files of a report, looked for under
 * -srcdir first, then where the debug information says they are; each
 * read once (annotate.h).
 */
#include "annotate.h"

#include "base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ss_sources_init(struct ss_sources *s, const struct ss_listing *l) {
  memset(s, 0, sizeof *s);
  s->srcdir = l->options->srcdir;
  /* A relative path is relative to the directory it was compiled in:
   * the modules' compile directories, then the run's. */
  const struct ss_profile *p = l->profile;
  s->bases = ss_xcalloc(p->num_modules + 2, sizeof *s->bases);
  for (size_t i = 0; i < p->num_modules; i++) {
    const struct ss_descriptor *d = p->modules[i].desc;
    s->bases[s->num_bases++] = ss_desc_str(d, d->header.comp_dir);
  }
  if (p->files[0]->process.cwd)
    s->bases[s->num_bases++] = p->files[0]->process.cwd;
}

void ss_sources_release(struct ss_sources *s) {
  for (size_t i = 0; i < s->num; i++) {
    free(s->files[i].found);
    free(s->files[i].text);
    free(s->files[i].line);
  }
  free(s->files);
  free(s->bases);
  memset(s, 0, sizeof *s);
}

static char *read_text(const char *path) {
  struct ss_err err;
  uint64_t size;
  uint8_t *data = ss_read_file(path, &size, &err);
  return (char *)data;
}

/* Under srcdir: the whole path below it, then its tails, then the name. */
static char *under_srcdir(const char *srcdir, const char *path,
                          char **text) {
  for (const char *tail = path; tail && *tail;) {
    while (*tail == '/' || strncmp(tail, "./", 2) == 0)
      tail += *tail == '/' ? 1 : 2;
    if (!*tail)
      break;
    char *candidate = ss_xasprintf("%s/%s", srcdir, tail);
    if ((*text = read_text(candidate)) != NULL)
      return candidate;
    free(candidate);
    tail = strchr(tail, '/');
  }
  return NULL;
}

static void split_lines(struct ss_source_file *f) {
  uint32_t n = 0;
  for (const char *p = f->text; *p; p++)
    n += *p == '\n';
  f->line = ss_xcalloc((size_t)n + 2, sizeof *f->line);
  uint32_t k = 0;
  f->line[k++] = f->text;
  for (const char *p = f->text; *p; p++)
    if (*p == '\n' && p[1])
      f->line[k++] = p + 1;
  f->num_lines = k;
}

struct ss_source_file *ss_source_get(struct ss_sources *s, const char *path) {
  for (size_t i = 0; i < s->num; i++)
    if (strcmp(s->files[i].path, path) == 0)
      return &s->files[i];
  SS_GROW(s->files, s->cap, s->num);
  struct ss_source_file *f = &s->files[s->num++];
  memset(f, 0, sizeof *f);
  f->path = path;
  if (s->srcdir)
    f->found = under_srcdir(s->srcdir, path, &f->text);
  if (!f->found && path[0] && (f->text = read_text(path)) != NULL)
    f->found = ss_xstrdup(path);
  for (size_t i = 0; !f->found && path[0] != '/' && i < s->num_bases; i++) {
    if (!s->bases[i] || !s->bases[i][0])
      continue;
    const char *rel = strncmp(path, "./", 2) == 0 ? path + 2 : path;
    char *candidate = ss_xasprintf("%s/%s", s->bases[i], rel);
    if ((f->text = read_text(candidate)) != NULL)
      f->found = candidate;
    else
      free(candidate);
  }
  if (f->found && f->text[0])
    split_lines(f);
  return f;
}

const char *ss_source_line(const struct ss_source_file *f, uint32_t n,
                           int *len) {
  if (!f->found || n == 0 || n > f->num_lines)
    return NULL;
  const char *start = f->line[n - 1];
  const char *end = strchr(start, '\n');
  *len = (int)(end ? end - start : (long)strlen(start));
  return start;
}
