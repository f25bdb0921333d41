/*
 * ideal_cache.h -- what ideal time computes from an object's code alone,
 * kept between runs of ssprof: the machine code of each function cut
 * into blocks with the instrumentation's instructions told apart
 * (mcode.h), and llvm-mca's cycles of each code region.  A user reads
 * the listings of one binary many times; the second and later listings
 * then neither disassemble nor run llvm-mca.
 *
 * One file per object and CPU model: <dir>/<build-id>.<cpu>.<identity>.
 * ssprof-cache, where the identity hashes what else the contents depend
 * on: the llvm-mca that modelled the regions (its path, size, time of
 * last change, inode) and the ssprof that wrote them (its build-id: a
 * rebuilt ssprof may cut or model differently).  The file repeats every
 * key part and ends in a 128-bit hash of its contents; every length and
 * index in it is checked when it is read.  A file that is corrupt,
 * truncated, foreign or of another key is ignored and replaced.  Files
 * are written whole to a temporary name and renamed, so readers never see
 * a half-written one, and two ssprof processes at once each leave a whole
 * file.  Entries are keyed by a 128-bit hash of all they were computed
 * from (a function: its module's descriptor, its index and address, its
 * markers; a region: its instructions' text).  When the directory holds
 * more than CACHE_LIMIT bytes of such files, the least recently used go.
 */
#ifndef SSPROF_IDEAL_CACHE_H
#define SSPROF_IDEAL_CACHE_H

#include "base.h"
#include "mcode.h"

#include <stddef.h>
#include <stdint.h>

struct ss_ideal_cache;

/* The entries kept for the object with `build_id` and `cpu` in `dir`
 * (an empty cache when there is no valid file).  NULL when `dir` is
 * NULL or the object has no build-id: nothing is cached. */
struct ss_ideal_cache *ss_ideal_cache_open(const char *dir,
                                           const uint8_t *build_id,
                                           uint32_t build_id_len,
                                           const char *cpu);

/* A kept function, decoded into `mf`: 1, or 0 when none is kept under
 * `key` (or it does not decode: it is then dropped). */
int ss_ideal_cache_function(struct ss_ideal_cache *c, const uint64_t key[2],
                            struct ss_mcode_function *mf);
void ss_ideal_cache_add_function(struct ss_ideal_cache *c,
                                 const uint64_t key[2],
                                 const struct ss_mcode_function *mf);

/* llvm-mca's steady-state cycles of a region (cpu_model.h). */
struct ss_cached_region {
  double cycles;
  uint32_t modelled, rejected;
};

int ss_ideal_cache_region(const struct ss_ideal_cache *c,
                          const uint64_t key[2], struct ss_cached_region *r);
void ss_ideal_cache_add_region(struct ss_ideal_cache *c, const uint64_t key[2],
                               const struct ss_cached_region *r);

/* llvm-mca's dispatch width of the CPU model, when it was asked (0:
 * not known). */
double ss_ideal_cache_model_width(const struct ss_ideal_cache *c);
void ss_ideal_cache_set_model_width(struct ss_ideal_cache *c, double width);

/* Write the file when anything was added, then free the cache. */
void ss_ideal_cache_close(struct ss_ideal_cache *c);

#endif
