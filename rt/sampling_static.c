/*
 * sampling_static.c -- the sampling interface in libssrt.a, where it does
 * nothing: sampling needs the pthread_create and sigaction wrappers that
 * only a shared libssrt can put in front of the C library's, and ssrun,
 * which selects it, refuses statically linked programs.  A static program
 * therefore always runs the ideal experiment (calipers work).
 */
#include "sampling.h"

void ssrt_sampling_start_from_env(void) {}
void ssrt_sampling_mark_system_shell(int on) { (void)on; }
int ssrt_sampling_is_system_shell(void) { return 0; }
int ssrt_sampling_signal(void) { return 0; }
void ssrt_sampling_thread_begin(uint64_t stack_hi, uint64_t stack_size) {
  (void)stack_hi;
  (void)stack_size;
}
void ssrt_sampling_pause(void) {}
void ssrt_sampling_resume(void) {}
void ssrt_sampling_stop_for_exec(void) {}
void ssrt_sampling_resume_after_exec(void) {}
void ssrt_sampling_after_fork_in_child(int traced) { (void)traced; }
void ssrt_sampling_write_records(struct ssrt_writer *w) { (void)w; }
const char *ssrt_sampling_clock(void) { return ""; }
void ssrt_sampling_recover_fault(void) {}
