/*
 * counts_records.h -- the COUNTS records: one per instrumented module, the
 * live ones first, then the retired ones (docs/experiment-file.md).
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_COUNTS_RECORDS_H
#define SSRT_COUNTS_RECORDS_H

#include "module_map.h"
#include "record_writer.h"

/* Before the file is written: takes the retired modules the records will
 * list.  Taken before the writer reads the unloaded objects (and the live
 * modules after both), so that every retired module's object has its file
 * index, and a module dlclose'd meanwhile (retired, then unlinked) is seen
 * at least once -- unless both steps happen in between, a race the runtime
 * accepts rather than take a lock a signal handler may not.  (An object
 * added in between is listed in the map with no record naming it.) */
void ssrt_counts_before_write(void);

/* The records; `map` is the module map the file was given. */
void ssrt_counts_write_records(struct ssrt_writer *w,
                               const struct ssrt_map_snapshot *map);

#endif
