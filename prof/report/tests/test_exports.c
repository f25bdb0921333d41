/*
 * test_exports.c -- pieces of the exports with known answers: protocol
 * buffers' wire format against the encodings its documentation gives
 * ("Encoding": field 1 = 150 is 08 96 01, field 2 = "testing" is 12 07
 * 74 65 73 74 69 6e 67), the rounding that keeps sums, and "did you mean".
 */
#include "check.h"

#include "export.h"
#include "nearest_name.h"
#include "protobuf_writer.h"

#include <stdlib.h>
#include <string.h>

static void check_bytes(const struct ss_pb *b, const uint8_t *want, size_t n,
                        const char *what) {
  CHECK_I64((int64_t)b->len, (int64_t)n, what);
  CHECK(b->len == n && memcmp(b->data, want, n) == 0);
}

static void check_protobuf(void) {
  struct ss_pb b = {NULL, 0, 0};
  ss_pb_uint(&b, 1, 150);
  check_bytes(&b, (const uint8_t[]){0x08, 0x96, 0x01}, 3, "field 1 = 150");
  ss_pb_release(&b);
  ss_pb_string(&b, 2, "testing");
  check_bytes(&b, (const uint8_t[]){0x12, 0x07, 't', 'e', 's', 't', 'i',
                                    'n', 'g'}, 9, "field 2 = \"testing\"");
  ss_pb_release(&b);
  /* A negative int64 is ten bytes of two's complement. */
  ss_pb_int(&b, 1, -1);
  check_bytes(&b, (const uint8_t[]){0x08, 0xff, 0xff, 0xff, 0xff, 0xff,
                                    0xff, 0xff, 0xff, 0xff, 0x01}, 11,
              "field 1 = -1");
  ss_pb_release(&b);
  /* Packed repeated: field 4 = [3, 270, 86942] is 22 06 03 8e 02 9e a7 05. */
  ss_pb_packed(&b, 4, (const uint64_t[]){3, 270, 86942}, 3);
  check_bytes(&b, (const uint8_t[]){0x22, 0x06, 0x03, 0x8e, 0x02, 0x9e,
                                    0xa7, 0x05}, 8, "packed [3, 270, 86942]");
  ss_pb_release(&b);
}

static void check_rounding(void) {
  /* Thirds of 10: rounded one by one they would add up to 9. */
  struct ss_xround r = {0, 0};
  int64_t sum = 0;
  for (int i = 0; i < 3; i++)
    sum += ss_xround_next(&r, 10.0 / 3);
  CHECK_I64(sum, 10, "rounded thirds add up to the rounded whole");
  char buf[32];
  CHECK_STR(ss_xframe_plain_name("a;b\nc", buf, sizeof buf), "a:b c",
            "folded frame names");
}

static void check_nearest(void) {
  static const char *const names[] = {"-heavy", "-lines", "-callgrind",
                                      "-calls", "-calipers", NULL};
  CHECK_STR(ss_nearest_name("-heavvy", names), "-heavy", "one extra letter");
  CHECK_STR(ss_nearest_name("-callgrnd", names), "-callgrind",
            "one missing letter");
  CHECK_STR(ss_nearest_name("-liens", names), "-lines", "two swapped");
  CHECK(ss_nearest_name("-xyzzy", names) == NULL);
  CHECK_STR(ss_nearest_name("-calip", names), "-calipers", "a prefix");
}

int main(void) {
  check_protobuf();
  check_rounding();
  check_nearest();
  return check_finish("prof-exports-test");
}
