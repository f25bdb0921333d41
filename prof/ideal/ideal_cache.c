/* ideal_cache.c -- the cache of ideal time's work on an object's code;
 * see ideal_cache.h. */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include "ideal_cache.h"

#include "cpu_model.h"

#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CACHE_MAGIC "SSPROFC\n"
/* Bumped when what an entry holds, or how it is encoded, changes. */
#define CACHE_FORMAT 1u
#define CACHE_SUFFIX ".ssprof-cache"
/* Files of this directory beyond this many bytes go, least recently used
 * first (a file is touched when read), down to three quarters of it. */
#define CACHE_LIMIT (512ull << 20)

struct function_entry {
  uint64_t key[2];
  const uint8_t *bytes; /* in the file read, or `owned` */
  size_t len;
  uint8_t *owned;
  int dropped;
};

struct region_entry {
  uint64_t key[2];
  struct ss_cached_region r;
};

struct ss_ideal_cache {
  char *dir, *path;
  uint8_t build_id[64];
  uint32_t build_id_len;
  char *cpu, *identity;
  double model_width;
  uint8_t *image; /* the file as read */
  char **files;
  size_t num_files, files_cap;
  struct ss_hash file_ids;
  struct function_entry *functions;
  size_t num_functions, functions_cap;
  struct ss_hash function_ids;
  struct region_entry *regions;
  size_t num_regions, regions_cap;
  struct ss_hash region_ids;
  int dirty;
};

/* ---- what the entries depend on beyond the object --------------------- */

static int self_build_id(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  char *hex = arg;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE)
      continue;
    const uint8_t *p = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr);
    const uint8_t *end = p + ph->p_memsz;
    while (end - p >= (ptrdiff_t)sizeof(ElfW(Nhdr))) {
      const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)(const void *)p;
      size_t name = (nh->n_namesz + 3) & ~3u, desc = (nh->n_descsz + 3) & ~3u;
      const uint8_t *d = p + sizeof *nh + name;
      if ((size_t)(end - p) < sizeof *nh + name + desc)
        break;
      if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
          memcmp(p + sizeof *nh, "GNU", 4) == 0 && nh->n_descsz <= 64) {
        for (ElfW(Word) k = 0; k < nh->n_descsz; k++)
          sprintf(hex + 2 * k, "%02x", d[k]);
        return 1;
      }
      p += sizeof *nh + name + desc;
    }
  }
  return 1; /* the first object is the program itself: stop there */
}

/* ssprof's own identity: its build-id, else its file's size and time. */
static void ssprof_identity(char *buf, size_t size) {
  char hex[129] = "";
  dl_iterate_phdr(self_build_id, hex);
  struct stat st;
  if (hex[0])
    snprintf(buf, size, "ssprof %s", hex);
  else if (stat("/proc/self/exe", &st) == 0)
    snprintf(buf, size, "ssprof %lld %lld.%09ld", (long long)st.st_size,
             (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
  else
    snprintf(buf, size, "ssprof unknown");
}

/* llvm-mca's identity: the file it runs from, its size, time and inode. */
static void tool_identity(char *buf, size_t size) {
  const char *tool = ss_cpu_model_tool();
  char found[4096] = "";
  if (strchr(tool, '/')) {
    snprintf(found, sizeof found, "%s", tool);
  } else {
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p && !found[0];) {
      size_t n = strcspn(p, ":");
      char candidate[4096];
      snprintf(candidate, sizeof candidate, "%.*s/%s", (int)n, p, tool);
      if (access(candidate, X_OK) == 0)
        snprintf(found, sizeof found, "%s", candidate);
      p += n + (p[n] == ':');
    }
  }
  char real[4096];
  struct stat st;
  if (found[0] && realpath(found, real) && stat(real, &st) == 0)
    snprintf(buf, size, "%s %lld %lld.%09ld %llu", real,
             (long long)st.st_size, (long long)st.st_mtim.tv_sec,
             st.st_mtim.tv_nsec, (unsigned long long)st.st_ino);
  else
    snprintf(buf, size, "missing %s", tool);
}

/* ---- the file -------------------------------------------------------- */

static uint32_t file_index(void *self, const char *file) {
  struct ss_ideal_cache *c = self;
  int inserted;
  uint32_t i = ss_hash_intern(&c->file_ids, file, strlen(file), &inserted);
  if (inserted) {
    SS_GROW(c->files, c->files_cap, i);
    c->files[i] = ss_xstrdup(file);
    c->num_files = i + 1;
  }
  return i;
}

static const char *file_name(void *self, uint32_t index) {
  const struct ss_ideal_cache *c = self;
  return index < c->num_files ? c->files[index] : NULL;
}

static void put_function(struct ss_ideal_cache *c, const uint64_t key[2],
                         const uint8_t *bytes, size_t len, uint8_t *owned) {
  int inserted;
  uint32_t i = ss_hash_intern(&c->function_ids, key, 16, &inserted);
  if (inserted) {
    SS_GROW(c->functions, c->functions_cap, i);
    c->num_functions = i + 1;
  } else {
    free(c->functions[i].owned);
  }
  c->functions[i] = (struct function_entry){{key[0], key[1]}, bytes, len,
                                            owned, 0};
}

static void put_region(struct ss_ideal_cache *c, const uint64_t key[2],
                       const struct ss_cached_region *r) {
  int inserted;
  uint32_t i = ss_hash_intern(&c->region_ids, key, 16, &inserted);
  if (inserted) {
    SS_GROW(c->regions, c->regions_cap, i);
    c->num_regions = i + 1;
  }
  c->regions[i] = (struct region_entry){{key[0], key[1]}, *r};
}

static void forget_entries(struct ss_ideal_cache *c) {
  for (size_t i = 0; i < c->num_files; i++)
    free(c->files[i]);
  for (size_t i = 0; i < c->num_functions; i++)
    free(c->functions[i].owned);
  ss_hash_release(&c->file_ids);
  ss_hash_release(&c->function_ids);
  ss_hash_release(&c->region_ids);
  c->num_files = c->num_functions = c->num_regions = 0;
  ss_hash_init(&c->file_ids);
  ss_hash_init(&c->function_ids);
  ss_hash_init(&c->region_ids);
  c->model_width = 0;
}

/* The key parts the file must repeat. */
static void write_head(const struct ss_ideal_cache *c, struct ss_bytes_out *o) {
  ss_out_bytes(o, CACHE_MAGIC, 8);
  ss_out_u32(o, CACHE_FORMAT);
  ss_out_u32(o, c->build_id_len);
  ss_out_bytes(o, c->build_id, c->build_id_len);
  ss_out_str(o, c->cpu);
  ss_out_str(o, c->identity);
}

static int read_entries(struct ss_ideal_cache *c, const uint8_t *image,
                        uint64_t size) {
  if (size < 16)
    return -1;
  uint64_t sum[2];
  ss_hash128(image, size - 16, sum);
  if (ss_le64(image + size - 16) != sum[0] ||
      ss_le64(image + size - 8) != sum[1])
    return -1;
  /* The head must be ours, byte for byte. */
  struct ss_bytes_out head = {0};
  write_head(c, &head);
  int same = size - 16 >= head.len && memcmp(image, head.data, head.len) == 0;
  struct ss_bytes_in in = {image, size - 16, head.len, 0};
  free(head.data);
  if (!same)
    return -1;
  c->model_width = ss_in_f64(&in);
  uint32_t n = ss_in_count(&in, 4);
  for (uint32_t i = 0; i < n && !in.failed; i++) {
    char *s = ss_in_str(&in);
    if (s && file_index(c, s) != i)
      in.failed = 1; /* a name twice */
    free(s);
  }
  n = ss_in_count(&in, 20);
  for (uint32_t i = 0; i < n && !in.failed; i++) {
    uint64_t key[2] = {ss_in_u64(&in), ss_in_u64(&in)};
    uint32_t len = ss_in_u32(&in);
    const uint8_t *bytes = ss_in_bytes(&in, len);
    if (bytes)
      put_function(c, key, bytes, len, NULL);
  }
  n = ss_in_count(&in, 32);
  for (uint32_t i = 0; i < n && !in.failed; i++) {
    uint64_t key[2] = {ss_in_u64(&in), ss_in_u64(&in)};
    struct ss_cached_region r;
    r.cycles = ss_in_f64(&in);
    r.modelled = ss_in_u32(&in);
    r.rejected = ss_in_u32(&in);
    if (!(r.cycles >= 0 && r.cycles < 1e12))
      in.failed = 1;
    put_region(c, key, &r);
  }
  return in.failed || in.pos != in.len ? -1 : 0;
}

static void name_file(struct ss_ideal_cache *c) {
  char hex[129] = "", cpu[128];
  for (uint32_t i = 0; i < c->build_id_len; i++)
    sprintf(hex + 2 * i, "%02x", c->build_id[i]);
  size_t k = 0;
  for (const char *p = c->cpu; *p && k + 1 < sizeof cpu; p++)
    cpu[k++] = (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
                       *p == '-' || *p == '_'
                   ? *p
                   : '_';
  cpu[k] = 0;
  uint64_t h[2];
  ss_hash128(c->identity, strlen(c->identity), h);
  c->path = ss_xasprintf("%s/%s.%s.%016llx%s", c->dir, hex, cpu,
                         (unsigned long long)h[0], CACHE_SUFFIX);
}

struct ss_ideal_cache *ss_ideal_cache_open(const char *dir,
                                           const uint8_t *build_id,
                                           uint32_t build_id_len,
                                           const char *cpu) {
  if (!dir || !dir[0] || build_id_len == 0 || build_id_len > 64)
    return NULL;
  struct ss_ideal_cache *c = ss_xcalloc(1, sizeof *c);
  c->dir = ss_xstrdup(dir);
  memcpy(c->build_id, build_id, build_id_len);
  c->build_id_len = build_id_len;
  c->cpu = ss_xstrdup(cpu);
  char self[256], tool[4400];
  ssprof_identity(self, sizeof self);
  tool_identity(tool, sizeof tool);
  c->identity = ss_xasprintf("%s; llvm-mca %s", self, tool);
  ss_hash_init(&c->file_ids);
  ss_hash_init(&c->function_ids);
  ss_hash_init(&c->region_ids);
  name_file(c);
  uint64_t size;
  struct ss_err err;
  c->image = ss_read_file(c->path, &size, &err);
  if (c->image && read_entries(c, c->image, size) != 0) {
    forget_entries(c); /* corrupt, truncated or another key's: replaced */
    c->dirty = 1;
  } else if (c->image) {
    utimensat(AT_FDCWD, c->path, NULL, 0); /* used: the last to go */
  }
  return c;
}

int ss_ideal_cache_function(struct ss_ideal_cache *c, const uint64_t key[2],
                            struct ss_mcode_function *mf) {
  uint32_t i = c ? ss_hash_find(&c->function_ids, key, 16) : UINT32_MAX;
  if (i == UINT32_MAX || c->functions[i].dropped)
    return 0;
  struct function_entry *e = &c->functions[i];
  struct ss_bytes_in in = {e->bytes, e->len, 0, 0};
  struct ss_mcode_files files = {file_index, file_name, c};
  if (ss_mcode_decode(mf, &in, &files) != 0) {
    e->dropped = c->dirty = 1; /* not what this ssprof wrote: replaced */
    return 0;
  }
  if (in.pos != in.len) {
    ss_mcode_release(mf);
    e->dropped = c->dirty = 1;
    return 0;
  }
  return 1;
}

void ss_ideal_cache_add_function(struct ss_ideal_cache *c,
                                 const uint64_t key[2],
                                 const struct ss_mcode_function *mf) {
  if (!c)
    return;
  struct ss_bytes_out o = {0};
  struct ss_mcode_files files = {file_index, file_name, c};
  ss_mcode_encode(mf, &o, &files);
  put_function(c, key, o.data, o.len, o.data);
  c->dirty = 1;
}

int ss_ideal_cache_region(const struct ss_ideal_cache *c,
                          const uint64_t key[2], struct ss_cached_region *r) {
  uint32_t i = c ? ss_hash_find(&c->region_ids, key, 16) : UINT32_MAX;
  if (i == UINT32_MAX)
    return 0;
  *r = c->regions[i].r;
  return 1;
}

void ss_ideal_cache_add_region(struct ss_ideal_cache *c, const uint64_t key[2],
                               const struct ss_cached_region *r) {
  if (!c)
    return;
  put_region(c, key, r);
  c->dirty = 1;
}

double ss_ideal_cache_model_width(const struct ss_ideal_cache *c) {
  return c ? c->model_width : 0;
}

void ss_ideal_cache_set_model_width(struct ss_ideal_cache *c, double width) {
  if (c && width > 0 && width != c->model_width) {
    c->model_width = width;
    c->dirty = 1;
  }
}

/* mkdir -p, new directories private to the user. */
static int make_dirs(const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s", dir);
  for (char *p = path + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return -1;
      *p = '/';
    }
  return mkdir(path, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

struct cache_file {
  char *name;
  long long size, mtime;
};

static int by_mtime(const void *a, const void *b) {
  const struct cache_file *x = a, *y = b;
  return x->mtime < y->mtime ? -1 : x->mtime > y->mtime;
}

/* The least recently used files go while the directory holds more than
 * CACHE_LIMIT bytes of them; never `keep`.  Temporary files of writers
 * that died an hour ago or more go too. */
static void prune(const char *dir, const char *keep) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct cache_file *files = NULL;
  size_t n = 0, cap = 0;
  long long total = 0, now = (long long)time(NULL);
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t len = strlen(e->d_name), sl = strlen(CACHE_SUFFIX);
    int cache = len > sl && strcmp(e->d_name + len - sl, CACHE_SUFFIX) == 0;
    int temporary = strstr(e->d_name, CACHE_SUFFIX ".tmp.") != NULL;
    if (!cache && !temporary)
      continue;
    char *path = ss_xasprintf("%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
      free(path);
    } else if (temporary) {
      if (now - (long long)st.st_mtim.tv_sec > 3600)
        unlink(path);
      free(path);
    } else {
      SS_GROW(files, cap, n);
      files[n++] = (struct cache_file){path, (long long)st.st_size,
                                       (long long)st.st_mtim.tv_sec};
      total += st.st_size;
    }
  }
  closedir(d);
  if ((unsigned long long)total > CACHE_LIMIT) {
    ss_sort(files, n, sizeof *files, by_mtime);
    for (size_t i = 0; i < n && (unsigned long long)total > CACHE_LIMIT / 4 * 3;
         i++)
      if (strcmp(files[i].name, keep) != 0 && unlink(files[i].name) == 0)
        total -= files[i].size;
  }
  for (size_t i = 0; i < n; i++)
    free(files[i].name);
  free(files);
}

static void write_file(const struct ss_ideal_cache *c) {
  struct ss_bytes_out o = {0};
  write_head(c, &o);
  ss_out_f64(&o, c->model_width);
  ss_out_u32(&o, (uint32_t)c->num_files);
  for (size_t i = 0; i < c->num_files; i++)
    ss_out_str(&o, c->files[i]);
  uint32_t kept = 0;
  for (size_t i = 0; i < c->num_functions; i++)
    kept += !c->functions[i].dropped;
  ss_out_u32(&o, kept);
  for (size_t i = 0; i < c->num_functions; i++) {
    const struct function_entry *e = &c->functions[i];
    if (e->dropped)
      continue;
    ss_out_u64(&o, e->key[0]);
    ss_out_u64(&o, e->key[1]);
    ss_out_u32(&o, (uint32_t)e->len);
    ss_out_bytes(&o, e->bytes, e->len);
  }
  ss_out_u32(&o, (uint32_t)c->num_regions);
  for (size_t i = 0; i < c->num_regions; i++) {
    const struct region_entry *e = &c->regions[i];
    ss_out_u64(&o, e->key[0]);
    ss_out_u64(&o, e->key[1]);
    ss_out_f64(&o, e->r.cycles);
    ss_out_u32(&o, e->r.modelled);
    ss_out_u32(&o, e->r.rejected);
  }
  uint64_t sum[2];
  ss_hash128(o.data, o.len, sum);
  ss_out_u64(&o, sum[0]);
  ss_out_u64(&o, sum[1]);
  /* Whole or not at all: a temporary file renamed over the old one. */
  char *tmp = ss_xasprintf("%s.tmp.%ld", c->path, (long)getpid());
  int fd = make_dirs(c->dir) == 0
               ? open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)
               : -1;
  int ok = fd >= 0;
  for (size_t done = 0; ok && done < o.len;) {
    ssize_t w = write(fd, o.data + done, o.len - done);
    if (w < 0 && errno == EINTR)
      continue;
    ok = w > 0;
    done += ok ? (size_t)w : 0;
  }
  if (fd >= 0 && close(fd) != 0)
    ok = 0;
  if (ok && rename(tmp, c->path) == 0)
    prune(c->dir, c->path);
  else if (fd >= 0)
    unlink(tmp);
  free(tmp);
  free(o.data);
}

void ss_ideal_cache_close(struct ss_ideal_cache *c) {
  if (!c)
    return;
  if (c->dirty)
    write_file(c);
  forget_entries(c);
  ss_hash_release(&c->file_ids);
  ss_hash_release(&c->function_ids);
  ss_hash_release(&c->region_ids);
  free(c->files);
  free(c->functions);
  free(c->regions);
  free(c->image);
  free(c->dir);
  free(c->path);
  free(c->cpu);
  free(c->identity);
  free(c);
}
