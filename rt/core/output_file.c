/* output_file.c -- safe creation and publication of the experiment file
 * (see output_file.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "output_file.h"

#include "safe_string.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef GRND_NONBLOCK
#define GRND_NONBLOCK 0x0001
#endif

/* The most variants of one name tried before giving up: <name>.999. */
#define MAX_VARIANT 999

static uint64_t mix(uint64_t x) { /* splitmix64's finalizer */
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9u;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

/* 64 bits nobody can guess: the kernel's random numbers, or, where
 * getrandom is missing, the clocks, the ids and an address mixed. */
static uint64_t random_u64(void) {
  uint64_t v = 0;
#ifdef SYS_getrandom
  if (syscall(SYS_getrandom, &v, sizeof v, GRND_NONBLOCK) == (long)sizeof v)
    return v;
#endif
  static uint64_t counter;
  struct timespec a, b;
  clock_gettime(CLOCK_REALTIME, &a);
  clock_gettime(CLOCK_MONOTONIC, &b);
  v = mix((uint64_t)a.tv_nsec ^ ((uint64_t)a.tv_sec << 32)) ^
      mix((uint64_t)b.tv_nsec + (uint64_t)(uintptr_t)&v) ^
      mix((uint64_t)syscall(SYS_gettid) << 20 ^
          __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED));
  return mix(v);
}

static void make_temp_name(char *buf, const char *name) {
  static const char hex[] = "0123456789abcdef";
  char digits[17];
  uint64_t r = random_u64();
  for (int i = 15; i >= 0; i--, r >>= 4)
    digits[i] = hex[r & 15];
  digits[16] = '\0';
  struct ssrt_str s;
  ssrt_str_init(&s, buf, NAME_MAX + 1);
  ssrt_str_add(&s, ".");
  ssrt_str_add(&s, name);
  ssrt_str_add(&s, ".tmp-");
  ssrt_str_add(&s, digits);
  if (s.truncated) {
    ssrt_str_init(&s, buf, NAME_MAX + 1);
    ssrt_str_add(&s, ".ssrt-");
    ssrt_str_add(&s, digits);
    ssrt_str_add(&s, ".tmp");
  }
}

static void close_dir(struct ssrt_output *o) {
  if (o->dir_fd >= 0)
    close(o->dir_fd);
  o->dir_fd = -1;
  ssrt_act_as_self(&o->ids);
}

int ssrt_output_create(struct ssrt_output *o, const char *dir, const char *name) {
  o->fd = o->dir_fd = -1;
  o->temp_name[0] = '\0';
  if (ssrt_strlen(name) > NAME_MAX)
    return ENAMETOOLONG;
  ssrt_act_as_real_user(&o->ids);
  int err;
  o->dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (o->dir_fd < 0) {
    err = errno;
  } else if (!ssrt_real_user_may_write(o->dir_fd)) {
    err = EACCES;
  } else {
    /* A name that exists already is someone else's: draw another. */
    for (int attempt = 0; attempt < 8; attempt++) {
      make_temp_name(o->temp_name, name);
      o->fd = openat(o->dir_fd, o->temp_name,
                     O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                     0644);
      if (o->fd >= 0)
        return 0;
      if (errno != EEXIST)
        break;
    }
    err = errno;
  }
  o->temp_name[0] = '\0';
  close_dir(o);
  return err;
}

/* Renames the temporary file to `target` unless something is there:
 * 0, EEXIST, or another errno value. */
static int place(struct ssrt_output *o, const char *target) {
#ifdef SYS_renameat2
  if (syscall(SYS_renameat2, o->dir_fd, o->temp_name, o->dir_fd, target,
              RENAME_NOREPLACE) == 0)
    return 0;
  if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
    return errno;
#endif
  /* No RENAME_NOREPLACE on this file system: a link never replaces. */
  if (linkat(o->dir_fd, o->temp_name, o->dir_fd, target, 0) == 0) {
    unlinkat(o->dir_fd, o->temp_name, 0);
    return 0;
  }
  if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS)
    return errno;
  /* Nor hard links (FAT, some FUSE file systems): look, then rename, with
   * the small window that leaves. */
  struct stat st;
  if (fstatat(o->dir_fd, target, &st, AT_SYMLINK_NOFOLLOW) == 0)
    return EEXIST;
  if (errno != ENOENT)
    return errno;
  return renameat(o->dir_fd, o->temp_name, o->dir_fd, target) == 0 ? 0 : errno;
}

int ssrt_output_publish(struct ssrt_output *o, const char *name,
                        const char *own, char *chosen, size_t cap) {
  int err = EEXIST;
  char candidate[NAME_MAX + 1];
  for (unsigned variant = 1; variant <= MAX_VARIANT; variant++) {
    struct ssrt_str s;
    ssrt_str_init(&s, candidate, sizeof candidate);
    ssrt_str_add(&s, name);
    if (variant > 1) {
      ssrt_str_add(&s, ".");
      ssrt_str_add_u64(&s, variant);
    }
    if (s.truncated) {
      err = ENAMETOOLONG;
      break;
    }
    if (own && ssrt_streq(candidate, own))
      err = renameat(o->dir_fd, o->temp_name, o->dir_fd, candidate) == 0 ? 0
                                                                          : errno;
    else
      err = place(o, candidate);
    if (err != EEXIST)
      break;
  }
  if (err == 0) {
    struct ssrt_str s;
    ssrt_str_init(&s, chosen, cap);
    ssrt_str_add(&s, candidate);
    o->temp_name[0] = '\0';
  } else {
    unlinkat(o->dir_fd, o->temp_name, 0);
    o->temp_name[0] = '\0';
  }
  close_dir(o);
  return err;
}

void ssrt_output_abandon(struct ssrt_output *o) {
  if (o->fd >= 0)
    close(o->fd);
  o->fd = -1;
  if (o->dir_fd >= 0 && o->temp_name[0])
    unlinkat(o->dir_fd, o->temp_name, 0);
  o->temp_name[0] = '\0';
  close_dir(o);
}

void ssrt_output_remove_temp(const struct ssrt_output *o) {
  if (o->dir_fd >= 0 && o->temp_name[0])
    unlinkat(o->dir_fd, o->temp_name, 0);
}
