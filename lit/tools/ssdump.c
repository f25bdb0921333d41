/*
 * ssdump.c -- prints the records of experiment files, for the tests of the
 * sampling runtime (lit/sampling/).  It reads the layouts of ss/format.h
 * on its own, checking every length and CRC, and can check properties of
 * the samples that the tests need exactly:
 *
 *   ssdump [options] file...
 *     (no option)       one line per record; SAMPLES as a per-thread summary
 *     --samples         also every sample: depth, flags, caliper, addresses
 *     --map             also every module-map entry
 *     --check-text      "pcs outside text: N": interrupted PCs that lie in
 *                       no module-map text range
 *     --check-calipers  "calipers: min..max, nondecreasing|decreasing"
 *                       over every thread's samples in time order
 *     --frames-in SYM   "frames in SYM: ok|too few (K of N samples)": K
 *                       samples of depth >= 3 with an address inside the
 *                       executable's function SYM (its ELF symbol table);
 *                       ok when K >= --min-percent (default 80) % of N
 *     --min-samples N   "samples: ok|too few (K)"
 *     --exe-only        --frames-in and --check-complete count only the
 *                       samples whose interrupted PC lies in the
 *                       executable's own text (not in a library the
 *                       process runs at start-up or exit, say)
 *     --check-complete  "incomplete: K of N samples": walks that stopped
 *                       early
 *
 * Exit status 1 if a file is malformed or a check says "too few".
 */
#define _GNU_SOURCE
#include "crc32.h"
#include "ss/format.h"

#include <elf.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int opt_samples, opt_map, opt_text, opt_calipers;
static const char *opt_symbol;
static long opt_min_percent = 80, opt_min_samples = -1;
static int opt_exe_only, opt_complete;
static int status;

static const char *file_name;

static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "ssdump: %s: ", file_name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

static uint32_t rd32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}
static uint64_t rd64(const uint8_t *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

/* A (u32 length, bytes, NUL) string at p[*at], inside len. */
static const char *take_string(const uint8_t *p, uint64_t len, uint64_t *at) {
  if (*at + 4 > len)
    fail("string length past the end of its record");
  uint32_t n = rd32(p + *at);
  if (*at + 4 + n + 1 > len || p[*at + 4 + n] != '\0')
    fail("string of %u bytes past the end of its record", n);
  const char *s = (const char *)p + *at + 4;
  *at += 4 + (uint64_t)n + 1;
  return s;
}

/* -- the module map and the executable's symbols ------------------------- */

struct map_entry {
  struct ss_rec_module_entry e;
  const char *path;
};
static struct map_entry map[512];
static uint32_t map_count;

static int in_text(uint64_t pc) {
  for (uint32_t i = 0; i < map_count; i++)
    if (pc >= map[i].e.text_start && pc < map[i].e.text_end)
      return 1;
  return 0;
}

/* Run-time range of `name` in the executable, from its ELF symbols. */
static int symbol_range(const char *name, uint64_t *lo, uint64_t *hi) {
  const struct map_entry *exe = NULL;
  for (uint32_t i = 0; i < map_count; i++)
    if (map[i].e.flags & SS_MAP_MAIN)
      exe = &map[i];
  if (!exe)
    return 0;
  int fd = open(exe->path, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0)
    return 0;
  const uint8_t *img = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (img == MAP_FAILED)
    return 0;
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img;
  const Elf64_Shdr *sh = (const Elf64_Shdr *)(img + eh->e_shoff);
  int found = 0;
  for (int pass = 0; pass < 2 && !found; pass++) {
    uint32_t want = pass == 0 ? SHT_SYMTAB : SHT_DYNSYM;
    for (int i = 0; i < eh->e_shnum && !found; i++) {
      if (sh[i].sh_type != want)
        continue;
      const Elf64_Sym *sym = (const Elf64_Sym *)(img + sh[i].sh_offset);
      const char *strtab = (const char *)img + sh[sh[i].sh_link].sh_offset;
      size_t n = sh[i].sh_size / sizeof *sym;
      for (size_t k = 0; k < n; k++)
        if (ELF64_ST_TYPE(sym[k].st_info) == STT_FUNC &&
            strcmp(strtab + sym[k].st_name, name) == 0) {
          *lo = exe->e.base + sym[k].st_value;
          *hi = *lo + (sym[k].st_size ? sym[k].st_size : 1);
          found = 1;
          break;
        }
    }
  }
  munmap((void *)img, (size_t)st.st_size);
  return found;
}

/* -- per-file state for the checks ----------------------------------------- */

struct sample_ref {
  const uint8_t *at; /* struct ss_sample, then its addresses */
};
static struct sample_ref *samples;
static size_t num_samples, cap_samples;

static void print_map(const uint8_t *p, uint64_t len) {
  if (len < 8)
    fail("MODULE_MAP shorter than 8 bytes");
  uint32_t n = rd32(p);
  uint64_t at = 8 + (uint64_t)n * sizeof(struct ss_rec_module_entry);
  if (at > len || n > sizeof map / sizeof map[0])
    fail("MODULE_MAP with %u entries does not fit", n);
  map_count = n;
  for (uint32_t i = 0; i < n; i++) {
    memcpy(&map[i].e, p + 8 + (uint64_t)i * sizeof map[i].e, sizeof map[i].e);
    map[i].path = take_string(p, len, &at);
  }
  printf("MODULE_MAP entries=%u\n", n);
  if (opt_map)
    for (uint32_t i = 0; i < n; i++)
      printf("  [%u] base=0x%llx text=0x%llx-0x%llx flags=%u build_id_len=%u %s\n",
             i, (unsigned long long)map[i].e.base,
             (unsigned long long)map[i].e.text_start,
             (unsigned long long)map[i].e.text_end, map[i].e.flags,
             map[i].e.build_id_len, map[i].path);
}

static const char *kind_name(uint32_t kind) {
  switch (kind) {
  case SS_SAMPLING_USERTIME: return "usertime";
  case SS_SAMPLING_TOTALTIME: return "totaltime";
  case SS_SAMPLING_PCSAMP: return "pcsamp";
  default: return "?";
  }
}

/* A sample's addresses: after its header and, with SS_SAMPLE_WEIGHT, its
 * weight. */
static uint64_t weight_bytes(const uint8_t *at) {
  struct ss_sample s;
  memcpy(&s, at, sizeof s);
  return s.flags & SS_SAMPLE_WEIGHT ? 8 : 0;
}

static const uint8_t *addrs_of(const uint8_t *at) {
  return at + sizeof(struct ss_sample) + weight_bytes(at);
}

static void print_samples(const uint8_t *p, uint64_t len) {
  if (len < sizeof(struct ss_rec_samples))
    fail("SAMPLES shorter than its fixed part");
  struct ss_rec_samples h;
  memcpy(&h, p, sizeof h);
  uint64_t at = sizeof h;
  uint32_t max_depth = 0, incomplete = 0, truncated = 0;
  for (uint64_t i = 0; i < h.num_samples; i++) {
    if (at + sizeof(struct ss_sample) > len)
      fail("SAMPLES record: sample %llu past the end", (unsigned long long)i);
    struct ss_sample s;
    memcpy(&s, p + at, sizeof s);
    uint64_t w = s.flags & SS_SAMPLE_WEIGHT ? 8 : 0;
    if (s.depth == 0 || at + sizeof s + w + 8ull * s.depth > len)
      fail("SAMPLES record: sample %llu of depth %u does not fit",
           (unsigned long long)i, s.depth);
    if (num_samples == cap_samples) {
      cap_samples = cap_samples ? 2 * cap_samples : 1024;
      samples = realloc(samples, cap_samples * sizeof *samples);
    }
    samples[num_samples++].at = p + at;
    if (s.depth > max_depth)
      max_depth = s.depth;
    incomplete += (s.flags & SS_SAMPLE_INCOMPLETE) != 0;
    truncated += (s.flags & SS_SAMPLE_TRUNCATED) != 0;
    if (opt_samples) {
      printf("  sample depth=%u flags=%u caliper=%u", s.depth, s.flags, s.caliper);
      if (w)
        printf(" weight=%llu", (unsigned long long)rd64(p + at + sizeof s));
      printf(":");
      for (uint16_t k = 0; k < s.depth; k++)
        printf(" 0x%llx", (unsigned long long)rd64(p + at + sizeof s + w + 8ull * k));
      printf("\n");
    }
    at += sizeof s + w + 8ull * s.depth;
  }
  if (at != len)
    fail("SAMPLES record: %llu bytes after its samples",
         (unsigned long long)(len - at));
  printf("SAMPLES thread=%u tid=%u samples=%llu max_depth=%u incomplete=%u "
         "truncated=%u\n",
         h.thread_index, h.tid, (unsigned long long)h.num_samples, max_depth,
         incomplete, truncated);
}

/* Whether the checks count the sample at `at` (--exe-only). */
static int selected(const uint8_t *at) {
  if (!opt_exe_only)
    return 1;
  uint64_t pc = rd64(addrs_of(at));
  for (uint32_t i = 0; i < map_count; i++)
    if ((map[i].e.flags & SS_MAP_MAIN) && pc >= map[i].e.text_start &&
        pc < map[i].e.text_end)
      return 1;
  return 0;
}

static void run_checks(void) {
  if (opt_text) {
    size_t outside = 0;
    for (size_t i = 0; i < num_samples; i++)
      if (!in_text(rd64(addrs_of(samples[i].at))))
        outside++;
    printf("pcs outside text: %zu of %zu\n", outside, num_samples);
  }
  if (opt_calipers) {
    /* Samples are in time order within a thread; a thread's records come
     * in order, so one pass over all of them per thread index suffices for
     * single-threaded tests. */
    uint32_t lo = UINT32_MAX, hi = 0, prev = 0;
    int decreasing = 0;
    for (size_t i = 0; i < num_samples; i++) {
      struct ss_sample s;
      memcpy(&s, samples[i].at, sizeof s);
      if (s.caliper < lo)
        lo = s.caliper;
      if (s.caliper > hi)
        hi = s.caliper;
      if (s.caliper < prev)
        decreasing = 1;
      prev = s.caliper;
    }
    printf("calipers: %u..%u, %s\n", num_samples ? lo : 0, hi,
           decreasing ? "decreasing" : "nondecreasing");
  }
  if (opt_complete) {
    size_t stopped = 0, counted = 0;
    for (size_t i = 0; i < num_samples; i++) {
      struct ss_sample s;
      memcpy(&s, samples[i].at, sizeof s);
      if (!selected(samples[i].at))
        continue;
      counted++;
      stopped += (s.flags & SS_SAMPLE_INCOMPLETE) != 0;
    }
    printf("incomplete: %zu of %zu samples\n", stopped, counted);
  }
  if (opt_symbol) {
    uint64_t lo, hi;
    if (!symbol_range(opt_symbol, &lo, &hi))
      fail("no function %s in the executable's symbols", opt_symbol);
    size_t hits = 0, counted = 0;
    for (size_t i = 0; i < num_samples; i++) {
      struct ss_sample s;
      memcpy(&s, samples[i].at, sizeof s);
      if (!selected(samples[i].at))
        continue;
      counted++;
      if (s.depth < 3)
        continue;
      for (uint16_t k = 0; k < s.depth; k++) {
        uint64_t a = rd64(addrs_of(samples[i].at) + 8ull * k);
        if (k > 0)
          a -= 1; /* a return address: the call is just before it */
        if (a >= lo && a < hi) {
          hits++;
          break;
        }
      }
    }
    int ok = counted > 0 && hits * 100 >= (size_t)opt_min_percent * counted;
    printf("frames in %s: %s (%zu of %zu samples)\n", opt_symbol,
           ok ? "ok" : "too few", hits, counted);
    if (!ok)
      status = 1;
  }
  if (opt_min_samples >= 0) {
    int ok = num_samples >= (size_t)opt_min_samples;
    printf("samples: %s (%zu)\n", ok ? "ok" : "too few", num_samples);
    if (!ok)
      status = 1;
  }
}

static void dump(const char *path) {
  file_name = path;
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0)
    fail("cannot open");
  size_t size = (size_t)st.st_size;
  uint8_t *img = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
  close(fd);
  if (size < sizeof(struct ss_file_header) || img == MAP_FAILED ||
      memcmp(img, SS_FILE_MAGIC, 8) != 0)
    fail("not an experiment file");
  num_samples = 0;
  map_count = 0;
  printf("file %s\n", path);
  uint64_t at = rd32(img + 12);
  uint32_t records = 0;
  int ended = 0;
  while (at < size && !ended) {
    if (at + sizeof(struct ss_record_header) > size)
      fail("record header at %llu past the end", (unsigned long long)at);
    uint32_t tag = rd32(img + at), crc = rd32(img + at + 4);
    uint64_t len = rd64(img + at + 8);
    const uint8_t *p = img + at + 16;
    if (len > size - at - 16)
      fail("record at %llu: %llu bytes past the end", (unsigned long long)at,
           (unsigned long long)len);
    if (ss_crc32(0, p, len) != crc)
      fail("record at %llu (tag %u): bad CRC", (unsigned long long)at, tag);
    uint64_t s = 0;
    switch (tag) {
    case SS_REC_PROCESS: {
      struct ss_rec_process pr;
      if (len < sizeof pr)
        fail("PROCESS too short");
      memcpy(&pr, p, sizeof pr);
      s = sizeof pr;
      const char *name = take_string(p, len, &s);
      const char *orders = take_string(p, len, &s);
      const char *target = take_string(p, len, &s);
      printf("PROCESS pid=%u ppid=%u code=%.4s exit=%d signal=%d experiment=%s "
             "orders=%s target=%s\n",
             pr.pid, pr.ppid, pr.code, pr.exit_status, pr.term_signal, name,
             orders, target);
      break;
    }
    case SS_REC_MODULE_MAP:
      print_map(p, len);
      break;
    case SS_REC_NOTE: {
      if (len < sizeof(struct ss_rec_note))
        fail("NOTE too short");
      s = sizeof(struct ss_rec_note);
      const char *text = take_string(p, len, &s);
      printf("NOTE %s %s\n", rd32(p) == SS_NOTE_CALIPER ? "caliper" : "text", text);
      break;
    }
    case SS_REC_COUNTS:
      printf("COUNTS map_index=%d\n", (int)rd32(p));
      break;
    case SS_REC_SAMPLING: {
      struct ss_rec_sampling r;
      if (len < sizeof r)
        fail("SAMPLING too short");
      memcpy(&r, p, sizeof r);
      s = sizeof r;
      const char *clock = take_string(p, len, &s);
      printf("SAMPLING kind=%s flags=%u interval_ns=%llu samples=%llu lost=%llu "
             "incomplete=%llu threads=%u bin=%u clock=\"%s\"\n",
             kind_name(r.kind), r.flags, (unsigned long long)r.interval_ns,
             (unsigned long long)r.samples, (unsigned long long)r.lost,
             (unsigned long long)r.incomplete, r.num_threads, r.bin_bytes, clock);
      break;
    }
    case SS_REC_SAMPLES:
      print_samples(p, len);
      break;
    case SS_REC_COUNTER_TOTALS: {
      struct ss_rec_counter_totals r;
      if (len < sizeof r)
        fail("COUNTER_TOTALS too short");
      memcpy(&r, p, sizeof r);
      if (len < sizeof r + (uint64_t)r.num_threads * sizeof(struct ss_counter_total))
        fail("COUNTER_TOTALS: %u threads do not fit", r.num_threads);
      uint64_t total[2] = {0, 0};
      for (uint32_t k = 0; k < r.num_threads; k++) {
        struct ss_counter_total t;
        memcpy(&t, p + sizeof r + (uint64_t)k * sizeof t, sizeof t);
        total[0] += t.count[0];
        total[1] += t.count[1];
      }
      s = sizeof r + (uint64_t)r.num_threads * sizeof(struct ss_counter_total);
      const char *name = take_string(p, len, &s);
      printf("COUNTER_TOTALS threads=%u counters=%u total=%llu counter=\"%s\"",
             r.num_threads, r.num_counters, (unsigned long long)total[0], name);
      if (r.num_counters > 1)
        printf(" profiled_total=%llu profiled=\"%s\"",
               (unsigned long long)total[1], take_string(p, len, &s));
      printf("\n");
      break;
    }
    case SS_REC_INDIRECT_TARGETS:
      printf("INDIRECT_TARGETS sites=%u entries=%llu\n", len >= 8 ? rd32(p) : 0,
             len >= 8 ? (unsigned long long)((len - 8) / 24) : 0ull);
      break;
    case SS_REC_USAGE:
      printf("USAGE\n");
      break;
    case SS_REC_END:
      if (len < 8 || rd32(p) != records)
        fail("END says %u records, %u seen", len >= 8 ? rd32(p) : 0, records);
      printf("END records=%u\n", records);
      ended = 1;
      break;
    default:
      printf("RECORD tag=%u length=%llu\n", tag, (unsigned long long)len);
    }
    records++;
    at += 16 + ((len + 7) & ~7ull);
  }
  if (!ended)
    fail("no END record");
  run_checks();
}

int main(int argc, char **argv) {
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "--samples"))
      opt_samples = 1;
    else if (!strcmp(argv[i], "--map"))
      opt_map = 1;
    else if (!strcmp(argv[i], "--exe-only"))
      opt_exe_only = 1;
    else if (!strcmp(argv[i], "--check-complete"))
      opt_complete = 1;
    else if (!strcmp(argv[i], "--check-text"))
      opt_text = 1;
    else if (!strcmp(argv[i], "--check-calipers"))
      opt_calipers = 1;
    else if (!strcmp(argv[i], "--frames-in") && i + 1 < argc)
      opt_symbol = argv[++i];
    else if (!strcmp(argv[i], "--min-percent") && i + 1 < argc)
      opt_min_percent = atol(argv[++i]);
    else if (!strcmp(argv[i], "--min-samples") && i + 1 < argc)
      opt_min_samples = atol(argv[++i]);
    else {
      fprintf(stderr, "ssdump: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  if (i == argc) {
    fprintf(stderr, "usage: ssdump [--samples] [--map] [--check-text] "
                    "[--check-calipers] [--frames-in SYM [--min-percent P]] "
                    "[--exe-only] [--check-complete] "
                    "[--min-samples N] file...\n");
    return 2;
  }
  for (; i < argc; i++)
    dump(argv[i]);
  return status;
}
