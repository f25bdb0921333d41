/*
 * json_writer.h -- a small streaming JSON writer: commas, nesting and
 * string escaping (control characters, quotes, backslashes; invalid UTF-8
 * bytes become U+FFFD so the document is always valid JSON).  Containers
 * up to depth 2 put each element on its own line; deeper ones are inline.
 */
#ifndef SSPROF_JSON_WRITER_H
#define SSPROF_JSON_WRITER_H

#include <stdint.h>
#include <stdio.h>

#define SS_JSON_MAX_DEPTH 32

/* Output is gathered in `buf` and goes to `out` in large writes (a
 * -json document of a large program has millions of members: stdio's
 * per-call locking was a third of its time), whenever the buffer fills
 * and whenever the document is complete (depth back to 0): a caller may
 * write to `out` itself between documents, never inside one. */
#define SS_JSON_BUFFER 32768

struct ss_json {
  FILE *out;
  int depth;
  int count[SS_JSON_MAX_DEPTH]; /* elements written at each level */
  size_t used;                  /* bytes of buf not yet written */
  char buf[SS_JSON_BUFFER];
};

void ss_json_init(struct ss_json *j, FILE *out);

/* `key` names the member inside an object; NULL inside an array. */
void ss_json_begin_object(struct ss_json *j, const char *key);
void ss_json_end_object(struct ss_json *j);
void ss_json_begin_array(struct ss_json *j, const char *key);
void ss_json_end_array(struct ss_json *j);

void ss_json_string(struct ss_json *j, const char *key, const char *value);
void ss_json_int(struct ss_json *j, const char *key, int64_t value);
void ss_json_uint(struct ss_json *j, const char *key, uint64_t value);
void ss_json_bool(struct ss_json *j, const char *key, int value);
void ss_json_null(struct ss_json *j, const char *key);
/* An integer, or null when not known. */
void ss_json_count(struct ss_json *j, const char *key, int known,
                   int64_t value);

/* A number, the shortest form that reads back exactly (2600, 0.829,
 * 1.5e-07); null when it is not finite. */
void ss_json_double(struct ss_json *j, const char *key, double value);

/* `ns` nanoseconds as an exact decimal number of seconds (1.500000000). */
void ss_json_seconds(struct ss_json *j, const char *key, uint64_t ns);

/* Only the escaping, for tests: writes "value" with quotes. */
void ss_json_write_string(FILE *out, const char *value);

#endif
