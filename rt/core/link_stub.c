/*
 * link_stub.c -- the libssrt.so programs are linked against (lib/link/,
 * SONAME libssrt.so): only the entry points instrumented code and the
 * caliper API call, none of the C library functions the real libssrt.so
 * stands in front of.  So the linker resolves a program's printf or
 * write in the C library and records libssrt.so as needed only when
 * instrumented code references it (sscc links with --as-needed): a program
 * with no instrumented code does not load the runtime.  At run time the
 * real lib/libssrt.so is found (rpath) and, loaded before the C library,
 * stands in front of it as ever.  These bodies never run.
 */
#include "ss/caliper.h"
#include "ss/format.h"

#define SSRT_EXPORT __attribute__((visibility("default")))

SSRT_EXPORT void __ssrt_register_module(struct ss_module *m) { (void)m; }
SSRT_EXPORT void __ssrt_unregister_module(struct ss_module *m) { (void)m; }
SSRT_EXPORT void __ssrt_indirect_call(struct ss_indirect_targets *site,
                                      void *target, uint64_t *counts) {
  (void)site, (void)target, (void)counts;
}
SSRT_EXPORT void __ssrt_indirect_call_regs(struct ss_indirect_targets *site,
                                           void *target, uint64_t *counts) {
  (void)site, (void)target, (void)counts;
}
SSRT_EXPORT uint64_t *__ssrt_thread_counters(struct ss_module *m,
                                             uint64_t **slot) {
  (void)m;
  return *slot;
}
SSRT_EXPORT uint64_t *__ssrt_thread_counters_tls(struct ss_module *m,
                                                 uint64_t **slot,
                                                 uint64_t *counts) {
  (void)m, (void)slot;
  return counts;
}
SSRT_EXPORT void ss_caliper_point(const char *label) { (void)label; }
