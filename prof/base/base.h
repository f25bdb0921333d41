/*
 * base.h -- the base layer of ssprof: what every other layer needs and
 * nothing ssprof-specific.  One-line error messages, allocation that cannot
 * fail, interning of byte strings, reading a whole file, little-endian
 * bytes and path names.  Depends on nothing but the C library.
 */
#ifndef SSPROF_BASE_H
#define SSPROF_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * error_message.c -- the one-line description of what is wrong with an
 * input.  Library functions fill one in and return failure; ssprof prints
 * it as "ssprof: <file>: <message>".
 */

struct ss_err {
  char msg[512];
};

void ss_err_set(struct ss_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prefix an existing message: "<prefix>: <old message>". */
void ss_err_prefix(struct ss_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * xalloc.c -- allocation that cannot fail: on exhaustion ssprof prints one
 * line and exits with status 1 (the only sensible thing a report tool can
 * do).  Sizes are checked for multiplication overflow.
 */

void *ss_xmalloc(size_t size);
void *ss_xcalloc(size_t count, size_t size);
void *ss_xrealloc_array(void *ptr, size_t count, size_t size);
char *ss_xstrdup(const char *s);
char *ss_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *ptr (holding *cap elements of `size`) so that index `need` fits. */
void ss_grow(void **ptr, size_t *cap, size_t need, size_t size);

#define SS_GROW(ptr, cap, need)                                                \
  ss_grow((void **)&(ptr), &(cap), (need), sizeof *(ptr))

/*
 * hash_table.c -- interning of byte-string keys to dense indices (0, 1,
 * 2, ... in order of first insertion), for grouping identical call stacks,
 * addresses, functions and edges when the sample model is built.
 */

struct ss_hash_slot {
  uint64_t hash;
  size_t key_offset;
  uint32_t key_len;
  uint32_t value; /* UINT32_MAX: empty */
};

struct ss_hash_key_ref {
  size_t offset;
  uint32_t len;
};

struct ss_hash {
  struct ss_hash_slot *slots;
  size_t cap, count; /* cap is a power of two */
  uint8_t *keys;     /* copies of the keys, back to back */
  size_t keys_len, keys_cap;
  struct ss_hash_key_ref *by_value; /* [count] */
  size_t by_value_cap;
};

void ss_hash_init(struct ss_hash *h);
void ss_hash_release(struct ss_hash *h);

/* The index of `key`; a new key gets the next index (the number of keys
 * before it) and *inserted is set to 1, else 0. */
uint32_t ss_hash_intern(struct ss_hash *h, const void *key, size_t len,
                        int *inserted);

/* The key of index `value`. */
const void *ss_hash_key(const struct ss_hash *h, uint32_t value,
                        size_t *len);

/*
 * read_file.c -- a whole file into memory (experiment files, llvm-mca's
 * output).
 */

/* The `*size` bytes of the file at `path`, malloc'ed, with a NUL after
 * them; NULL with `err` set ("cannot open: ...", "cannot read: ..."). */
uint8_t *ss_read_file(const char *path, uint64_t *size, struct ss_err *err);

/*
 * sort.c -- qsort and bsearch for arrays that may be empty: an empty array
 * is often a NULL pointer here (never allocated), which the C library's
 * functions must not be given even with a count of 0.
 */

void ss_sort(void *base, size_t count, size_t size,
             int (*cmp)(const void *, const void *));
void *ss_search(const void *key, const void *base, size_t count, size_t size,
                int (*cmp)(const void *, const void *));

/*
 * open_regular.c -- a path an experiment file names (the target program,
 * its libraries) opened for reading, only if it is a regular file: a FIFO
 * there must not make ssprof wait forever, nor a device be read.
 */

/* A read-only descriptor (close-on-exec), or -1 with `why` set ("No such
 * file or directory", "not a regular file (a FIFO)"). */
int ss_open_regular(const char *path, char *why, size_t why_size);

/*
 * Fixed-width little-endian loads and stores, independent of
 * the host's byte order and of alignment.  The caller has checked bounds.
 */

static inline uint16_t ss_le16(const uint8_t *p) {
  return (uint16_t)(p[0] | (uint16_t)p[1] << 8);
}

static inline uint32_t ss_le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

static inline uint64_t ss_le64(const uint8_t *p) {
  return (uint64_t)ss_le32(p) | (uint64_t)ss_le32(p + 4) << 32;
}

static inline void ss_put_le16(uint8_t *p, uint16_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
}

static inline void ss_put_le32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

static inline void ss_put_le64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

/*
 * output_file.c -- a report file written safely: into a temporary file
 * beside the target, renamed over it once complete, so a failed or
 * interrupted write never leaves a half file under the name; "-" is
 * stdout.
 */

struct ss_output {
  FILE *f;
  const char *path;
  char *tmp; /* NULL for stdout */
};

/* Returns 0, or -1 with `err` set ("cannot create: ..."). */
int ss_output_open(struct ss_output *o, const char *path, struct ss_err *err);
/* Flush and move the file into place.  Returns 0, or -1 with `err` set
 * (the temporary file is removed). */
int ss_output_commit(struct ss_output *o, struct ss_err *err);
/* Give up: the temporary file is removed, the target left as it was. */
void ss_output_discard(struct ss_output *o);

/*
 * path_name.c -- path names.
 */

/* Final component of a path ("" stays ""). */
const char *ss_basename(const char *path);

#endif
