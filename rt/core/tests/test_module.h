/*
 * test_module.h -- by hand, what the pass emits for one object: a module
 * with three counters, no functions and one indirect-call site, and a
 * minimal valid descriptor (header + a strtab holding the empty string).
 * Shared by test_writer.c and the plugin it dlopens.
 */
#ifndef TEST_MODULE_H
#define TEST_MODULE_H

#include "ss/format.h"

#include <stdint.h>
#include <string.h>

#define TEST_NUM_COUNTERS 3
#define TEST_DESCRIPTOR_SIZE (sizeof(struct ss_desc_header) + 1)

static inline uint64_t test_fnv1a(const uint8_t *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

static inline void test_build_descriptor(uint8_t out[TEST_DESCRIPTOR_SIZE]) {
  struct ss_desc_header h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, SS_DESC_MAGIC, 8);
  h.version = SS_DESC_VERSION;
  h.header_size = sizeof h;
  h.num_counters = TEST_NUM_COUNTERS;
  h.num_indirect_sites = 1;
  h.strtab_size = 1; /* offset 0: the empty string */
  memcpy(out, &h, sizeof h);
  out[sizeof h] = '\0';
  h.module_hash = test_fnv1a(out, TEST_DESCRIPTOR_SIZE); /* hash field zero */
  memcpy(out, &h, sizeof h);
}

/* Defines the module's globals under the given prefix. */
#define TEST_DEFINE_MODULE(prefix)                                             \
  static uint64_t prefix##_counters[TEST_NUM_COUNTERS + SS_INDIRECT_COUNTS];   \
  static struct ss_indirect_targets prefix##_sites[1];                         \
  static uint8_t prefix##_descriptor[TEST_DESCRIPTOR_SIZE];                    \
  static struct ss_module prefix##_module = {                                  \
      SS_MODULE_ABI, TEST_NUM_COUNTERS, prefix##_counters,                     \
      prefix##_descriptor, TEST_DESCRIPTOR_SIZE, 0, 1, NULL, prefix##_sites,   \
      NULL, 0, NULL, 0}

#endif
