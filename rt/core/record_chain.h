/*
 * record_chain.h -- what a thread records from its signal handlers (the
 * sampler's samples, the traces' events), kept until the file is written.
 *
 * Each thread appends variable-size entries (a fixed header and a tail of
 * addresses) to a chain of its own: chunks carved from one arena by an
 * atomic bump pointer.  No locks, no malloc, so appending is
 * async-signal-safe.  Chunks grow from 4 KiB to 64 KiB per chain, so
 * thousands of short threads cost little.
 *
 * The arena is address space reserved up front (MAP_NORESERVE: pages are
 * only touched as entries arrive), up to what was asked and at least a
 * floor; when it is used up, further entries are refused, never waited
 * for.  Only a chain's own thread appends to it; the writer reads the
 * chunks while appending is paused, and counts a chunk's entries from its
 * `used` bytes, so an entry still half-written is never read.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_RECORD_CHAIN_H
#define SSRT_RECORD_CHAIN_H

#include "record_writer.h"

#include <stddef.h>
#include <stdint.h>

struct ssrt_chunk {
  struct ssrt_chunk *next; /* published with release */
  uint32_t capacity;       /* bytes of data */
  uint32_t used;           /* bytes of complete entries (release) */
  uint64_t written;        /* the writer's own: `used` as it copies it */
  uint64_t data[];
};

struct ssrt_arena {
  char *base;
  size_t size;
  size_t used; /* bump pointer (atomic) */
};

struct ssrt_chain {
  struct ssrt_chunk *first, *cur;
  uint32_t next_chunk_size;
};

/* What to reserve: 1 GiB, but never more than a sixteenth of an
 * address-space limit (ulimit -v) the program runs under. */
size_t ssrt_arena_default_size(void);

/* Reserves up to `want` bytes of address space (halving down to `floor`
 * where the system refuses).  Not async-signal-safe; returns 0 on
 * success. */
int ssrt_arena_init(struct ssrt_arena *a, size_t want, size_t floor);
/* In a forked child: the arena starts over (the parent's chains are
 * dropped; each chain that is kept must be reset). */
void ssrt_arena_reset(struct ssrt_arena *a);

/* An empty chain. */
void ssrt_chain_reset(struct ssrt_chain *c);

/* Appends one entry: `head_size` bytes at `head`, then `tail_size` at
 * `tail`.  Returns 1, or 0 when the arena has no room. */
int ssrt_chain_append(struct ssrt_arena *a, struct ssrt_chain *c,
                      const void *head, size_t head_size, const void *tail,
                      size_t tail_size);

/* The size of the entry at `entry` (its header says). */
typedef size_t (*ssrt_entry_size_fn)(const void *entry);

/* Writes a chain as records of tag `tag`: each is `header` (header_size
 * bytes, whose uint64 at `count_offset` is set to the record's number of
 * entries) followed by whole entries, at most `limit` payload bytes of
 * entries per record; an empty chain gives one record with no entries.
 * With appending paused. */
void ssrt_chain_write_records(struct ssrt_writer *w, struct ssrt_chain *c,
                              uint32_t tag, void *header, size_t header_size,
                              size_t count_offset, ssrt_entry_size_fn size_of,
                              uint64_t limit);

#endif
