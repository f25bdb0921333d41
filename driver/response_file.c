/* response_file.c -- expand @file arguments (GNU quoting), only to tell
 * the mode: the arguments themselves go to clang untouched. */
#define _GNU_SOURCE
#include "response_file.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Response files may include each other.  We only read them to tell the
 * mode, so past this depth we simply stop expanding. */
#define RSP_MAX_DEPTH 32

void tv_push(tokvec *t, char *s, size_t top) {
  if (t->n == t->cap) {
    t->cap = t->cap ? t->cap * 2 : 64;
    t->v = xrealloc(t->v, t->cap * sizeof *t->v);
  }
  t->v[t->n].s = s;
  t->v[t->n].top = top;
  t->v[t->n].own = false;
  t->n++;
}

static bool read_file(const char *path, char **data, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  size_t cap = 4096, n = 0;
  char *buf = xrealloc(NULL, cap);
  for (;;) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap) {
      if (ferror(f)) {
        fclose(f);
        free(buf);
        return false;
      }
      break;
    }
    cap *= 2;
    buf = xrealloc(buf, cap);
  }
  fclose(f);
  *data = buf;
  *len = n;
  return true;
}

static bool is_rsp_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* Split a response file the way GCC and clang (GNU syntax) do: whitespace
 * separates arguments; '...' and "..." group; a backslash takes the next
 * character literally, inside quotes too.  Calls emit() for each argument. */
static void tokenize_gnu(const char *src, size_t len,
                         void (*emit)(const char *tok, void *ctx), void *ctx) {
  char *tok = xrealloc(NULL, len + 1);
  size_t t = 0;
  for (size_t i = 0; i < len; i++) {
    char c = src[i];
    if (c == '\\' && i + 1 < len) {
      tok[t++] = src[++i];
    } else if (c == '\'' || c == '"') {
      for (i++; i < len && src[i] != c; i++) {
        if (src[i] == '\\' && i + 1 < len)
          i++;
        tok[t++] = src[i];
      }
    } else if (is_rsp_space(c)) {
      /* Like LLVM's tokenizer: an empty token ("" alone) is no argument. */
      if (t > 0) {
        tok[t] = '\0';
        emit(tok, ctx);
      }
      t = 0;
    } else {
      tok[t++] = c;
    }
  }
  if (t > 0) {
    tok[t] = '\0';
    emit(tok, ctx);
  }
  free(tok);
}

void expand_arg(const char *arg, size_t top, const char *base, int depth,
                       tokvec *out, bool *expanded);

/* The response files being read, outermost first: a file that (directly or
 * not) names itself is not expanded again (clang rejects such a file; we
 * must merely not loop). */
static struct {
  dev_t dev;
  ino_t ino;
} rsp_stack[RSP_MAX_DEPTH];

/* True when path is already being read; otherwise records it at depth. */
static bool on_rsp_stack(const char *path, int depth) {
  struct stat st;
  if (stat(path, &st) != 0)
    return false; /* unreadable: read_file fails and the argument stays */
  for (int d = 0; d < depth; d++)
    if (rsp_stack[d].dev == st.st_dev && rsp_stack[d].ino == st.st_ino)
      return true;
  rsp_stack[depth].dev = st.st_dev;
  rsp_stack[depth].ino = st.st_ino;
  return false;
}

struct expand_ctx {
  size_t top;
  const char *base; /* directory of the response file being read */
  int depth;
  tokvec *out;
};

static void expand_emit(const char *tok, void *vctx) {
  struct expand_ctx *c = vctx;
  expand_arg(tok, c->top, c->base, c->depth, c->out, NULL);
}

/* Append arg, or, when it is a readable @file, the arguments it contains
 * (recursively; like clang, a nested @file with a relative name is looked up
 * next to the file that names it).  *expanded tells whether it was. */
void expand_arg(const char *arg, size_t top, const char *base, int depth,
                       tokvec *out, bool *expanded) {
  if (expanded)
    *expanded = false;
  if (arg[0] == '@' && arg[1] != '\0' && depth < RSP_MAX_DEPTH) {
    const char *name = arg + 1;
    char *path = (name[0] == '/' || !base) ? xstrdup(name) : concat(base, "/", name);
    char *data;
    size_t len;
    if (!on_rsp_stack(path, depth) && read_file(path, &data, &len)) {
      struct expand_ctx c = {top, NULL, depth + 1, out};
      char *dir = dir_name(path);
      c.base = dir;
      tokenize_gnu(data, len, expand_emit, &c);
      free(dir);
      free(data);
      free(path);
      if (expanded)
        *expanded = true;
      return;
    }
    free(path);
  }
  tv_push(out, xstrdup(arg), top);
}
