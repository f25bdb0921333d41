/*
 * listing_json_parts.h -- members of the -json document that counting
 * (listing_json.c) and sampling (listing_sample_json.c) documents share:
 * its head ("target", "experiment", "files", "process") and its tail
 * ("dsos", "warnings"); docs/ssprof-json.md.
 */
#ifndef SSPROF_LISTING_JSON_PARTS_H
#define SSPROF_LISTING_JSON_PARTS_H

#include "json_writer.h"
#include "profile.h"

#include <stddef.h>
#include <stdint.h>

/* A 64-bit address as a "0x..." string. */
void ss_json_hex(struct ss_json *j, const char *key, uint64_t v);

/* "files": one object per file; `extra` (may be NULL) adds members to the
 * object of file `i`. */
void ss_json_write_files(struct ss_json *j, const struct ss_profile *p,
                         void (*extra)(struct ss_json *j, size_t i, void *ctx),
                         void *ctx);

void ss_json_write_process(struct ss_json *j,
                           const struct ss_process_info *pi);

void ss_json_write_dsos(struct ss_json *j, const struct ss_profile *p);

/* The document's opening members, shared by both kinds: "target",
 * "experiment", "files" (with `extra`, as above) and "process". */
void ss_json_begin_document(struct ss_json *j, const struct ss_profile *p,
                            void (*extra)(struct ss_json *j, size_t i, void *ctx),
                            void *ctx);
/* Its closing members, "dsos" and "warnings", and the end of it. */
void ss_json_end_document(struct ss_json *j, const struct ss_profile *p,
                          char *const *warnings, size_t num_warnings);

#endif
