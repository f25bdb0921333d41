/*
 * options.h -- ssprof's command line, in prof's spelling:
 *   ssprof [-b[utterfly]] [-gprof] [-h[eavy]] [-l[ines]] [-basicblocks]
 *          [-archinfo] [-branches] [-loops] [-remarks] [-calls] [-clock MHz]
 *          [-cpu name] [-q[uit] n|n%|ncum%] [-calipers [n1,]n2] [-u[sage]]
 *          [-nh] [-dsolist] [-json] [-source] [-disasm] [-srcdir dir]
 *          [-html|-callgrind|-pprof|-folded|-speedscope|-chrome file]
 *          [-help] [-version] file...
 *   ssprof -diff before after | -diff before... -vs after...
 * parsed into struct ss_options (report.h).  A mistyped option gets the
 * closest one suggested (common/nearest_name.h).
 */
#ifndef SSPROF_OPTIONS_H
#define SSPROF_OPTIONS_H

#include "report.h"

#include <stddef.h>

/* Returns 0, or -1 with a one-line usage message in `msg`. */
int ss_options_parse(int argc, char **argv, struct ss_options *o, char *msg,
                     size_t msg_size);

void ss_options_release(struct ss_options *o);

extern const char ss_usage_text[];

#endif
