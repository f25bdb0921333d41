/*
 * test_writer.c -- the runtime's experiment file, end to end, without the
 * pass: a hand-built `struct ss_module` is registered in a child process,
 * its counters are bumped, the child ends (exit, crash, kill, fork, exec,
 * dlclose of a library, runtime started by a preloaded library), and the
 * parent reads the file back and
 * checks its name, header, every record's framing and CRC (computed here
 * bit by bit, independently of the runtime's table), the counts, and that
 * END comes last.  The parent never registers, so it writes nothing.
 * A test of the core (lifecycle and writer), it starts the runtime the way
 * instrumented code does: through counting's entry points.
 *
 * Run with no arguments; prints one line per failed check and exits 1 if
 * any failed.  (--exec-phase and --early-phase are the second images of
 * the exec scenarios.)
 */
#define _GNU_SOURCE
#include "test_module.h"

#include <dlfcn.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- the module a pass would have emitted ------------------------------- */

#define NUM_COUNTERS TEST_NUM_COUNTERS

TEST_DEFINE_MODULE(exe);

static void bump(uint64_t a, uint64_t b, uint64_t c) {
  __atomic_fetch_add(&exe_counters[0], a, __ATOMIC_RELAXED);
  __atomic_fetch_add(&exe_counters[1], b, __ATOMIC_RELAXED);
  __atomic_fetch_add(&exe_counters[2], c, __ATOMIC_RELAXED);
}

static void target_a(void) {}
static void target_b(void) {}

/* The stand-in for an instrumented shared library, next to this binary. */
static char plugin_path[4096];
typedef void (*plugin_bump_fn)(uint64_t, uint64_t, uint64_t);

static void find_plugin(void) {
  ssize_t n = readlink("/proc/self/exe", plugin_path, sizeof plugin_path - 64);
  plugin_path[n > 0 ? n : 0] = '\0';
  char *slash = strrchr(plugin_path, '/');
  strcpy(slash ? slash + 1 : plugin_path, "libtest_writer_plugin.so");
}

/* ---- checking ------------------------------------------------------------ */

static int failures, checks;
static const char *scenario = "";

static void check(int ok, const char *fmt, ...) {
  checks++;
  if (ok)
    return;
  failures++;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "test_writer: FAIL [%s] ", scenario);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* CRC-32 (zlib) bit by bit: an independent reference for the runtime's. */
static uint32_t reference_crc32(const uint8_t *p, size_t n) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    crc ^= p[i];
    for (int k = 0; k < 8; k++)
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

struct counts_seen {
  struct ss_rec_counts rec;
  uint64_t counters[NUM_COUNTERS];
  struct ss_indirect_site site;
  int descriptor_matches;
};

struct parsed {
  int ok;
  struct ss_rec_process process;
  char strings[8][4096];
  int num_map;
  struct ss_rec_module_entry map[64];
  char map_path[64][4096];
  int num_notes;
  char notes[8][256];
  uint32_t note_kind[8];
  int num_counts;
  struct counts_seen counts[8];
  int saw_usage;
  uint32_t record_tags[64];
  int num_records;
  uint32_t end_num_records;
};

/* A (u32 length, bytes, NUL) string at *at, bounds-checked. */
static int take_string(const uint8_t *p, size_t len, size_t *at, char *out,
                       size_t cap) {
  uint32_t n;
  if (*at + 4 > len)
    return 0;
  memcpy(&n, p + *at, 4);
  if (*at + 4 + (size_t)n + 1 > len || p[*at + 4 + n] != '\0')
    return 0;
  size_t copy = n < cap - 1 ? n : cap - 1;
  memcpy(out, p + *at + 4, copy);
  out[copy] = '\0';
  *at += 4 + (size_t)n + 1;
  return 1;
}

static void parse_process(const uint8_t *p, size_t len, struct parsed *r) {
  check(len >= sizeof r->process, "PROCESS record too short (%zu)", len);
  if (len < sizeof r->process)
    return;
  memcpy(&r->process, p, sizeof r->process);
  size_t at = sizeof r->process;
  for (int i = 0; i < 8; i++)
    check(take_string(p, len, &at, r->strings[i], sizeof r->strings[i]),
          "PROCESS string %d missing", i);
  check(at == len, "PROCESS has %zu stray bytes", len - at);
}

static void parse_map(const uint8_t *p, size_t len, struct parsed *r) {
  struct ss_rec_module_map h;
  check(len >= sizeof h, "MODULE_MAP too short");
  if (len < sizeof h)
    return;
  memcpy(&h, p, sizeof h);
  check(h.num_entries <= 64 && sizeof h + h.num_entries * sizeof r->map[0] <= len,
        "MODULE_MAP with %u entries does not fit", h.num_entries);
  if (h.num_entries > 64 || sizeof h + h.num_entries * sizeof r->map[0] > len)
    return;
  r->num_map = (int)h.num_entries;
  memcpy(r->map, p + sizeof h, h.num_entries * sizeof r->map[0]);
  size_t at = sizeof h + h.num_entries * sizeof r->map[0];
  for (int i = 0; i < r->num_map; i++)
    check(take_string(p, len, &at, r->map_path[i], sizeof r->map_path[i]),
          "MODULE_MAP path %d missing", i);
  check(at == len, "MODULE_MAP has stray bytes");
}

static void parse_note(const uint8_t *p, size_t len, struct parsed *r) {
  struct ss_rec_note n;
  if (len < sizeof n || r->num_notes == 8) {
    check(0, "bad NOTE record");
    return;
  }
  memcpy(&n, p, sizeof n);
  size_t at = sizeof n;
  r->note_kind[r->num_notes] = n.kind;
  check(take_string(p, len, &at, r->notes[r->num_notes], sizeof r->notes[0]) &&
            at == len,
        "NOTE text malformed");
  check(n.time_ns != 0, "NOTE without a time");
  r->num_notes++;
}

static void parse_counts(const uint8_t *p, size_t len, struct parsed *r) {
  struct counts_seen *c = &r->counts[r->num_counts];
  if (len < sizeof c->rec || r->num_counts == 8) {
    check(0, "bad COUNTS record");
    return;
  }
  memcpy(&c->rec, p, sizeof c->rec);
  check(c->rec.num_counters == NUM_COUNTERS && c->rec.num_functions == 0 &&
            c->rec.num_indirect_sites == 1 &&
            c->rec.descriptor_size == TEST_DESCRIPTOR_SIZE &&
            (c->rec.flags & SS_COUNTS_SPARSE),
        "COUNTS sizes %u/%u/%u/%llu, flags 0x%x", c->rec.num_counters,
        c->rec.num_functions, c->rec.num_indirect_sites,
        (unsigned long long)c->rec.descriptor_size, c->rec.flags);
  if (c->rec.num_counters != NUM_COUNTERS || c->rec.num_indirect_sites != 1 ||
      c->rec.num_functions != 0 || !(c->rec.flags & SS_COUNTS_SPARSE) ||
      len < sizeof c->rec + 8)
    return;
  c->rec.flags &= ~SS_COUNTS_SPARSE; /* the layout's: checked, set aside */
  /* The counters and the site's words, fewer than 64: one sparse group,
   * its mask, then the words that are not zero. */
  uint64_t words[NUM_COUNTERS + sizeof c->site / 8] = {0}, mask;
  size_t at = sizeof c->rec;
  memcpy(&mask, p + at, 8);
  at += 8;
  for (size_t j = 0; j < sizeof words / 8; j++)
    if (mask >> j & 1) {
      if (at + 8 > len)
        break;
      memcpy(&words[j], p + at, 8);
      at += 8;
    }
  check((mask >> (sizeof words / 8)) == 0, "COUNTS mask 0x%llx marks words "
        "past the record's", (unsigned long long)mask);
  size_t expect = at + c->rec.descriptor_size;
  check(expect == len, "COUNTS length %zu, its fields say %zu", len, expect);
  if (expect != len)
    return;
  memcpy(c->counters, words, sizeof c->counters);
  memcpy(&c->site, words + NUM_COUNTERS, sizeof c->site);
  c->descriptor_matches = memcmp(p + at, exe_descriptor, TEST_DESCRIPTOR_SIZE) == 0;
  r->num_counts++;
}

static void parse_file(const char *path, struct parsed *r) {
  memset(r, 0, sizeof *r);
  FILE *f = fopen(path, "rb");
  check(f != NULL, "no file %s", path);
  if (!f)
    return;
  static uint8_t data[1 << 20];
  size_t size = fread(data, 1, sizeof data, f);
  fclose(f);

  struct ss_file_header fh;
  check(size >= sizeof fh, "%s: shorter than the header", path);
  if (size < sizeof fh)
    return;
  memcpy(&fh, data, sizeof fh);
  check(memcmp(fh.magic, SS_FILE_MAGIC, 8) == 0, "bad magic");
  check(fh.version_major == SS_FILE_VERSION_MAJOR &&
            fh.version_minor == SS_FILE_VERSION_MINOR,
        "version %u.%u", fh.version_major, fh.version_minor);
  check(fh.header_size == sizeof fh && fh.reserved == 0, "header size %u",
        fh.header_size);

  size_t at = fh.header_size;
  int ended = 0;
  while (at < size) {
    struct ss_record_header h;
    check(!ended, "record after END at offset %zu", at);
    if (at + sizeof h > size) {
      check(0, "truncated record header at %zu", at);
      return;
    }
    memcpy(&h, data + at, sizeof h);
    at += sizeof h;
    size_t padded = (h.length + 7) & ~(uint64_t)7;
    if (h.length > size || at + padded > size) {
      check(0, "record tag %u length %llu runs past the end", h.tag,
            (unsigned long long)h.length);
      return;
    }
    const uint8_t *payload = data + at;
    check(reference_crc32(payload, h.length) == h.crc,
          "CRC mismatch in record %d (tag %u)", r->num_records, h.tag);
    for (size_t i = h.length; i < padded; i++)
      check(payload[i] == 0, "non-zero padding in tag %u", h.tag);
    if (r->num_records < 64)
      r->record_tags[r->num_records] = h.tag;
    r->num_records++;
    switch (h.tag) {
    case SS_REC_PROCESS: parse_process(payload, h.length, r); break;
    case SS_REC_MODULE_MAP: parse_map(payload, h.length, r); break;
    case SS_REC_NOTE: parse_note(payload, h.length, r); break;
    case SS_REC_COUNTS: parse_counts(payload, h.length, r); break;
    case SS_REC_USAGE:
      check(h.length == sizeof(struct ss_rec_usage), "USAGE size %llu",
            (unsigned long long)h.length);
      r->saw_usage = 1;
      break;
    case SS_REC_END: {
      struct ss_rec_end e;
      check(h.length == sizeof e, "END size");
      memcpy(&e, payload, sizeof e);
      r->end_num_records = e.num_records;
      ended = 1;
      break;
    }
    default:
      check(0, "unexpected record tag %u", h.tag);
    }
    at += padded;
  }
  check(ended, "no END record");
  check(r->end_num_records == (uint32_t)r->num_records - 1,
        "END counts %u records, file has %d before it", r->end_num_records,
        r->num_records - 1);
  r->ok = ended;
}

/* Checks common to every file: order of records, process identity, map,
 * notes.  Returns the index of the SS_MAP_MAIN entry. */
static int check_common(const struct parsed *r, pid_t pid, pid_t ppid,
                        const char *code, const char *caliper1) {
  static const uint32_t order[] = {SS_REC_PROCESS, SS_REC_MODULE_MAP,
                                   SS_REC_NOTE, SS_REC_NOTE, SS_REC_NOTE};
  for (unsigned i = 0; i < 5; i++)
    check(r->record_tags[i] == order[i], "record %u has tag %u", i,
          r->record_tags[i]);
  int n = r->num_records;
  check(n >= 2 && r->record_tags[n - 2] == SS_REC_USAGE &&
            r->record_tags[n - 1] == SS_REC_END,
        "USAGE, END are not last");
  for (int i = 5; i < n - 2 && i < 64; i++)
    check(r->record_tags[i] == SS_REC_COUNTS, "record %d is not COUNTS", i);

  check(r->process.pid == (uint32_t)pid, "pid %u, expected %d", r->process.pid, pid);
  check(r->process.ppid == (uint32_t)ppid, "ppid %u, expected %d", r->process.ppid,
        ppid);
  check(strncmp(r->process.code, code, 4) == 0, "code '%.4s', expected '%s'",
        r->process.code, code);
  check(r->process.num_cpus > 0, "num_cpus 0");
  check(r->process.start_ns > 0 && r->process.end_ns >= r->process.start_ns,
        "times %llu..%llu", (unsigned long long)r->process.start_ns,
        (unsigned long long)r->process.end_ns);
  check(strcmp(r->strings[0], "ideal") == 0, "experiment '%s'", r->strings[0]);
  check(strcmp(r->strings[1], "it:cu") == 0, "marching orders '%s'", r->strings[1]);
  char exe[4096];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  exe[len > 0 ? len : 0] = '\0';
  check(strcmp(r->strings[2], exe) == 0, "target '%s'", r->strings[2]);
  check(strstr(r->strings[3], "test_writer") != NULL, "argv '%s'", r->strings[3]);
  check(r->strings[4][0] == '/', "cwd '%s'", r->strings[4]);
  check(strcmp(r->strings[7], "x86-64") == 0 || strcmp(r->strings[7], "aarch64") == 0,
        "abi '%s'", r->strings[7]);

  int main_index = -1;
  for (int i = 0; i < r->num_map; i++)
    if (r->map[i].flags & SS_MAP_MAIN) {
      check(main_index < 0, "two SS_MAP_MAIN entries");
      main_index = i;
      check(strcmp(r->map_path[i], exe) == 0, "main map path '%s'", r->map_path[i]);
      check(r->map[i].text_start < r->map[i].text_end, "main text range empty");
      check(r->map[i].build_id_len > 0 && r->map[i].build_id_len <= 20,
            "main build-id length %u", r->map[i].build_id_len);
    }
  check(main_index >= 0, "no SS_MAP_MAIN entry");

  char want[128];
  check(r->num_notes == 3, "%d notes", r->num_notes);
  snprintf(want, sizeof want, "Caliper point 0 at target begin, PID %d", (int)pid);
  check(strcmp(r->notes[0], want) == 0 && r->note_kind[0] == SS_NOTE_CALIPER,
        "note 0 '%s'", r->notes[0]);
  check(strcmp(r->notes[1], exe) == 0 && r->note_kind[1] == SS_NOTE_TEXT,
        "note 1 '%s'", r->notes[1]);
  check(strcmp(r->notes[2], caliper1) == 0 && r->note_kind[2] == SS_NOTE_CALIPER,
        "note 2 '%s', expected '%s'", r->notes[2], caliper1);
  check(r->saw_usage, "no USAGE");
  return main_index;
}

static void check_counts(const struct counts_seen *c, uint64_t a, uint64_t b,
                         uint64_t d) {
  check(c->counters[0] == a && c->counters[1] == b && c->counters[2] == d,
        "counters %llu %llu %llu, expected %llu %llu %llu",
        (unsigned long long)c->counters[0], (unsigned long long)c->counters[1],
        (unsigned long long)c->counters[2], (unsigned long long)a,
        (unsigned long long)b, (unsigned long long)d);
  check(c->descriptor_matches, "descriptor differs");
}

/* ---- scenarios (each child is a fresh process for the runtime) ----------- */

static char dir[4096];

static void file_name(char *out, size_t cap, const char *code, pid_t pid) {
  snprintf(out, cap, "%s/test_writer.ideal.%s%d", dir, code, (int)pid);
}

/* Reads the file a process with this code and pid wrote and checks what
 * every file holds; false (after reporting) when it is missing or bad. */
static bool read_checked(struct parsed *r, const char *code, pid_t pid,
                         pid_t ppid, const char *last_note) {
  char path[8192];
  file_name(path, sizeof path, code, pid);
  parse_file(path, r);
  if (!r->ok)
    return false;
  check_common(r, pid, ppid, code, last_note);
  return true;
}

/* The three counters of the one module the scenario registered. */
static void expect_counts(const struct parsed *r, uint64_t a, uint64_t b,
                          uint64_t d) {
  if (r->num_counts == 1)
    check_counts(&r->counts[0], a, b, d);
}

static void start_child_runtime(void) {
  setenv("_SPEEDSHOP_OUTPUT_DIRECTORY", dir, 1);
  __ssrt_register_module(&exe_module);
}

static int wait_for(pid_t pid) {
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return status;
}

static void scenario_exit(void) {
  scenario = "exit";
  pid_t pid = fork();
  if (pid == 0) {
    start_child_runtime();
    bump(1, 20, 300);
    for (int i = 0; i < 3; i++)
      __ssrt_indirect_call(&exe_sites[0], (void *)target_a,
                           exe_counters + TEST_NUM_COUNTERS);
    __ssrt_indirect_call(&exe_sites[0], (void *)target_b,
                         exe_counters + TEST_NUM_COUNTERS);
    exit(7);
  }
  int status = wait_for(pid);
  check(WIFEXITED(status) && WEXITSTATUS(status) == 7, "exit status 0x%x", status);
  char path[8192];
  file_name(path, sizeof path, "m", pid);
  struct parsed r;
  parse_file(path, &r);
  if (!r.ok)
    return;
  int main_index = check_common(&r, pid, getpid(), "m", "Caliper point 1 at exit(7)");
  check(r.process.exit_status == 7 && r.process.term_signal == 0 &&
            r.process.fault_pc == 0,
        "exit %d signal %d", r.process.exit_status, r.process.term_signal);
  check(r.num_counts == 1, "%d COUNTS records", r.num_counts);
  if (r.num_counts < 1)
    return;
  const struct counts_seen *c = &r.counts[0];
  check_counts(c, 1, 20, 300);
  check(c->rec.flags == 0, "live module flagged %u", c->rec.flags);
  check(c->rec.map_index == (uint32_t)main_index, "map_index %u, main is %d",
        c->rec.map_index, main_index);
  check(c->site.target[0] == (uint64_t)(uintptr_t)target_a && c->site.count[0] == 3 &&
            c->site.target[1] == (uint64_t)(uintptr_t)target_b &&
            c->site.count[1] == 1 && c->site.target[2] == 0 && c->site.other == 0,
        "indirect site slots wrong");
}

/* Null, but the compiler may not assume so (nor warn about it). */
static int *volatile nowhere;

static void scenario_crash(void) {
  scenario = "crash";
  pid_t pid = fork();
  if (pid == 0) {
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    start_child_runtime();
    bump(4, 5, 6);
    *(volatile int *)nowhere = 1; /* SIGSEGV */
    _exit(0);
  }
  int status = wait_for(pid);
  check(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
        "status 0x%x, expected death by SIGSEGV", status);
  char path[8192];
  file_name(path, sizeof path, "m", pid);
  struct parsed r;
  parse_file(path, &r);
  if (!r.ok)
    return;
  check_common(&r, pid, getpid(), "m", "Caliper point 1 at signal SIGSEGV (11)");
  check(r.process.exit_status == -1 && r.process.term_signal == SIGSEGV &&
            r.process.fault_pc != 0,
        "exit %d signal %d pc %llx", r.process.exit_status, r.process.term_signal,
        (unsigned long long)r.process.fault_pc);
  check(r.num_counts == 1, "%d COUNTS records", r.num_counts);
  if (r.num_counts == 1)
    check_counts(&r.counts[0], 4, 5, 6);
}

/* A signal the kernel did not raise for a faulting instruction: re-raised. */
static void scenario_kill(void) {
  scenario = "sigterm";
  int ready[2];
  if (pipe(ready) != 0)
    return;
  pid_t pid = fork();
  if (pid == 0) {
    close(ready[0]);
    start_child_runtime();
    bump(9, 9, 9);
    if (write(ready[1], "x", 1) != 1)
      _exit(1);
    for (;;)
      pause();
  }
  close(ready[1]);
  char x;
  check(read(ready[0], &x, 1) == 1, "child did not start");
  close(ready[0]);
  kill(pid, SIGTERM);
  int status = wait_for(pid);
  check(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
        "status 0x%x, expected death by SIGTERM", status);
  struct parsed r;
  if (read_checked(&r, "m", pid, getpid(), "Caliper point 1 at signal SIGTERM (15)"))
    expect_counts(&r, 9, 9, 9);
}

static int map_entry_named(const struct parsed *r, const char *path,
                           uint32_t flags) {
  for (int i = 0; i < r->num_map; i++)
    if (strcmp(r->map_path[i], path) == 0 && r->map[i].flags == flags)
      return i;
  return -1;
}

/* dlclose: a library's module unregisters while the process goes on; its
 * counts are kept and its map entry is flagged unloaded.  Loaded again
 * (fresh memory), it registers again: two COUNTS records. */
static void scenario_dlclose(void) {
  scenario = "dlclose";
  pid_t pid = fork();
  if (pid == 0) {
    start_child_runtime();
    bump(1, 1, 1);
    for (int round = 0; round < 2; round++) {
      void *h = dlopen(plugin_path, RTLD_NOW);
      if (!h) {
        fprintf(stderr, "%s\n", dlerror());
        _exit(98);
      }
      plugin_bump_fn plugin_bump = (plugin_bump_fn)dlsym(h, "test_plugin_bump");
      if (round == 0) {
        plugin_bump(11, 12, 13);
        dlclose(h);
      } else {
        plugin_bump(2, 0, 1); /* stays loaded until exit */
      }
    }
    exit(0);
  }
  int status = wait_for(pid);
  check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status 0x%x", status);
  char path[8192];
  file_name(path, sizeof path, "m", pid);
  struct parsed r;
  parse_file(path, &r);
  if (!r.ok)
    return;
  int main_index = check_common(&r, pid, getpid(), "m", "Caliper point 1 at exit(0)");
  int loaded = map_entry_named(&r, plugin_path, 0);
  int unloaded = map_entry_named(&r, plugin_path, SS_MAP_UNLOADED);
  check(loaded >= 0, "no map entry for the loaded plugin");
  check(unloaded >= 0, "no unloaded map entry for the dlclose'd plugin");
  check(r.num_counts == 3, "%d COUNTS records, expected 3", r.num_counts);
  int seen = 0;
  for (int i = 0; i < r.num_counts; i++) {
    const struct counts_seen *c = &r.counts[i];
    if (c->rec.map_index == (uint32_t)main_index && c->rec.flags == 0) {
      check_counts(c, 1, 1, 1);
      seen |= 1;
    } else if (loaded >= 0 && c->rec.map_index == (uint32_t)loaded &&
               c->rec.flags == 0) {
      check_counts(c, 2, 0, 1);
      seen |= 2;
    } else if (unloaded >= 0 && c->rec.map_index == (uint32_t)unloaded &&
               c->rec.flags == SS_MAP_UNLOADED) {
      check_counts(c, 11, 12, 13);
      seen |= 4;
    } else {
      check(0, "COUNTS record with map %u flags %u", c->rec.map_index,
            c->rec.flags);
    }
  }
  check(seen == 7, "COUNTS records found: mask %d of 7", seen);
}

/* The runtime started by a library's constructor, before main's exit
 * machinery exists (LD_PRELOAD here; a startup-linked instrumented library
 * in real life): the file must still be written after every destructor,
 * with the exit status, and the library's module, which unregistered from
 * its destructor during exit, is not reported as unloaded. */
static void scenario_early_start(void) {
  scenario = "early start";
  pid_t pid = fork();
  if (pid == 0) {
    start_child_runtime();
    bump(1, 0, 0);
    setenv("LD_PRELOAD", plugin_path, 1);
    execl("/proc/self/exe", "test_writer", "--early-phase", (char *)NULL);
    _exit(99);
  }
  int status = wait_for(pid);
  check(WIFEXITED(status) && WEXITSTATUS(status) == 6,
        "exit status 0x%x (4: marker visible, 5: no plugin, 99: exec failed)",
        status);
  char path[8192];
  struct parsed r;
  if (read_checked(&r, "m", pid, getpid(), "Caliper point 1 at exec")) {
    expect_counts(&r, 1, 0, 0);
  }
  file_name(path, sizeof path, "e", pid);
  parse_file(path, &r);
  if (!r.ok)
    return;
  check_common(&r, pid, getpid(), "e", "Caliper point 1 at exit(6)");
  check(r.process.exit_status == 6, "exit status %d", r.process.exit_status);
  int loaded = map_entry_named(&r, plugin_path, 0);
  check(loaded >= 0, "no live map entry for the preloaded plugin");
  for (int i = 0; i < r.num_map; i++)
    check(!(r.map[i].flags & SS_MAP_UNLOADED), "map entry %d (%s) flagged unloaded",
          i, r.map_path[i]);
  check(r.num_counts == 1, "%d COUNTS records, expected 1", r.num_counts);
  if (r.num_counts == 1) {
    check_counts(&r.counts[0], 5, 6, 7);
    check(r.counts[0].rec.flags == 0 && r.counts[0].rec.map_index == (uint32_t)loaded,
          "plugin COUNTS flags %u map %u", r.counts[0].rec.flags,
          r.counts[0].rec.map_index);
  }
}

/* The second image of the early-start scenario: this executable registers
 * nothing; the preloaded plugin did, from its constructor. */
static int early_phase(void) {
  if (getenv("_SSRT_EXEC") || getenv("_SSRT_SYSTEM"))
    return 4;
  plugin_bump_fn plugin_bump = (plugin_bump_fn)dlsym(RTLD_DEFAULT, "test_plugin_bump");
  if (!plugin_bump)
    return 5;
  plugin_bump(5, 6, 7);
  return 6;
}

/* fork: the child's file holds only the child's counts; a child that execs
 * writes its `f` file first and its new image writes an `fe` file. */
static void scenario_fork(void) {
  scenario = "fork";
  int pids[2];
  if (pipe(pids) != 0)
    return;
  pid_t pid = fork();
  if (pid == 0) {
    close(pids[0]);
    start_child_runtime();
    bump(5, 5, 5);
    pid_t g1 = fork();
    if (g1 == 0) {
      bump(0, 2, 0);
      exit(0);
    }
    pid_t g2 = fork();
    if (g2 == 0) {
      bump(1, 0, 0);
      execl("/proc/self/exe", "test_writer", "--exec-phase", (char *)NULL);
      _exit(99);
    }
    int s1 = wait_for(g1), s2 = wait_for(g2);
    pid_t both[2] = {g1, g2};
    if (write(pids[1], both, sizeof both) != (ssize_t)sizeof both)
      _exit(1);
    bump(1, 1, 1);
    exit(WIFEXITED(s1) && WEXITSTATUS(s1) == 0 && WIFEXITED(s2) &&
                 WEXITSTATUS(s2) == 3
             ? 0
             : 1);
  }
  close(pids[1]);
  pid_t g[2] = {0, 0};
  check(read(pids[0], g, sizeof g) == (ssize_t)sizeof g, "no grandchild pids");
  close(pids[0]);
  int status = wait_for(pid);
  check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
        "exit status 0x%x (grandchildren failed?)", status);
  struct parsed r;

  if (read_checked(&r, "m", pid, getpid(), "Caliper point 1 at exit(0)")) {
    expect_counts(&r, 6, 6, 6);
  }

  scenario = "fork/child";
  if (read_checked(&r, "f", g[0], pid, "Caliper point 1 at exit(0)")) {
    expect_counts(&r, 0, 2, 0);
  }

  scenario = "fork/exec";
  if (read_checked(&r, "f", g[1], pid, "Caliper point 1 at exec")) {
    check(r.process.exit_status == -1, "exit status %d at exec",
          r.process.exit_status);
    expect_counts(&r, 1, 0, 0);
  }
  if (read_checked(&r, "fe", g[1], pid, "Caliper point 1 at exit(3)")) {
    expect_counts(&r, 30, 0, 40);
  }
}

/* exec in the same pid: `m` file before, `e` file from the new image. */
static void scenario_exec(void) {
  scenario = "exec";
  pid_t pid = fork();
  if (pid == 0) {
    start_child_runtime();
    bump(8, 0, 8);
    execlp("/proc/self/exe", "test_writer", "--exec-phase", (char *)NULL);
    _exit(99);
  }
  int status = wait_for(pid);
  check(WIFEXITED(status) && WEXITSTATUS(status) == 3,
        "exit status 0x%x (4: marker visible, 99: exec failed)", status);
  struct parsed r;
  if (read_checked(&r, "m", pid, getpid(), "Caliper point 1 at exec")) {
    expect_counts(&r, 8, 0, 8);
  }
  if (read_checked(&r, "e", pid, getpid(), "Caliper point 1 at exit(3)")) {
    expect_counts(&r, 30, 0, 40);
  }
}

/* The second image of the exec scenarios. */
static int exec_phase(void) {
  if (getenv("_SSRT_EXEC") || getenv("_SSRT_SYSTEM"))
    return 4; /* the runtime must remove its markers before main */
  test_build_descriptor(exe_descriptor);
  __ssrt_register_module(&exe_module);
  bump(30, 0, 40);
  return 3;
}

/* A failed write: one line on stderr, no file, the exit status kept.  The
 * child's stderr is the log from the start (dup2, then exec), as when a
 * shell redirects it. */
static int unwritable_phase(const char *missing) {
  test_build_descriptor(exe_descriptor);
  setenv("_SPEEDSHOP_OUTPUT_DIRECTORY", missing, 1);
  __ssrt_register_module(&exe_module);
  bump(1, 1, 1);
  exit(5);
}

/* The same failure after the process put another file on descriptor 2:
 * not its stderr of the start (a program started with fd 2 closed opens
 * its data there), so the runtime says nothing into it. */
static int stderr_moved_phase(const char *missing, const char *data) {
  test_build_descriptor(exe_descriptor);
  setenv("_SPEEDSHOP_OUTPUT_DIRECTORY", missing, 1);
  __ssrt_register_module(&exe_module);
  int fd = open(data, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  dup2(fd, 2);
  bump(1, 1, 1);
  exit(5);
}

static void read_text(const char *path, char *text, size_t cap) {
  FILE *f = fopen(path, "r");
  size_t n = f ? fread(text, 1, cap - 1, f) : 0;
  text[n] = '\0';
  if (f)
    fclose(f);
}

static void scenario_unwritable(void) {
  scenario = "unwritable";
  char missing[8192], log[8192], data[8192];
  snprintf(missing, sizeof missing, "%s/no/such/dir", dir);
  snprintf(log, sizeof log, "%s/stderr.txt", dir);
  snprintf(data, sizeof data, "%s/data.txt", dir);
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    execl("/proc/self/exe", "test_writer", "--unwritable-phase", missing,
          (char *)NULL);
    _exit(99);
  }
  int status = wait_for(pid);
  check(WIFEXITED(status) && WEXITSTATUS(status) == 5, "exit status 0x%x", status);
  char text[16384];
  read_text(log, text, sizeof text);
  char want[16384];
  snprintf(want, sizeof want,
           "ssrt: cannot write %s/test_writer.ideal.m%d: No such file or directory\n",
           missing, (int)pid);
  check(strcmp(text, want) == 0, "stderr was '%s'", text);
  unlink(log);

  scenario = "stderr moved";
  pid = fork();
  if (pid == 0) {
    execl("/proc/self/exe", "test_writer", "--stderr-moved-phase", missing,
          data, (char *)NULL);
    _exit(99);
  }
  status = wait_for(pid);
  check(WIFEXITED(status) && WEXITSTATUS(status) == 5, "exit status 0x%x", status);
  read_text(data, text, sizeof text);
  check(text[0] == '\0', "the data file on fd 2 got '%s'", text);
  unlink(data);
}

/* Nothing but the expected files (no temporaries, nothing from the parent,
 * which never registered). */
static void check_directory(int expected_files) {
  scenario = "directory";
  DIR *d = opendir(dir);
  int files = 0;
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    files++;
    check(strstr(e->d_name, ".tmp") == NULL, "temporary file %s left", e->d_name);
    char mine[64];
    snprintf(mine, sizeof mine, "m%d", (int)getpid());
    const char *tail = strrchr(e->d_name, '.');
    check(!tail || strcmp(tail + 1, mine) != 0, "the parent wrote %s", e->d_name);
  }
  if (d)
    closedir(d);
  check(files == expected_files, "%d files in %s, expected %d", files, dir,
        expected_files);
}

static void remove_directory(void) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char path[8192];
  while (d && (e = readdir(d))) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    unlink(path);
  }
  if (d)
    closedir(d);
  rmdir(dir);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--exec-phase") == 0)
    return exec_phase();
  if (argc > 1 && strcmp(argv[1], "--early-phase") == 0)
    return early_phase();
  if (argc > 2 && strcmp(argv[1], "--unwritable-phase") == 0)
    return unwritable_phase(argv[2]);
  if (argc > 3 && strcmp(argv[1], "--stderr-moved-phase") == 0)
    return stderr_moved_phase(argv[2], argv[3]);
  test_build_descriptor(exe_descriptor);
  find_plugin();
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/ssrt-test-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    perror("test_writer: mkdtemp");
    return 1;
  }
  fflush(stdout);
  scenario_exit();
  scenario_crash();
  scenario_kill();
  scenario_dlclose();
  scenario_early_start();
  scenario_fork();
  scenario_exec();
  scenario_unwritable();
  /* m: exit, crash, sigterm, dlclose, fork, exec, early start; f: 2; fe;
   * e: exec, early start. */
  check_directory(12);
  if (failures) {
    fprintf(stderr, "test_writer: %d of %d checks failed; files kept in %s\n",
            failures, checks, dir);
    return 1;
  }
  remove_directory();
  printf("test_writer: all %d checks passed\n", checks);
  return 0;
}
