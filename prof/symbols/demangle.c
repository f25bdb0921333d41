/* demangle.c -- C++ demangling through the Itanium ABI runtime entry. */
#include "symbols.h"

#include "base.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Provided by libstdc++ (and libc++abi); extern "C" by the ABI. */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

char *ss_demangle(const char *symbol) {
  if (strncmp(symbol, "_Z", 2) == 0) {
    int status = -1;
    char *d = __cxa_demangle(symbol, NULL, NULL, &status);
    if (d && status == 0)
      return d;
    free(d);
  }
  return ss_xstrdup(symbol);
}
