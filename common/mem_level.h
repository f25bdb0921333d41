/* mem_level.h -- the memory level that served a sampled load, from the
 * kernel's perf_mem_data_src (linux/perf_event.h), for the ldlatency
 * experiment (enum ss_mem_level, ss/format.h).
 *
 * Rules (docs/ldlatency.md repeats them):
 *  - The level number (mem_lvl_num, kernels since 4.14) is read first:
 *    L1, LFB, L2; L3, L4 and "any cache" are the last-level cache; RAM is
 *    local memory; with mem_remote set, a cache or RAM level is REMOTE.
 *  - Otherwise the older mem_lvl bits: L1, LFB, L2, L3, LOC_RAM; the
 *    REM_RAM and REM_CCE bits are REMOTE.
 *  - A load the source marks as a MISS without a HIT names where it
 *    missed, not what served it: OTHER, as I/O, uncached, PMEM and a
 *    source of 0 or PERF_MEM_LVL_NA are.
 */
#ifndef SS_COMMON_MEM_LEVEL_H
#define SS_COMMON_MEM_LEVEL_H

#include <stdint.h>

/* enum ss_mem_level of a perf_mem_data_src value. */
uint32_t ss_mem_level_of(uint64_t data_src);

/* "L1", "LFB", "L2", "L3", "DRAM", "remote", "other"; "?" otherwise. */
const char *ss_mem_level_name(uint32_t level);

#endif
