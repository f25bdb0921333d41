/*
 * output_file.h -- a file written into a directory without trusting
 * anything in it, and published under its final name without replacing
 * anything there.  Async-signal-safe: system calls only.
 *
 *  - The directory is opened once (O_DIRECTORY) and everything after goes
 *    through that descriptor (openat, renameat2, linkat, unlinkat), so the
 *    directory cannot be swapped for another mid-write.
 *  - The data go to a new file under an unpredictable temporary name,
 *    ".<name>.tmp-<16 hex digits>" (64 random bits; ".ssrt-<hex>.tmp" when
 *    that would be too long), created with O_CREAT|O_EXCL|O_NOFOLLOW: a
 *    link planted under any name is never followed, an existing file never
 *    opened, let alone truncated.  The leading dot keeps it out of a glob
 *    such as app.usertime.m*.
 *  - Publishing renames it to <name> only if nothing is there
 *    (RENAME_NOREPLACE, or link+unlink where the file system lacks it);
 *    if something is, to <name>.2, <name>.3, ... (up to <name>.999).  A
 *    planted link at the final name stays a link to an untouched target;
 *    an earlier file of the same name (an earlier image of this process
 *    under exec, a run whose pid was reused, a container sharing the
 *    directory) is kept.  The one exception is the process's own earlier
 *    file of this image (written before an exec that failed), which its
 *    complete rewrite replaces.
 *  - In a privileged process (privileges.h) all of it is done as the real
 *    user, and only if the real user may write into the directory.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_OUTPUT_FILE_H
#define SSRT_OUTPUT_FILE_H

#include "privileges.h"

#include <limits.h>
#include <stddef.h>

struct ssrt_output {
  int dir_fd;
  int fd; /* the temporary file, for writing */
  char temp_name[NAME_MAX + 1];
  struct ssrt_fs_ids ids;
};

/* Opens `dir` and creates the temporary file for `name` in it.  Returns 0,
 * or an errno value with nothing left open: EACCES from a privileged
 * process means the real user may not write there. */
int ssrt_output_create(struct ssrt_output *o, const char *dir, const char *name);

/* Publishes the closed temporary file as `name` (or a free variant of it,
 * or over `own` when `own` is that very name: the caller's own earlier
 * file).  The name it got goes to `chosen` (`cap` bytes).  Returns 0, or an
 * errno value with the temporary file removed.  Closes the directory. */
int ssrt_output_publish(struct ssrt_output *o, const char *name,
                        const char *own, char *chosen, size_t cap);

/* Removes the temporary file and closes what is open (a failed write). */
void ssrt_output_abandon(struct ssrt_output *o);

/* The same from a crash during the write: only the temporary file goes;
 * no descriptor is touched. */
void ssrt_output_remove_temp(const struct ssrt_output *o);

#endif
