/*
 * pseudo_probes.h -- decode an object's .pseudo_probe table, where LLVM's
 * code generator records the address of every pseudo probe, the pass's
 * block markers among them (pass/MachineCodeMap.h).
 *
 * The table (llvm/MC/MCPseudoProbe.h) is a sequence of function records:
 *   GUID u64, NPROBES uleb, NUM_INLINED uleb,
 *   NPROBES x { INDEX uleb, byte TYPE:4 | ATTRIBUTES:3 << 4 | DELTA:1 << 7,
 *               address: sleb delta from the previous probe if DELTA, else
 *               u64 (a code address; for a sentinel probe the MD5 of a
 *               function's symbol name),
 *               DISCRIMINATOR uleb if ATTRIBUTES has HasDiscriminator },
 *   NUM_INLINED x { call-site probe index uleb, function record }.
 * In a linked object the tables of all input objects follow each other.
 * Up to LLVM 16 each input table starts with an absolute address (a
 * relocation) and every probe after it counts from the probe before it,
 * across function records.  From LLVM 17 on, each function record starts
 * with a sentinel probe naming the function by the MD5 of its symbol name
 * and the probes after it count from the function's start: the table has
 * no address at all, and the reader gets the start elsewhere (the
 * experiment file's function addresses, for the pass's markers).
 */
#ifndef SSPROF_PSEUDO_PROBES_H
#define SSPROF_PSEUDO_PROBES_H

#include "mcode.h"

#include <stddef.h>
#include <stdint.h>

/* Append the block probes of the table at `bytes` to *markers (grown with
 * ss_xrealloc); those after a sentinel have from_start set and an address
 * that is an offset from their function's start.  Probes whose function
 * the linker dropped (address 0) are left out.  Returns 0, or -1 if the
 * table is malformed. */
int ss_pseudo_probes_decode(const uint8_t *bytes, size_t size,
                            struct ss_block_marker **markers, size_t *num,
                            size_t *cap);

#endif
