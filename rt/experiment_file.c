/* experiment_file.c -- the records of an experiment file, in order (see
 * experiment_file.h and docs/experiment-file.md). */
#define _GNU_SOURCE
#include "experiment_file.h"

#include "caliper.h"
#include "experiment.h"
#include "identity.h"
#include "module_map.h"
#include "process_info.h"
#include "record_writer.h"
#include "registry.h"
#include "safe_string.h"
#include "sampling.h"
#include "ss/format.h"
#include "thread_counters.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

_Static_assert(sizeof(struct ss_rec_process) == 56 &&
                   offsetof(struct ss_rec_process, start_ns) == 32,
               "PROCESS record layout (docs/experiment-file.md)");
_Static_assert(sizeof(struct ss_rec_module_entry) == 56 &&
                   sizeof(struct ss_rec_counts) == 32 &&
                   sizeof(struct ss_rec_note) == 16 &&
                   sizeof(struct ss_rec_usage) == 88 &&
                   sizeof(struct ss_record_header) == 16 &&
                   sizeof(struct ss_file_header) == 24,
               "record layouts (docs/experiment-file.md)");


static char final_path[PATH_MAX];
static char temp_path[PATH_MAX + 32];
static volatile int temp_exists;

static struct ssrt_writer out;

static void put_u64_pointers(struct ssrt_writer *w, void *const *p, uint32_t n) {
  uint64_t chunk[128];
  while (n > 0) {
    uint32_t k = n < 128 ? n : 128;
    for (uint32_t i = 0; i < k; i++)
      chunk[i] = (uint64_t)(uintptr_t)p[i];
    ssrt_record_put(w, chunk, k * sizeof(uint64_t));
    p += k;
    n -= k;
  }
}

/* The identity as of now: a child that the fork handlers never saw (clone,
 * _Fork) still carries its parent's pid. */
static void current_identity(struct ssrt_identity *id) {
  *id = ssrt_id;
  pid_t pid = getpid();
  if (pid != id->pid) {
    id->pid = pid;
    id->ppid = getppid();
    id->code[0] = 'f';
    id->code[1] = id->code[2] = id->code[3] = '\0';
  }
}

static int build_paths(const struct ssrt_identity *id) {
  struct ssrt_str s;
  ssrt_str_init(&s, final_path, sizeof final_path);
  ssrt_str_add(&s, ssrt_info.output_dir);
  ssrt_str_add(&s, "/");
  ssrt_str_add(&s, ssrt_info.exe_name);
  ssrt_str_add(&s, ".");
  ssrt_str_add(&s, ssrt_experiment()->name);
  ssrt_str_add(&s, ".");
  ssrt_str_add(&s, id->code);
  ssrt_str_add_u64(&s, (uint64_t)id->pid);
  int truncated = s.truncated;
  ssrt_str_init(&s, temp_path, sizeof temp_path);
  ssrt_str_add(&s, final_path);
  ssrt_str_add(&s, ".tmp");
  ssrt_str_add_u64(&s, (uint64_t)id->pid);
  return truncated || s.truncated ? ENAMETOOLONG : 0;
}

static void write_file_header(struct ssrt_writer *w) {
  struct ss_file_header h = {SS_FILE_MAGIC, SS_FILE_VERSION_MAJOR,
                             SS_FILE_VERSION_MINOR,
                             sizeof(struct ss_file_header), 0};
  ssrt_writer_put_raw(w, &h, sizeof h);
}

static void write_process(struct ssrt_writer *w, const struct ssrt_identity *id,
                          const struct ssrt_ending *e, uint64_t end_ns) {
  /* Zeroed whole: reserved fields go to the file as zeros. */
  struct ss_rec_process p;
  memset(&p, 0, sizeof p);
  p.pid = (uint32_t)id->pid;
  p.ppid = (uint32_t)id->ppid;
  for (int i = 0; i < 4; i++)
    p.code[i] = id->code[i];
  p.num_cpus = ssrt_info.num_cpus;
  p.clock_mhz = ssrt_info.clock_mhz;
  p.exit_status = e->kind == SSRT_ENDING_EXIT ? e->exit_status : -1;
  p.term_signal = e->kind == SSRT_ENDING_SIGNAL ? e->signal : 0;
  p.start_ns = id->start_realtime_ns;
  p.end_ns = end_ns;
  p.fault_pc = e->kind == SSRT_ENDING_SIGNAL ? e->fault_pc : 0;
  ssrt_record_begin(w, SS_REC_PROCESS);
  ssrt_record_put(w, &p, sizeof p);
  ssrt_record_put_string(w, ssrt_experiment()->name);
  ssrt_record_put_string(w, ssrt_experiment()->marching_orders);
  ssrt_record_put_string(w, ssrt_info.exe_path);
  ssrt_record_put_string(w, ssrt_info.command_line);
  ssrt_record_put_string(w, ssrt_info.start_cwd);
  ssrt_record_put_string(w, ssrt_info.host_name);
  ssrt_record_put_string(w, ssrt_info.cpu_model);
  ssrt_record_put_string(w, ssrt_info.abi);
  ssrt_record_end(w);
}

static int same_object(const struct ssrt_retired *a, const struct ssrt_retired *b) {
  return a->map_entry.base == b->map_entry.base &&
         a->map_entry.text_start == b->map_entry.text_start &&
         a->map_entry.text_end == b->map_entry.text_end &&
         ssrt_streq(a->map_path, b->map_path);
}

/* The live entry for the same object as a retired module, or SS_NONE. */
static uint32_t live_entry_of(const struct ssrt_map_snapshot *map,
                              const struct ssrt_retired *r) {
  for (uint32_t i = 0; map && i < map->count; i++)
    if (map->objects[i].entry.base == r->map_entry.base &&
        map->objects[i].entry.text_start == r->map_entry.text_start &&
        ssrt_streq(map->objects[i].path, r->map_path))
      return i;
  return SS_NONE;
}

/* A retired module whose object the loader has not unloaded since (its
 * unload count is unchanged and the object is still in the map) did not
 * go away: it unregistered because the process is exiting, from a
 * destructor that ran before the runtime learnt of the exit.  That can
 * only be judged with a map taken now, i.e. at exit. */
static int still_loaded(const struct ssrt_retired *r,
                        const struct ssrt_map_snapshot *map, int map_is_current,
                        uint32_t *live_index) {
  if (!map_is_current || !map || !r->has_map_entry || !r->unloads_known ||
      !map->load_counts_known || map->subs != r->unloads_at_retire)
    return 0;
  *live_index = live_entry_of(map, r);
  return *live_index != SS_NONE;
}

/* Decides how each retired module is reported and gives it the file index
 * of its map entry: the live objects come first, then one entry per
 * distinct unloaded object.  Returns the number of unloaded entries. */
static uint32_t classify_retired(struct ssrt_retired *retired,
                                 const struct ssrt_map_snapshot *map,
                                 int map_is_current) {
  uint32_t first = map ? map->count : 0, next = first;
  for (struct ssrt_retired *r = retired; r; r = r->next) {
    r->file_map_index = SS_NONE;
    r->file_flags = SS_MAP_UNLOADED;
    uint32_t live;
    if (still_loaded(r, map, map_is_current, &live)) {
      r->file_map_index = live;
      r->file_flags = 0;
      continue;
    }
    if (!r->has_map_entry)
      continue;
    for (struct ssrt_retired *q = retired; q != r; q = q->next)
      if (q->file_flags == SS_MAP_UNLOADED && q->file_map_index != SS_NONE &&
          same_object(q, r)) {
        r->file_map_index = q->file_map_index;
        break;
      }
    if (r->file_map_index == SS_NONE)
      r->file_map_index = next++;
  }
  return next - first;
}

/* Each unloaded object once, in index order, by `emit`. */
static void for_each_unloaded_object(struct ssrt_writer *w,
                                     struct ssrt_retired *retired,
                                     uint32_t first_index, uint32_t count,
                                     void (*emit)(struct ssrt_writer *,
                                                  const struct ssrt_retired *)) {
  for (uint32_t index = first_index; index < first_index + count; index++)
    for (struct ssrt_retired *r = retired; r; r = r->next)
      if (r->file_map_index == index && r->file_flags == SS_MAP_UNLOADED) {
        emit(w, r);
        break;
      }
}

static void emit_unloaded_entry(struct ssrt_writer *w, const struct ssrt_retired *r) {
  ssrt_record_put(w, &r->map_entry, sizeof r->map_entry);
}

static void emit_unloaded_path(struct ssrt_writer *w, const struct ssrt_retired *r) {
  ssrt_record_put_string_n(w, r->map_path, r->map_path_len);
}

static void write_module_map(struct ssrt_writer *w,
                             const struct ssrt_map_snapshot *map,
                             struct ssrt_retired *retired, int map_is_current) {
  uint32_t live = map ? map->count : 0;
  uint32_t unloaded = classify_retired(retired, map, map_is_current);
  struct ss_rec_module_map h = {live + unloaded, 0};
  ssrt_record_begin(w, SS_REC_MODULE_MAP);
  ssrt_record_put(w, &h, sizeof h);
  for (uint32_t i = 0; i < live; i++)
    ssrt_record_put(w, &map->objects[i].entry, sizeof map->objects[i].entry);
  for_each_unloaded_object(w, retired, live, unloaded, emit_unloaded_entry);
  for (uint32_t i = 0; i < live; i++)
    ssrt_record_put_string_n(w, map->objects[i].path, map->objects[i].path_len);
  for_each_unloaded_object(w, retired, live, unloaded, emit_unloaded_path);
  ssrt_record_end(w);
}

static void write_note(struct ssrt_writer *w, uint32_t kind, uint64_t time_ns,
                       const char *text) {
  struct ss_rec_note n = {kind, 0, time_ns};
  ssrt_record_begin(w, SS_REC_NOTE);
  ssrt_record_put(w, &n, sizeof n);
  ssrt_record_put_string(w, text);
  ssrt_record_end(w);
}

/* The program's caliper points (caliper.h), numbered from 1 in the order
 * they were recorded; returns the number the end point gets. */
static uint32_t write_caliper_notes(struct ssrt_writer *w) {
  uint32_t n = ssrt_caliper_count();
  for (uint32_t i = 0; i < n; i++) {
    uint64_t time_ns = 0;
    const char *label = "ss_caliper_point";
    /* One being recorded right now still gets its note, so that the
     * numbers of the notes and of the samples agree. */
    if (!ssrt_caliper_get(i, &time_ns, &label))
      label = "(still being recorded when the file was written)";
    else if (!label[0])
      label = "ss_caliper_point";
    char text[64 + SSRT_CALIPER_LABEL];
    struct ssrt_str s;
    ssrt_str_init(&s, text, sizeof text);
    ssrt_str_add(&s, "Caliper point ");
    ssrt_str_add_u64(&s, (uint64_t)i + 1);
    ssrt_str_add(&s, " at ");
    ssrt_str_add(&s, label);
    write_note(w, SS_NOTE_CALIPER, time_ns, text);
  }
  uint32_t ignored = ssrt_calipers_ignored();
  if (ignored) {
    char text[96];
    struct ssrt_str s;
    ssrt_str_init(&s, text, sizeof text);
    ssrt_str_add_u64(&s, ignored);
    ssrt_str_add(&s, " caliper points after the first ");
    ssrt_str_add_u64(&s, SSRT_CALIPER_SLOTS);
    ssrt_str_add(&s, " were ignored");
    write_note(w, SS_NOTE_TEXT, 0, text);
  }
  return n + 1;
}

static void write_notes(struct ssrt_writer *w, const struct ssrt_identity *id,
                        const struct ssrt_ending *e, uint64_t end_ns) {
  char text[128];
  struct ssrt_str s;
  ssrt_str_init(&s, text, sizeof text);
  ssrt_str_add(&s, "Caliper point 0 at target begin, PID ");
  ssrt_str_add_u64(&s, (uint64_t)id->pid);
  write_note(w, SS_NOTE_CALIPER, id->start_realtime_ns, text);

  write_note(w, SS_NOTE_TEXT, id->start_realtime_ns, ssrt_info.exe_path);

  uint32_t last = write_caliper_notes(w);
  ssrt_str_init(&s, text, sizeof text);
  ssrt_str_add(&s, "Caliper point ");
  ssrt_str_add_u64(&s, last);
  ssrt_str_add(&s, " at ");
  switch (e->kind) {
  case SSRT_ENDING_EXIT:
    ssrt_str_add(&s, "exit");
    if (e->exit_status >= 0) {
      ssrt_str_add(&s, "(");
      ssrt_str_add_i64(&s, e->exit_status);
      ssrt_str_add(&s, ")");
    }
    break;
  case SSRT_ENDING_SIGNAL: {
    const char *name = ssrt_signal_name(e->signal);
    ssrt_str_add(&s, "signal ");
    ssrt_str_add(&s, name ? name : "SIG?");
    ssrt_str_add(&s, " (");
    ssrt_str_add_i64(&s, e->signal);
    ssrt_str_add(&s, ")");
    break;
  }
  case SSRT_ENDING_EXEC:
    ssrt_str_add(&s, "exec");
    break;
  }
  write_note(w, SS_NOTE_CALIPER, end_ns, text);
}

static void put_counter_totals(struct ssrt_writer *w, const struct ss_module *m) {
  uint64_t chunk[128];
  for (uint32_t first = 0; first < m->num_counters; first += 128) {
    uint32_t n = m->num_counters - first < 128 ? m->num_counters - first : 128;
    ssrt_counter_totals(m, first, n, chunk);
    ssrt_record_put(w, chunk, n * sizeof(uint64_t));
  }
}

/* Each site as the file has it: the shared targets with the counts summed
 * over the threads' sets. */
static void put_indirect_sites(struct ssrt_writer *w, const struct ss_module *m) {
  for (uint32_t i = 0; i < m->num_indirect_sites; i++) {
    struct ss_indirect_site site;
    uint64_t counts[SS_INDIRECT_COUNTS];
    for (int slot = 0; slot < SS_INDIRECT_SLOTS; slot++)
      site.target[slot] =
          __atomic_load_n(&m->indirect_targets[i].target[slot], __ATOMIC_RELAXED);
    ssrt_counter_totals(m, m->num_counters + i * SS_INDIRECT_COUNTS,
                        SS_INDIRECT_COUNTS, counts);
    for (int slot = 0; slot < SS_INDIRECT_SLOTS; slot++)
      site.count[slot] = counts[slot];
    site.other = counts[SS_INDIRECT_SLOTS];
    ssrt_record_put(w, &site, sizeof site);
  }
}

static void write_counts(struct ssrt_writer *w, const struct ss_module *m,
                         uint32_t map_index, uint32_t flags) {
  struct ss_rec_counts c = {map_index,         flags,
                            m->num_counters,   m->num_functions,
                            m->num_indirect_sites, 0,
                            m->descriptor_size};
  ssrt_record_begin(w, SS_REC_COUNTS);
  ssrt_record_put(w, &c, sizeof c);
  put_counter_totals(w, m);
  put_u64_pointers(w, m->function_addrs, m->num_functions);
  put_indirect_sites(w, m);
  if (m->descriptor_crc)
    ssrt_record_put_with_crc(w, m->descriptor, (size_t)m->descriptor_size,
                             (uint32_t)m->descriptor_crc);
  else
    ssrt_record_put(w, m->descriptor, (size_t)m->descriptor_size);
  ssrt_record_end(w);
}

static uint64_t timeval_ns(struct timeval tv) {
  return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

static void write_usage(struct ssrt_writer *w, const struct ssrt_identity *id) {
  struct ss_rec_usage u = {0};
  struct rusage ru;
  uint64_t now = ssrt_clock_ns(CLOCK_MONOTONIC);
  u.real_ns = now > id->start_monotonic_ns ? now - id->start_monotonic_ns : 0;
  if (getrusage(RUSAGE_SELF, &ru) == 0) {
    u.user_ns = timeval_ns(ru.ru_utime);
    u.sys_ns = timeval_ns(ru.ru_stime);
    u.majflt = (uint64_t)ru.ru_majflt;
    u.minflt = (uint64_t)ru.ru_minflt;
    u.nswap = (uint64_t)ru.ru_nswap;
    u.inblock = (uint64_t)ru.ru_inblock;
    u.oublock = (uint64_t)ru.ru_oublock;
    u.nvcsw = (uint64_t)ru.ru_nvcsw;
    u.nivcsw = (uint64_t)ru.ru_nivcsw;
    u.maxrss_kb = (uint64_t)ru.ru_maxrss; /* Linux reports kilobytes */
  }
  ssrt_record_begin(w, SS_REC_USAGE);
  ssrt_record_put(w, &u, sizeof u);
  ssrt_record_end(w);
}

static void write_end(struct ssrt_writer *w) {
  struct ss_rec_end e = {w->records, 0};
  ssrt_record_begin(w, SS_REC_END);
  ssrt_record_put(w, &e, sizeof e);
  ssrt_record_end(w);
}

static void write_records(struct ssrt_writer *w, const struct ssrt_identity *id,
                          const struct ssrt_ending *e) {
  uint64_t end_ns = ssrt_clock_ns(CLOCK_REALTIME);
  /* The retired list is taken first and the live list read afterwards, so
   * a module dlclose'd while the file is written (retired, then unlinked)
   * is seen at least once -- unless both steps happen in between, a race
   * the runtime accepts rather than take a lock a signal handler may not. */
  struct ssrt_retired *retired = ssrt_retired_modules();
  const struct ssrt_map_snapshot *map = ssrt_map_acquire();

  write_file_header(w);
  write_process(w, id, e, end_ns);
  /* At exit the map was refreshed just before the write (lifecycle.c); a
   * signal handler or exec uses the last one. */
  write_module_map(w, map, retired, e->kind == SSRT_ENDING_EXIT);
  write_notes(w, id, e, end_ns);
  for (struct ss_module *m = ssrt_live_modules(); m; m = ssrt_next_live(m))
    write_counts(w, m, ssrt_map_find_module(map, m), 0);
  for (struct ssrt_retired *r = retired; r; r = r->next)
    write_counts(w, &r->copy, r->file_map_index, r->file_flags);
  ssrt_map_release();
  ssrt_sampling_write_records(w);
  write_usage(w, id);
  write_end(w);
}

static void report_failure(int err) {
  char scratch[24];
  ssrt_log("ssrt: cannot write ", final_path, ": ", ssrt_errno_text(err, scratch),
           (const char *)0);
}

int ssrt_write_experiment_file(const struct ssrt_ending *ending) {
  int saved_errno = errno;
  /* Samples stop here: the buffers must hold still while they are copied. */
  ssrt_sampling_pause();
  struct ssrt_identity id;
  current_identity(&id);
  int err = build_paths(&id);
  if (!err) {
    int fd = open(temp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
      err = errno;
    } else {
      temp_exists = 1;
      ssrt_writer_start(&out, fd);
      write_records(&out, &id, ending);
      err = ssrt_writer_finish(&out);
      if (close(fd) != 0 && !err && errno != EINTR)
        err = errno;
      if (!err && rename(temp_path, final_path) != 0)
        err = errno;
      if (err)
        unlink(temp_path);
      temp_exists = 0;
    }
  }
  if (err)
    report_failure(err);
  errno = saved_errno;
  return err ? -1 : 0;
}

void ssrt_remove_partial_file(void) {
  if (temp_exists)
    unlink(temp_path);
}
