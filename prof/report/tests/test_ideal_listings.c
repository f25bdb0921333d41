/*
 * test_ideal_listings.c -- the ideal-time listings of ssprof (summary,
 * function list, -calls, -gprof, -b, -h, -l, -basicblocks, -archinfo, -q
 * and the ideal members of -json) on the hand-built model and ideal time
 * of ideal_fixture.h, compared as text.  The figures in the expected
 * texts are the fixture's, worked out by hand there (inclusive cycles,
 * shares of arcs) and here:
 *   percentages of 730e6 cycles: work 400 -> 54.8%, main 100 -> 13.7%,
 *   helper 80 -> 11.0%, a 60 -> 8.2%, fact 50 -> 6.8%, b 40 -> 5.5%;
 *   inclusive main 638 -> 87.4%, work 460 -> 63.0%, cycle 120 -> 16.4%,
 *   fact 90 -> 12.3%; arcs main -> work 368 -> 50.4%, spontaneous ->
 *   work 92 -> 12.6%, a -> helper 20 -> 2.7%;
 *   1e6 cycles are 0.001 s at 1000 MHz; 730/500 = 1.460 cycles per
 *   instruction;
 *   machine blocks: 4 x 75e6 = 300e6 (41.1%), 12.5 x 8e6 = 100e6 and
 *   2.5 x 40e6 = 100e6 (13.7%, by address), 10 x 8e6 = 80e6 (11.0%); the
 *   block of `unused` never ran and is not listed;
 *   -h: lines by cycles, ties in [index] order (main [2] before a [4],
 *   main before b [6]); the instrumentation's line is never listed;
 *   -l: functions in [index] order (work, main, helper, a, fact, b),
 *   lines in source order, main's line 7 with no cycles included;
 *   -calls: helper 8, work 5 and fact 5 ([1] before [5]), b 4, a 3,
 *   main 1 and nocode 1 ([2] before [7]);
 *   the mix: percentages of 500e6 instructions.
 * The column layout is the one docs/ssprof.md shows.
 */
#include "check.h"

#include "ideal_fixture.h"
#include "listing.h"
#include "listing_ideal.h"

#include <stdlib.h>
#include <string.h>

static struct ideal_fixture fx;
static struct ss_options options;

static char *render(void (*part)(const struct ss_listing *)) {
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  struct ss_listing l = {.profile = &fx.profile, .model = &fx.model,
                         .ideal = &fx.ideal, .options = &options, .out = out};
  part(&l);
  fclose(out);
  return buf;
}

static void check_text(void (*part)(const struct ss_listing *),
                       const char *expected, const char *what) {
  char *text = render(part);
  check_count++;
  if (strcmp(text, expected) != 0) {
    fprintf(stderr, "%s: got\n%s--- expected\n%s---\n", what, text, expected);
    check_failures++;
  }
  free(text);
}

static void check_contains(const char *text, const char *part,
                           const char *what) {
  check_count++;
  if (!strstr(text, part)) {
    fprintf(stderr, "%s: no\n%s\nin\n%s\n", what, part, text);
    check_failures++;
  }
}

/* ---- expected texts ---- */

static const char expected_functions[] =
    "-------------------------------------------------------------------------\n"
    "Function list, in descending order by exclusive ideal time\n"
    "-------------------------------------------------------------------------\n"
    "[index] excl.secs  excl.%   cum.%         cycles   instructions incl.secs  incl.%        calls  function (dso: file, line)\n"
    "    [1]     0.400   54.8%   54.8%      400000000      300000000     0.460   63.0%            5  work (prog: w.c, 20)\n"
    "    [2]     0.100   13.7%   68.5%      100000000       50000000     0.638   87.4%            1  main (prog: m.c, 4)\n"
    "    [3]     0.080   11.0%   79.5%       80000000       75000000     0.080   11.0%            8  helper (prog: h.c, 30)\n"
    "    [4]     0.060    8.2%   87.7%       60000000       30000000     0.120   16.4%            3  a (prog: a.c, 40)\n"
    "    [5]     0.050    6.8%   94.5%       50000000       25000000     0.090   12.3%            5  fact (prog: f.c, 60)\n"
    "    [6]     0.040    5.5%  100.0%       40000000       20000000     0.120   16.4%            4  b (prog: a.c, 50)\n"
    "    [7]         ?       ?  100.0%              ?              ?     0.000    0.0%            1  nocode (prog: n.c, 70)\n"
    "            0.730  100.0%  100.0%      730000000      500000000                             27  TOTAL\n";

static const char expected_functions_q3[] =
    "-------------------------------------------------------------------------\n"
    "Function list, in descending order by exclusive ideal time\n"
    "-------------------------------------------------------------------------\n"
    "[index] excl.secs  excl.%   cum.%         cycles   instructions incl.secs  incl.%        calls  function (dso: file, line)\n"
    "    [1]     0.400   54.8%   54.8%      400000000      300000000     0.460   63.0%            5  work (prog: w.c, 20)\n"
    "    [2]     0.100   13.7%   68.5%      100000000       50000000     0.638   87.4%            1  main (prog: m.c, 4)\n"
    "    [3]     0.080   11.0%   79.5%       80000000       75000000     0.080   11.0%            8  helper (prog: h.c, 30)\n"
    "            0.730  100.0%  100.0%      730000000      500000000                             27  TOTAL\n";

static const char expected_functions_calls[] =
    "-------------------------------------------------------------------------\n"
    "Function list, in descending order by calls\n"
    "-------------------------------------------------------------------------\n"
    "[index] excl.secs  excl.%   cum.%         cycles   instructions incl.secs  incl.%        calls  function (dso: file, line)\n"
    "    [3]     0.080   11.0%   11.0%       80000000       75000000     0.080   11.0%            8  helper (prog: h.c, 30)\n"
    "    [1]     0.400   54.8%   65.8%      400000000      300000000     0.460   63.0%            5  work (prog: w.c, 20)\n"
    "    [5]     0.050    6.8%   72.6%       50000000       25000000     0.090   12.3%            5  fact (prog: f.c, 60)\n"
    "    [6]     0.040    5.5%   78.1%       40000000       20000000     0.120   16.4%            4  b (prog: a.c, 50)\n"
    "    [4]     0.060    8.2%   86.3%       60000000       30000000     0.120   16.4%            3  a (prog: a.c, 40)\n"
    "    [2]     0.100   13.7%  100.0%      100000000       50000000     0.638   87.4%            1  main (prog: m.c, 4)\n"
    "    [7]         ?       ?  100.0%              ?              ?     0.000    0.0%            1  nocode (prog: n.c, 70)\n"
    "            0.730  100.0%  100.0%      730000000      500000000                             27  TOTAL\n";

static const char expected_summary[] =
    "-------------------------------------------------------------------------\n"
    "Summary of ideal time data (ideal)--\n"
    "       500000000: Total number of instructions executed\n"
    "       730000000: Total computed cycles\n"
    "           0.730: Total computed execution time (secs.)\n"
    "           1.460: Average cycles / instruction\n"
    "         skylake: CPU model (llvm-mca)\n"
    "            1000: Clock frequency (MHz.)\n"
    "               1: Machine blocks with estimated counts\n"
    /* the fixture's core; the rename width gave 100e6 of 730e6 cycles */
    "         Skylake: Core whose limits bound the cycles "
    "(prof/ideal/core_bounds.c)\n"
    "   4 / 2 / 1 / 3: Fused micro-ops renamed / loads / stores / memory "
    "operations a cycle, at most\n"
    "           13.7%: Cycles set by those limits (the rest: llvm-mca's "
    "model)\n"
    /* main -> puts, the one call into code not instrumented */
    "               1: Calls into code not instrumented, no ideal time "
    "(most: puts, 1)\n";

static const char expected_gprof[] =
    "-------------------------------------------------------------------------\n"
    "Function list, in descending order by inclusive ideal time\n"
    "-------------------------------------------------------------------------\n"
    "[index] incl.secs  incl.%    incl.cycles self.secs  self.%          calls  function (dso: file, line)\n"
    "    [2]     0.638   87.4%      638000000     0.100   13.7%              1  main (prog: m.c, 4)\n"
    "    [1]     0.460   63.0%      460000000     0.400   54.8%              5  work (prog: w.c, 20)\n"
    "            0.120   16.4%      120000000     0.100   13.7%            3+4  <cycle 1 as a whole>\n"
    "    [4]     0.120   16.4%      120000000     0.060    8.2%            2+1  a <cycle 1> (prog: a.c, 40)\n"
    "    [6]     0.120   16.4%      120000000     0.040    5.5%            1+3  b <cycle 1> (prog: a.c, 50)\n"
    "    [5]     0.090   12.3%       90000000     0.050    6.8%            1+4  fact (prog: f.c, 60)\n"
    "    [3]     0.080   11.0%       80000000     0.080   11.0%              8  helper (prog: h.c, 30)\n"
    "    [7]     0.000    0.0%              0         ?       ?              1  nocode (prog: n.c, 70)\n";

static const char expected_butterfly[] =
    "-------------------------------------------------------------------------\n"
    "Butterfly function list, in descending order by inclusive ideal time\n"
    "-------------------------------------------------------------------------\n"
    "        attrib.% attrib.time(#calls)   incl.time  caller [index]\n"
    "[index]   incl.%   incl.time    self%  self-time  function [index]\n"
    "        attrib.% attrib.time(#calls)   incl.time  callee [index]\n"
    "-------------------------------------------------------------------------\n"
    "           87.4%       0.638(0000001)          -  <spontaneous>\n"
    "    [2]    87.4%       0.638    13.7%      0.100  main [2]\n"
    "           50.4%       0.368(0000004)      0.460  work [1]\n"
    "           12.3%       0.090(0000001)      0.090  fact [5]\n"
    "           11.0%       0.080(0000002)      0.120  a <cycle 1> [4]\n"
    "            0.0%       0.000(0000001)      0.000  nocode [7]\n"
    "               ?           ?(0000001)          ?  puts\n"
    "-------------------------------------------------------------------------\n"
    "           12.6%       0.092(0000001)          -  <spontaneous>\n"
    "           50.4%       0.368(0000004)      0.638  main [2]\n"
    "    [1]    63.0%       0.460    54.8%      0.400  work [1]\n"
    "            8.2%       0.060(0000006)      0.080  helper [3]\n"
    "-------------------------------------------------------------------------\n"
    "               -           -(0000001)      0.120  b <cycle 1> [6]\n"
    "           11.0%       0.080(0000002)      0.638  main [2]\n"
    "    [4]    16.4%       0.120     8.2%      0.060  a <cycle 1> [4]\n"
    "            2.7%       0.020(0000002)      0.080  helper [3]\n"
    "               -           -(0000003)      0.120  b <cycle 1> [6]\n"
    "-------------------------------------------------------------------------\n"
    "               -           -(0000003)      0.120  a <cycle 1> [4]\n"
    "            5.5%       0.040(0000001)      0.090  fact [5]\n"
    "    [6]    16.4%       0.120     5.5%      0.040  b <cycle 1> [6]\n"
    "               -           -(0000001)      0.120  a <cycle 1> [4]\n"
    "-------------------------------------------------------------------------\n"
    "               -           -(0000004)      0.090  fact [5]\n"
    "           12.3%       0.090(0000001)      0.638  main [2]\n"
    "    [5]    12.3%       0.090     6.8%      0.050  fact [5]\n"
    "            5.5%       0.040(0000001)      0.120  b <cycle 1> [6]\n"
    "               -           -(0000004)      0.090  fact [5]\n"
    "-------------------------------------------------------------------------\n"
    "            2.7%       0.020(0000002)      0.120  a <cycle 1> [4]\n"
    "            8.2%       0.060(0000006)      0.460  work [1]\n"
    "    [3]    11.0%       0.080    11.0%      0.080  helper [3]\n"
    "-------------------------------------------------------------------------\n"
    "            0.0%       0.000(0000001)      0.638  main [2]\n"
    "    [7]     0.0%       0.000        ?          ?  nocode [7]\n"
    "-------------------------------------------------------------------------\n";

static const char expected_blocks[] =
    "-------------------------------------------------------------------------\n"
    "Basic block list, in descending order by total cycles\n"
    "-------------------------------------------------------------------------\n"
    " index  cyc./cnt.         counts     total cycles       %  function (address; dso: file, line)\n"
    "     0       4.00       75000000        300000000   41.1%  work (@0x00401200; prog: w.c, 22)\n"
    "     1      12.50        8000000        100000000   13.7%  main (@0x00401100; prog: m.c, 5)\n"
    "     2       2.50       40000000        100000000   13.7%  work (@0x00401240; prog: w.c, 23) (estimated)\n"
    "     3      10.00        8000000         80000000   11.0%  helper (@0x00401300; prog: h.c, 31)\n";

static const char expected_blocks_q2[] =
    "-------------------------------------------------------------------------\n"
    "Basic block list, in descending order by total cycles\n"
    "-------------------------------------------------------------------------\n"
    " index  cyc./cnt.         counts     total cycles       %  function (address; dso: file, line)\n"
    "     0       4.00       75000000        300000000   41.1%  work (@0x00401200; prog: w.c, 22)\n"
    "     1      12.50        8000000        100000000   13.7%  main (@0x00401100; prog: m.c, 5)\n";

static const char expected_heavy[] =
    "-------------------------------------------------------------------------\n"
    "Line list, in descending order by ideal time\n"
    "-------------------------------------------------------------------------\n"
    "      secs      %  cum.%         cycles   instructions  function (dso: file, line)\n"
    "     0.300   41.1   41.1      300000000      225000000  work (prog: w.c, 22)\n"
    "     0.100   13.7   54.8      100000000       75000000  work (prog: w.c, 23)\n"
    "     0.080   11.0   65.8       80000000       75000000  helper (prog: h.c, 31)\n"
    "     0.060    8.2   74.0       60000000       30000000  main (prog: m.c, 5)\n"
    "     0.060    8.2   82.2       60000000       30000000  a (prog: a.c, 41)\n"
    "     0.050    6.8   89.0       50000000       25000000  fact (prog: f.c, 61)\n"
    "     0.040    5.5   94.5       40000000       20000000  main (prog: m.c, 6)\n"
    "     0.040    5.5  100.0       40000000       20000000  b (prog: a.c, 51)\n";

static const char expected_heavy_q2[] =
    "-------------------------------------------------------------------------\n"
    "Line list, in descending order by ideal time\n"
    "-------------------------------------------------------------------------\n"
    "      secs      %  cum.%         cycles   instructions  function (dso: file, line)\n"
    "     0.300   41.1   41.1      300000000      225000000  work (prog: w.c, 22)\n"
    "     0.100   13.7   54.8      100000000       75000000  work (prog: w.c, 23)\n";

static const char expected_lines[] =
    "-------------------------------------------------------------------------\n"
    "Line list, in descending order by function-time and then line number\n"
    "-------------------------------------------------------------------------\n"
    "      secs      %  cum.%         cycles   instructions  function (dso: file, line)\n"
    "     0.300   41.1   41.1      300000000      225000000  work (prog: w.c, 22)\n"
    "     0.100   13.7   54.8      100000000       75000000  work (prog: w.c, 23)\n"
    "     0.060    8.2   63.0       60000000       30000000  main (prog: m.c, 5)\n"
    "     0.040    5.5   68.5       40000000       20000000  main (prog: m.c, 6)\n"
    "     0.000    0.0   68.5              0              0  main (prog: m.c, 7)\n"
    "     0.080   11.0   79.5       80000000       75000000  helper (prog: h.c, 31)\n"
    "     0.060    8.2   87.7       60000000       30000000  a (prog: a.c, 41)\n"
    "     0.050    6.8   94.5       50000000       25000000  fact (prog: f.c, 61)\n"
    "     0.040    5.5  100.0       40000000       20000000  b (prog: a.c, 51)\n";

static const char expected_archinfo[] =
    "-------------------------------------------------------------------------\n"
    "Instruction mix, executed instructions by class (skylake)\n"
    "-------------------------------------------------------------------------\n"
    "    instructions       %  class\n"
    "       150000000   30.0%  loads\n"
    "        50000000   10.0%  stores\n"
    "        60000000   12.0%  conditional branches\n"
    "        10000000    2.0%  jumps (unconditional and indirect)\n"
    "        27000000    5.4%  calls\n"
    "        27000000    5.4%  returns\n"
    "         5000000    1.0%  integer multiply\n"
    "         1000000    0.2%  integer divide\n"
    "        20000000    4.0%  scalar floating point\n"
    "         2000000    0.4%  floating-point divide and square root\n"
    "        40000000    8.0%  vector (SIMD, integer or floating point)\n"
    "         3000000    0.6%  no-ops\n"
    "       500000000  100.0%  all (an instruction may be in several classes)\n"
    "-------------------------------------------------------------------------\n"
    "Executed instructions by instruction-set extension\n"
    "-------------------------------------------------------------------------\n"
    "    instructions       %  extension\n"
    "       430000000   86.0%  base (general-purpose)\n"
    "               0    0.0%  x87\n"
    "        50000000   10.0%  SSE (legacy encoding)\n"
    "        20000000    4.0%  AVX, AVX2, FMA (VEX encoding)\n"
    "               0    0.0%  AVX-512 (EVEX encoding)\n"
    "-------------------------------------------------------------------------\n"
    "Executed instructions by widest register\n"
    "-------------------------------------------------------------------------\n"
    "    instructions       %  width\n"
    "       440000000   88.0%  no vector register\n"
    "        50000000   10.0%  128-bit (xmm)\n"
    "        10000000    2.0%  256-bit (ymm)\n"
    "               0    0.0%  512-bit (zmm)\n"
    "-------------------------------------------------------------------------\n"
    "Register usage, in descending order by uses\n"
    "-------------------------------------------------------------------------\n"
    "            uses       %  register\n"
    "       200000000   40.0%  rax\n"
    "       120000000   24.0%  rdi\n"
    "        45000000    9.0%  xmm0\n";


static void quit_lines(double n) {
  options.quit.kind = SS_QUIT_LINES;
  options.quit.value = n;
}

static void check_listings(void) {
  memset(&options, 0, sizeof options);
  check_text(ss_list_ideal_summary, expected_summary, "summary");
  check_text(ss_list_ideal_functions, expected_functions, "function list");
  check_text(ss_list_ideal_gprof, expected_gprof, "-gprof");
  check_text(ss_list_ideal_butterfly, expected_butterfly, "-b");
  check_text(ss_list_ideal_basic_blocks, expected_blocks, "-basicblocks");
  check_text(ss_list_ideal_heavy_lines, expected_heavy, "-h");
  check_text(ss_list_ideal_lines_by_function, expected_lines, "-l");
  check_text(ss_list_ideal_archinfo, expected_archinfo, "-archinfo");
  options.by_calls = 1;
  check_text(ss_list_ideal_functions, expected_functions_calls, "-calls");
  options.by_calls = 0;
  quit_lines(3);
  check_text(ss_list_ideal_functions, expected_functions_q3, "-q 3");
  quit_lines(2);
  check_text(ss_list_ideal_basic_blocks, expected_blocks_q2,
             "-basicblocks -q 2");
  check_text(ss_list_ideal_heavy_lines, expected_heavy_q2, "-h -q 2");
  memset(&options, 0, sizeof options);
}

/* Without estimated blocks the summary has no line for them; without
 * machine code there is no ideal listing at all. */
static void check_summary_variants(void) {
  struct ss_listing l = {.model = &fx.model, .ideal = &fx.ideal};
  CHECK(ss_ideal_listing(&l));
  fx.ideal.available = 0;
  CHECK(!ss_ideal_listing(&l));
  fx.ideal.available = 1;
  l.ideal = NULL;
  CHECK(!ss_ideal_listing(&l));
  fx.ideal.estimated_blocks = 0;
  char *text = render(ss_list_ideal_summary);
  CHECK(strstr(text, "estimated") == NULL);
  check_contains(text, "            1000: Clock frequency (MHz.)\n",
                 "clock");
  free(text);
  fx.ideal.clock_mhz = 2600.5;
  text = render(ss_list_ideal_summary);
  check_contains(text, "          2600.5: Clock frequency (MHz.)\n",
                 "fractional clock");
  free(text);
  ideal_fixture_init(&fx);
}

static char *render_json(void (*write)(struct ss_json *,
                                       const struct ss_ideal_view *, uint32_t),
                         uint32_t function) {
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  struct ss_listing l = {.profile = &fx.profile, .model = &fx.model,
                         .ideal = &fx.ideal, .options = &options, .out = out};
  struct ss_ideal_view v;
  struct ss_json j;
  ss_ideal_view_build(&v, &l);
  ss_json_init(&j, out);
  ss_json_begin_object(&j, NULL);
  if (write)
    write(&j, &v, function);
  else
    ss_json_write_ideal(&j, &v);
  ss_json_end_object(&j);
  ss_ideal_view_release(&v);
  fclose(out);
  return buf;
}

static void check_json(void) {
  char *text = render_json(NULL, 0);
  check_contains(text, "{\n  \"ideal\": {\n    \"cpu\": \"skylake\",\n"
                       "    \"clock_mhz\": 1000,\n"
                       "    \"instructions\": 500000000,\n"
                       "    \"cycles\": 730000000,\n"
                       "    \"seconds\": 0.73,\n"
                       "    \"cycles_per_instruction\": 1.46,\n"
                       "    \"estimated_blocks\": 1,\n",
                 "ideal head");
  check_contains(text, "\"by_class\": {\"loads\": 150000000, \"stores\": "
                       "50000000, \"conditional_branches\": 60000000, "
                       "\"jumps\": 10000000, \"calls\": 27000000, "
                       "\"returns\": 27000000, \"integer_multiply\": "
                       "5000000, \"integer_divide\": 1000000, "
                       "\"floating_point\": 20000000, "
                       "\"floating_point_divide\": 2000000, \"vector\": "
                       "40000000, \"nops\": 3000000}",
                 "mix by class");
  check_contains(text, "\"by_isa\": {\"base\": 430000000, \"x87\": 0, "
                       "\"sse\": 50000000, \"avx\": 20000000, "
                       "\"avx512\": 0}",
                 "mix by isa");
  check_contains(text, "\"by_width\": {\"none\": 440000000, \"128\": "
                       "50000000, \"256\": 10000000, \"512\": 0}",
                 "mix by width");
  check_contains(text, "\"registers\": [{\"name\": \"rax\", \"uses\": "
                       "200000000}, {\"name\": \"rdi\", \"uses\": "
                       "120000000}, {\"name\": \"xmm0\", \"uses\": "
                       "45000000}]",
                 "registers");
  /* All machine blocks, the one that never ran too; function_index is
   * the model's rank (work 2, unused 8). */
  check_contains(text, "{\"function\": \"work\", \"function_index\": 2, "
                       "\"address\": \"0x401240\", \"size\": 16, "
                       "\"instructions\": 4, \"cycles_per_execution\": 2.5, "
                       "\"count\": 40000000, \"exact\": false, \"file\": "
                       "\"w.c\", \"line\": 23, \"bound\": \"rename\", "
                       "\"simulated\": true, \"loads\": 0, \"stores\": 0}",
                 "estimated block");
  check_contains(text, "{\"function\": \"unused\", \"function_index\": 8, "
                       "\"address\": \"0x401400\", \"size\": 16, "
                       "\"instructions\": 4, \"cycles_per_execution\": 3, "
                       "\"count\": 0, \"exact\": true, \"file\": "
                       "\"u.c\", \"line\": 81, \"bound\": \"model\", "
                       "\"simulated\": true, \"loads\": 0, \"stores\": "
                       "0}],\n",
                 "last block");
  /* The fixture's core, and the cycles each limit gave. */
  check_contains(text, "    \"core\": {\"name\": \"Skylake\", "
                       "\"rename_width\": 4, \"loads_per_cycle\": 2, "
                       "\"stores_per_cycle\": 1, \"memory_per_cycle\": 3, "
                       "\"source\": \"the manual\"},\n"
                       "    \"cycles_bound_by\": {\"model\": 630000000, "
                       "\"rename\": 100000000, \"loads\": 0, \"stores\": 0, "
                       "\"memory\": 0},\n"
                       "    \"unsimulated_blocks\": 0,\n"
                       "    \"unsimulated_instructions\": 0\n  }\n}\n",
                 "core");
  free(text);
  /* No arc of the fixture is exact (no copies; work has two callers, fact
   * calls into a cycle, nocode has no code), so the exact-where-known
   * inclusive cycles are gprof's and none is exact. */
  text = render_json(ss_json_write_function_ideal, 0);
  CHECK_STR(text, "{\n  \"instructions\": 50000000,\n  \"cycles\": "
                  "100000000,\n  \"inclusive_cycles\": 638000000,\n"
                  "  \"inclusive_cycles_exact\": 638000000,\n"
                  "  \"inclusive_exact\": false\n}\n",
            "main's ideal members");
  free(text);
  text = render_json(ss_json_write_function_ideal, 6);
  CHECK_STR(text, "{\n  \"instructions\": null,\n  \"cycles\": null,\n"
                  "  \"inclusive_cycles\": 0,\n"
                  "  \"inclusive_cycles_exact\": 0,\n"
                  "  \"inclusive_exact\": false\n}\n",
            "nocode: no machine code");
  free(text);
  text = render_json(ss_json_write_function_ideal, 2);
  CHECK_STR(text, "{\n  \"instructions\": 30000000,\n  \"cycles\": "
                  "60000000,\n  \"inclusive_cycles\": 120000000,\n"
                  "  \"inclusive_cycles_exact\": 120000000,\n"
                  "  \"inclusive_exact\": false\n}\n",
            "a: its cycle's inclusive cycles");
  free(text);
}

int main(void) {
  ideal_fixture_init(&fx);
  check_listings();
  check_summary_variants();
  check_json();
  return check_finish("prof-ideal-listings-test");
}
