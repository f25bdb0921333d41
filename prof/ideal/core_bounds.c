/* core_bounds.c -- the limits of real cores, and the least cycles a
 * region needs on one; see core_bounds.h. */
#include "core_bounds.h"

#include "macro_fusion.h"
#include "mcode.h"

#include <string.h>

/* Per core: fused micro-ops renamed (allocated to the out-of-order
 * engine) per cycle, loads, stores, and loads and stores together per
 * cycle (the address generators they share), from the vendors' manuals:
 *   Intel 64 and IA-32 Architectures Optimization Reference Manual
 *   (order 248966), chapter 2, the section of each microarchitecture;
 *   AMD Software Optimization Guides for family 17h (Zen, pub. 55723;
 *   Zen 2, 56305) and family 19h (Zen 3, 56665), chapter 2.
 * Where a manual gives a range the larger number is taken: a bound must
 * not claim more than the core needs.  Zen's "macro-ops" are its fused
 * operations; its dispatch width, 6, is also what it retires at most
 * in instructions. */
static const struct ss_ideal_core cores[] = {
    {"Sandy Bridge", "sandybridge corei7-avx ivybridge core-avx-i", 4, 2, 1,
     2,
     "Intel optimization manual (248966), Sandy Bridge: 4 micro-ops "
     "allocated a cycle; ports 2 and 3 load or make a store's address, "
     "port 4 stores"},
    {"Haswell", "haswell core-avx2 broadwell", 4, 2, 1, 3,
     "Intel optimization manual (248966), Haswell: 4 fused micro-ops "
     "renamed a cycle; loads on ports 2, 3; store data on port 4; "
     "addresses on 2, 3, 7"},
    {"Skylake", "skylake skylake-avx512 skx cascadelake cooperlake "
                "cannonlake",
     4, 2, 1, 3,
     "Intel optimization manual (248966), Skylake client and server: 4 "
     "fused micro-ops renamed a cycle; loads on ports 2, 3; store data on "
     "port 4; addresses on 2, 3, 7"},
    {"Sunny Cove", "icelake-client icelake-server tigerlake rocketlake", 5,
     2, 2, 4,
     "Intel optimization manual (248966), Ice Lake client (Sunny Cove; "
     "Willow Cove and Cypress Cove alike): 5 fused micro-ops allocated a "
     "cycle; loads on ports 2, 3; store data on 4, 9; store addresses on "
     "7, 8"},
    {"Golden Cove", "alderlake sapphirerapids", 6, 3, 2, 5,
     "Intel optimization manual (248966), Golden Cove: 6 fused micro-ops "
     "allocated a cycle; loads on ports 2, 3, 11; store data on 4, 9; "
     "store addresses on 7, 8"},
    {"Zen", "znver1", 6, 2, 1, 2,
     "AMD Software Optimization Guide for family 17h (55723): 6 macro-ops "
     "dispatched a cycle; 2 address generators: 2 loads, or a load and a "
     "store"},
    {"Zen 2", "znver2", 6, 2, 1, 3,
     "AMD Software Optimization Guide for family 17h models 30h+ (56305): "
     "6 macro-ops dispatched a cycle; 3 address generators: 2 loads and a "
     "store"},
    {"Zen 3", "znver3", 6, 3, 2, 3,
     "AMD Software Optimization Guide for family 19h (56665): 6 macro-ops "
     "dispatched a cycle; 3 address generators: 3 memory operations, at "
     "most 2 of them stores"},
};

/* Is `cpu` one of the space-separated names in `list`? */
static int names(const char *list, const char *cpu) {
  size_t n = strlen(cpu);
  for (const char *p = list; *p;) {
    size_t len = strcspn(p, " ");
    if (len == n && strncmp(p, cpu, n) == 0)
      return 1;
    p += len;
    while (*p == ' ')
      p++;
  }
  return 0;
}

const struct ss_ideal_core *ss_core_of(const char *cpu) {
  for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
    if (names(cores[i].cpus, cpu))
      return &cores[i];
  return NULL;
}

void ss_region_uops(const char *const *insns, size_t n,
                    struct ss_region_uops *u) {
  memset(u, 0, sizeof *u);
  for (size_t k = 0; k < n; k++) {
    struct ss_insn insn;
    memset(&insn, 0, sizeof insn);
    ss_insn_set_text(&insn, insns[k]);
    struct ss_insn_facts f;
    ss_insn_classify(&insn, &f);
    u->loads += (f.classes >> SS_IC_LOAD) & 1;
    u->stores += (f.classes >> SS_IC_STORE) & 1;
    /* A compare and the jump it fuses with are one micro-op (the jump
     * neither loads nor stores).  A move that renaming eliminates
     * (move_elimination.h) takes its slot like any other. */
    if (ss_macro_fuses(insns[k], k + 1 < n ? insns[k + 1] : ""))
      k++;
    u->fused += 1;
  }
}

double ss_core_bound(const struct ss_ideal_core *core,
                     const struct ss_region_uops *u, int *limit) {
  const double counts[SS_BOUND_COUNT] = {0, u->fused, u->loads, u->stores,
                                         u->loads + u->stores};
  const double rates[SS_BOUND_COUNT] = {0, core->rename_width, core->loads,
                                        core->stores, core->memory};
  double least = 0;
  *limit = SS_BOUND_MODEL;
  for (int b = SS_BOUND_RENAME; b < SS_BOUND_COUNT; b++)
    if (rates[b] > 0 && counts[b] / rates[b] > least) {
      least = counts[b] / rates[b];
      *limit = b;
    }
  return least;
}
