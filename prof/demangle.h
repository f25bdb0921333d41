/*
 * demangle.h -- readable names for C++ symbols that ssprof meets outside
 * the descriptors (callees and indirect-call targets that were not
 * instrumented).  Uses the C++ runtime's __cxa_demangle.
 */
#ifndef SSPROF_DEMANGLE_H
#define SSPROF_DEMANGLE_H

/* A malloc'd demangled copy of `symbol`, or a malloc'd copy of `symbol`
 * itself when it is not a mangled C++ name. */
char *ss_demangle(const char *symbol);

#endif
