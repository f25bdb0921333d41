/* experiment_file.c -- the records of an experiment file, in order (see
 * experiment_file.h and docs/experiment-file.md; rules: rt/README.md). */
#define _GNU_SOURCE
#include "experiment_file.h"

#include "caliper.h"
#include "experiment.h"
#include "identity.h"
#include "module_map.h"
#include "mpi_rank.h"
#include "output_file.h"
#include "part.h"
#include "privileges.h"
#include "process_info.h"
#include "record_writer.h"
#include "safe_string.h"
#include "ss/format.h"
#include "unloaded_objects.h"

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
                   sizeof(struct ss_rec_note) == 16 &&
                   sizeof(struct ss_rec_usage) == 88 &&
                   sizeof(struct ss_record_header) == 16 &&
                   sizeof(struct ss_file_header) == 24,
               "record layouts (docs/experiment-file.md)");


/* The file's name and where it goes, and the path the messages show. */
static char file_name[NAME_MAX + 2];
static char final_path[PATH_MAX];
/* The name this image's last write got (and the pid that wrote it): a
 * rewrite after a failed exec replaces that file, its own, and nothing
 * else. */
static char own_name[NAME_MAX + 1];
static pid_t own_pid;

static struct ssrt_output output = {-1, -1, "", {0, 0, 0}};
static volatile int temp_exists;

static struct ssrt_writer out;

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

static void add_name(struct ssrt_str *s, const struct ssrt_identity *id) {
  ssrt_str_add(s, ssrt_info.exe_name);
  ssrt_str_add(s, ".");
  ssrt_str_add(s, ssrt_experiment()->name);
  ssrt_str_add(s, ".");
  ssrt_str_add(s, id->code);
  ssrt_str_add_u64(s, (uint64_t)id->pid);
  ssrt_mpi_rank_add_to_name(s, ssrt_info.host_name);
}

/* <exe>.<experiment>.<code><pid>, and <dir>/<that> for the messages. */
static int build_names(const struct ssrt_identity *id) {
  struct ssrt_str s;
  ssrt_str_init(&s, file_name, sizeof file_name);
  add_name(&s, id);
  int too_long = s.truncated || s.len > NAME_MAX;
  ssrt_str_init(&s, final_path, sizeof final_path);
  ssrt_str_add(&s, ssrt_info.output_dir);
  ssrt_str_add(&s, "/");
  add_name(&s, id);
  return too_long || s.truncated ? ENAMETOOLONG : 0;
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
  p.exit_status = e->kind == SSRT_ENDING_EXIT || e->kind == SSRT_ENDING__EXIT
                      ? e->exit_status
                      : -1;
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

static void write_module_map(struct ssrt_writer *w,
                             const struct ssrt_map_snapshot *map,
                             struct ssrt_unloaded_object *unloaded,
                             int map_is_current) {
  uint32_t live = map ? map->count : 0;
  uint32_t gone = ssrt_unloaded_classify(unloaded, map, map_is_current);
  struct ss_rec_module_map h = {live + gone, 0};
  ssrt_record_begin(w, SS_REC_MODULE_MAP);
  ssrt_record_put(w, &h, sizeof h);
  for (uint32_t i = 0; i < live; i++)
    ssrt_record_put(w, &map->objects[i].entry, sizeof map->objects[i].entry);
  ssrt_unloaded_put_entries(w, unloaded, live, gone);
  for (uint32_t i = 0; i < live; i++)
    ssrt_record_put_string_n(w, map->objects[i].path, map->objects[i].path_len);
  ssrt_unloaded_put_paths(w, unloaded, live, gone);
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
  case SSRT_ENDING__EXIT:
    ssrt_str_add(&s, e->kind == SSRT_ENDING__EXIT ? "_exit" : "exit");
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
  struct ssrt_unloaded_object *unloaded = ssrt_unloaded_objects();
  const struct ssrt_map_snapshot *map = ssrt_map_acquire();

  write_file_header(w);
  write_process(w, id, e, end_ns);
  ssrt_mpi_rank_write(w);
  /* At exit the map was refreshed just before the write (lifecycle.c); a
   * signal handler or exec uses the last one. */
  write_module_map(w, map, unloaded, e->kind == SSRT_ENDING_EXIT);
  write_notes(w, id, e, end_ns);
  ssrt_for_each_part(p) {
    if (p->write_records)
      p->write_records(w, map);
  }
  ssrt_map_release();
  write_usage(w, id);
  write_end(w);
}

static void report_failure(int err) {
  char scratch[24];
  ssrt_log("ssrt: cannot write ", final_path, ": ", ssrt_errno_text(err, scratch),
           err == EACCES && ssrt_privileged()
               ? "; the program runs with privileges its user does not have, "
                 "and its file goes only where that user may write"
               : "",
           (const char *)0);
}

/* The records into a new temporary file, then published (output_file.h). */
static int write_file(const struct ssrt_identity *id,
                      const struct ssrt_ending *ending) {
  int err = ssrt_output_create(&output, ssrt_info.output_dir, file_name);
  if (err)
    return err;
  temp_exists = 1;
  ssrt_writer_start(&out, output.fd);
  write_records(&out, id, ending);
  err = ssrt_writer_finish(&out);
  if (close(output.fd) != 0 && !err && errno != EINTR)
    err = errno;
  output.fd = -1;
  if (err) {
    ssrt_output_abandon(&output);
  } else {
    char chosen[NAME_MAX + 1];
    const char *own = own_pid == id->pid && own_name[0] ? own_name : NULL;
    err = ssrt_output_publish(&output, file_name, own, chosen, sizeof chosen);
    if (!err) {
      struct ssrt_str s;
      ssrt_str_init(&s, own_name, sizeof own_name);
      ssrt_str_add(&s, chosen);
      own_pid = id->pid;
    }
  }
  temp_exists = 0;
  return err;
}

int ssrt_write_experiment_file(const struct ssrt_ending *ending) {
  int saved_errno = errno;
  /* Samples stop here: the buffers must hold still while they are copied.
   * And the parts take what they will write before the unloaded objects
   * are read (counts_records.h). */
  ssrt_for_each_part(p) {
    if (p->before_write)
      p->before_write();
  }
  struct ssrt_identity id;
  current_identity(&id);
  int err = build_names(&id);
  if (!err)
    err = write_file(&id, ending);
  if (err)
    report_failure(err);
  errno = saved_errno;
  return err ? -1 : 0;
}

void ssrt_remove_partial_file(void) {
  if (temp_exists)
    ssrt_output_remove_temp(&output);
}
