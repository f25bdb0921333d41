/*
 * trace_names.h -- the names trace events refer to (io: the files), kept
 * once each and written as the TRACE_NAMES record (ss/format.h).
 *
 * A name is interned: the same string gets the same index (two threads
 * interning one new name at once may get two indices for it, which the
 * reader merges).  Interning is lock-free and async-signal-safe; the
 * strings live in runtime pages reserved when the trace starts.  A forked
 * child keeps the table: its events refer to the same names.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_TRACE_NAMES_H
#define SSRT_TRACE_NAMES_H

#include "record_writer.h"

#include <stddef.h>
#include <stdint.h>

/* Once, at start-up (not async-signal-safe).  Returns 0, or -1 without
 * memory (every name is then SS_NONE). */
int ssrt_names_init(void);

/* The index of `len` bytes at `s` (no NUL needed), learnt as `how` (enum
 * ss_name_how; the first interning of a string decides), or SS_NONE when
 * the table is full. */
uint32_t ssrt_names_intern(const char *s, size_t len, uint32_t how);

/* The TRACE_NAMES record. */
void ssrt_names_write(struct ssrt_writer *w);

#endif
