/*
 * test_writer_plugin.c -- an "instrumented" shared object for test_writer:
 * registers its module from a constructor and unregisters it from a
 * priority-101 destructor, as the pass's objects do.  dlopen'd and
 * dlclose'd (retired counts), or LD_PRELOADed (the runtime starting from a
 * library's constructor, before main's exit machinery exists).
 */
#include "test_module.h"

TEST_DEFINE_MODULE(plugin);

__attribute__((constructor(101))) static void plugin_register(void) {
  test_build_descriptor(plugin_descriptor);
  __ssrt_register_module(&plugin_module);
}

__attribute__((destructor(101))) static void plugin_unregister(void) {
  __ssrt_unregister_module(&plugin_module);
}

__attribute__((visibility("default"))) void test_plugin_bump(uint64_t a,
                                                             uint64_t b,
                                                             uint64_t c) {
  __atomic_fetch_add(&plugin_counters[0], a, __ATOMIC_RELAXED);
  __atomic_fetch_add(&plugin_counters[1], b, __ATOMIC_RELAXED);
  __atomic_fetch_add(&plugin_counters[2], c, __ATOMIC_RELAXED);
}
