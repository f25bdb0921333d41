/* raised_privileges.c -- see raised_privileges.h. */
#define _GNU_SOURCE
#include "raised_privileges.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <unistd.h>

int raises_privileges(const char *path, char *why, size_t cap) {
  struct stat st;
  struct statvfs fs;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return 0;
  /* The kernel honours neither bit nor capabilities on a nosuid mount. */
  if (statvfs(path, &fs) == 0 && (fs.f_flag & ST_NOSUID))
    return 0;
  if ((st.st_mode & S_ISUID) && st.st_uid != geteuid()) {
    const struct passwd *pw = getpwuid(st.st_uid);
    if (pw)
      snprintf(why, cap, "setuid %s", pw->pw_name);
    else
      snprintf(why, cap, "setuid to user %u", (unsigned)st.st_uid);
    return 1;
  }
  /* S_ISGID without group execute is mandatory locking, not setgid. */
  if ((st.st_mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP) &&
      st.st_gid != getegid()) {
    const struct group *gr = getgrgid(st.st_gid);
    if (gr)
      snprintf(why, cap, "setgid %s", gr->gr_name);
    else
      snprintf(why, cap, "setgid to group %u", (unsigned)st.st_gid);
    return 1;
  }
  if (getxattr(path, "security.capability", NULL, 0) >= 0 && geteuid() != 0) {
    snprintf(why, cap, "given file capabilities");
    return 1;
  }
  return 0;
}
