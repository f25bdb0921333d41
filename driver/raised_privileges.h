/* raised_privileges.h -- whether running a program would give it
 * privileges its caller does not have: setuid to another user, setgid to
 * another group, or file capabilities (what the kernel marks AT_SECURE).
 * ssrun preloads nothing into such a program (docs/ssrun.md). */
#ifndef SSRUN_RAISED_PRIVILEGES_H
#define SSRUN_RAISED_PRIVILEGES_H

#include <stddef.h>

/* True with `why` set ("setuid root", "setgid games", "file
 * capabilities") when exec of `path` would raise privileges. */
int raises_privileges(const char *path, char *why, size_t cap);

#endif
