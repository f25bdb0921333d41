/* A header precompiled by pch.test. */
#include <stdio.h>
#define COMMON_ANSWER 42
static inline int common_twice(int x) { return 2 * x; }
