/* test_latency_bins.c -- DCPI's latency-bins file (latency_bins.h) and the
 * memory level of a perf_mem_data_src (mem_level.h).  The bins' expected
 * values are the seed's example file (004_, dcpildlatency FILES) read by
 * eye; the data_src values are written bit by bit from the layout in
 * linux/perf_event.h (mem_op bits 0-4, mem_lvl 5-18, mem_lvl_num 33-36,
 * mem_remote 37), not through its macros, which the code uses. */
#include "latency_bins.h"
#include "mem_level.h"
#include "ss/format.h"

#include <stdio.h>
#include <string.h>

static int failures, checks;

static void check(int ok, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "FAIL: %s\n", what);
  }
}

/* The seed's example, as the seed prints it (tabs and comments). */
static const char seed_file[] =
    "# Example Load Latency Bins\n\n# Entry format:\n# MIN   MAX    REP      "
    "NAME\n#\n# L1 (dcache)\n0\t10\t2\tD\n\n# L2 (scache)\n11\t20\t7\tS\n\n"
    "# L3 (bcache)\n21\t50\t35\tB\n\n# (memory)\n51\t70\t60\tM1\n"
    "71\t90\t80\tM1\n91\t110\t100\tM1\n111\t130\t120\tM2\n131\t150\t140\tM2\n"
    "151\t170\t160\tM2\n171\t190\t180\tM2\n191\t210\t200\tM2\n";

static void check_error(const char *text, const char *expected) {
  struct ss_latency_bins b;
  char why[200] = "";
  int r = ss_latency_bins_parse(text, &b, why, sizeof why);
  char what[400];
  snprintf(what, sizeof what, "\"%s\" refused with \"%s\" (got %d \"%s\")",
           text, expected, r, why);
  check(r == -1 && strcmp(why, expected) == 0, what);
}

static void bins(void) {
  struct ss_latency_bins def, parsed;
  ss_latency_bins_default(&def);
  char why[200];
  check(ss_latency_bins_parse(seed_file, &parsed, why, sizeof why) == 0,
        "the seed's file parses");
  check(parsed.num == 11 && def.num == 11, "11 bins");
  check(memcmp(&def, &parsed, sizeof def) == 0,
        "the default bins are the seed's file");
  check(parsed.bin[3].min == 51 && parsed.bin[3].max == 70 &&
            parsed.bin[3].rep == 60 && strcmp(parsed.bin[3].name, "M1") == 0,
        "line 51 70 60 M1");
  static const struct {
    uint64_t latency;
    int bin;
  } at[] = {{0, 0},  {10, 0},  {11, 1},  {20, 1},  {21, 2},  {50, 2},
            {51, 3}, {70, 3},  {71, 4},  {110, 5}, {111, 6}, {210, 10},
            {211, -1}, {100000, -1}};
  for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
    char what[80];
    snprintf(what, sizeof what, "latency %llu in bin %d",
             (unsigned long long)at[i].latency, at[i].bin);
    check(ss_latency_bin_of(&parsed, at[i].latency) == at[i].bin, what);
  }
  char line[80];
  ss_latency_bin_line(&parsed.bin[10], line, sizeof line);
  check(strcmp(line, "191 210 200 M2") == 0, "a bin as its line");
  check(ss_latency_bins_parse("  # indented comment\n5 9 7 X\r\n", &parsed,
                              why, sizeof why) == 0 &&
            parsed.num == 1 && strcmp(parsed.bin[0].name, "X") == 0,
        "indented comment, CRLF");

  check_error("0 10 2\n", "line 1: 3 fields where MIN MAX REP NAME are four");
  check_error("\n0\n", "line 2: 1 field where MIN MAX REP NAME are four");
  check_error("0 x 2 D\n", "line 1: MAX \"x\" is not a number of cycles");
  check_error("-1 5 2 D\n", "line 1: MIN \"-1\" is not a number of cycles");
  check_error("10 5 7 S\n", "line 1: MAX 5 is below MIN 10");
  check_error("0 10 2 D\n# c\n5 20 7 S\n",
              "line 3: [5, 20] overlaps the bin [0, 10] D");
  check_error("0 10 2 D extra\n", "line 1: \"extra\" after MIN MAX REP NAME");
  check_error("0 10 2 ABCDEFGHIJKLMNOP\n",
              "line 1: NAME \"ABCDEFGHIJKLMNOP\" is longer than 15 characters");
  check_error("", "no bins (lines of MIN MAX REP NAME)");
  check_error("# only a comment\n", "no bins (lines of MIN MAX REP NAME)");
}

static void levels(void) {
  static const struct {
    uint64_t src;
    uint32_t level;
    const char *what;
  } at[] = {
      {0, SS_MEM_OTHER, "no source"},
      {0x2 | 0x20, SS_MEM_OTHER, "load, level NA"},
      {0x2 | 0x40 | 0x100, SS_MEM_L1, "load, hit, L1"},
      {0x2 | 0x40 | 0x200, SS_MEM_LFB, "load, hit, LFB"},
      {0x2 | 0x40 | 0x400, SS_MEM_L2, "load, hit, L2"},
      {0x2 | 0x40 | 0x800, SS_MEM_L3, "load, hit, L3"},
      {0x2 | 0x40 | 0x1000, SS_MEM_DRAM, "load, hit, local RAM"},
      {0x2 | 0x40 | 0x2000, SS_MEM_REMOTE, "load, hit, remote RAM (1 hop)"},
      {0x2 | 0x40 | 0x10000, SS_MEM_REMOTE, "load, hit, remote cache (2 hops)"},
      {0x2 | 0x80 | 0x800, SS_MEM_OTHER, "load, miss, L3"},
      {0x2 | 0x40 | 0x40000, SS_MEM_OTHER, "load, hit, uncached"},
      {0x1a00000000ull | 0x40 | 0x2, SS_MEM_DRAM, "lvl_num RAM, hit"},
      {0x3a00000000ull | 0x40 | 0x2, SS_MEM_REMOTE, "lvl_num RAM, remote"},
      {0x400000000ull | 0x40 | 0x100 | 0x2, SS_MEM_L2,
       "lvl_num L2 wins over the L1 bit"},
      {0x1e00000000ull | 0x40 | 0x800 | 0x2, SS_MEM_L3,
       "lvl_num NA: the L3 bit"},
      {0x1c00000000ull | 0x40 | 0x2, SS_MEM_OTHER, "lvl_num PMEM"},
      {0x1600000000ull | 0x40 | 0x2, SS_MEM_L3, "lvl_num any cache"},
      {0x1800000000ull | 0x40 | 0x2, SS_MEM_LFB, "lvl_num LFB"},
      {0x200000000ull | 0x40 | 0x2, SS_MEM_L1, "lvl_num L1"},
  };
  for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
    check(ss_mem_level_of(at[i].src) == at[i].level, at[i].what);
  check(strcmp(ss_mem_level_name(SS_MEM_DRAM), "DRAM") == 0 &&
            strcmp(ss_mem_level_name(99), "?") == 0,
        "level names");
}

int main(void) {
  bins();
  levels();
  printf("%d checks, %d failed\n", checks, failures);
  return failures != 0;
}
