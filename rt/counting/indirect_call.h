/*
 * indirect_call.h -- the indirect-call slow path in C (indirect_call.c):
 * __ssrt_indirect_call is it, and __ssrt_indirect_call_regs
 * (indirect_call_regs.c) falls back to it.  The runtime's rules:
 * rt/README.md.
 */
#ifndef SSRT_INDIRECT_CALL_H
#define SSRT_INDIRECT_CALL_H

#include "ss/format.h"

#include <stdint.h>

void ssrt_indirect_call_c(struct ss_indirect_targets *site, void *target,
                          uint64_t *counts);

#endif
