/*
 * test_basics.c -- small pieces with known answers: CRC-32 check values,
 * JSON string escaping, -q truncation semantics.
 */
#include "check.h"

#include "crc32.h"
#include "json_writer.h"
#include "quit_limit.h"

#include <stdlib.h>

static void check_crc(void) {
  CHECK_I64(ss_crc32(0, "123456789", 9), 0xCBF43926u, "CRC-32 check value");
  CHECK_I64(ss_crc32(0, "", 0), 0, "CRC-32 of nothing");
  /* Continuing a CRC equals computing it in one go. */
  uint32_t c = ss_crc32(ss_crc32(0, "12345", 5), "6789", 4);
  CHECK_I64(c, 0xCBF43926u, "CRC-32 in two pieces");
  CHECK_I64(ss_crc32(0, "The quick brown fox jumps over the lazy dog", 43),
            0x414FA339u, "CRC-32 of the fox");
}

static void check_escape(const char *in, const char *expected) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  ss_json_write_string(f, in);
  fclose(f);
  CHECK_STR(buf, expected, "JSON escape");
  free(buf);
}

static void check_json(void) {
  check_escape("plain", "\"plain\"");
  check_escape("a\"b\\c", "\"a\\\"b\\\\c\"");
  check_escape("tab\there\nnl\x01", "\"tab\\there\\nnl\\u0001\"");
  check_escape("caf\xc3\xa9", "\"caf\xc3\xa9\"");
  check_escape("bad\xff\xc3", "\"bad\\ufffd\\ufffd\"");
  check_escape("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""); /* surrogate */

  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  struct ss_json j;
  ss_json_init(&j, f);
  ss_json_begin_object(&j, NULL);
  ss_json_string(&j, "a", "x");
  ss_json_begin_array(&j, "list");
  ss_json_begin_object(&j, NULL);
  ss_json_count(&j, "n", 0, 5);
  ss_json_count(&j, "m", 1, -5);
  ss_json_end_object(&j);
  ss_json_end_array(&j);
  ss_json_begin_array(&j, "empty");
  ss_json_end_array(&j);
  ss_json_end_object(&j);
  fclose(f);
  CHECK_STR(buf,
            "{\n  \"a\": \"x\",\n  \"list\": [\n    {\"n\": null, \"m\": -5}\n"
            "  ],\n  \"empty\": []\n}\n",
            "JSON layout");
  free(buf);
}

/* How many of these lines (percentages) does -q let through? */
static size_t shown(const char *spec_kind, double value, const double *pct,
                    size_t n, int butterfly) {
  struct ss_quit q = {SS_QUIT_NONE, value};
  if (strcmp(spec_kind, "n") == 0)
    q.kind = SS_QUIT_LINES;
  else if (strcmp(spec_kind, "%") == 0)
    q.kind = SS_QUIT_PERCENT;
  else if (strcmp(spec_kind, "cum%") == 0)
    q.kind = SS_QUIT_CUM_PERCENT;
  struct ss_quit_state s;
  ss_quit_begin(&s, &q, butterfly);
  size_t k = 0;
  while (k < n && ss_quit_allow(&s))
    ss_quit_account(&s, pct[k++]);
  return k;
}

static void check_quit(void) {
  const double pct[] = {40, 30, 14, 10, 6};
  CHECK_I64(shown("", 0, pct, 5, 0), 5, "no -q");
  CHECK_I64(shown("n", 2, pct, 5, 0), 2, "-q 2");
  CHECK_I64(shown("n", 0, pct, 5, 0), 0, "-q 0");
  /* -q 15%: up to and including the first line under 15% */
  CHECK_I64(shown("%", 15, pct, 5, 0), 3, "-q 15%");
  /* -q 50cum%: up to the line that takes the total above 50% */
  CHECK_I64(shown("cum%", 50, pct, 5, 0), 2, "-q 50cum%");
  CHECK_I64(shown("cum%", 70, pct, 5, 0), 3, "-q 70cum% (70 is not above)");
  /* butterfly: ncum% behaves as n% */
  CHECK_I64(shown("cum%", 15, pct, 5, 1), 3, "-b -q 15cum%");
}

int main(void) {
  check_crc();
  check_json();
  check_quit();
  return check_finish("prof-basics-test");
}
