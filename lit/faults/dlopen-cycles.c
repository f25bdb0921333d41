// 1,000 dlopen/dlclose cycles of an instrumented library, each calling
// its function once: 1,000 calls in the one file (arithmetic), which
// lists the library once as unloaded.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal -fPIC -shared -DPLUGIN %s -o libcycle.so
// RUN: %sscc -O2 -fss-ideal %s -o prog -ldl && ./prog %t/libcycle.so
// RUN: printf 'SSCHECK calls plugin_work 1000\nSSCHECK calls main 1\n' > expect
// RUN: %sscheck expect prog.ideal.m*
// RUN: %ssprof -dsolist prog.ideal.m* | grep -c libcycle.so | grep -x 2
#include <dlfcn.h>

#ifdef PLUGIN
static volatile long sink;
__attribute__((noinline)) void plugin_work(void) { sink++; }
#else
int main(int argc, char **argv) {
  for (int i = 0; i < 1000; i++) {
    void *h = dlopen(argc > 1 ? argv[1] : "libcycle.so", RTLD_NOW);
    if (!h)
      return 1;
    void (*f)(void) = (void (*)(void))dlsym(h, "plugin_work");
    f();
    dlclose(h);
  }
  return 0;
}
#endif
