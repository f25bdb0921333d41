/* json_writer.c -- streaming JSON output. */
#include "json_writer.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

void ss_json_init(struct ss_json *j, FILE *out) {
  j->out = out;
  j->depth = 0;
  j->count[0] = 0;
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

void ss_json_write_string(FILE *out, const char *value) {
  const unsigned char *s = (const unsigned char *)value;
  fputc('"', out);
  while (*s) {
    /* Plain ASCII goes out in one piece. */
    size_t plain = 0;
    while (s[plain] >= 0x20 && s[plain] < 0x80 && s[plain] != '"' &&
           s[plain] != '\\')
      plain++;
    if (plain) {
      fwrite(s, 1, plain, out);
      s += plain;
      continue;
    }
    unsigned c = *s;
    if (c == '"' || c == '\\') {
      fputc('\\', out);
      fputc((int)c, out);
      s++;
    } else if (c < 0x20) {
      switch (c) {
      case '\n':
        fputs("\\n", out);
        break;
      case '\t':
        fputs("\\t", out);
        break;
      case '\r':
        fputs("\\r", out);
        break;
      default:
        fprintf(out, "\\u%04x", c);
      }
      s++;
    } else {
      int n = utf8_length(s);
      if (n == 0) {
        fputs("\\ufffd", out);
        s++;
      } else {
        fwrite(s, 1, (size_t)n, out);
        s += n;
      }
    }
  }
  fputc('"', out);
}

static void indent(struct ss_json *j, int depth) {
  fputc('\n', j->out);
  for (int i = 0; i < depth; i++)
    fputs("  ", j->out);
}

/* Separator, layout and key before any value. */
static void before_value(struct ss_json *j, const char *key) {
  if (j->depth > 0) {
    if (j->count[j->depth]++ > 0)
      fputc(',', j->out);
    if (j->depth <= 2)
      indent(j, j->depth);
    else if (j->count[j->depth] > 1)
      fputc(' ', j->out);
  }
  if (key) {
    ss_json_write_string(j->out, key);
    fputs(": ", j->out);
  }
}

static void begin(struct ss_json *j, const char *key, char open) {
  before_value(j, key);
  fputc(open, j->out);
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
  fputc(close, j->out);
  if (j->depth == 0)
    fputc('\n', j->out);
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
  ss_json_write_string(j->out, value);
}

/* An integer in decimal; a large document has millions (fprintf costs a
 * tenth of SQLite's -json). */
static void put_integer(FILE *out, int negative, uint64_t magnitude) {
  char buf[24];
  size_t i = sizeof buf;
  do {
    buf[--i] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (negative)
    buf[--i] = '-';
  fwrite(buf + i, 1, sizeof buf - i, out);
}

void ss_json_int(struct ss_json *j, const char *key, int64_t value) {
  before_value(j, key);
  put_integer(j->out, value < 0,
              value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value);
}

void ss_json_uint(struct ss_json *j, const char *key, uint64_t value) {
  before_value(j, key);
  put_integer(j->out, 0, value);
}

void ss_json_bool(struct ss_json *j, const char *key, int value) {
  before_value(j, key);
  fputs(value ? "true" : "false", j->out);
}

void ss_json_null(struct ss_json *j, const char *key) {
  before_value(j, key);
  fputs("null", j->out);
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
  char buf[40];
  for (int digits = 15; digits <= 17; digits++) {
    snprintf(buf, sizeof buf, "%.*g", digits, value == 0 ? 0.0 : value);
    if (strtod(buf, NULL) == value)
      break;
  }
  before_value(j, key);
  fputs(buf, j->out);
}

void ss_json_seconds(struct ss_json *j, const char *key, uint64_t ns) {
  before_value(j, key);
  fprintf(j->out, "%" PRIu64 ".%09" PRIu64, ns / 1000000000u,
          ns % 1000000000u);
}
