/*
 * process_info.h -- facts about the process captured once, when the
 * runtime is activated, so that the signal path never has to read /proc,
 * call getcwd or consult the environment.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_PROCESS_INFO_H
#define SSRT_PROCESS_INFO_H

#include <limits.h>
#include <stdint.h>

struct ssrt_process_info {
  char exe_path[PATH_MAX];   /* readlink(/proc/self/exe) */
  const char *exe_name;      /* basename of exe_path */
  char start_cwd[PATH_MAX];  /* absolute; "" if unknown */
  char output_dir[PATH_MAX]; /* where experiment files go (absolute if known) */
  char *command_line;        /* argv joined by spaces (own pages) */
  char host_name[256];
  char cpu_model[256];
  uint32_t clock_mhz; /* nominal; 0 if unknown */
  uint32_t num_cpus;
  const char *abi; /* "x86-64", "aarch64" */
};

extern struct ssrt_process_info ssrt_info;

/* Fills ssrt_info.  Not async-signal-safe; called once at start-up. */
void ssrt_capture_process_info(void);

#endif
