/* hash_table.c -- open addressing with linear probing. */
#include "base.h"


#include <stdlib.h>
#include <string.h>

#define EMPTY UINT32_MAX

/* The table's hash: the first lane of ss_hash128, which reads 8 bytes
 * at a step (FNV-1a's byte at a time was 5% of a cached SQLite listing,
 * whose region keys are whole blocks' text). */
static uint64_t table_hash(const void *key, size_t len) {
  uint64_t h[2];
  ss_hash128(key, len, h);
  return h[0];
}

void ss_hash_init(struct ss_hash *h) { memset(h, 0, sizeof *h); }

void ss_hash_release(struct ss_hash *h) {
  free(h->slots);
  free(h->keys);
  free(h->by_value);
  memset(h, 0, sizeof *h);
}

static void rehash(struct ss_hash *h) {
  size_t cap = h->cap ? h->cap * 2 : 64;
  struct ss_hash_slot *slots = ss_xcalloc(cap, sizeof *slots);
  for (size_t i = 0; i < cap; i++)
    slots[i].value = EMPTY;
  for (size_t i = 0; i < h->cap; i++) {
    if (h->slots[i].value == EMPTY)
      continue;
    size_t j = h->slots[i].hash & (cap - 1);
    while (slots[j].value != EMPTY)
      j = (j + 1) & (cap - 1);
    slots[j] = h->slots[i];
  }
  free(h->slots);
  h->slots = slots;
  h->cap = cap;
}

uint32_t ss_hash_intern(struct ss_hash *h, const void *key, size_t len,
                        int *inserted) {
  if (2 * (h->count + 1) > h->cap) /* at most half full */
    rehash(h);
  uint64_t hash = table_hash(key, len);
  size_t j = hash & (h->cap - 1);
  for (;; j = (j + 1) & (h->cap - 1)) {
    const struct ss_hash_slot *s = &h->slots[j];
    if (s->value == EMPTY)
      break;
    if (s->hash == hash && s->key_len == len &&
        memcmp(h->keys + s->key_offset, key, len) == 0) {
      if (inserted)
        *inserted = 0;
      return s->value;
    }
  }
  /* The buffer exists once a key does, even an empty one: its keys are
   * addressed as keys + offset. */
  while (!h->keys || h->keys_len + len > h->keys_cap) {
    h->keys_cap = h->keys_cap ? h->keys_cap * 2 : 1024;
    h->keys = ss_xrealloc_array(h->keys, h->keys_cap, 1);
  }
  if (len)
    memcpy(h->keys + h->keys_len, key, len);
  SS_GROW(h->by_value, h->by_value_cap, h->count);
  h->by_value[h->count].offset = h->keys_len;
  h->by_value[h->count].len = (uint32_t)len;
  struct ss_hash_slot *s = &h->slots[j];
  s->hash = hash;
  s->key_offset = h->keys_len;
  s->key_len = (uint32_t)len;
  s->value = (uint32_t)h->count++;
  h->keys_len += len;
  if (inserted)
    *inserted = 1;
  return s->value;
}

uint32_t ss_hash_find(const struct ss_hash *h, const void *key, size_t len) {
  if (h->cap == 0)
    return UINT32_MAX;
  uint64_t hash = table_hash(key, len);
  for (size_t j = hash & (h->cap - 1);; j = (j + 1) & (h->cap - 1)) {
    const struct ss_hash_slot *s = &h->slots[j];
    if (s->value == EMPTY)
      return UINT32_MAX;
    if (s->hash == hash && s->key_len == len &&
        memcmp(h->keys + s->key_offset, key, len) == 0)
      return s->value;
  }
}

const void *ss_hash_key(const struct ss_hash *h, uint32_t value,
                        size_t *len) {
  *len = h->by_value[value].len;
  return h->keys + h->by_value[value].offset;
}

/* Two lanes over the bytes, eight at a time, each a multiply-xorshift
 * walk with its own constants, finished with a 64-bit avalanche (the
 * finalizer of MurmurHash3). */
static uint64_t avalanche(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

void ss_hash128(const void *data, size_t len, uint64_t out[2]) {
  const uint8_t *p = data;
  uint64_t a = 0x9e3779b97f4a7c15ull ^ len, b = 0x6a09e667f3bcc909ull + len;
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    uint64_t w = ss_le64(p + i);
    a = (a ^ w) * 0x100000001b3ull;
    a ^= a >> 31;
    b = (b + w + 1) * 0xbf58476d1ce4e5b9ull;
    b ^= b >> 29;
  }
  uint64_t w = 0;
  for (size_t k = 0; i + k < len; k++)
    w |= (uint64_t)p[i + k] << (8 * k);
  a = (a ^ w) * 0x100000001b3ull;
  b = (b + w + 1) * 0xbf58476d1ce4e5b9ull;
  out[0] = avalanche(a);
  out[1] = avalanche(b ^ out[0]);
}
