/*
 * privileges.h -- the runtime in a program that runs with privileges its
 * user does not have: setuid, setgid, or file capabilities (the kernel
 * says so with AT_SECURE, the flag glibc's secure_getenv and the loader's
 * own LD_* rules follow).
 *
 * Such a program must not lend its privileges to whoever started it, so:
 *  - every environment variable that steers the runtime (where files go,
 *    which experiment runs, the caliper signal, how stacks are walked) is
 *    read through ssrt_steering_env(), which ignores it there and says so
 *    once on stderr;
 *  - the experiment file is written as the real user (file-system ids
 *    switched to the real ones, so it is theirs) and only into a directory
 *    the real user may write (output_file.c checks with the real ids).
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_PRIVILEGES_H
#define SSRT_PRIVILEGES_H

#include <sys/types.h>

/* Whether this process runs with raised privileges (AT_SECURE). */
int ssrt_privileged(void);

/* getenv(name), or NULL in a privileged process (where a variable that is
 * set is reported once, "ssrt: ignoring NAME ..."). */
const char *ssrt_steering_env(const char *name);

/* The file-system ids of the calling thread while it writes as the real
 * user.  Async-signal-safe (setfsuid and setfsgid are plain system calls
 * that change the calling thread only). */
struct ssrt_fs_ids {
  int switched;
  uid_t uid;
  gid_t gid;
};
void ssrt_act_as_real_user(struct ssrt_fs_ids *saved);
void ssrt_act_as_self(const struct ssrt_fs_ids *saved);

/* Whether the real user may write into (and search) the directory open at
 * `dir_fd`: always in an unprivileged process; checked with the real ids
 * (faccessat) in a privileged one. */
int ssrt_real_user_may_write(int dir_fd);

#endif
