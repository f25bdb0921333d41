/*
 * text_format.h -- pieces shared by the text listings: the 73-dash rule,
 * section titles, counts that may be unknown ("?"), percentages and the
 * "name (dso: file, line)" location text.  A listing has the merged
 * profile and the model of its kind of experiment: counting (`model`) or
 * sampling (`samples`).
 */
#ifndef SSPROF_TEXT_FORMAT_H
#define SSPROF_TEXT_FORMAT_H

#include "ideal.h"
#include "model.h"
#include "options.h"
#include "sample_model.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ss_listing {
  const struct ss_profile *profile;
  const struct ss_model *model;          /* counting experiments, else NULL */
  const struct ss_sample_model *samples; /* sampling experiments, else NULL */
  const struct ss_ideal *ideal; /* counting: cycles; NULL or !available: none */
  const struct ss_options *options;
  FILE *out;
};

void ss_print_rule(FILE *out);

/* rule, title, rule */
void ss_print_title(FILE *out, const char *title);

/* The count as text, "?" when unknown. */
const char *ss_count_text(char *buf, size_t size, int known, int64_t value);

/* 100 * part / whole, 0 when the whole is not positive. */
double ss_percent(int64_t part, int64_t whole);

/* "name (dso: file, line)": file as its basename, line left out if 0. */
void ss_print_function_place(FILE *out, const struct ss_model_function *f,
                             const char *file, uint32_t line);

/* "file, line" or "file" or "?" */
void ss_print_file_line(FILE *out, const char *file, uint32_t line);

/* "dso: file, line", "dso: file", or just "dso" when the file is unknown. */
void ss_print_dso_place(FILE *out, const char *dso, const char *file,
                        uint32_t line);

#endif
