/* perfex_threads.c -- ssperfex -mp's per-thread counts read back
 * (perfex_threads.h). */
#define _GNU_SOURCE
#include "perfex_threads.h"

#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fail(char *why, size_t why_size, const char *file, const char *what) {
  snprintf(why, why_size, "%s: %s", file, what);
  return -1;
}

static struct perfex_thread *new_thread(struct perfex_threads *t, int n) {
  t->threads = xrealloc(t->threads, (t->num_threads + 1) * sizeof *t->threads);
  struct perfex_thread *th = &t->threads[t->num_threads++];
  memset(th, 0, sizeof *th);
  th->count = xrealloc(NULL, 3 * (size_t)(n ? n : 1) * sizeof(uint64_t));
  th->enabled = th->count + n;
  th->running = th->enabled + n;
  return th;
}

/* One process's file: "ssperfex-mp 1", "process <pid> <ppid> <events>",
 * "thread <tid> (<count> <enabled> <running>)...", "lost <n>". */
static int read_file(FILE *f, const char *name, int n, struct perfex_threads *t,
                     char *why, size_t why_size) {
  long pid, ppid;
  int events, version;
  if (fscanf(f, "ssperfex-mp %d\n", &version) != 1 || version != 1)
    return fail(why, why_size, name, "not a file of ssperfex -mp's runtime");
  if (fscanf(f, "process %ld %ld %d\n", &pid, &ppid, &events) != 3 ||
      events != n)
    return fail(why, why_size, name, "no process line for these events");
  char word[16];
  while (fscanf(f, "%15s", word) == 1) {
    if (strcmp(word, "lost") == 0) {
      unsigned long lost;
      if (fscanf(f, "%lu", &lost) != 1)
        return fail(why, why_size, name, "a malformed lost line");
      t->lost += lost;
      return 0;
    }
    if (strcmp(word, "thread") != 0)
      return fail(why, why_size, name, "an unknown line");
    struct perfex_thread *th = new_thread(t, n);
    th->pid = pid;
    th->ppid = ppid;
    if (fscanf(f, "%ld", &th->tid) != 1)
      return fail(why, why_size, name, "a malformed thread line");
    for (int k = 0; k < n; k++)
      if (fscanf(f, "%" SCNu64 " %" SCNu64 " %" SCNu64, &th->count[k],
                 &th->enabled[k], &th->running[k]) != 3)
        return fail(why, why_size, name, "a thread line cut short");
  }
  return fail(why, why_size, name, "cut short (no lost line)");
}

/* The process ssperfex started first (its parent is ssperfex), then the
 * others by pid. */
static int by_pid(const void *x, const void *y) {
  const struct perfex_thread *a = x, *b = y;
  int a_later = a->ppid != (long)getpid(), b_later = b->ppid != (long)getpid();
  if (a_later != b_later)
    return a_later - b_later;
  if (a->pid != b->pid)
    return a->pid < b->pid ? -1 : 1;
  return 0;
}

int perfex_threads_read(const char *dir, int num_events,
                        struct perfex_threads *t, char *why, size_t why_size) {
  memset(t, 0, sizeof *t);
  why[0] = '\0';
  DIR *d = opendir(dir);
  if (!d)
    return fail(why, why_size, dir, strerror(errno));
  int rc = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') {
      /* A hidden one is a file a process did not finish (killed while it
       * wrote): removed, not read. */
      if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
        unlinkat(dirfd(d), e->d_name, 0);
      continue;
    }
    char *path = concat(dir, "/", e->d_name);
    FILE *f = fopen(path, "r");
    if (!f) {
      if (rc == 0)
        rc = fail(why, why_size, path, strerror(errno));
    } else {
      if (read_file(f, path, num_events, t, why, why_size) != 0 && rc == 0)
        rc = -1;
      else
        t->processes++;
      fclose(f);
    }
    unlink(path);
    free(path);
  }
  closedir(d);
  rmdir(dir);
  /* Processes as by_pid orders them, each one's threads kept in the
   * file's order (the main thread first, then as they started): a stable
   * sort. */
  for (size_t i = 1; i < t->num_threads; i++)
    for (size_t j = i; j > 0 && by_pid(&t->threads[j - 1], &t->threads[j]) > 0;
         j--) {
      struct perfex_thread tmp = t->threads[j];
      t->threads[j] = t->threads[j - 1];
      t->threads[j - 1] = tmp;
    }
  return rc;
}
