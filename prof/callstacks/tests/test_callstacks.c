/*
 * test_callstacks.c -- what the call-stack layer keeps besides the sums
 * (SS_CS_STACKS: whole logical stacks, each group's stacks in order;
 * SS_CS_LEAVES: innermost addresses), on stacks added by hand to a
 * synthetic profile whose program /synth/prog is loaded at 0x200000000
 * (its code 0x1000-0x3000), with a symbolizer that knows three ranges of
 * link-time addresses:
 *   [0x1000, 0x1100)  leaf (a.c:10) inlined into work at a.c:20, the
 *                     inlined instance starting at 0x1000
 *   [0x1100, 0x1200)  work, a.c:22
 *   [0x1200, 0x1300)  main, a.c:30
 * and nothing else (0x2800 is "prog+0x2800").  Stacks, innermost first,
 * return addresses looked up at address - 1; weights {count, time}:
 *   group A (tag 7):  S1 0x1010 <- 0x1205  {1, 10}
 *                     S2 0x1150 <- 0x1205  {1, 10}
 *                     S3 = S1              {1, 10}
 *   group B (tag 9):  S4 0x1020 <- 0x1205  {1, 20}
 *                     S5 0x2800            {1, 5}
 * Worked out by hand:
 *   logical stacks, in the order first attributed (distinct raw stacks in
 *   the order first added: S1, S2, S4, S5):
 *     0: leaf:10 work:20 main:30  {3, 40}  (S1, S3, S4: two raw stacks)
 *     1: work:22 main:30          {1, 10}
 *     2: prog+0x2800:0            {1, 5}
 *   sequence: A = 0 1 0, B = 0 2
 *   leaves: 0x1010 leaf a.c:10 {2, 20}; 0x1020 leaf a.c:10 {1, 20};
 *     0x1150 work a.c:22 {1, 10}; 0x2800 prog+0x2800 "":0 {1, 5}; by
 *     function id (leaf, work, main, prog+0x2800: the order of first
 *     symbolization), then address
 *   work: exclusive {1, 10}, inclusive {4, 50}
 * A second build adds one stack with a return address innermost (a
 * wrapper's caller: leaf_is_return): 0x1206, looked up at 0x1205 (main),
 * its leaf kept with is_return set and its own address.
 */
#include "check.h"

#include "callstacks.h"
#include "test_support.h"

#include <string.h>

#define PROG 0x200000000ull

static const struct ss_sym_frame inlined[2] = {
    {"leaf", "a.c", 5, "a.c", 10, 0},
    {"work", "a.c", 15, "a.c", 20, 0x1000}};
static const struct ss_sym_frame work = {"work", "a.c", 15, "a.c", 22, 0};
static const struct ss_sym_frame main_frame = {"main", "a.c", 25, "a.c", 30,
                                               0};

static void *open_module(void *self, const char *path, const uint8_t *id,
                         uint32_t id_len, enum ss_module_status *status,
                         char *why, size_t why_size) {
  (void)self, (void)id, (void)id_len, (void)why, (void)why_size;
  *status = SS_MODULE_OK;
  return (void *)path;
}

static size_t lookup(void *self, void *module, uint64_t vaddr,
                     const struct ss_sym_frame **frames) {
  (void)self, (void)module;
  if (vaddr >= 0x1000 && vaddr < 0x1100) {
    *frames = inlined;
    return 2;
  }
  if (vaddr >= 0x1100 && vaddr < 0x1200) {
    *frames = &work;
    return 1;
  }
  if (vaddr >= 0x1200 && vaddr < 0x1300) {
    *frames = &main_frame;
    return 1;
  }
  return 0;
}

static void destroy(void *self) { (void)self; }

static const struct ss_symbolizer_ops ops = {open_module, lookup, destroy,
                                             NULL};

/* Stack `a`, `depth` addresses of the program, as the records hold them. */
static void add(struct ss_cs_builder *b, const uint64_t *a, uint32_t depth,
                int leaf_is_return, uint64_t count, uint64_t ns) {
  uint8_t raw[8 * 4];
  for (uint32_t i = 0; i < depth; i++) {
    uint64_t v = PROG + a[i];
    for (int k = 0; k < 8; k++)
      raw[8 * i + k] = (uint8_t)(v >> (8 * k));
  }
  uint64_t w[2] = {count, ns};
  ss_callstacks_add(b, 0, raw, depth, leaf_is_return, w);
}

static const char *name_of(const struct ss_callstacks *cs, uint32_t fn) {
  return fn < cs->num_functions ? cs->functions[fn].name : "?";
}

/* "leaf:10 work:20 main:30" of stack `s`. */
static const char *frames_text(const struct ss_callstacks *cs, size_t s,
                               char *buf, size_t size) {
  size_t used = 0;
  buf[0] = 0;
  const struct ss_cs_stack *st = &cs->stacks[s];
  for (uint32_t k = 0; k < st->depth && used < size; k++) {
    const struct ss_cs_frame *fr = &cs->stack_frames[st->first_frame + k];
    used += (size_t)snprintf(buf + used, size - used, "%s%s:%u",
                             k ? " " : "", name_of(cs, fr->function),
                             fr->line);
  }
  return buf;
}

static void build(struct ss_callstacks *cs, const struct ss_profile *p,
                  uint32_t flags) {
  static struct ss_symbolizer symbolizer = {&ops, NULL};
  struct ss_cs_builder *b = ss_callstacks_begin(p, &symbolizer, 2, flags,
                                                "samples");
  static const uint64_t s1[] = {0x1010, 0x1205}, s2[] = {0x1150, 0x1205},
                        s4[] = {0x1020, 0x1205}, s5[] = {0x2800};
  ss_callstacks_begin_group(b, 0, 7);
  add(b, s1, 2, 0, 1, 10);
  add(b, s2, 2, 0, 1, 10);
  add(b, s1, 2, 0, 1, 10);
  ss_callstacks_begin_group(b, 0, 9);
  add(b, s4, 2, 0, 1, 20);
  add(b, s5, 1, 0, 1, 5);
  ss_callstacks_finish(b, cs, 1);
}

static void check_stacks(const struct ss_callstacks *cs) {
  char text[128];
  CHECK_I64(cs->num_stacks, 3, "distinct logical stacks");
  if (cs->num_stacks == 3) {
    CHECK(strcmp(frames_text(cs, 0, text, sizeof text),
                 "leaf:10 work:20 main:30") == 0);
    CHECK_I64(cs->stacks[0].w[0], 3, "stack 0's count (two raw stacks)");
    CHECK_I64(cs->stacks[0].w[1], 40, "stack 0's time");
    CHECK(strcmp(frames_text(cs, 1, text, sizeof text),
                 "work:22 main:30") == 0);
    CHECK_I64(cs->stacks[1].w[1], 10, "stack 1's time");
    CHECK(strcmp(frames_text(cs, 2, text, sizeof text),
                 "prog+0x2800:0") == 0);
    CHECK_I64(cs->stacks[2].w[0], 1, "stack 2's count");
  }
  CHECK_I64(cs->num_stack_frames, 6, "frames of the distinct stacks");
  CHECK_I64(cs->num_groups, 2, "groups");
  CHECK_I64(cs->num_sequence, 5, "stacks added");
  if (cs->num_groups == 2 && cs->num_sequence == 5) {
    CHECK(cs->groups[0].file == 0 && cs->groups[0].tag == 7 &&
          cs->groups[0].first == 0 && cs->groups[0].num == 3);
    CHECK(cs->groups[1].tag == 9 && cs->groups[1].first == 3 &&
          cs->groups[1].num == 2);
    static const uint32_t expected[5] = {0, 1, 0, 0, 2};
    CHECK(memcmp(cs->sequence, expected, sizeof expected) == 0);
  }
}

static void check_leaves(const struct ss_callstacks *cs) {
  CHECK_I64(cs->num_leaves, 4, "distinct innermost addresses");
  if (cs->num_leaves != 4)
    return;
  static const struct {
    uint64_t vaddr;
    const char *function, *file;
    uint32_t line;
    uint64_t count, ns;
  } expected[4] = {{0x1010, "leaf", "a.c", 10, 2, 20},
                   {0x1020, "leaf", "a.c", 10, 1, 20},
                   {0x1150, "work", "a.c", 22, 1, 10},
                   {0x2800, "prog+0x2800", "", 0, 1, 5}};
  for (int i = 0; i < 4; i++) {
    const struct ss_cs_leaf *l = &cs->leaves[i];
    CHECK_I64(l->vaddr, expected[i].vaddr, "leaf address, in order");
    CHECK(strcmp(name_of(cs, l->function), expected[i].function) == 0);
    CHECK(strcmp(l->path, "/synth/prog") == 0);
    CHECK(strcmp(l->file, expected[i].file) == 0);
    CHECK_I64(l->line, expected[i].line, "leaf line");
    CHECK(!l->is_return);
    CHECK_I64(l->w[0], expected[i].count, "leaf count");
    CHECK_I64(l->w[1], expected[i].ns, "leaf time");
  }
}

/* The sums stay what they are whatever is kept. */
static void check_sums(const struct ss_callstacks *cs) {
  const struct ss_cs_function *w = NULL;
  for (uint32_t i = 0; i < cs->num_functions; i++)
    if (strcmp(cs->functions[i].name, "work") == 0)
      w = &cs->functions[i];
  CHECK(w != NULL);
  if (w) {
    CHECK_I64(w->excl[0], 1, "work's exclusive count");
    CHECK_I64(w->excl[1], 10, "work's exclusive time");
    CHECK_I64(w->incl[0], 4, "work's inclusive count");
    CHECK_I64(w->incl[1], 50, "work's inclusive time");
  }
}

static void check_return_leaf(const struct ss_profile *p) {
  static struct ss_symbolizer symbolizer = {&ops, NULL};
  struct ss_cs_builder *b = ss_callstacks_begin(p, &symbolizer, 2,
                                                SS_CS_STACKS | SS_CS_LEAVES,
                                                "events");
  static const uint64_t call[] = {0x1206};
  add(b, call, 1, 1, 1, 100); /* no group begun: one of tag 0 */
  struct ss_callstacks cs;
  ss_callstacks_finish(b, &cs, 0);
  CHECK_I64(cs.num_groups, 1, "an implicit group");
  CHECK(cs.num_groups == 1 && cs.groups[0].tag == 0 && cs.groups[0].num == 1);
  CHECK_I64(cs.num_leaves, 1, "the call's leaf");
  if (cs.num_leaves == 1) {
    CHECK(cs.leaves[0].is_return);
    CHECK_I64(cs.leaves[0].vaddr, 0x1206, "the return address itself");
    CHECK(strcmp(name_of(&cs, cs.leaves[0].function), "main") == 0);
    CHECK_I64(cs.leaves[0].line, 30, "the caller's line");
  }
  ss_callstacks_release(&cs);
}

int main(void) {
  struct synth_options o;
  synth_default_options(&o);
  synth_set_sampling(&o, "usertime");
  struct ss_expfile *f = parse_synth(&o, "prog.usertime.m4242");
  CHECK(f != NULL);
  if (!f)
    return check_finish("prof-callstacks-test");
  struct ss_profile p;
  struct ss_err err;
  const char *bad = NULL;
  CHECK(ss_profile_merge(&p, &f, 1, &err, &bad) == 0);

  struct ss_callstacks cs;
  build(&cs, &p, SS_CS_STACKS | SS_CS_LEAVES);
  check_stacks(&cs);
  check_leaves(&cs);
  check_sums(&cs);
  ss_callstacks_release(&cs);

  /* Nothing kept unless asked for; the sums the same. */
  build(&cs, &p, 0);
  CHECK(cs.num_stacks == 0 && cs.num_groups == 0 && cs.num_sequence == 0 &&
        cs.num_leaves == 0 && cs.sequence == NULL);
  check_sums(&cs);
  ss_callstacks_release(&cs);

  check_return_leaf(&p);
  ss_profile_release(&p);
  ss_expfile_free(f);
  return check_finish("prof-callstacks-test");
}
