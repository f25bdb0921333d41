/* Compiled against the precompiled common.h. */
int use(void) { return common_twice(COMMON_ANSWER); }
