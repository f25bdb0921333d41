/* test_hwc_events.c -- the seeds' counter table (common/hwc_events.c) as
 * libpfm4 encodes it, against encodings written down independently:
 *   generic  the kernel's ABI (linux/perf_event.h): PERF_TYPE_HARDWARE
 *            ids, and PERF_TYPE_HW_CACHE configs id | op << 8 | result << 16;
 *            software events by their PERF_COUNT_SW_* ids;
 *   intel    run with LIBPFM_FORCE_PMU=skl: raw configs umask << 8 | event
 *            from Intel's SDM vol. 3B, Skylake events (MEM_INST_RETIRED
 *            0xD0, FP_ARITH_INST_RETIRED 0xC7, L2_RQSTS 0x24);
 *   amd      run with LIBPFM_FORCE_PMU=amd64_fam19h_zen3: AMD's PPR for
 *            family 19h (LS_DISPATCH PMCx029, Retired SSE/AVX FLOPs
 *            PMCx003 with its four flop-kind bits).
 * And the counters without an x86 counterpart are refused with a reason. */
#include "hwc_events.h"
#include "hwc_resolve.h"

#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>

static int checks, failures;

static void expect(const char *spec, uint32_t type, uint64_t config) {
  struct ss_hwc_resolved r;
  char why[512];
  checks++;
  if (ss_hwc_resolve(spec, 0, &r, why, sizeof why) != 0) {
    failures++;
    fprintf(stderr, "FAIL: %s: %s\n", spec, why);
  } else if (r.type != type || r.config != config || !r.exclude_kernel) {
    failures++;
    fprintf(stderr, "FAIL: %s (%s): type %u config %#llx, want %u %#llx\n",
            spec, r.name, r.type, (unsigned long long)r.config, type,
            (unsigned long long)config);
  }
}

static void refused(const char *spec, const char *reason) {
  struct ss_hwc_resolved r;
  char why[512] = "";
  checks++;
  if (ss_hwc_resolve(spec, 0, &r, why, sizeof why) == 0 || !strstr(why, reason)) {
    failures++;
    fprintf(stderr, "FAIL: %s not refused for \"%s\": %s\n", spec, reason, why);
  }
}

static uint64_t cache(uint64_t id, uint64_t op, uint64_t result) {
  return id | op << 8 | result << 16;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "generic";
  if (strcmp(mode, "generic") == 0) {
    const uint32_t hw = PERF_TYPE_HARDWARE, hc = PERF_TYPE_HW_CACHE;
    expect("0", hw, PERF_COUNT_HW_CPU_CYCLES);
    expect("16", hw, PERF_COUNT_HW_CPU_CYCLES);
    expect("1", hw, PERF_COUNT_HW_INSTRUCTIONS);
    expect("15", hw, PERF_COUNT_HW_INSTRUCTIONS);
    expect("17", hw, PERF_COUNT_HW_INSTRUCTIONS);
    expect("6", hw, PERF_COUNT_HW_BRANCH_INSTRUCTIONS);
    expect("24", hw, PERF_COUNT_HW_BRANCH_MISSES);
    expect("9", hc, cache(PERF_COUNT_HW_CACHE_L1I, PERF_COUNT_HW_CACHE_OP_READ,
                          PERF_COUNT_HW_CACHE_RESULT_MISS));
    expect("25", hc, cache(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ,
                           PERF_COUNT_HW_CACHE_RESULT_MISS));
    expect("26", hc, cache(PERF_COUNT_HW_CACHE_LL, PERF_COUNT_HW_CACHE_OP_READ,
                           PERF_COUNT_HW_CACHE_RESULT_MISS));
    expect("23", hc, cache(PERF_COUNT_HW_CACHE_DTLB, PERF_COUNT_HW_CACHE_OP_READ,
                           PERF_COUNT_HW_CACHE_RESULT_MISS));
    /* perf's own names, as prof_hwc and ssperfex -e take them */
    expect("task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK);
    expect("cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK);
    expect("page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS);
    expect("context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES);
    expect("L1-dcache-load-misses", hc,
           cache(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ,
                 PERF_COUNT_HW_CACHE_RESULT_MISS));
    refused("5", "no store-conditional");
    refused("32", "not one of the seeds' 0-31");
    refused("no-such-event", "not an event libpfm4 knows");
  } else if (strcmp(mode, "intel") == 0) {
    expect("18", PERF_TYPE_RAW, 0x81d0); /* MEM_INST_RETIRED.ALL_LOADS */
    expect("2", PERF_TYPE_RAW, 0x81d0);
    expect("19", PERF_TYPE_RAW, 0x82d0); /* MEM_INST_RETIRED.ALL_STORES */
    expect("20", PERF_TYPE_RAW, 0x21d0); /* MEM_INST_RETIRED.LOCK_LOADS */
    /* FP_ARITH_INST_RETIRED: scalar double 0x01, single 0x02, 128-bit
     * double 0x04, single 0x08, 256-bit double 0x10, single 0x20 */
    expect("21", PERF_TYPE_RAW, 0x3fc7);
    expect("10", PERF_TYPE_RAW, 0x2424); /* L2_RQSTS.CODE_RD_MISS */
  } else if (strcmp(mode, "amd") == 0) {
    expect("18", PERF_TYPE_RAW, 0x129); /* LS_DISPATCH, load dispatch */
    expect("19", PERF_TYPE_RAW, 0x229); /* LS_DISPATCH, store dispatch */
    expect("21", PERF_TYPE_RAW, 0xf03); /* Retired SSE/AVX FLOPs, all kinds */
    refused("10", "none of the events it maps to");
  }
  printf("%s: %d checks, %d failed\n", mode, checks, failures);
  return failures != 0;
}
