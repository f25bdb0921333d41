/* locate.h -- where sscc is, and which clang it runs. */
#ifndef SSCC_LOCATE_H
#define SSCC_LOCATE_H

#include <stdbool.h>

/* Absolute path of this executable (/proc/self/exe, else argv[0]). */
char *self_path(const char *argv0);
/* The clang (cxx: clang++) to exec: $SSCC_CLANG(XX), clang-<major> on PATH,
 * /usr/lib/llvm-<major>/bin, or the path compiled in; dies if none. */
char *find_clang(bool cxx, const char *self);

#endif
