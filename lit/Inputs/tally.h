/*
 * tally.h -- the test programs' own bookkeeping, independent of sscc.
 *
 * A test program calls HIT() on the lines whose execution it wants checked
 * and ENTER() at the top of the functions whose calls it wants checked; it
 * keeps its own tallies of both (plain atomic counters in the program) and
 * prints them with tally_report() as lines the checker (lit/tools/sscheck.py)
 * compares with ssprof's counts:
 *   SSCHECK site hit <file>:<line> <n>   calls of hit() made from that line
 *   SSCHECK calls <function> <n>         entries into that function
 * One translation unit defines TALLY_MAIN before including this header.
 */
#ifndef TALLY_H
#define TALLY_H

#include <stdio.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))
/* The asm after the call differs per line, so the optimizer cannot merge
 * the HIT()s of two branches into one call (it sinks common code only
 * through instructions that are identical). */
#define TALLY_STR2(x) #x
#define TALLY_STR(x) TALLY_STR2(x)
#define HIT()                                                                  \
  do {                                                                         \
    hit(__FILE__, __LINE__);                                                   \
    __asm__ volatile("# hit line " TALLY_STR(__LINE__));                       \
  } while (0)
#define ENTER() tally_enter(__func__)

#ifdef __cplusplus
extern "C" {
#endif
void hit(const char *file, int line);
void tally_enter(const char *function);
void tally_report(void);
void tally_report_as(const char *who);
void tally_reset(void);
#ifdef __cplusplus
}
#endif

#ifdef TALLY_MAIN
#define TALLY_SLOTS 512
struct tally_slot {
  char key[96]; /* copied: the literal may live in a library dlclose'd later */
  int line;
  unsigned long count;
};
static struct tally_slot tally_sites[TALLY_SLOTS], tally_funcs[TALLY_SLOTS];

static char tally_lock;

/* Keys (__FILE__, __func__) are compared by content, since each translation
 * unit has its own copy of the literal.  A spin lock keeps it exact under
 * threads; the tests are about counts, not speed. */
static void tally_add(struct tally_slot *t, const char *key, int line) {
  while (__atomic_test_and_set(&tally_lock, __ATOMIC_ACQUIRE))
    ;
  int i = 0;
  while (i < TALLY_SLOTS - 1 && t[i].key[0] &&
         !(t[i].line == line && strcmp(t[i].key, key) == 0))
    i++;
  if (!t[i].key[0]) {
    snprintf(t[i].key, sizeof t[i].key, "%s", key);
    t[i].line = line;
  }
  t[i].count++;
  __atomic_clear(&tally_lock, __ATOMIC_RELEASE);
}

NOINLINE void hit(const char *file, int line) {
  __asm__ volatile("" ::: "memory");
  tally_add(tally_sites, file, line);
}

NOINLINE void tally_enter(const char *function) {
  __asm__ volatile("" ::: "memory");
  tally_add(tally_funcs, function, 0);
}

void tally_report(void) {
  for (int i = 0; i < TALLY_SLOTS && tally_sites[i].key[0]; i++) {
    const char *base = strrchr(tally_sites[i].key, '/');
    printf("SSCHECK site hit %s:%d %lu\n", base ? base + 1 : tally_sites[i].key,
           tally_sites[i].line, tally_sites[i].count);
  }
  for (int i = 0; i < TALLY_SLOTS && tally_funcs[i].key[0]; i++)
    printf("SSCHECK calls %s %lu\n", tally_funcs[i].key, tally_funcs[i].count);
  fflush(stdout);
}

/* The same lines, each prefixed with `who`, so that the reports of two
 * processes sharing stdout (fork, exec) can be told apart. */
void tally_report_as(const char *who) {
  char buf[16384];
  fflush(stdout);
  FILE *saved = stdout;
  FILE *mem = fmemopen(buf, sizeof buf, "w");
  stdout = mem;
  tally_report();
  fclose(mem);
  stdout = saved;
  for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
    printf("%s %s\n", who, line);
  fflush(stdout);
}

void tally_reset(void) {
  memset(tally_sites, 0, sizeof tally_sites);
  memset(tally_funcs, 0, sizeof tally_funcs);
}
#endif /* TALLY_MAIN */

#endif /* TALLY_H */
