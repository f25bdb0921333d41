/* Shows, after preprocessing, how the macros of a response file arrived. */
#define STR(x) XSTR(x)
#define XSTR(x) #x
const char *single = STR(SINGLE);
const char *dbl = STR(DOUBLE);
const char *backslash = STR(BACKSLASH);
const char *empty = STR(EMPTY);
const char *quoted = STR(QUOTED);
