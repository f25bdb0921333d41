/* machine_blocks.c -- cut a function's machine code into blocks and count
 * them; see mcode.h. */
#include "mcode.h"

#include "base.h"
#include "instrumentation_code.h"
#include "jump_tables.h"
#include "ss/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static int is_instrumentation_row(const struct ss_line_row *row) {
  static const char name[] = SS_INSTRUMENTATION_FILE;
  size_t n = strlen(row->file), m = sizeof name - 1;
  return row->line != 0 && n >= m && strcmp(row->file + n - m, name) == 0 &&
         (n == m || row->file[n - m - 1] == '/');
}

static int by_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static int ends_block(enum ss_flow flow) {
  return flow != SS_FLOW_NEXT && flow != SS_FLOW_CALL;
}

static void disassemble(struct ss_mcode_function *mf, struct ss_disasm *d,
                        const struct ss_elf_code *code, const uint8_t *bytes,
                        uint64_t start, uint64_t end) {
  size_t cap = 0;
  for (uint64_t a = start; a < end;) {
    SS_GROW(mf->insns, cap, mf->num_insns);
    struct ss_mcode_insn *in = &mf->insns[mf->num_insns++];
    memset(in, 0, sizeof *in);
    in->address = a;
    ss_disasm_one(d, bytes + (a - start), end - a, a, &in->insn);
    if (in->insn.size == 0) { /* not code: a trap as far as flow goes */
      in->insn.size = 1;
      in->insn.flow = SS_FLOW_STOP;
      ss_insn_set_text(&in->insn, "(bad)");
    }
    const struct ss_line_row *row = ss_elf_code_row(code, a);
    if (row) {
      in->file = row->file;
      in->line = row->line;
      in->instrumentation = is_instrumentation_row(row);
    }
    a += in->insn.size;
  }
}

/* The instruction or block starting at `*key` (bsearch comparators: both
 * arrays are sorted by address and start with it). */
static int by_address_key(const void *key, const void *element) {
  uint64_t a = *(const uint64_t *)key, b = *(const uint64_t *)element;
  return a < b ? -1 : a > b;
}

size_t ss_mcode_insn_at(const struct ss_mcode_function *mf, uint64_t address) {
  const struct ss_mcode_insn *in = ss_search(&address, mf->insns, mf->num_insns,
                                           sizeof *in, by_address_key);
  return in ? (size_t)(in - mf->insns) : SIZE_MAX;
}

uint32_t ss_mcode_block_at(const struct ss_mcode_function *mf,
                           uint64_t address) {
  const struct ss_mcode_block *b = ss_search(
      &address, mf->blocks, mf->num_blocks, sizeof *b, by_address_key);
  return b ? (uint32_t)(b - mf->blocks) : SS_MB_NONE;
}

static void add_successor(struct ss_mcode_block *b, uint32_t s,
                          size_t *cap) {
  if (s == SS_MB_NONE)
    return;
  for (uint32_t i = 0; i < b->num_succ; i++)
    if (b->succ[i] == s)
      return;
  SS_GROW(b->succ, *cap, b->num_succ);
  b->succ[b->num_succ++] = s;
}

/* Jump-table targets of the function, per table jump instruction. */
struct tables {
  size_t *jump;       /* instruction index of each table jump */
  uint64_t **targets;
  size_t *num_targets;
  size_t num, cap;
};

static void find_tables(struct tables *t, const struct ss_mcode_function *mf,
                        const struct ss_elf_code *code, uint64_t start,
                        uint64_t end) {
  size_t cap_t = 0, cap_n = 0;
  for (size_t i = 0; i < mf->num_insns; i++) {
    if (mf->insns[i].insn.flow != SS_FLOW_INDIRECT)
      continue;
    uint64_t *targets;
    size_t n = ss_jump_table_targets(mf->insns, i, code, start, end,
                                     &targets);
    if (n == 0) {
      free(targets);
      continue;
    }
    SS_GROW(t->jump, t->cap, t->num);
    SS_GROW(t->targets, cap_t, t->num);
    SS_GROW(t->num_targets, cap_n, t->num);
    t->jump[t->num] = i;
    t->targets[t->num] = targets;
    t->num_targets[t->num++] = n;
  }
}

static void free_tables(struct tables *t) {
  for (size_t i = 0; i < t->num; i++)
    free(t->targets[i]);
  free(t->jump);
  free(t->targets);
  free(t->num_targets);
}

/* jumps_leave: an indirect jump not through a table known here is a tail
 * call (SS_FUNC_JUMPS_LEAVE), else it may go anywhere in the function. */
static void link_blocks(struct ss_mcode_function *mf, uint64_t start,
                        uint64_t end, const struct tables *tables,
                        int jumps_leave) {
  for (size_t i = 0; i < mf->num_blocks; i++) {
    struct ss_mcode_block *b = &mf->blocks[i];
    size_t cap = 0;
    const struct ss_insn *last = &mf->insns[b->first_insn + b->num_insns - 1]
                                      .insn;
    uint32_t next = i + 1 < mf->num_blocks ? (uint32_t)(i + 1) : SS_MB_NONE;
    /* A branch to the function's own entry is the instrumentation's
     * restart after a thread's first call, or a tail call to itself: a
     * new call, not flow inside this one. */
    int inside = last->has_target && last->target > start &&
                 last->target < end;
    switch (last->flow) {
    case SS_FLOW_COND_BRANCH:
      if (inside)
        add_successor(b, ss_mcode_block_at(mf, last->target), &cap);
      add_successor(b, next, &cap);
      break;
    case SS_FLOW_JUMP:
      if (inside)
        add_successor(b, ss_mcode_block_at(mf, last->target), &cap);
      break;
    case SS_FLOW_INDIRECT: {
      size_t t = 0, jump = b->first_insn + b->num_insns - 1;
      while (t < tables->num && tables->jump[t] != jump)
        t++;
      b->indirect = t == tables->num && !jumps_leave;
      for (size_t k = 0; t < tables->num && k < tables->num_targets[t]; k++)
        add_successor(b, ss_mcode_block_at(mf, tables->targets[t][k]), &cap);
      break;
    }
    case SS_FLOW_RETURN:
    case SS_FLOW_STOP:
      break;
    default:
      add_successor(b, next, &cap);
    }
  }
}

/* A probe that a jump follows in the middle of a straight-line run, with
 * no call before it in the run: what the code generator leaves of a block
 * whose code it merged with another block's identical tail (the branch
 * folder passes over probes when it compares tails).  The probe stays in
 * front of a jump to the shared tail, which other paths enter without
 * passing the probe, so the block's count says nothing about the jump
 * alone; the jump runs as often as the run it ends, whose block it stays
 * in. */
static int left_by_tail_merge(const struct ss_mcode_function *mf,
                              uint64_t run_start, uint64_t probe) {
  size_t at = ss_mcode_insn_at(mf, probe), first = ss_mcode_insn_at(mf, run_start);
  if (at == SIZE_MAX || first == SIZE_MAX ||
      mf->insns[at].insn.flow != SS_FLOW_JUMP)
    return 0;
  for (size_t i = first; i < at; i++)
    if (mf->insns[i].insn.flow == SS_FLOW_CALL)
      return 0;
  return 1;
}

static int by_address_then_seq(const void *a, const void *b) {
  const struct ss_block_marker *x = a, *y = b;
  if (x->address != y->address)
    return x->address < y->address ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Where each marker starts a block, given the sorted control-flow leaders
 * (entry, targets, after transfers).  A probe marks its block's place but
 * not its first instruction: the code generator may schedule some of the
 * block's instructions (a counter update, an address computation) above
 * it.  So the first marker of a straight-line run takes the run from its
 * start; a later marker in the same run starts a block of its own, added
 * to the leaders, except on a lone jump (left_by_tail_merge).  Sorts
 * `placed` by address and sets each marker's address to where its block
 * starts (a marker left out keeps an address inside a block). */
static void place_markers(const struct ss_mcode_function *mf,
                          struct ss_block_marker *placed, size_t num_markers,
                          uint64_t **leaders, size_t *num_leaders,
                          size_t *cap) {
  ss_sort(placed, num_markers, sizeof *placed, by_address_then_seq);
  size_t num_cf = *num_leaders, run = SIZE_MAX;
  uint64_t last_address = 0;
  for (size_t i = 0; i < num_markers; i++) {
    uint64_t a = placed[i].address;
    size_t lo = 0, hi = num_cf; /* the last control-flow leader <= a */
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if ((*leaders)[mid] <= a)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo == 0)
      continue; /* before the entry: not this function's */
    if (lo - 1 != run) {
      run = lo - 1;
      last_address = a;
      placed[i].address = (*leaders)[run];
    } else if (a == last_address) {
      placed[i].address = placed[i - 1].address; /* same place, same block */
    } else if (left_by_tail_merge(mf, (*leaders)[run], a)) {
      continue;
    } else {
      last_address = a;
      SS_GROW(*leaders, *cap, *num_leaders);
      (*leaders)[(*num_leaders)++] = a;
    }
  }
  ss_sort(*leaders, *num_leaders, sizeof **leaders, by_u64);
}

/* Sort the leaders, keeping each once, and only those on instruction
 * boundaries. */
static void sort_leaders(const struct ss_mcode_function *mf,
                         uint64_t *leaders, size_t *num_leaders) {
  ss_sort(leaders, *num_leaders, sizeof *leaders, by_u64);
  size_t kept = 0;
  for (size_t l = 0; l < *num_leaders; l++)
    if ((kept == 0 || leaders[l] != leaders[kept - 1]) &&
        ss_mcode_insn_at(mf, leaders[l]) != SIZE_MAX)
      leaders[kept++] = leaders[l];
  *num_leaders = kept;
}

static int marked(struct ss_marker_facts marks, uint32_t id, unsigned flag) {
  return marks.flags && id < marks.num_ids && (marks.flags[id] & flag);
}

static int is_leader(const uint64_t *leaders, size_t num_leaders,
                     uint64_t address) {
  return ss_search(&address, leaders, num_leaders, sizeof *leaders,
                 by_address_key) != NULL;
}

/* Index of the instruction right after the call that code at instruction
 * i follows in its straight-line run (i itself, or back over a few
 * instructions: the code generator may put some of the block's
 * instructions, the copy of the call's result say, above its marker), or
 * SIZE_MAX when no call comes before i in its run. */
static size_t after_call_before(const struct ss_mcode_function *mf, size_t i,
                                const uint64_t *leaders, size_t num_leaders) {
  for (;; i--) {
    if (i == 0)
      return SIZE_MAX;
    const struct ss_insn *before = &mf->insns[i - 1].insn;
    if (before->flow == SS_FLOW_CALL)
      return i;
    if (before->flow != SS_FLOW_NEXT ||
        is_leader(leaders, num_leaders, mf->insns[i].address))
      return SIZE_MAX;
  }
}

/* Index of the instruction after the n-th call (from 1) of the program's
 * in the straight-line run from instruction i on, or SIZE_MAX. */
static size_t after_nth_call(const struct ss_mcode_function *mf, size_t i,
                             uint32_t n, const uint64_t *leaders,
                             size_t num_leaders) {
  for (size_t k = i; k + 1 < mf->num_insns; k++) {
    const struct ss_mcode_insn *in = &mf->insns[k];
    if (k > i && is_leader(leaders, num_leaders, in->address))
      return SIZE_MAX;
    if (in->insn.flow == SS_FLOW_CALL && !in->instrumentation && --n == 0)
      return k + 1;
    if (in->insn.flow != SS_FLOW_NEXT && in->insn.flow != SS_FLOW_CALL)
      return SIZE_MAX;
  }
  return SIZE_MAX;
}

/* Code entered right after a call that may not return there (the block a
 * call returns to, a landing pad the unwinder enters after a throw) starts
 * a block right after that call.  `markers` is sorted by address, then
 * emission order; control-flow leaders are sorted on entry, new ones are
 * appended.
 *  - A marker found after the call, perhaps past a few of its block's
 *    instructions (after_call_before): the block starts after the call.
 *  - A marker found above the call: the instruction selector schedules a
 *    pseudo probe, which depends on nothing, ahead of the calls of its IR
 *    block, so the markers of the blocks after a block's calls may all
 *    land at its start.  In emission order, each such marker at one place
 *    belongs after the next of the program's calls from there on, and
 *    moves there: else its block would share the count of the block before
 *    the call, which is higher by the calls that never returned. */
static void add_after_call_leaders(const struct ss_mcode_function *mf,
                                   struct ss_block_marker *markers,
                                   size_t num_markers,
                                   struct ss_marker_facts marks,
                                   uint64_t **leaders, size_t *num_leaders,
                                   size_t *cap) {
  size_t sorted = *num_leaders;
  uint64_t place = 0;
  int seen_here = 0;   /* an after-call marker at `place` was handled */
  uint32_t passed = 0; /* calls from `place` on that markers moved past */
  for (size_t m = 0; m < num_markers; m++) {
    size_t i = marked(marks, markers[m].block, SS_MARK_AFTER_CALL)
                   ? ss_mcode_insn_at(mf, markers[m].address)
                   : SIZE_MAX;
    if (i == SIZE_MAX)
      continue;
    size_t start = SIZE_MAX;
    if (!seen_here || markers[m].address != place) {
      place = markers[m].address;
      seen_here = 1;
      passed = 0;
      start = after_call_before(mf, i, *leaders, sorted);
    }
    if (start == SIZE_MAX) { /* above its call */
      start = after_nth_call(mf, i, ++passed, *leaders, sorted);
      if (start == SIZE_MAX)
        continue;
      markers[m].address = mf->insns[start].address;
    }
    SS_GROW(*leaders, *cap, *num_leaders);
    (*leaders)[(*num_leaders)++] = mf->insns[start].address;
  }
}

int ss_mcode_cut(struct ss_mcode_function *mf, struct ss_disasm *d,
                 const struct ss_elf_code *code, uint64_t start, uint64_t end,
                 const struct ss_block_marker *markers, size_t num_markers,
                 struct ss_marker_facts marks, unsigned function_flags,
                 char *why, size_t why_size) {
  memset(mf, 0, sizeof *mf);
  const uint8_t *bytes = end > start ? ss_elf_code_bytes(code, start,
                                                         end - start)
                                     : NULL;
  if (!bytes) {
    snprintf(why, why_size, "no code at 0x%llx..0x%llx",
             (unsigned long long)start, (unsigned long long)end);
    return -1;
  }
  disassemble(mf, d, code, bytes, start, end);

  /* Leaders: entry, branch targets, after control transfers; then the
   * markers (place_markers). */
  size_t num_leaders = 0, cap = 0;
  uint64_t *leaders = NULL;
  SS_GROW(leaders, cap, num_leaders);
  leaders[num_leaders++] = start;
  for (size_t i = 0; i < mf->num_insns; i++) {
    const struct ss_mcode_insn *in = &mf->insns[i];
    uint64_t t = in->insn.target;
    if (in->insn.has_target && t > start && t < end &&
        (in->insn.flow == SS_FLOW_COND_BRANCH ||
         in->insn.flow == SS_FLOW_JUMP)) {
      SS_GROW(leaders, cap, num_leaders);
      leaders[num_leaders++] = t;
    }
    if (ends_block(in->insn.flow) && in->address + in->insn.size < end) {
      SS_GROW(leaders, cap, num_leaders);
      leaders[num_leaders++] = in->address + in->insn.size;
    }
  }
  struct tables tables = {0};
  find_tables(&tables, mf, code, start, end);
  for (size_t t = 0; t < tables.num; t++)
    for (size_t k = 0; k < tables.num_targets[t]; k++) {
      SS_GROW(leaders, cap, num_leaders);
      leaders[num_leaders++] = tables.targets[t][k];
    }
  sort_leaders(mf, leaders, &num_leaders);
  /* The markers, sorted, then moved where their blocks start. */
  struct ss_block_marker *placed =
      ss_xcalloc(num_markers + 1, sizeof *placed);
  memcpy(placed, markers, num_markers * sizeof *placed);
  ss_sort(placed, num_markers, sizeof *placed, by_address_then_seq);
  add_after_call_leaders(mf, placed, num_markers, marks, &leaders,
                         &num_leaders, &cap);
  sort_leaders(mf, leaders, &num_leaders);
  place_markers(mf, placed, num_markers, &leaders, &num_leaders, &cap);

  size_t bcap = 0;
  for (size_t l = 0; l < num_leaders; l++) {
    size_t first = ss_mcode_insn_at(mf, leaders[l]);
    if (first == SIZE_MAX || (l > 0 && leaders[l] == leaders[l - 1]))
      continue;
    SS_GROW(mf->blocks, bcap, mf->num_blocks);
    struct ss_mcode_block *b = &mf->blocks[mf->num_blocks++];
    memset(b, 0, sizeof *b);
    b->start = leaders[l];
    b->first_insn = (uint32_t)first;
    b->marker = b->entry_marker = b->owner = SS_MB_NONE;
  }
  free(leaders);
  for (size_t i = 0; i < mf->num_blocks; i++) {
    struct ss_mcode_block *b = &mf->blocks[i];
    size_t last = i + 1 < mf->num_blocks ? mf->blocks[i + 1].first_insn
                                         : mf->num_insns;
    b->num_insns = (uint32_t)(last - b->first_insn);
    b->end = i + 1 < mf->num_blocks ? mf->blocks[i + 1].start : end;
  }
  /* Several markers at one address: the code generator merged those
   * blocks (a block into its only predecessor, a return block into the
   * block before it); the block runs as often as the first is entered, and
   * ends as the last. */
  for (size_t i = 0; i < num_markers; i++) {
    uint32_t b = ss_mcode_block_at(mf, placed[i].address);
    if (b == SS_MB_NONE)
      continue;
    if (mf->blocks[b].marker == SS_MB_NONE)
      mf->blocks[b].entry_marker = placed[i].block;
    mf->blocks[b].marker = placed[i].block;
  }
  free(placed);
  ss_mcode_find_instrumentation(mf);
  uint32_t owner = SS_MB_NONE;
  for (size_t i = 0; i < mf->num_blocks; i++) {
    if (mf->blocks[i].marker != SS_MB_NONE)
      owner = mf->blocks[i].marker;
    mf->blocks[i].owner = owner;
  }
  link_blocks(mf, start, end, &tables, function_flags & SS_FUNC_JUMPS_LEAVE);
  free_tables(&tables);
  return 0;
}

/* ---- counting ---------------------------------------------------------- */

/* Solves of one function at most: each after the first distrusts at least
 * one more marker (distrust_copied_markers). */
#define MAX_SOLVES 8

/* set_at of an edge that the bounds of several blocks pinned together */
#define SET_BY_BOUNDS (SS_MB_NONE - 1)

struct edge_state { /* per successor of a block */
  int64_t *value;
  int *known;
  uint32_t *set_at; /* the block whose conservation gave it, SET_BY_BOUNDS,
                       or SS_MB_NONE (the flow graph's edge) */
  int64_t *lo, *hi; /* what flow allows it, while unknown (pin_by_bounds) */
};

struct pred {
  uint32_t block, slot;
};

struct counting {
  struct ss_mcode_function *mf;
  const struct ss_counted_function *cf;
  uint32_t *copies;  /* per counted block: blocks entered at its marker */
  uint32_t **copy_blocks; /* per counted block: those blocks */
  struct edge_state *edges;
  struct pred **preds;
  uint32_t *num_preds;
  int *known;
  int *distrusted;  /* its marker's count is not all this block's */
  int has_indirect;
  /* per block: the counted blocks whose code may run in it (find_owners) */
  uint32_t **owners;
  uint32_t *num_owners;
};

static int marker_counts(const struct counting *c, uint32_t block) {
  uint32_t m = c->mf->blocks[block].entry_marker;
  return m != SS_MB_NONE && m < c->cf->marks.num_ids && c->copies[m] == 1 &&
         c->cf->known[m] && !c->distrusted[block];
}

/* The counted blocks whose code may run in each block: a marked block's
 * own, and for an unmarked block every counted block whose marked block
 * reaches it without passing another marker (a split edge, the second
 * test of a condition the code generator split in two, a join inside one
 * counted block's code, or code several counted blocks share). */
static void find_owners(struct counting *c) {
  struct ss_mcode_function *mf = c->mf;
  size_t nb = mf->num_blocks;
  uint32_t *stack = ss_xcalloc(nb + 1, sizeof *stack);
  uint32_t *seen = ss_xcalloc(nb + 1, sizeof *seen); /* visit stamp */
  size_t *cap = ss_xcalloc(nb + 1, sizeof *cap);
  for (uint32_t m = 0; m < nb; m++) {
    uint32_t owner = mf->blocks[m].marker;
    if (owner == SS_MB_NONE)
      continue;
    size_t top = 0;
    stack[top++] = m;
    seen[m] = m + 1;
    while (top > 0) {
      uint32_t b = stack[--top];
      SS_GROW(c->owners[b], cap[b], c->num_owners[b]);
      c->owners[b][c->num_owners[b]++] = owner;
      for (uint32_t k = 0; k < mf->blocks[b].num_succ; k++) {
        uint32_t s = mf->blocks[b].succ[k];
        if (seen[s] != m + 1 && mf->blocks[s].marker == SS_MB_NONE) {
          seen[s] = m + 1;
          stack[top++] = s;
        }
      }
    }
  }
  free(stack);
  free(seen);
  free(cap);
}

static int owned_by(const struct counting *c, uint32_t b, uint32_t owner) {
  for (uint32_t i = 0; i < c->num_owners[b]; i++)
    if (c->owners[b][i] == owner)
      return 1;
  return 0;
}

/* In-edges from code owned by `a` into the machine blocks that start
 * counted block `b` (one, or the copies the code generator made), other
 * than edge `skip` of block `skip_block`. */
static uint32_t edges_from(const struct counting *c, uint32_t a, uint32_t b,
                           uint32_t skip_block, uint32_t skip) {
  uint32_t n = 0;
  for (uint32_t k = 0; k < c->copies[b]; k++) {
    uint32_t d = c->copy_blocks[b][k];
    for (uint32_t i = 0; i < c->num_preds[d]; i++)
      n += !(d == skip_block && i == skip) &&
           owned_by(c, c->preds[d][i].block, a);
  }
  return n;
}

/* Of the edges into the machine blocks of counted block b (one, or the
 * copies the code generator made), the only one out of code that counted
 * block a may run in, when a is that code's only owner, carries the count
 * of the flow-graph edge a -> b. */
static void edges_from_flow_graph(struct counting *c) {
  struct ss_mcode_function *mf = c->mf;
  if (c->has_indirect)
    return; /* edges we cannot see */
  for (uint32_t d = 0; d < mf->num_blocks; d++) {
    const struct ss_mcode_block *blk = &mf->blocks[d];
    if (blk->entry_marker >= c->cf->num_blocks || c->distrusted[d])
      continue;
    for (uint32_t i = 0; i < c->num_preds[d]; i++) {
      struct pred p = c->preds[d][i];
      if (c->num_owners[p.block] != 1 || c->edges[p.block].known[p.slot])
        continue;
      uint32_t a = c->owners[p.block][0];
      int64_t count;
      if (edges_from(c, a, blk->entry_marker, d, i) == 0 &&
          c->cf->edge(c->cf->ctx, a, blk->entry_marker, &count)) {
        c->edges[p.block].value[p.slot] = count;
        c->edges[p.block].known[p.slot] = 1;
        c->edges[p.block].set_at[p.slot] = SS_MB_NONE;
      }
    }
  }
}

/* Sums and differences of counts, held at the ends of int64_t: a damaged
 * file's counts (near 2^63, which no run reaches) give wrong counts, never
 * an overflow. */
static int64_t sat_add(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_add_overflow(a, b, &r) ? (b > 0 ? INT64_MAX : INT64_MIN) : r;
}

static int64_t sat_sub(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_sub_overflow(a, b, &r) ? (b < 0 ? INT64_MAX : INT64_MIN) : r;
}

/* Edge k out of block b is v, by conservation at block `at`. */
static int set_edge(struct counting *c, uint32_t b, uint32_t k, int64_t v,
                    uint32_t at) {
  if (c->edges[b].known[k])
    return 0;
  c->edges[b].value[k] = v;
  c->edges[b].known[k] = 1;
  c->edges[b].set_at[k] = at;
  return 1;
}

/* The sum of the unknown edges into block b from code that only counted
 * block `a` runs in, when b is the one machine block of its counted block
 * and a's code reaches b by no other edge: together they carry the flow
 * graph's edge a -> b, less the known ones.  Several such edges come from
 * one test the code generator split in two (a floating-point compare's
 * `jne` and `jp` to one place): each alone stays unknown, their sum is
 * known.  Returns 0 where that does not hold. */
static int unknown_from(const struct counting *c, uint32_t b, uint32_t a,
                        int64_t *sum) {
  uint32_t counted = c->mf->blocks[b].entry_marker;
  if (c->has_indirect || counted >= c->cf->num_blocks ||
      c->copies[counted] != 1 ||
      !c->cf->edge(c->cf->ctx, a, counted, sum))
    return 0;
  for (uint32_t i = 0; i < c->num_preds[b]; i++) {
    struct pred p = c->preds[b][i];
    if (!owned_by(c, p.block, a))
      continue;
    if (c->num_owners[p.block] != 1)
      return 0;
    if (c->edges[p.block].known[p.slot] &&
        __builtin_sub_overflow(*sum, c->edges[p.block].value[p.slot], sum))
      return 0; /* counts no run makes (a damaged file): not known */
  }
  return 1;
}

/* The one counted block whose code may run in `block`, or SS_MB_NONE. */
static uint32_t sole_owner(const struct counting *c, uint32_t block) {
  return c->num_owners[block] == 1 ? c->owners[block][0] : SS_MB_NONE;
}

/* The flow into block b: the sum of its known in-edges, and of the groups
 * of unknown ones unknown_from knows, in *in; returns how many stay
 * unknown, the last of them in *slot.  A sum beyond 64 bits (counts no
 * run makes: a damaged file) counts as two unknowns: nothing follows. */
static uint32_t flow_in(const struct counting *c, uint32_t b, int64_t *in,
                        uint32_t *slot) {
  uint32_t unknown = 0;
  *in = 0;
  for (uint32_t i = 0; i < c->num_preds[b]; i++) {
    struct pred p = c->preds[b][i];
    if (c->edges[p.block].known[p.slot]) {
      if (__builtin_add_overflow(*in, c->edges[p.block].value[p.slot], in))
        return 2;
      continue;
    }
    /* The unknown edges out of the code only counted block a runs in,
     * and how many of them come before this one. */
    uint32_t a = sole_owner(c, p.block), group = 0, earlier = 0;
    for (uint32_t j = 0; a != SS_MB_NONE && j < c->num_preds[b]; j++) {
      struct pred q = c->preds[b][j];
      if (!c->edges[q.block].known[q.slot] && sole_owner(c, q.block) == a) {
        group++;
        earlier += j < i;
      }
    }
    int64_t sum;
    if (group > 1 && unknown_from(c, b, a, &sum)) {
      if (earlier == 0 && __builtin_add_overflow(*in, sum, in))
        return 2; /* the group's sum, once */
    } else {
      unknown++, *slot = i;
    }
  }
  return unknown;
}

/* One round of flow conservation; returns whether anything was learnt. */
static int propagate(struct counting *c) {
  struct ss_mcode_function *mf = c->mf;
  int changed = 0;
  for (uint32_t b = 0; b < mf->num_blocks; b++) {
    struct ss_mcode_block *blk = &mf->blocks[b];
    struct edge_state *e = &c->edges[b];
    /* Invisible predecessors: the caller (entry block) and, in a function
     * with a jump table, any block. */
    int all_preds_visible = b != 0 && !c->has_indirect;
    int64_t in, out = 0;
    uint32_t in_slot = 0, out_unknown = 0, out_slot = 0;
    uint32_t in_unknown = flow_in(c, b, &in, &in_slot);
    for (uint32_t k = 0; k < blk->num_succ; k++) {
      if (!e->known[k])
        out_unknown++, out_slot = k;
      else if (__builtin_add_overflow(out, e->value[k], &out))
        out_unknown += 2; /* beyond 64 bits (a damaged file): nothing follows */
    }
    if (!c->known[b]) {
      if (all_preds_visible && in_unknown == 0) { /* 0 if unreachable */
        blk->count = in;
      } else if (!blk->indirect && blk->num_succ > 0 && out_unknown == 0) {
        blk->count = out;
      } else {
        continue;
      }
      c->known[b] = 1;
      changed = 1;
    }
    int64_t rest;
    if (!blk->indirect && out_unknown == 1 &&
        !__builtin_sub_overflow(blk->count, out, &rest))
      changed |= set_edge(c, b, out_slot, rest, b);
    if (all_preds_visible && in_unknown == 1 &&
        !__builtin_sub_overflow(blk->count, in, &rest)) {
      struct pred p = c->preds[b][in_slot];
      changed |= set_edge(c, p.block, p.slot, rest, b);
    }
  }
  return changed;
}

/* ---- bounds ---------------------------------------------------------- */

/* Where conservation alone stops (two unknown edges at every block that
 * could tell them), that counts are never negative still may: an edge out
 * of a block that ran 20 times carries at most 20, and if it and another
 * edge of at most 19,980 are a block's only way in and it ran 20,000
 * times, both are full (SQLite's minmaxStep: the two paths to its body
 * pinned its shared epilogue).  Each edge gets bounds [lo, hi], from 0
 * and no limit, narrowed at every block by the sum its edges on each side
 * must have, until nothing changes; an edge whose bounds meet is known. */
#define UNBOUNDED INT64_MAX
#define MAX_BOUND_ROUNDS 64

struct side { /* the edges on one side of a block */
  uint32_t n;
  int64_t **lo, **hi;
};

static void out_side(const struct counting *c, uint32_t b, struct side *s) {
  s->n = c->mf->blocks[b].num_succ;
  for (uint32_t k = 0; k < s->n; k++) {
    s->lo[k] = &c->edges[b].lo[k];
    s->hi[k] = &c->edges[b].hi[k];
  }
}

static void in_side(const struct counting *c, uint32_t b, struct side *s) {
  s->n = c->num_preds[b];
  for (uint32_t i = 0; i < s->n; i++) {
    struct pred p = c->preds[b][i];
    s->lo[i] = &c->edges[p.block].lo[p.slot];
    s->hi[i] = &c->edges[p.block].hi[p.slot];
  }
}

static int64_t side_lo(const struct side *s) {
  int64_t sum = 0;
  for (uint32_t i = 0; i < s->n; i++)
    sum = sat_add(sum, *s->lo[i]);
  return sum;
}

/* The sum of the bounded upper bounds; *unbounded: how many have none. */
static int64_t side_hi(const struct side *s, uint32_t *unbounded) {
  int64_t sum = 0;
  *unbounded = 0;
  for (uint32_t i = 0; i < s->n; i++) {
    if (*s->hi[i] == UNBOUNDED)
      ++*unbounded;
    else
      sum = sat_add(sum, *s->hi[i]);
  }
  return sum;
}

/* The most the edges of `s` carry together. */
static int64_t side_most(const struct side *s) {
  uint32_t unbounded;
  int64_t sum = side_hi(s, &unbounded);
  return unbounded ? UNBOUNDED : sum;
}

/* Narrows the edges of `s`, whose sum lies in [want_lo, want_hi]: each is
 * at most want_hi less the others' least, at least want_lo less the
 * others' most.  Returns 1 if any changed, 0 if none, -1 when the bounds
 * contradict (the counts do not all hold together). */
static int narrow(const struct side *s, int64_t want_lo, int64_t want_hi) {
  uint32_t unbounded;
  int64_t sum_lo = side_lo(s), sum_hi = side_hi(s, &unbounded);
  int changed = 0;
  for (uint32_t i = 0; i < s->n; i++) {
    int64_t lo = *s->lo[i], hi = *s->hi[i];
    int64_t others_lo = sat_sub(sum_lo, lo);
    if (want_hi != UNBOUNDED && sat_sub(want_hi, others_lo) < hi)
      *s->hi[i] = sat_sub(want_hi, others_lo), changed = 1;
    if (unbounded == (hi == UNBOUNDED)) { /* the others all bounded */
      int64_t others_hi = sat_sub(sum_hi, hi == UNBOUNDED ? 0 : hi);
      if (sat_sub(want_lo, others_hi) > lo)
        *s->lo[i] = sat_sub(want_lo, others_hi), changed = 1;
    }
    if (*s->lo[i] > *s->hi[i])
      return -1;
  }
  return changed;
}

/* One round over every block; returns as narrow does. */
static int narrow_round(struct counting *c, struct side *in,
                        struct side *out) {
  int changed = 0;
  for (uint32_t b = 0; b < c->mf->num_blocks; b++) {
    const struct ss_mcode_block *blk = &c->mf->blocks[b];
    int in_visible = b != 0 && !c->has_indirect; /* as in propagate */
    int out_visible = !blk->indirect && blk->num_succ > 0;
    in_side(c, b, in);
    out_side(c, b, out);
    int r = 0, r2 = 0;
    if (c->known[b]) {
      if (blk->count < 0)
        continue;
      if (out_visible)
        r = narrow(out, blk->count, blk->count);
      if (in_visible && r >= 0)
        r2 = narrow(in, blk->count, blk->count);
    } else if (in_visible && out_visible) { /* in = out */
      r = narrow(out, side_lo(in), side_most(in));
      if (r >= 0)
        r2 = narrow(in, side_lo(out), side_most(out));
    }
    if (r < 0 || r2 < 0)
      return -1;
    changed |= r | r2;
  }
  return changed;
}

/* Gives every unknown edge whose bounds meet its count; returns whether
 * there was any. */
static int pin_by_bounds(struct counting *c) {
  struct ss_mcode_function *mf = c->mf;
  uint32_t widest = 0, unknown = 0;
  for (uint32_t b = 0; b < mf->num_blocks; b++) {
    const struct edge_state *e = &c->edges[b];
    for (uint32_t k = 0; k < mf->blocks[b].num_succ; k++) {
      if (e->known[k] && e->value[k] < 0)
        return 0; /* flow already contradicts itself here */
      unknown += !e->known[k];
      e->lo[k] = e->known[k] ? e->value[k] : 0;
      e->hi[k] = e->known[k] ? e->value[k] : UNBOUNDED;
    }
    if (mf->blocks[b].num_succ > widest)
      widest = mf->blocks[b].num_succ;
    if (c->num_preds[b] > widest)
      widest = c->num_preds[b];
  }
  if (unknown == 0) /* most functions: conservation gave every edge */
    return 0;
  struct side in = {0, ss_xcalloc(widest + 1, sizeof(int64_t *)),
                    ss_xcalloc(widest + 1, sizeof(int64_t *))};
  struct side out = {0, ss_xcalloc(widest + 1, sizeof(int64_t *)),
                     ss_xcalloc(widest + 1, sizeof(int64_t *))};
  int r = 1;
  for (int round = 0; round < MAX_BOUND_ROUNDS && r > 0; round++)
    r = narrow_round(c, &in, &out);
  free(in.lo), free(in.hi), free(out.lo), free(out.hi);
  if (r < 0)
    return 0;
  int pinned = 0;
  for (uint32_t b = 0; b < mf->num_blocks; b++) {
    const struct edge_state *e = &c->edges[b];
    for (uint32_t k = 0; k < mf->blocks[b].num_succ; k++)
      if (!e->known[k] && e->lo[k] == e->hi[k])
        pinned |= set_edge(c, b, k, e->lo[k], SET_BY_BOUNDS);
  }
  return pinned;
}

/* Every execution of a counted block passes the marker of exactly one of
 * its copies: when all copies but one are known, that one is the rest. */
static int complete_copies(struct counting *c) {
  int changed = 0;
  for (uint32_t m = 0; m < c->cf->marks.num_ids; m++) {
    if (c->copies[m] < 2 || !c->cf->known[m])
      continue;
    int64_t rest = c->cf->count[m];
    uint32_t unknown = 0, last = 0;
    for (uint32_t k = 0; k < c->copies[m]; k++) {
      uint32_t b = c->copy_blocks[m][k];
      if (c->known[b])
        rest = sat_sub(rest, c->mf->blocks[b].count);
      else
        unknown++, last = b;
    }
    if (unknown == 1) {
      c->mf->blocks[last].count = rest;
      c->known[last] = 1;
      changed = 1;
    }
  }
  return changed;
}

/* What flow says at least ran through a block whose count stays unknown:
 * the larger of its known incoming and outgoing edges (a lower bound, as
 * ideal time is), but no more than the counted block it belongs to (the
 * counts of calls that did not return make some derived edges wrong). */
static int64_t lower_bound(const struct counting *c, uint32_t b) {
  uint32_t owner = c->mf->blocks[b].owner;
  int64_t most = owner < c->cf->marks.num_ids && c->cf->known[owner]
                     ? c->cf->count[owner]
                     : 0;
  int64_t in = 0, out = 0;
  for (uint32_t i = 0; i < c->num_preds[b]; i++) {
    struct pred p = c->preds[b][i];
    if (c->edges[p.block].known[p.slot] && c->edges[p.block].value[p.slot] > 0)
      in = sat_add(in, c->edges[p.block].value[p.slot]);
  }
  for (uint32_t k = 0; k < c->mf->blocks[b].num_succ; k++)
    if (c->edges[b].known[k] && c->edges[b].value[k] > 0)
      out = sat_add(out, c->edges[b].value[k]);
  int64_t least = in > out ? in : out;
  return least < most ? least : most;
}

/* A return block's marker counts the executions of the copies of its
 * return the code generator made without the marker too: flow decides
 * first, and what it leaves open takes the marker's count. */
static int marker_waits_for_flow(const struct counting *c, uint32_t b) {
  return b != 0 &&
         marked(c->cf->marks, c->mf->blocks[b].entry_marker, SS_MARK_RETURN);
}

/* Counts from the markers, then from flow, from scratch. */
static void solve(struct counting *c, uint32_t *deferred) {
  struct ss_mcode_function *mf = c->mf;
  const struct ss_counted_function *cf = c->cf;
  size_t nb = mf->num_blocks;
  for (size_t b = 0; b < nb; b++) {
    mf->blocks[b].count = 0;
    c->known[b] = 0;
    for (uint32_t k = 0; k < mf->blocks[b].num_succ; k++) {
      c->edges[b].known[k] = 0;
      c->edges[b].value[k] = 0;
      c->edges[b].set_at[k] = SS_MB_NONE;
    }
  }
  uint32_t num_deferred = 0;
  for (uint32_t b = 0; b < nb; b++) {
    struct ss_mcode_block *blk = &mf->blocks[b];
    if (marker_counts(c, b)) {
      if (marker_waits_for_flow(c, b)) {
        deferred[num_deferred++] = b;
        continue;
      }
      blk->count = cf->count[blk->entry_marker];
      c->known[b] = 1;
    } else if (b == 0 && blk->marker == SS_MB_NONE) {
      blk->count = cf->calls; /* entered once per call */
      c->known[b] = 1;
    }
  }
  if (c->known[0]) /* and once per restart */
    mf->blocks[0].count = sat_add(mf->blocks[0].count, cf->restarts);
  edges_from_flow_graph(c);
  for (int more = 1; more;) {
    while (propagate(c) | complete_copies(c))
      ;
    more = pin_by_bounds(c);
    if (more)
      continue;
    for (uint32_t i = 0; i < num_deferred; i++) {
      uint32_t b = deferred[i];
      if (c->known[b])
        continue;
      mf->blocks[b].count = cf->count[mf->blocks[b].entry_marker];
      c->known[b] = 1;
      more = 1;
    }
  }
}

/* A block counted by its marker into which, by edges that flow gave
 * without its own count, less ran than the marker says: the code generator
 * copied the marked block's code elsewhere without the marker (SQLite's
 * OP_Rowid: the code after `if (pC->nullRow)` merged into a tail other
 * opcodes share, the marker left with the copy on the path never taken).
 * Such a block's count is then flow's, not its marker's; returns whether
 * any was found, to solve again. */
static int distrust_copied_markers(struct counting *c) {
  if (c->has_indirect)
    return 0;
  int found = 0;
  for (uint32_t b = 1; b < c->mf->num_blocks; b++) {
    /* counted by its marker from the start (not a return block's
     * marker, which only takes what flow left open) */
    if (!marker_counts(c, b) || marker_waits_for_flow(c, b) ||
        c->num_preds[b] == 0)
      continue;
    int64_t in = 0;
    uint32_t i = 0;
    for (; i < c->num_preds[b]; i++) {
      struct pred p = c->preds[b][i];
      const struct edge_state *e = &c->edges[p.block];
      if (!e->known[p.slot] || e->set_at[p.slot] == b ||
          e->set_at[p.slot] == SET_BY_BOUNDS || e->value[p.slot] < 0)
        break;
      in = sat_add(in, e->value[p.slot]);
    }
    if (i == c->num_preds[b] && in < c->mf->blocks[b].count) {
      c->distrusted[b] = 1;
      found = 1;
    }
  }
  return found;
}

void ss_mcode_count(struct ss_mcode_function *mf,
                    const struct ss_counted_function *cf) {
  size_t nb = mf->num_blocks;
  if (nb == 0)
    return;
  struct counting c = {.mf = mf, .cf = cf};
  c.copies = ss_xcalloc(cf->marks.num_ids + 1, sizeof *c.copies);
  c.edges = ss_xcalloc(nb, sizeof *c.edges);
  c.preds = ss_xcalloc(nb, sizeof *c.preds);
  c.num_preds = ss_xcalloc(nb, sizeof *c.num_preds);
  c.known = ss_xcalloc(nb, sizeof *c.known);
  c.distrusted = ss_xcalloc(nb, sizeof *c.distrusted);
  c.owners = ss_xcalloc(nb, sizeof *c.owners);
  c.num_owners = ss_xcalloc(nb, sizeof *c.num_owners);
  for (size_t b = 0; b < nb; b++) {
    const struct ss_mcode_block *blk = &mf->blocks[b];
    if (blk->entry_marker < cf->marks.num_ids)
      c.copies[blk->entry_marker]++;
    c.has_indirect |= blk->indirect;
    c.edges[b].value = ss_xcalloc(blk->num_succ + 1, sizeof(int64_t));
    c.edges[b].known = ss_xcalloc(blk->num_succ + 1, sizeof(int));
    c.edges[b].set_at = ss_xcalloc(blk->num_succ + 1, sizeof(uint32_t));
    c.edges[b].lo = ss_xcalloc(blk->num_succ + 1, sizeof(int64_t));
    c.edges[b].hi = ss_xcalloc(blk->num_succ + 1, sizeof(int64_t));
    for (uint32_t k = 0; k < blk->num_succ; k++)
      c.num_preds[blk->succ[k]]++;
  }
  for (size_t b = 0; b < nb; b++)
    c.preds[b] = ss_xcalloc(c.num_preds[b] + 1, sizeof **c.preds);
  c.copy_blocks = ss_xcalloc(cf->marks.num_ids + 1, sizeof *c.copy_blocks);
  for (uint32_t k = 0; k < cf->marks.num_ids; k++)
    c.copy_blocks[k] = ss_xcalloc(c.copies[k] + 1, sizeof **c.copy_blocks);
  uint32_t *filled = ss_xcalloc(cf->marks.num_ids + 1, sizeof *filled);
  for (uint32_t b = 0; b < nb; b++) {
    uint32_t m = mf->blocks[b].entry_marker;
    if (m < cf->marks.num_ids)
      c.copy_blocks[m][filled[m]++] = b;
  }
  free(filled);
  memset(c.num_preds, 0, nb * sizeof *c.num_preds);
  for (uint32_t b = 0; b < nb; b++)
    for (uint32_t k = 0; k < mf->blocks[b].num_succ; k++) {
      uint32_t s = mf->blocks[b].succ[k];
      c.preds[s][c.num_preds[s]++] = (struct pred){b, k};
    }

  find_owners(&c);
  uint32_t *deferred = ss_xcalloc(nb + 1, sizeof *deferred);
  for (int round = 0; round < MAX_SOLVES; round++) {
    solve(&c, deferred);
    if (!distrust_copied_markers(&c))
      break;
  }
  free(deferred);
  for (uint32_t b = 0; b < nb; b++) {
    struct ss_mcode_block *blk = &mf->blocks[b];
    blk->exact = c.known[b] && blk->count >= 0;
    if (!blk->exact)
      blk->count = lower_bound(&c, b);
    blk->succ_count = ss_xcalloc(blk->num_succ + 1, sizeof *blk->succ_count);
    for (uint32_t k = 0; k < blk->num_succ; k++)
      blk->succ_count[k] = c.edges[b].known[k] && c.edges[b].value[k] >= 0
                               ? c.edges[b].value[k]
                               : -1;
  }
  /* Only now: lower_bound reads the edges of a block's predecessors. */
  for (uint32_t b = 0; b < nb; b++) {
    free(c.preds[b]);
    free(c.owners[b]);
    free(c.edges[b].value);
    free(c.edges[b].known);
    free(c.edges[b].set_at);
    free(c.edges[b].lo);
    free(c.edges[b].hi);
  }
  free(c.preds);
  free(c.owners);
  free(c.num_owners);
  free(c.num_preds);
  free(c.known);
  free(c.distrusted);
  free(c.edges);
  for (uint32_t k = 0; k < cf->marks.num_ids; k++)
    free(c.copy_blocks[k]);
  free(c.copy_blocks);
  free(c.copies);
}

void ss_mcode_release(struct ss_mcode_function *mf) {
  for (size_t b = 0; b < mf->num_blocks; b++) {
    free(mf->blocks[b].succ);
    free(mf->blocks[b].succ_count);
  }
  free(mf->insns);
  free(mf->blocks);
  memset(mf, 0, sizeof *mf);
}
