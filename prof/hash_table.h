/*
 * hash_table.h -- interning of byte-string keys to dense indices (0, 1,
 * 2, ... in order of first insertion), for grouping identical call stacks,
 * addresses, functions and edges when the sample model is built.
 */
#ifndef SSPROF_HASH_TABLE_H
#define SSPROF_HASH_TABLE_H

#include <stddef.h>
#include <stdint.h>

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

#endif
