/* hwc_events.c -- the seeds' counter table mapped to x86 events (see
 * hwc_events.h; the reasons for each row are in docs/hwc.md). */
#include "hwc_events.h"

#include <stddef.h>
#include <string.h>

#define NAMES(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NONE ((const char *const[]){NULL})

/* Generic names are libpfm4's perf:: events (the kernel picks the CPU's
 * own event for them); native names are Intel's (Skylake and later) and
 * AMD's (Zen), the ones the kernel has no generic event for. */
static const char *const cycles[] = {"perf::PERF_COUNT_HW_CPU_CYCLES", NULL};
static const char *const instructions[] = {"perf::PERF_COUNT_HW_INSTRUCTIONS",
                                           NULL};
static const char *const loads[] = {"MEM_INST_RETIRED:ALL_LOADS",
                                    "LS_DISPATCH:LD_DISPATCH", NULL};
static const char *const stores[] = {"MEM_INST_RETIRED:ALL_STORES",
                                     "LS_DISPATCH:STORE_DISPATCH", NULL};

static const struct ss_hwc_counter table[SS_HWC_NUM_COUNTERS] = {
    {"Cycles", cycles, NULL},
    {"Issued instructions", instructions, NULL},
    {"Issued loads", loads, NULL},
    {"Issued stores", stores, NULL},
    {"Issued store conditionals", NAMES("MEM_INST_RETIRED:LOCK_LOADS"), NULL},
    {"Failed store conditionals", NONE,
     "x86 has no store-conditional instructions, so none fail"},
    {"Decoded branches", NAMES("perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS"), NULL},
    {"Quadwords written back from secondary cache", NONE,
     "no portable x86 event counts L2 write-backs"},
    {"Correctable secondary cache data array ECC errors", NONE,
     "x86 reports ECC errors through machine checks, not counters"},
    {"Primary instruction-cache misses",
     NAMES("perf::PERF_COUNT_HW_CACHE_L1I:READ:MISS"), NULL},
    {"Secondary instruction-cache misses", NAMES("L2_RQSTS:CODE_RD_MISS"), NULL},
    {"Instruction misprediction from secondary cache way prediction table",
     NONE, "x86 caches have no way-prediction counter"},
    {"External interventions", NONE, "no portable x86 snoop counter"},
    {"External invalidations", NONE, "no portable x86 snoop counter"},
    {"Virtual coherency conditions", NONE, "x86 caches have none"},
    {"Graduated instructions", instructions, NULL},
    {"Cycles", cycles, NULL},
    {"Graduated instructions", instructions, NULL},
    {"Graduated loads", loads, NULL},
    {"Graduated stores", stores, NULL},
    {"Graduated store conditionals", NAMES("MEM_INST_RETIRED:LOCK_LOADS"), NULL},
    {"Graduated floating-point instructions",
     NAMES("FP_ARITH:SCALAR_DOUBLE:SCALAR_SINGLE:128B_PACKED_DOUBLE:"
           "128B_PACKED_SINGLE:256B_PACKED_DOUBLE:256B_PACKED_SINGLE",
           "RETIRED_SSE_AVX_FLOPS:ANY"),
     NULL},
    {"Quadwords written back from primary data cache", NONE,
     "no portable x86 event counts L1 write-backs"},
    {"TLB misses", NAMES("perf::PERF_COUNT_HW_CACHE_DTLB:READ:MISS"), NULL},
    {"Mispredicted branches", NAMES("perf::PERF_COUNT_HW_BRANCH_MISSES"), NULL},
    {"Primary data cache misses", NAMES("perf::PERF_COUNT_HW_CACHE_L1D:READ:MISS"),
     NULL},
    {"Secondary data cache misses",
     NAMES("perf::PERF_COUNT_HW_CACHE_LL:READ:MISS"), NULL},
    {"Data misprediction from secondary cache way prediction table", NONE,
     "x86 caches have no way-prediction counter"},
    {"External intervention hits in secondary cache", NONE,
     "no portable x86 snoop counter"},
    {"External invalidation hits in secondary cache", NONE,
     "no portable x86 snoop counter"},
    {"Store/prefetch exclusive to clean block in secondary cache", NONE,
     "no portable x86 counter for coherence-state upgrades"},
    {"Store/prefetch exclusive to shared block in secondary cache", NONE,
     "no portable x86 counter for coherence-state upgrades"},
};

const struct ss_hwc_counter *ss_hwc_counter(unsigned n) {
  return n < SS_HWC_NUM_COUNTERS ? &table[n] : NULL;
}

int ss_hwc_is_clock_event(const char *name) {
  return strstr(name, "TASK_CLOCK") || strstr(name, "CPU_CLOCK") ||
         strstr(name, "task-clock") || strstr(name, "cpu-clock");
}
