/* privileges.c -- AT_SECURE, steering variables ignored, writing as the
 * real user (see privileges.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "privileges.h"

#include "safe_string.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/fsuid.h>
#include <unistd.h>

int ssrt_privileged(void) {
  /* Read each time: getauxval only reads the auxiliary vector, and a
   * cached value would have to be set before the first constructor. */
  return getauxval(AT_SECURE) != 0;
}

const char *ssrt_steering_env(const char *name) {
  const char *value = getenv(name);
  if (!value || !ssrt_privileged())
    return value;
  ssrt_log("ssrt: ignoring ", name, ": this program runs with privileges its "
           "user does not have (setuid, setgid or capabilities), and the "
           "runtime takes no directions from its environment",
           (const char *)0);
  return NULL;
}

void ssrt_act_as_real_user(struct ssrt_fs_ids *saved) {
  saved->switched = 0;
  if (!ssrt_privileged())
    return;
  int saved_errno = errno;
  /* Each call returns the previous id; a second call reads back whether
   * the switch took. */
  saved->uid = (uid_t)setfsuid(getuid());
  saved->gid = (gid_t)setfsgid(getgid());
  saved->switched = 1;
  errno = saved_errno;
}

void ssrt_act_as_self(const struct ssrt_fs_ids *saved) {
  if (!saved->switched)
    return;
  int saved_errno = errno;
  setfsgid(saved->gid);
  setfsuid(saved->uid);
  errno = saved_errno;
}

int ssrt_real_user_may_write(int dir_fd) {
  if (!ssrt_privileged())
    return 1;
  /* Without AT_EACCESS, faccessat checks the real ids, and the kernel
   * drops the capabilities of a real user other than root for the check:
   * exactly "could the user who started the program write here". */
  int saved_errno = errno;
  int ok = faccessat(dir_fd, ".", W_OK | X_OK, 0) == 0;
  errno = saved_errno;
  return ok;
}
