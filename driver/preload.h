/*
 * preload.h -- libssrt.so for a dynamically linked program that did not
 * link it: found next to the tool (ssrun, ssperfex -mp) and added to
 * LD_PRELOAD.
 */
#ifndef SS_DRIVER_PRELOAD_H
#define SS_DRIVER_PRELOAD_H

/* libssrt.so in ../lib relative to this executable's directory (its real
 * path, malloc'ed); a one-line failure when it is not there. */
char *ss_find_runtime(const char *argv0);

/* The program's path as execvp would find it (malloc'ed), or NULL. */
char *ss_find_program(const char *name);

/* LD_PRELOAD with `lib` added after what is already there (unless it
 * already is, under ssrun inside ssrun). */
void ss_preload(const char *lib);

#endif
