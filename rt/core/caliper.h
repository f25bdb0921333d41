/*
 * caliper.h -- caliper points recorded while the program runs: by
 * ss_caliper_point() (include/ss/caliper.h) or by the arrival of the signal
 * named in $_SPEEDSHOP_CALIPER_SIGNAL.  They become SS_NOTE_CALIPER notes
 * between the file's "target begin" and end notes.
 *
 * Storage is a fixed table in the library's own data, filled with one
 * atomic increment per point, so recording is async-signal-safe.  Points
 * past the table's end are ignored (the file says how many), so that the
 * notes in the file and the samples' point numbers always agree.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_CALIPER_H
#define SSRT_CALIPER_H

#include <stdint.h>

#define SSRT_CALIPER_SLOTS 1024
#define SSRT_CALIPER_LABEL 120 /* bytes kept of a label, NUL included */

/* Records a point now (a NULL label counts as ""). */
void ssrt_caliper_record(const char *label);

/* Points kept so far: a sample taken now comes after point number
 * ssrt_caliper_count() (point 0 being the start). */
uint32_t ssrt_caliper_count(void);
/* Points that came after the table was full. */
uint32_t ssrt_calipers_ignored(void);
/* Point i (0-based among the program's points), if completely recorded (a
 * point being recorded when the file is written is not yet). */
int ssrt_caliper_get(uint32_t i, uint64_t *time_ns, const char **label);

/* In a forked child: the parent's points are not the child's. */
void ssrt_caliper_after_fork(void);

/* Installs the handler of $_SPEEDSHOP_CALIPER_SIGNAL, if set, unless the
 * program already handles that signal.  Called once at activation. */
void ssrt_caliper_install_signal(void);

/* The number of a signal given as "12", "SIGUSR2", "USR2" or "SIGRTMIN+3";
 * 0 if it is none. */
int ssrt_parse_signal(const char *text);

#endif
