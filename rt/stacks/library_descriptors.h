/*
 * library_descriptors.h -- descriptors a library opens for itself inside
 * the runtime are kept out of the program's way.
 *
 * libunwind opens a pipe when it initializes (to check memory it reads, by
 * writing it into the pipe).  Opened like any other descriptor it would
 * take the lowest free numbers: a program started by ssrun with fds 0-2
 * would see its first open() return 5 instead of 3, and one started with
 * fd 2 closed would find libunwind's pipe as its stderr.  So libssrt.so
 * stands in front of pipe() and pipe2(): while this thread is inside
 * ssrt_library_descriptors_begin/end, the new descriptors are moved to the
 * top of the descriptor table (from 64 below the soft limit, capped at
 * 1024: 960 and up under the usual limit) and the low numbers are given
 * back.  The pipe() and pipe2() in front of the C library's (io's, in
 * rt/trace/io_calls.c) call ssrt_library_descriptors_adjust on the
 * descriptors they return; for any other thread it does nothing.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_LIBRARY_DESCRIPTORS_H
#define SSRT_LIBRARY_DESCRIPTORS_H

void ssrt_library_descriptors_begin(void);
void ssrt_library_descriptors_end(void);
/* After a successful pipe2(fds, flags) (pipe: flags 0). */
void ssrt_library_descriptors_adjust(int fds[2], int flags);

#endif
