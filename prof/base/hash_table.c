/* hash_table.c -- open addressing with linear probing, FNV-1a hashes. */
#include "base.h"


#include <stdlib.h>
#include <string.h>

#define EMPTY UINT32_MAX

static uint64_t fnv1a(const uint8_t *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
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
  uint64_t hash = fnv1a(key, len);
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

const void *ss_hash_key(const struct ss_hash *h, uint32_t value,
                        size_t *len) {
  *len = h->by_value[value].len;
  return h->keys + h->by_value[value].offset;
}
