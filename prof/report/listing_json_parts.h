/*
 * listing_json_parts.h -- members of the -json document that counting
 * (listing_json.c), sampling (listing_sample_json.c) and trace
 * (listing_trace_json.c) documents share: its head ("target",
 * "experiment", "files", "process") and its tail ("dsos", "warnings"),
 * and the places of symbolized functions and call sites;
 * docs/ssprof-json.md.
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
/* Where a symbolized function is (sampling and trace documents): "index",
 * "name", "dso", "path", "file", "line", "by_address". */
void ss_json_function_place(struct ss_json *j, uint32_t index,
                            const char *name, const char *dso,
                            const char *path, const char *file,
                            uint32_t line, int by_address);

/* A caller -> callee call site (sampling and trace documents): "caller",
 * "caller_index", "callee", "callee_index", "callsite", "inlined", "file",
 * "line". */
void ss_json_call_site(struct ss_json *j, const char *caller,
                       uint32_t caller_index, const char *callee,
                       uint32_t callee_index, uint64_t callsite, int inlined,
                       const char *file, uint32_t line);

/* A file's "caliper_window": {"after", "through"}, or null without
 * -calipers. */
void ss_json_caliper_window(struct ss_json *j, int given,
                            const struct ss_caliper_window *w);

/* Its closing members, "dsos" and "warnings", and the end of it. */
void ss_json_end_document(struct ss_json *j, const struct ss_profile *p,
                          char *const *warnings, size_t num_warnings);

#endif
