/*
 * text_format.h -- pieces shared by the text listings: the 73-dash rule,
 * section titles, counts that may be unknown ("?"), percentages and the
 * "name (dso: file, line)" location text.
 */
#ifndef SSPROF_TEXT_FORMAT_H
#define SSPROF_TEXT_FORMAT_H

#include "report.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* The summary's line for a -calipers window: "1 to 2: Caliper points
 * (<what> between them)", "start to 2" for no lower bound. */
void ss_print_caliper_window(FILE *out, const struct ss_caliper_window *w,
                             const char *what);

/* What a butterfly line adds after a call edge's name: "" for a call,
 * " (inlined)", " (recursion as loop)" (enum ss_arc_kind). */
const char *ss_arc_note(int kind);

/* One row of a function split by -inlinesplit (struct ss_model_copy):
 * "name [inlined in caller] (dso: file, line)", or the function's own
 * place for its own code. */
void ss_print_copy_place(FILE *out, const struct ss_model *m, uint32_t copy);

/* Does -inlinesplit give function `f` rows per copy? */
int ss_split_rows(const struct ss_options *o, const struct ss_model *m,
                  uint32_t f);

/* "dso: file, line", "dso: file", or just "dso" when the file is unknown. */
void ss_print_dso_place(FILE *out, const char *dso, const char *file,
                        uint32_t line);

#endif
