/*
 * read_file.h -- a whole file into memory (experiment files, llvm-mca's
 * output).
 */
#ifndef SSPROF_READ_FILE_H
#define SSPROF_READ_FILE_H

#include "error_message.h"

#include <stdint.h>

/* The `*size` bytes of the file at `path`, malloc'ed, with a NUL after
 * them; NULL with `err` set ("cannot open: ...", "cannot read: ..."). */
uint8_t *ss_read_file(const char *path, uint64_t *size, struct ss_err *err);

#endif
