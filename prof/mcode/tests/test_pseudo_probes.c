/*
 * test_pseudo_probes.c -- the .pseudo_probe decoder (pseudo_probes.h) on
 * tables encoded by hand from the layout documented in LLVM's
 * MCPseudoProbe.h: absolute and delta addresses (negative deltas too), an
 * inlined function's record, a call probe, a discriminator, a function the
 * linker dropped, two input tables one after the other, LLVM 17+'s tables
 * whose function records start with a sentinel (offsets from the
 * function's start), and corrupt tables.
 */
#include "check.h"

#include "pseudo_probes.h"

#include <stdlib.h>

#define U64(v)                                                                 \
  (uint8_t)(v), (uint8_t)((v) >> 8), (uint8_t)((v) >> 16),                     \
      (uint8_t)((v) >> 24), (uint8_t)((uint64_t)(v) >> 32),                    \
      (uint8_t)((uint64_t)(v) >> 40), (uint8_t)((uint64_t)(v) >> 48),          \
      (uint8_t)((uint64_t)(v) >> 56)

enum { BLOCK = 0x00, CALL = 0x02, DELTA = 0x80, SENTINEL = 0x20, DISCR = 0x40 };

struct decoded {
  struct ss_block_marker *m;
  size_t n, cap;
  int status;
};

static struct decoded decode(const uint8_t *bytes, size_t size) {
  struct decoded d = {0};
  d.status = ss_pseudo_probes_decode(bytes, size, &d.m, &d.n, &d.cap);
  return d;
}

static void check_placed(const struct decoded *d, size_t i, uint64_t address,
                         uint64_t guid, uint32_t block, uint32_t from_start) {
  CHECK(i < d->n);
  if (i >= d->n)
    return;
  CHECK_I64(d->m[i].address, address, "address");
  CHECK_I64(d->m[i].guid, guid, "guid");
  CHECK_I64(d->m[i].block, block, "block");
  CHECK_I64(d->m[i].from_start, from_start, "from_start");
}

static void check_marker(const struct decoded *d, size_t i, uint64_t address,
                         uint64_t guid, uint32_t block) {
  check_placed(d, i, address, guid, block, 0);
}

static void test_function_with_inlinee(void) {
  static const uint8_t table[] = {
      U64(0x1111), 3, 1,               /* GUID, 3 probes, 1 inlinee */
      0, BLOCK, U64(0x401000),          /* probe 0 at 0x401000 */
      200, 1, BLOCK | DELTA, 0x10,      /* index 200 (uleb c8 01) +16 */
      5, BLOCK | DELTA, 0x7c,           /* probe 5 at -4: 0x40100c */
      7,                                /* inlined at call-site probe 7 */
      U64(0x2222), 2, 0,                /* the inlinee: 2 probes */
      1, CALL | DELTA, 0x02,            /* a call probe: not a block */
      3, BLOCK | DELTA | DISCR, 0x04, 9 /* +4 with discriminator 9 */
  };
  struct decoded d = decode(table, sizeof table);
  CHECK_I64(d.status, 0, "status");
  CHECK_I64(d.n, 4, "block probes");
  check_marker(&d, 0, 0x401000, 0x1111, 0);
  check_marker(&d, 1, 0x401010, 0x1111, 200);
  check_marker(&d, 2, 0x40100c, 0x1111, 5);
  check_marker(&d, 3, 0x401012, 0x2222, 3);
  for (size_t i = 1; i < d.n; i++)
    CHECK(d.m[i].seq > d.m[i - 1].seq);
  free(d.m);
}

static void test_dropped_and_concatenated(void) {
  static const uint8_t table[] = {
      /* A function the linker dropped: its address was resolved to 0. */
      U64(0x3333), 2, 0, 0, BLOCK, U64(0), 1, BLOCK | DELTA, 0x08,
      /* The next input object's table starts again from an address. */
      U64(0x4444), 2, 0, 0, BLOCK, U64(0x402000), 1, BLOCK | DELTA, 0x08,
      /* Up to LLVM 16 the next function record goes on from there. */
      U64(0x5555), 1, 0, 1, BLOCK | DELTA, 0x08};
  struct decoded d = decode(table, sizeof table);
  CHECK_I64(d.status, 0, "status");
  CHECK_I64(d.n, 3, "block probes");
  check_marker(&d, 0, 0x402000, 0x4444, 0);
  check_marker(&d, 1, 0x402008, 0x4444, 1);
  check_marker(&d, 2, 0x402010, 0x5555, 1);
  free(d.m);
}

/* LLVM 17+ (what clang-19 wrote for `int work(int)`): each function
 * record opens with a sentinel probe (index 0, no delta flag, attribute
 * Sentinel) holding the MD5 of the function's symbol name, and the probes
 * after it count from the function's start; a later record counts from
 * its own function's start again, and an absolute address after all that
 * (an older object linked in) is absolute again. */
static void test_sentinel_tables(void) {
  static const uint8_t table[] = {
      U64(0x6666), 4, 0,                 /* sentinel + 3 probes */
      0, BLOCK | SENTINEL, U64(0xdb956436e78dd5faull),
      0, BLOCK | DELTA, 0x00,            /* block 0 at the start */
      1, BLOCK | DELTA, 0x10,            /* +16 */
      3, BLOCK | DELTA, 0xcc, 0x00,      /* +76 (sleb cc 00): offset 92 */
      U64(0x7777), 3, 0,
      0, BLOCK | SENTINEL | DISCR, U64(0x1234), 5, /* with a discriminator */
      2, BLOCK | DELTA, 0x20,
      4, BLOCK | DELTA, 0x7f,            /* -1 */
      U64(0x8888), 1, 0, 0, BLOCK, U64(0x405000)};
  struct decoded d = decode(table, sizeof table);
  CHECK_I64(d.status, 0, "status");
  CHECK_I64(d.n, 6, "block probes (sentinels are none)");
  check_placed(&d, 0, 0, 0x6666, 0, 1);
  check_placed(&d, 1, 16, 0x6666, 1, 1);
  check_placed(&d, 2, 92, 0x6666, 3, 1);
  check_placed(&d, 3, 32, 0x7777, 2, 1);
  check_placed(&d, 4, 31, 0x7777, 4, 1);
  check_placed(&d, 5, 0x405000, 0x8888, 0, 0);
  CHECK_I64(ss_block_marker_address(&d.m[2], 0x401290), 0x4012ec,
            "offset placed at the function's start");
  CHECK_I64(ss_block_marker_address(&d.m[5], 0x401290), 0x405000,
            "an absolute address stays");
  free(d.m);
}

static void test_corrupt(void) {
  static const uint8_t truncated_guid[] = {1, 2, 3};
  static const uint8_t missing_probe[] = {U64(0x1), 2, 0, 0, BLOCK,
                                          U64(0x1000)};
  static const uint8_t endless_uleb[] = {U64(0x1), 0x80, 0x80};
  static const uint8_t missing_inlinee[] = {U64(0x1), 0, 1, 4};
  const struct {
    const uint8_t *bytes;
    size_t size;
  } cases[] = {{truncated_guid, sizeof truncated_guid},
               {missing_probe, sizeof missing_probe},
               {endless_uleb, sizeof endless_uleb},
               {missing_inlinee, sizeof missing_inlinee}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct decoded d = decode(cases[i].bytes, cases[i].size);
    CHECK_I64(d.status, -1, "corrupt table");
    free(d.m);
  }
  struct decoded empty = decode(NULL, 0);
  CHECK_I64(empty.status, 0, "empty table");
  CHECK_I64(empty.n, 0, "empty table");
}

int main(void) {
  test_function_with_inlinee();
  test_dropped_and_concatenated();
  test_sentinel_tables();
  test_corrupt();
  return check_finish("prof-pseudo-probes");
}
