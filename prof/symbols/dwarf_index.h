/*
 * dwarf_index.h -- finding the DWARF that describes a code address, fast
 * enough for thousands of distinct sampled addresses.
 *
 * libdw's own address lookup (dwarf_addrdie) needs .debug_aranges, which
 * clang does not emit, and dwarf_getscopes walks a whole compile unit per
 * address.  So each object's compile units are indexed by their address
 * ranges once, and each unit's functions by theirs the first time an
 * address falls in it; an address then costs a search and a walk of one
 * function's inline tree.
 */
#ifndef SSPROF_DWARF_INDEX_H
#define SSPROF_DWARF_INDEX_H

#include <elfutils/libdw.h>
#include <stddef.h>

struct ss_dwarf_index;

struct ss_dwarf_index *ss_dwarf_index_new(Dwarf *dw);
void ss_dwarf_index_free(struct ss_dwarf_index *ix);

/* The compile unit holding DWARF address `addr` in *cu, and the innermost
 * function (DW_TAG_subprogram with code) holding it in *function.
 * Returns 0 if neither is found, 1 if only the unit is (code with line
 * information but no function entry, e.g. assembly), 2 if both are. */
int ss_dwarf_index_lookup(struct ss_dwarf_index *ix, Dwarf_Addr addr,
                          Dwarf_Die *cu, Dwarf_Die *function);

/* The inlined instances (DW_TAG_inlined_subroutine) inside `function`
 * that hold `addr`, innermost first, in a growing array (*chain, *cap).
 * Returns how many. */
size_t ss_dwarf_inline_chain(Dwarf_Die *function, Dwarf_Addr addr,
                             Dwarf_Die **chain, size_t *cap);

/* The same chain from the function's inline tree, flattened and indexed
 * by address the first time (kept in `ix`): for many addresses of one
 * function (ideal time asks for every instruction), where walking the
 * tree each time costs its size (SQLite's interpreter inlines thousands
 * of calls).  Equal to ss_dwarf_inline_chain's where scopes nest as
 * DWARF says they do. */
size_t ss_dwarf_index_inline_chain(struct ss_dwarf_index *ix,
                                   Dwarf_Die *function, Dwarf_Addr addr,
                                   Dwarf_Die **chain, size_t *cap);

#endif
