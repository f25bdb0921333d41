/* mcode_serial.c -- a cut function to bytes and back, for the cache of
 * ideal time; see mcode.h. */
#include "mcode.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

/* Smallest encoding of an instruction and of a block, for the counts
 * checked against what is left of the input. */
#define INSN_MIN_BYTES 35
#define BLOCK_MIN_BYTES 41

void ss_mcode_encode(const struct ss_mcode_function *mf,
                     struct ss_bytes_out *o,
                     const struct ss_mcode_files *files) {
  ss_out_u32(o, (uint32_t)mf->num_insns);
  for (size_t i = 0; i < mf->num_insns; i++) {
    const struct ss_mcode_insn *in = &mf->insns[i];
    ss_out_u64(o, in->address);
    ss_out_u32(o, in->insn.size);
    ss_out_u8(o, (uint8_t)in->insn.flow);
    ss_out_u8(o, (uint8_t)(in->insn.has_target ? 1 : 0));
    ss_out_u8(o, (uint8_t)(in->instrumentation ? 1 : 0));
    ss_out_u64(o, in->insn.target);
    ss_out_str(o, in->insn.text);
    ss_out_u32(o, in->file ? files->index(files->self, in->file)
                           : UINT32_MAX);
    ss_out_u32(o, in->line);
  }
  ss_out_u32(o, (uint32_t)mf->num_blocks);
  for (size_t b = 0; b < mf->num_blocks; b++) {
    const struct ss_mcode_block *blk = &mf->blocks[b];
    ss_out_u64(o, blk->start);
    ss_out_u64(o, blk->end);
    ss_out_u32(o, blk->first_insn);
    ss_out_u32(o, blk->num_insns);
    ss_out_u32(o, blk->marker);
    ss_out_u32(o, blk->entry_marker);
    ss_out_u32(o, blk->owner);
    ss_out_u8(o, (uint8_t)(blk->indirect ? 1 : 0));
    ss_out_u32(o, blk->num_succ);
    for (uint32_t k = 0; k < blk->num_succ; k++)
      ss_out_u32(o, blk->succ[k]);
  }
}

/* What the code that reads a cut function takes for granted: instructions
 * by address, each with a size and a text of its own length at most; the
 * blocks cover them in order, each starting at its first instruction;
 * successors are blocks of the function. */
static int well_formed(const struct ss_mcode_function *mf) {
  for (size_t i = 0; i < mf->num_insns; i++) {
    const struct ss_mcode_insn *in = &mf->insns[i];
    if (in->insn.size == 0 || in->insn.flow > SS_FLOW_STOP ||
        (i > 0 && in->address <= mf->insns[i - 1].address))
      return 0;
  }
  size_t next = 0;
  for (size_t b = 0; b < mf->num_blocks; b++) {
    const struct ss_mcode_block *blk = &mf->blocks[b];
    if (blk->first_insn != next || blk->num_insns == 0 ||
        blk->num_insns > mf->num_insns - next ||
        blk->start != mf->insns[next].address || blk->end <= blk->start)
      return 0;
    next += blk->num_insns;
    for (uint32_t k = 0; k < blk->num_succ; k++)
      if (blk->succ[k] >= mf->num_blocks)
        return 0;
  }
  return next == mf->num_insns;
}

int ss_mcode_decode(struct ss_mcode_function *mf, struct ss_bytes_in *in,
                    const struct ss_mcode_files *files) {
  memset(mf, 0, sizeof *mf);
  uint32_t n = ss_in_count(in, INSN_MIN_BYTES);
  mf->insns = ss_xcalloc((size_t)n + 1, sizeof *mf->insns);
  for (uint32_t i = 0; i < n && !in->failed; i++) {
    struct ss_mcode_insn *x = &mf->insns[i];
    x->address = ss_in_u64(in);
    x->insn.size = ss_in_u32(in);
    x->insn.flow = (enum ss_flow)ss_in_u8(in);
    x->insn.has_target = ss_in_u8(in);
    x->instrumentation = ss_in_u8(in);
    x->insn.target = ss_in_u64(in);
    uint32_t len = ss_in_u32(in);
    const uint8_t *text = ss_in_bytes(in, len);
    if (!text || len >= sizeof x->insn.text || memchr(text, 0, len)) {
      in->failed = 1;
      break;
    }
    char raw[sizeof x->insn.text];
    memcpy(raw, text, len);
    raw[len] = 0;
    ss_insn_set_text(&x->insn, raw); /* the same text: mnemonic, operands */
    uint32_t file = ss_in_u32(in);
    x->file = file == UINT32_MAX ? NULL : files->name(files->self, file);
    if (file != UINT32_MAX && !x->file)
      in->failed = 1;
    x->line = ss_in_u32(in);
    mf->num_insns = i + 1;
  }
  uint32_t nb = in->failed ? 0 : ss_in_count(in, BLOCK_MIN_BYTES);
  mf->blocks = ss_xcalloc((size_t)nb + 1, sizeof *mf->blocks);
  for (uint32_t b = 0; b < nb && !in->failed; b++) {
    struct ss_mcode_block *blk = &mf->blocks[b];
    blk->start = ss_in_u64(in);
    blk->end = ss_in_u64(in);
    blk->first_insn = ss_in_u32(in);
    blk->num_insns = ss_in_u32(in);
    blk->marker = ss_in_u32(in);
    blk->entry_marker = ss_in_u32(in);
    blk->owner = ss_in_u32(in);
    blk->indirect = ss_in_u8(in);
    blk->num_succ = ss_in_count(in, 4);
    blk->succ = ss_xcalloc((size_t)blk->num_succ + 1, sizeof *blk->succ);
    for (uint32_t k = 0; k < blk->num_succ; k++)
      blk->succ[k] = ss_in_u32(in);
    mf->num_blocks = b + 1;
  }
  if (in->failed || mf->num_insns != n || mf->num_blocks != nb ||
      !well_formed(mf)) {
    in->failed = 1;
    ss_mcode_release(mf);
    return -1;
  }
  return 0;
}
