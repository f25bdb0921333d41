/* clang_options.h -- what sscc must know of clang's option syntax to tell
 * an option's value from an input file. */
#ifndef SSCC_CLANG_OPTIONS_H
#define SSCC_CLANG_OPTIONS_H

#include <stdbool.h>

/* Whether `arg`, given alone, takes the next argument as its value
 * ("-o file", "-I dir", "-Xlinker arg", "-Xarch_x86_64 arg", ...).  The
 * joined forms ("-ofile", "-Idir") are one argument and need nothing. */
bool takes_separate_value(const char *arg);

/* Whether `s` is one of the NULL-terminated `list`, or starts with one. */
bool in_list(const char *s, const char *const *list);
bool prefix_in_list(const char *s, const char *const *list);

#endif
