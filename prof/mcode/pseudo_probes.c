/* pseudo_probes.c -- decode .pseudo_probe tables; see pseudo_probes.h. */
#include "pseudo_probes.h"

#include "base.h"

#include <stdbool.h>

enum {
  PROBE_TYPE_BLOCK = 0,
  ATTR_SENTINEL = 0x2,          /* the address field holds a name's MD5 */
  ATTR_HAS_DISCRIMINATOR = 0x4, /* a discriminator follows the address */
  FLAG_ADDRESS_DELTA = 0x80,
  MAX_INLINE_DEPTH = 256, /* deeper is a corrupt table, not real inlining */
};

struct reader {
  const uint8_t *p, *end;
  uint64_t last_address; /* of the previous probe: deltas count from it */
  bool address_valid;    /* false after a dropped function's address 0 */
  bool from_start;       /* last_address counts from a function's start */
  struct ss_block_marker **markers;
  size_t *num, *cap;
  uint32_t seq;
};

static int read_u64(struct reader *r, uint64_t *v) {
  if (r->end - r->p < 8)
    return -1;
  *v = ss_le64(r->p);
  r->p += 8;
  return 0;
}

static int read_byte(struct reader *r, uint8_t *v) {
  if (r->p >= r->end)
    return -1;
  *v = *r->p++;
  return 0;
}

static int read_uleb(struct reader *r, uint64_t *v) {
  *v = 0;
  for (unsigned shift = 0; r->p < r->end && shift < 64; shift += 7) {
    uint8_t b = *r->p++;
    *v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80))
      return 0;
  }
  return -1;
}

static int read_sleb(struct reader *r, int64_t *v) {
  uint64_t u = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    if (r->p >= r->end || shift >= 64)
      return -1;
    b = *r->p++;
    u |= (uint64_t)(b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40))
    u |= ~(uint64_t)0 << shift;
  *v = (int64_t)u;
  return 0;
}

static int read_probe(struct reader *r, uint64_t guid) {
  uint64_t index, value;
  uint8_t packed;
  if (read_uleb(r, &index) != 0 || read_byte(r, &packed) != 0)
    return -1;
  unsigned type = packed & 0xf, attributes = (packed >> 4) & 0x7;
  bool sentinel = false;
  if (packed & FLAG_ADDRESS_DELTA) {
    int64_t delta;
    if (read_sleb(r, &delta) != 0)
      return -1;
    r->last_address += (uint64_t)delta;
  } else if (attributes & ATTR_SENTINEL) {
    /* LLVM 17+: the MD5 of the function's symbol name; the deltas that
     * follow count from the function's start. */
    if (read_u64(r, &value) != 0)
      return -1;
    sentinel = true;
    r->last_address = 0;
    r->address_valid = true;
    r->from_start = true;
  } else {
    if (read_u64(r, &value) != 0)
      return -1;
    r->last_address = value;
    r->address_valid = value != 0;
    r->from_start = false;
  }
  if (attributes & ATTR_HAS_DISCRIMINATOR) {
    uint64_t discriminator;
    if (read_uleb(r, &discriminator) != 0)
      return -1;
  }
  uint32_t seq = r->seq++;
  if (sentinel || type != PROBE_TYPE_BLOCK || !r->address_valid ||
      index > UINT32_MAX)
    return 0;
  SS_GROW(*r->markers, *r->cap, *r->num);
  (*r->markers)[(*r->num)++] = (struct ss_block_marker){
      r->last_address, guid, (uint32_t)index, seq, r->from_start};
  return 0;
}

static int read_function(struct reader *r, unsigned depth) {
  uint64_t guid, num_probes, num_inlined;
  if (depth > MAX_INLINE_DEPTH || read_u64(r, &guid) != 0 ||
      read_uleb(r, &num_probes) != 0 || read_uleb(r, &num_inlined) != 0)
    return -1;
  for (uint64_t i = 0; i < num_probes; i++)
    if (read_probe(r, guid) != 0)
      return -1;
  for (uint64_t i = 0; i < num_inlined; i++) {
    uint64_t call_site;
    if (read_uleb(r, &call_site) != 0 || read_function(r, depth + 1) != 0)
      return -1;
  }
  return 0;
}

int ss_pseudo_probes_decode(const uint8_t *bytes, size_t size,
                            struct ss_block_marker **markers, size_t *num,
                            size_t *cap) {
  if (size == 0)
    return 0; /* bytes may be NULL */
  struct reader r = {bytes, bytes + size, 0,   false, false,
                     markers, num, cap, 0};
  while (r.p < r.end)
    if (read_function(&r, 0) != 0)
      return -1;
  return 0;
}
