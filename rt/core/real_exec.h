/*
 * real_exec.h -- the exec functions and system() that the runtime's
 * wrappers (exec_wrappers.c) forward to.
 *
 * In libssrt.so they are the C library's, found with dlsym(RTLD_NEXT).  In
 * libssrt.a (static links, where there is no "next" definition to find and
 * the wrappers take the C library's place) and if dlsym fails, they are the
 * runtime's own: execve and execveat system calls, the POSIX PATH search,
 * and system() by posix_spawn of /bin/sh.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_REAL_EXEC_H
#define SSRT_REAL_EXEC_H

/* Looks the C library's functions up now (not from a signal handler or a
 * vfork child later). */
void ssrt_resolve_real_exec(void);

int ssrt_real_execve(const char *path, char *const argv[], char *const envp[]);
int ssrt_real_execvpe(const char *file, char *const argv[], char *const envp[]);
int ssrt_real_fexecve(int fd, char *const argv[], char *const envp[]);
int ssrt_real_system(const char *command);

#endif
