/* process_info.c -- capture the static facts about the process (see
 * process_info.h; rules: rt/README.md): paths, command line, host and CPU. */
#define _GNU_SOURCE
#include "process_info.h"

#include "pages.h"
#include "privileges.h"
#include "safe_string.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include <unistd.h>

struct ssrt_process_info ssrt_info;

static void copy_string(char *dst, size_t cap, const char *src) {
  struct ssrt_str s;
  ssrt_str_init(&s, dst, cap);
  ssrt_str_add(&s, src);
}

/* Reads up to cap-1 bytes of a small file; returns the length (0 if the
 * file could not be read). */
static size_t read_small_file(const char *path, char *buf, size_t cap) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  size_t len = 0;
  if (fd >= 0) {
    while (len < cap - 1) {
      ssize_t n = read(fd, buf + len, cap - 1 - len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      len += (size_t)n;
    }
    close(fd);
  }
  buf[len] = '\0';
  return len;
}

static const char *base_name(const char *path) {
  const char *base = path;
  for (const char *p = path; *p; p++)
    if (*p == '/' && p[1])
      base = p + 1;
  return base;
}

/* /proc/self/cmdline holds argv as NUL-separated strings; it can be large,
 * so it is measured first, then read into pages of the right size. */
static void capture_command_line(void) {
  char chunk[4096];
  size_t total = 0;
  int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ssize_t n;
    while ((n = read(fd, chunk, sizeof chunk)) > 0 || (n < 0 && errno == EINTR))
      if (n > 0)
        total += (size_t)n;
    close(fd);
  }
  char *text = ssrt_pages_alloc(total + 1);
  if (!text) {
    static char empty[1];
    ssrt_info.command_line = empty;
    return;
  }
  size_t len = total ? read_small_file("/proc/self/cmdline", text, total + 1) : 0;
  while (len > 0 && text[len - 1] == '\0')
    len--;
  for (size_t i = 0; i < len; i++)
    if (text[i] == '\0')
      text[i] = ' ';
  text[len] = '\0';
  ssrt_info.command_line = text;
}

static void capture_paths(void) {
  ssize_t n = readlink("/proc/self/exe", ssrt_info.exe_path,
                       sizeof ssrt_info.exe_path - 1);
  ssrt_info.exe_path[n > 0 ? n : 0] = '\0';
  if (n <= 0) {
    /* No /proc: fall back to argv[0] as given. */
    size_t len = ssrt_strlen(ssrt_info.command_line);
    for (size_t i = 0; i < len; i++)
      if (ssrt_info.command_line[i] == ' ') {
        len = i;
        break;
      }
    struct ssrt_str s;
    ssrt_str_init(&s, ssrt_info.exe_path, sizeof ssrt_info.exe_path);
    ssrt_str_add_n(&s, ssrt_info.command_line, len);
  }
  ssrt_info.exe_name = ssrt_info.exe_path[0] ? base_name(ssrt_info.exe_path)
                                             : "unknown";

  if (!getcwd(ssrt_info.start_cwd, sizeof ssrt_info.start_cwd))
    ssrt_info.start_cwd[0] = '\0';

  /* Not in a privileged program (privileges.h): its file goes where it
   * started, if its real user may write there. */
  const char *dir = ssrt_steering_env("_SPEEDSHOP_OUTPUT_DIRECTORY");
  struct ssrt_str out;
  ssrt_str_init(&out, ssrt_info.output_dir, sizeof ssrt_info.output_dir);
  if (dir && *dir) {
    /* A relative directory means relative to where the program started,
     * not to wherever it has chdir'd to when it ends. */
    if (dir[0] != '/' && ssrt_info.start_cwd[0]) {
      ssrt_str_add(&out, ssrt_info.start_cwd);
      ssrt_str_add(&out, "/");
    }
    ssrt_str_add(&out, dir);
  } else {
    ssrt_str_add(&out, ssrt_info.start_cwd[0] ? ssrt_info.start_cwd : ".");
  }
}

/* Value of the first "key<spaces>: value" line of /proc/cpuinfo. */
static int cpuinfo_field(const char *cpuinfo, const char *key, char *out,
                         size_t cap) {
  const char *line = cpuinfo;
  while (*line) {
    if (ssrt_starts_with(line, key)) {
      const char *p = line + ssrt_strlen(key);
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == ':') {
        p++;
        while (*p == ' ' || *p == '\t')
          p++;
        size_t n = 0;
        while (p[n] && p[n] != '\n')
          n++;
        struct ssrt_str s;
        ssrt_str_init(&s, out, cap);
        ssrt_str_add_n(&s, p, n);
        return 1;
      }
    }
    while (*line && *line != '\n')
      line++;
    if (*line)
      line++;
  }
  return 0;
}

/* "2.40" -> 2400 when scaled by 1000: a decimal number times `scale`. */
static int parse_decimal_scaled(const char *p, uint64_t scale, uint64_t *out) {
  uint64_t whole;
  if (!ssrt_parse_u64(&p, &whole))
    return 0;
  uint64_t value = whole * scale;
  if (*p == '.') {
    p++;
    for (uint64_t unit = scale / 10; unit && *p >= '0' && *p <= '9'; unit /= 10)
      value += (uint64_t)(*p++ - '0') * unit;
  }
  *out = value;
  return 1;
}

/* The nominal clock: the "@ 2.40GHz" that Intel puts in the model name,
 * else the base (or maximum) frequency from cpufreq, else "cpu MHz" (the
 * current frequency, the least reliable). */
static uint32_t nominal_clock_mhz(const char *cpuinfo) {
  uint64_t mhz = 0;
  for (const char *at = ssrt_info.cpu_model; *at; at++) {
    if (at[0] == '@') {
      const char *p = at + 1;
      while (*p == ' ')
        p++;
      uint64_t v;
      if (parse_decimal_scaled(p, 1000, &v)) {
        while ((*p >= '0' && *p <= '9') || *p == '.')
          p++;
        if (ssrt_starts_with(p, "GHz"))
          return (uint32_t)v;
        if (ssrt_starts_with(p, "MHz"))
          return (uint32_t)(v / 1000);
      }
    }
  }
  static const char *const khz_files[] = {
      "/sys/devices/system/cpu/cpu0/cpufreq/base_frequency",
      "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"};
  for (unsigned i = 0; i < sizeof khz_files / sizeof khz_files[0]; i++) {
    char text[64];
    const char *p = text;
    uint64_t khz;
    if (read_small_file(khz_files[i], text, sizeof text) &&
        ssrt_parse_u64(&p, &khz) && khz)
      return (uint32_t)((khz + 500) / 1000);
  }
  char field[64];
  if (cpuinfo_field(cpuinfo, "cpu MHz", field, sizeof field) &&
      parse_decimal_scaled(field, 1000, &mhz))
    return (uint32_t)((mhz + 500) / 1000);
  return 0;
}

static void capture_cpu(void) {
  /* The first processor's block is enough; 16 KiB holds it on any machine. */
  static char cpuinfo[16384];
  read_small_file("/proc/cpuinfo", cpuinfo, sizeof cpuinfo);
  if (!cpuinfo_field(cpuinfo, "model name", ssrt_info.cpu_model,
                     sizeof ssrt_info.cpu_model) &&
      !cpuinfo_field(cpuinfo, "Hardware", ssrt_info.cpu_model,
                     sizeof ssrt_info.cpu_model)) {
    /* AArch64 kernels name only the implementer and part numbers. */
    char implementer[32], part[32];
    if (cpuinfo_field(cpuinfo, "CPU implementer", implementer, sizeof implementer) &&
        cpuinfo_field(cpuinfo, "CPU part", part, sizeof part)) {
      struct ssrt_str s;
      ssrt_str_init(&s, ssrt_info.cpu_model, sizeof ssrt_info.cpu_model);
      ssrt_str_add(&s, "CPU implementer ");
      ssrt_str_add(&s, implementer);
      ssrt_str_add(&s, " part ");
      ssrt_str_add(&s, part);
    }
  }
  ssrt_info.clock_mhz = nominal_clock_mhz(cpuinfo);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  ssrt_info.num_cpus = n > 0 ? (uint32_t)n : 0;
}

void ssrt_capture_process_info(void) {
  capture_command_line();
  capture_paths();
  capture_cpu();
  struct utsname u;
  if (uname(&u) == 0)
    copy_string(ssrt_info.host_name, sizeof ssrt_info.host_name, u.nodename);
#if defined(__x86_64__)
  ssrt_info.abi = "x86-64";
#elif defined(__aarch64__)
  ssrt_info.abi = "aarch64";
#elif defined(__i386__)
  ssrt_info.abi = "i386";
#else
  ssrt_info.abi = "unknown";
#endif
}
