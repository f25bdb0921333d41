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

/* The index of `key`, or UINT32_MAX when it was never interned. */
uint32_t ss_hash_find(const struct ss_hash *h, const void *key, size_t len);

/* The key of index `value`. */
const void *ss_hash_key(const struct ss_hash *h, uint32_t value,
                        size_t *len);

/* A 128-bit hash of `len` bytes (two independent 64-bit lanes), for keys
 * that must not collide by chance: what a cache entry was computed from. */
void ss_hash128(const void *data, size_t len, uint64_t out[2]);

/*
 * byte_buffer.c -- little-endian serialization: a growable output buffer,
 * and an input cursor whose every read is bounds-checked.  A read past the
 * end sets `failed` and returns zeros, so a decoder reads on and checks
 * once at the end (cache files, which may be truncated or foreign).
 */

struct ss_bytes_out {
  uint8_t *data;
  size_t len, cap;
};

void ss_out_bytes(struct ss_bytes_out *o, const void *p, size_t n);
void ss_out_u8(struct ss_bytes_out *o, uint8_t v);
void ss_out_u32(struct ss_bytes_out *o, uint32_t v);
void ss_out_u64(struct ss_bytes_out *o, uint64_t v);
void ss_out_f64(struct ss_bytes_out *o, double v);
/* A string as u32 length and its bytes (no NUL). */
void ss_out_str(struct ss_bytes_out *o, const char *s);

struct ss_bytes_in {
  const uint8_t *p;
  size_t len, pos;
  int failed;
};

const uint8_t *ss_in_bytes(struct ss_bytes_in *in, size_t n);
uint8_t ss_in_u8(struct ss_bytes_in *in);
uint32_t ss_in_u32(struct ss_bytes_in *in);
uint64_t ss_in_u64(struct ss_bytes_in *in);
double ss_in_f64(struct ss_bytes_in *in);
/* A string written by ss_out_str, copied NUL-terminated into a malloc'd
 * buffer; NULL (and `failed`) when it is cut short or holds a NUL. */
char *ss_in_str(struct ss_bytes_in *in);
/* A count of elements of at least `min_size` bytes each that the rest of
 * the input could hold; 0 (and `failed`) when it could not. */
uint32_t ss_in_count(struct ss_bytes_in *in, size_t min_size);

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
 * How far a long piece of work has come: what is done of how much.  The
 * layers that work long (llvm-mca's batches) tell it; the command shows
 * it on a terminal.
 */
struct ss_progress {
  void (*show)(void *self, const char *what, size_t done, size_t total);
  void *self;
};

static inline void ss_progress_show(const struct ss_progress *p,
                                    const char *what, size_t done,
                                    size_t total) {
  if (p && p->show)
    p->show(p->self, what, done, total);
}

/*
 * path_name.c -- path names.
 */

/* Final component of a path ("" stays ""). */
const char *ss_basename(const char *path);

#endif
