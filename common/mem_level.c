/* mem_level.c -- perf_mem_data_src to a memory level (see mem_level.h). */
#include "mem_level.h"

#include "ss/format.h"

#include <linux/perf_event.h>

#define FIELD(v, shift, bits) (((v) >> (shift)) & ((1ull << (bits)) - 1))

uint32_t ss_mem_level_of(uint64_t data_src) {
  uint64_t lvl = FIELD(data_src, PERF_MEM_LVL_SHIFT, 14);
  uint64_t num = FIELD(data_src, PERF_MEM_LVLNUM_SHIFT, 4);
  uint64_t remote = FIELD(data_src, PERF_MEM_REMOTE_SHIFT, 1);
  if ((lvl & PERF_MEM_LVL_MISS) && !(lvl & PERF_MEM_LVL_HIT))
    return SS_MEM_OTHER;
  if (num != 0 && num != PERF_MEM_LVLNUM_NA) {
    switch (num) {
    case PERF_MEM_LVLNUM_L1:
      return remote ? SS_MEM_REMOTE : SS_MEM_L1;
    case PERF_MEM_LVLNUM_LFB:
      return SS_MEM_LFB;
    case PERF_MEM_LVLNUM_L2:
      return remote ? SS_MEM_REMOTE : SS_MEM_L2;
    case PERF_MEM_LVLNUM_L3:
    case PERF_MEM_LVLNUM_L4:
    case PERF_MEM_LVLNUM_ANY_CACHE:
      return remote ? SS_MEM_REMOTE : SS_MEM_L3;
    case PERF_MEM_LVLNUM_RAM:
      return remote ? SS_MEM_REMOTE : SS_MEM_DRAM;
    default: /* PMEM, and numbers newer than this code */
      return SS_MEM_OTHER;
    }
  }
  if (lvl & PERF_MEM_LVL_L1)
    return SS_MEM_L1;
  if (lvl & PERF_MEM_LVL_LFB)
    return SS_MEM_LFB;
  if (lvl & PERF_MEM_LVL_L2)
    return SS_MEM_L2;
  if (lvl & PERF_MEM_LVL_L3)
    return SS_MEM_L3;
  if (lvl & PERF_MEM_LVL_LOC_RAM)
    return SS_MEM_DRAM;
  if (lvl & (PERF_MEM_LVL_REM_RAM1 | PERF_MEM_LVL_REM_RAM2 |
             PERF_MEM_LVL_REM_CCE1 | PERF_MEM_LVL_REM_CCE2))
    return SS_MEM_REMOTE;
  return SS_MEM_OTHER;
}

const char *ss_mem_level_name(uint32_t level) {
  static const char *const names[SS_MEM_LEVEL_LAST + 1] = {
      "?", "L1", "LFB", "L2", "L3", "DRAM", "remote", "other"};
  return level <= SS_MEM_LEVEL_LAST ? names[level] : "?";
}
