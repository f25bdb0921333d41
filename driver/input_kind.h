/* input_kind.h -- what clang does with an input file of a command: compile
 * it, or hand it to the linker. */
#ifndef SSCC_INPUT_KIND_H
#define SSCC_INPUT_KIND_H

#include <stdbool.h>

enum input_kind {
  INPUT_LINKER,    /* an object, archive, shared library, linker script, ... */
  INPUT_SOURCE,    /* C, C++, Objective-C, CUDA, OpenCL, LLVM IR, .S, ... */
  INPUT_ASSEMBLER, /* plain assembler (.s, -x assembler): not preprocessed */
  INPUT_HEADER     /* a header: compiled to a precompiled header, never linked */
};

/* The kind of input `name` under the -x language `lang` in effect (NULL or
 * "none": by the name's suffix, as clang's driver types it; a suffix clang
 * does not know is the linker's). */
enum input_kind input_kind(const char *name, const char *lang);

/* Whether input `name` (under -x `lang`, as above) is C, C++ or
 * Objective-C source, preprocessed or not: what the pass instruments. */
bool is_c_family_source(const char *name, const char *lang);

#endif
