/*
 * test_ideal_cache.c -- the cache of ideal time (ideal_cache.h) in a
 * directory of its own: what is kept comes back as it was; a file cut
 * short at any length, with any byte changed, or of another key, is
 * ignored, never trusted, and replaced by a valid one; each part of the
 * key (build-id, CPU, the llvm-mca that modelled) gives a file of its
 * own; and a cut function's bytes that describe no function are refused
 * (mcode_serial.c).
 */
#define _GNU_SOURCE
#include "check.h"

#include "ideal_cache.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];
static const uint8_t id_a[20] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
static const uint8_t id_b[20] = {9, 9, 9};

/* A function of two blocks: 0x1000 `cmpq $0, %rdi; je` to 0x1008, then
 * 0x1006 `addq $1, %rax` falling into 0x1008 `ret`. */
static void make_function(struct ss_mcode_function *mf) {
  memset(mf, 0, sizeof *mf);
  mf->num_insns = 4;
  mf->insns = calloc(4, sizeof *mf->insns);
  const char *text[4] = {"cmpq $0, %rdi", "je ss_target", "addq $1, %rax",
                         "retq"};
  const uint64_t at[4] = {0x1000, 0x1004, 0x1006, 0x1008};
  const uint32_t size[4] = {4, 2, 2, 1};
  const enum ss_flow flow[4] = {SS_FLOW_NEXT, SS_FLOW_COND_BRANCH,
                                SS_FLOW_NEXT, SS_FLOW_RETURN};
  for (int i = 0; i < 4; i++) {
    struct ss_mcode_insn *in = &mf->insns[i];
    in->address = at[i];
    ss_insn_set_text(&in->insn, text[i]);
    in->insn.size = size[i];
    in->insn.flow = flow[i];
    in->file = i == 2 ? NULL : "/src/f.c";
    in->line = i == 2 ? 0 : 10 + (uint32_t)i;
    in->instrumentation = i == 2;
  }
  mf->insns[1].insn.has_target = 1;
  mf->insns[1].insn.target = 0x1009;
  mf->num_blocks = 2;
  mf->blocks = calloc(2, sizeof *mf->blocks);
  mf->blocks[0] = (struct ss_mcode_block){0x1000, 0x1008, 0, 3, 0, 0, 0,
                                          NULL, NULL, 0, 0, 0, 0};
  mf->blocks[1] = (struct ss_mcode_block){0x1008, 0x1009, 3, 1, 1, 1, 1,
                                          NULL, NULL, 0, 0, 0, 0};
  mf->blocks[0].succ = calloc(1, sizeof *mf->blocks[0].succ);
  mf->blocks[0].succ[0] = 1;
  mf->blocks[0].num_succ = 1;
}

static int same_function(const struct ss_mcode_function *a,
                         const struct ss_mcode_function *b) {
  if (a->num_insns != b->num_insns || a->num_blocks != b->num_blocks)
    return 0;
  for (size_t i = 0; i < a->num_insns; i++) {
    const struct ss_mcode_insn *x = &a->insns[i], *y = &b->insns[i];
    if (x->address != y->address || x->insn.size != y->insn.size ||
        x->insn.flow != y->insn.flow || x->insn.has_target != y->insn.has_target ||
        x->insn.target != y->insn.target ||
        strcmp(x->insn.text, y->insn.text) ||
        strcmp(x->insn.mnemonic, y->insn.mnemonic) ||
        x->insn.operands != y->insn.operands ||
        x->instrumentation != y->instrumentation || x->line != y->line ||
        (x->file == NULL) != (y->file == NULL) ||
        (x->file && strcmp(x->file, y->file)))
      return 0;
  }
  for (size_t k = 0; k < a->num_blocks; k++) {
    const struct ss_mcode_block *x = &a->blocks[k], *y = &b->blocks[k];
    if (x->start != y->start || x->end != y->end ||
        x->first_insn != y->first_insn || x->num_insns != y->num_insns ||
        x->marker != y->marker || x->entry_marker != y->entry_marker ||
        x->owner != y->owner || x->num_succ != y->num_succ ||
        x->indirect != y->indirect)
      return 0;
    for (uint32_t s = 0; s < x->num_succ; s++)
      if (x->succ[s] != y->succ[s])
        return 0;
  }
  return 1;
}

/* The cache files of the directory: how many, and the first's path. */
static int cache_files(char *first, size_t size) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while (d && (e = readdir(d)) != NULL)
    if (strstr(e->d_name, ".ssprof-cache") && !strstr(e->d_name, ".tmp.")) {
      if (n++ == 0 && first)
        snprintf(first, size, "%s/%s", dir, e->d_name);
    }
  if (d)
    closedir(d);
  return n;
}

static const uint64_t fkey[2] = {11, 12}, rkey[2] = {21, 22};

/* Keep a function, a region and the model's width under (id, cpu). */
static void fill(const uint8_t *id, const char *cpu) {
  struct ss_ideal_cache *c = ss_ideal_cache_open(dir, id, 20, cpu);
  struct ss_mcode_function mf;
  make_function(&mf);
  ss_ideal_cache_add_function(c, fkey, &mf);
  struct ss_cached_region r = {2.5, 1, 3};
  ss_ideal_cache_add_region(c, rkey, &r);
  ss_ideal_cache_set_model_width(c, 6);
  ss_ideal_cache_close(c);
  ss_mcode_release(&mf);
}

/* Are the entries `fill` kept there, as they were? */
static int kept(const uint8_t *id, const char *cpu) {
  struct ss_ideal_cache *c = ss_ideal_cache_open(dir, id, 20, cpu);
  struct ss_mcode_function mf, want;
  struct ss_cached_region r;
  make_function(&want);
  int ok = ss_ideal_cache_function(c, fkey, &mf);
  if (ok) {
    ok = same_function(&mf, &want);
    ss_mcode_release(&mf);
  }
  ok = ok && ss_ideal_cache_region(c, rkey, &r) && r.cycles == 2.5 &&
       r.modelled == 1 && r.rejected == 3 &&
       ss_ideal_cache_model_width(c) == 6;
  ss_ideal_cache_close(c);
  ss_mcode_release(&want);
  return ok;
}

/* Is nothing at all kept under (id, cpu): no function, no region, no
 * width?  (A damaged file must not give any entry back, right or
 * wrong.) */
static int nothing_kept(const uint8_t *id, const char *cpu) {
  struct ss_ideal_cache *c = ss_ideal_cache_open(dir, id, 20, cpu);
  struct ss_mcode_function mf;
  struct ss_cached_region r;
  int found = ss_ideal_cache_function(c, fkey, &mf);
  if (found)
    ss_mcode_release(&mf);
  found |= ss_ideal_cache_region(c, rkey, &r);
  found |= ss_ideal_cache_model_width(c) != 0;
  ss_ideal_cache_close(c);
  return !found;
}

static void test_round_trip(void) {
  CHECK(!kept(id_a, "skylake")); /* nothing yet */
  fill(id_a, "skylake");
  CHECK_I64(cache_files(NULL, 0), 1, "one file");
  CHECK(kept(id_a, "skylake"));
  /* every key part: a file of its own */
  CHECK(!kept(id_b, "skylake"));
  CHECK(!kept(id_a, "znver3"));
  setenv("SSPROF_LLVM_MCA", "/bin/true", 1); /* another llvm-mca */
  CHECK(!kept(id_a, "skylake"));
  unsetenv("SSPROF_LLVM_MCA");
  CHECK(kept(id_a, "skylake"));
  /* no directory or no build-id: no cache, and nothing breaks */
  CHECK(ss_ideal_cache_open(NULL, id_a, 20, "skylake") == NULL);
  CHECK(ss_ideal_cache_open(dir, id_a, 0, "skylake") == NULL);
  uint64_t k[2] = {1, 2};
  struct ss_mcode_function mf;
  CHECK(!ss_ideal_cache_function(NULL, k, &mf));
  ss_ideal_cache_close(NULL);
}

static uint8_t *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  uint8_t *buf = malloc(1 << 20);
  *size = fread(buf, 1, 1 << 20, f);
  fclose(f);
  return buf;
}

static void spit(const char *path, const uint8_t *data, size_t size) {
  FILE *f = fopen(path, "wb");
  fwrite(data, 1, size, f);
  fclose(f);
}

/* Any damage: ignored (nothing kept comes back), and the next close
 * leaves a valid file. */
static void test_damage(void) {
  char path[512];
  fill(id_a, "skylake");
  CHECK(cache_files(path, sizeof path) >= 1);
  size_t size;
  uint8_t *good = slurp(path, &size);
  CHECK(good != NULL && size > 100);
  int ignored = 0, tries = 0;
  for (size_t len = 0; good && len < size; len += 1 + len / 8) { /* cut */
    spit(path, good, len);
    tries++;
    ignored += nothing_kept(id_a, "skylake");
  }
  for (size_t at = 0; good && at < size; at += 7) { /* one byte changed */
    uint8_t *bad = malloc(size);
    memcpy(bad, good, size);
    bad[at] ^= 0x40;
    spit(path, bad, size);
    free(bad);
    tries++;
    ignored += nothing_kept(id_a, "skylake");
  }
  CHECK_I64(ignored, tries, "damaged files ignored");
  /* replaced: a valid, empty file; filled again, it keeps */
  fill(id_a, "skylake");
  CHECK(kept(id_a, "skylake"));
  /* another key's file under this name: its head differs */
  char other[512];
  fill(id_b, "skylake");
  DIR *d = opendir(dir);
  struct dirent *e;
  other[0] = 0;
  while (d && (e = readdir(d)) != NULL)
    if (strncmp(e->d_name, "090909", 6) == 0)
      snprintf(other, sizeof other, "%s/%s", dir, e->d_name);
  closedir(d);
  CHECK(other[0] != 0);
  if (other[0] && good) {
    size_t osize;
    uint8_t *foreign = slurp(other, &osize);
    spit(path, foreign, osize);
    free(foreign);
    CHECK(nothing_kept(id_a, "skylake"));
  }
  free(good);
}

/* Bytes that describe no function ss_mcode_cut could make are refused. */
static void test_decode_checks(void) {
  struct ss_mcode_function mf;
  make_function(&mf);
  mf.blocks[0].succ[0] = 7; /* no such block */
  struct ss_bytes_out o = {0};
  struct ss_mcode_files files = {NULL, NULL, NULL};
  mf.insns[0].file = mf.insns[1].file = mf.insns[3].file = NULL;
  ss_mcode_encode(&mf, &o, &files);
  struct ss_bytes_in in = {o.data, o.len, 0, 0};
  struct ss_mcode_function back;
  CHECK(ss_mcode_decode(&back, &in, &files) != 0);
  CHECK(back.num_insns == 0 && back.num_blocks == 0);
  free(o.data);
  /* out of order addresses */
  mf.blocks[0].succ[0] = 1;
  mf.insns[2].address = 0x900;
  memset(&o, 0, sizeof o);
  ss_mcode_encode(&mf, &o, &files);
  struct ss_bytes_in in2 = {o.data, o.len, 0, 0};
  CHECK(ss_mcode_decode(&back, &in2, &files) != 0);
  free(o.data);
  ss_mcode_release(&mf);
}

int main(void) {
  snprintf(dir, sizeof dir, "%s/ssprof-cache-test.XXXXXX",
           getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  if (!mkdtemp(dir)) {
    perror(dir);
    return 1;
  }
  test_round_trip();
  test_damage();
  test_decode_checks();
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0)
    fprintf(stderr, "cannot remove %s\n", dir);
  return check_finish("prof-ideal-cache-test");
}
