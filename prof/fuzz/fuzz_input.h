/* fuzz_input.h -- a fuzzer's input read as an experiment file, as ssprof
 * reads one (shared by the harnesses of prof/fuzz). */
#ifndef SSPROF_FUZZ_INPUT_H
#define SSPROF_FUZZ_INPUT_H

#include "report.h"

#include <stddef.h>
#include <stdint.h>

/* The file, or NULL when the reader refuses it.  Free with
 * ss_expfile_free. */
struct ss_expfile *fuzz_read(const uint8_t *data, size_t size);

#endif
