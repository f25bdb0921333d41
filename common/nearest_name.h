/* nearest_name.h -- "did you mean": the known name closest to a mistyped
 * one (an option, an experiment).  Shared by ssprof, ssrun and sscc. */
#ifndef SS_COMMON_NEAREST_NAME_H
#define SS_COMMON_NEAREST_NAME_H

#include <stddef.h>

/* The name of `names` (NULL-terminated) closest to `typed` by edit
 * distance (insertions, deletions, substitutions and swaps of two
 * neighbours), if it is close enough to be a typo: at most 1 edit for
 * names up to 4 characters, 2 up to 8, 3 beyond; but first the one name
 * that `typed` is the start of (at least 3 characters).  NULL when none
 * is. */
const char *ss_nearest_name(const char *typed, const char *const *names);

#endif
