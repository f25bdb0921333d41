/* json_writer.c -- streaming JSON output. */
#include "json_writer.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void ss_json_init(struct ss_json *j, FILE *out) {
  j->out = out;
  j->depth = 0;
  j->count[0] = 0;
  j->used = 0;
}

static void flush(struct ss_json *j) {
  if (j->used)
    fwrite(j->buf, 1, j->used, j->out);
  j->used = 0;
}

static void put(struct ss_json *j, const void *bytes, size_t n) {
  if (j->used + n > sizeof j->buf) {
    flush(j);
    if (n > sizeof j->buf) {
      fwrite(bytes, 1, n, j->out);
      return;
    }
  }
  memcpy(j->buf + j->used, bytes, n);
  j->used += n;
}

static void put_char(struct ss_json *j, char c) {
  if (j->used == sizeof j->buf)
    flush(j);
  j->buf[j->used++] = c;
}

static void put_text(struct ss_json *j, const char *text) {
  put(j, text, strlen(text));
}

/* After every value: a complete document (or a value at the top) goes
 * out, so that what the caller writes next comes after it. */
static void done(struct ss_json *j) {
  if (j->depth == 0)
    flush(j);
}

/* Length of a valid UTF-8 sequence at s, 0 if invalid. */
static int utf8_length(const unsigned char *s) {
  unsigned c = s[0];
  int n;
  unsigned min;
  if (c < 0x80)
    return 1;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
    min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    min = 0x10000;
  } else {
    return 0;
  }
  unsigned cp = c & (0x7F >> n);
  for (int i = 1; i < n; i++) {
    if ((s[i] & 0xC0) != 0x80)
      return 0;
    cp = cp << 6 | (s[i] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

/* The bytes that go out as they are: printable ASCII but the quote and
 * the backslash (a table: a -json document of a large program is tens of
 * megabytes of keys and names; four tests a byte were a tenth of it). */
static const unsigned char plain_ascii[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 0x80-0xff: UTF-8, checked */
};

static void put_string(struct ss_json *out, const char *value) {
  const unsigned char *s = (const unsigned char *)value;
  put_char(out, '"');
  while (*s) {
    /* Plain ASCII goes out in one piece. */
    size_t plain = 0;
    while (plain_ascii[s[plain]])
      plain++;
    if (plain) {
      put(out, s, plain);
      s += plain;
      continue;
    }
    unsigned c = *s;
    if (c == '"' || c == '\\') {
      put_char(out, '\\');
      put_char(out, (char)c);
      s++;
    } else if (c < 0x20) {
      switch (c) {
      case '\n':
        put_text(out, "\\n");
        break;
      case '\t':
        put_text(out, "\\t");
        break;
      case '\r':
        put_text(out, "\\r");
        break;
      default: {
        char u[8];
        snprintf(u, sizeof u, "\\u%04x", c);
        put_text(out, u);
      }
      }
      s++;
    } else {
      int n = utf8_length(s);
      if (n == 0) {
        put_text(out, "\\ufffd");
        s++;
      } else {
        put(out, s, (size_t)n);
        s += n;
      }
    }
  }
  put_char(out, '"');
}

void ss_json_write_string(FILE *out, const char *value) {
  struct ss_json j;
  ss_json_init(&j, out);
  put_string(&j, value);
  flush(&j);
}

static void indent(struct ss_json *j, int depth) {
  put_char(j, '\n');
  for (int i = 0; i < depth; i++)
    put(j, "  ", 2);
}

/* Separator, layout and key before any value. */
static void before_value(struct ss_json *j, const char *key) {
  if (j->depth > 0) {
    if (j->count[j->depth]++ > 0)
      put_char(j, ',');
    if (j->depth <= 2)
      indent(j, j->depth);
    else if (j->count[j->depth] > 1)
      put_char(j, ' ');
  }
  if (key) {
    put_string(j, key);
    put(j, ": ", 2);
  }
}

static void begin(struct ss_json *j, const char *key, char open) {
  before_value(j, key);
  put_char(j, open);
  if (j->depth + 1 < SS_JSON_MAX_DEPTH)
    j->depth++;
  j->count[j->depth] = 0;
}

static void end(struct ss_json *j, char close) {
  int had = j->count[j->depth] > 0;
  if (j->depth > 0)
    j->depth--;
  if (had && j->depth + 1 <= 2)
    indent(j, j->depth);
  put_char(j, close);
  if (j->depth == 0)
    put_char(j, '\n');
  done(j);
}

void ss_json_begin_object(struct ss_json *j, const char *key) {
  begin(j, key, '{');
}
void ss_json_end_object(struct ss_json *j) { end(j, '}'); }
void ss_json_begin_array(struct ss_json *j, const char *key) {
  begin(j, key, '[');
}
void ss_json_end_array(struct ss_json *j) { end(j, ']'); }

void ss_json_string(struct ss_json *j, const char *key, const char *value) {
  if (!value) {
    ss_json_null(j, key);
    return;
  }
  before_value(j, key);
  put_string(j, value);
  done(j);
}

/* An integer in decimal; a large document has millions (fprintf costs a
 * tenth of SQLite's -json). */
static void put_integer(struct ss_json *out, int negative,
                        uint64_t magnitude) {
  char buf[24];
  size_t i = sizeof buf;
  do {
    buf[--i] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (negative)
    buf[--i] = '-';
  put(out, buf + i, sizeof buf - i);
}

void ss_json_int(struct ss_json *j, const char *key, int64_t value) {
  before_value(j, key);
  put_integer(j, value < 0,
              value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value);
  done(j);
}

void ss_json_uint(struct ss_json *j, const char *key, uint64_t value) {
  before_value(j, key);
  put_integer(j, 0, value);
  done(j);
}

void ss_json_bool(struct ss_json *j, const char *key, int value) {
  before_value(j, key);
  put_text(j, value ? "true" : "false");
  done(j);
}

void ss_json_null(struct ss_json *j, const char *key) {
  before_value(j, key);
  put_text(j, "null");
  done(j);
}

void ss_json_count(struct ss_json *j, const char *key, int known,
                   int64_t value) {
  if (known)
    ss_json_int(j, key, value);
  else
    ss_json_null(j, key);
}

/* Shared by the ideal, branch and loop members (one definition: several
 * listings use it). */
void ss_json_double(struct ss_json *j, const char *key, double value) {
  if (!isfinite(value)) {
    ss_json_null(j, key);
    return;
  }
  /* An integer below 10^15 (most of them: counts, cycles) is its digits,
   * what %.15g gives it. */
  if (value > -1e15 && value < 1e15 && value == (double)(int64_t)value) {
    before_value(j, key);
    int64_t v = (int64_t)value;
    put_integer(j, v < 0, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v);
    done(j);
    return;
  }
  char buf[40];
  for (int digits = 15; digits <= 17; digits++) {
    snprintf(buf, sizeof buf, "%.*g", digits, value == 0 ? 0.0 : value);
    if (strtod(buf, NULL) == value)
      break;
  }
  before_value(j, key);
  put_text(j, buf);
  done(j);
}

void ss_json_seconds(struct ss_json *j, const char *key, uint64_t ns) {
  before_value(j, key);
  char buf[48];
  snprintf(buf, sizeof buf, "%" PRIu64 ".%09" PRIu64, ns / 1000000000u,
           ns % 1000000000u);
  put_text(j, buf);
  done(j);
}
