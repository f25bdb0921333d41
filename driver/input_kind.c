/* input_kind.c -- an input's kind, by -x language or suffix (clang's
 * driver, lib/Driver/Types.cpp, types inputs the same way). */
#include "input_kind.h"
#include "util.h"

#include <stdbool.h>
#include <string.h>

static bool has_suffix_in(const char *name, const char *const *suffixes) {
  const char *dot = strrchr(name, '.');
  const char *slash = strrchr(name, '/');
  if (!dot || (slash && dot < slash))
    return false;
  for (; *suffixes; suffixes++)
    if (strcmp(dot + 1, *suffixes) == 0)
      return true;
  return false;
}

enum input_kind input_kind(const char *name, const char *lang) {
  if (lang && strcmp(lang, "none") != 0) {
    if (strcmp(lang, "assembler") == 0)
      return INPUT_ASSEMBLER;
    return ends_with(lang, "-header") ? INPUT_HEADER : INPUT_SOURCE;
  }
  static const char *const headers[] = {"h", "H", "hh", "hp", "hxx", "hpp", "HPP", "h++",
                                        NULL};
  static const char *const sources[] = {
      "c",   "i",    "C",    "cc",   "CC",  "cp",   "cpp", "CPP",  "cxx", "CXX", "c++",
      "C++", "ii",   "cppm", "cxxm", "c++m", "ixx", "iim", "m",    "mi",  "M",   "mm",
      "mii", "cu",   "cui",  "hip",  "hipi", "cl",  "clcpp", "ll", "bc",  "S",   "sx",
      "f",   "F",    "for",  "FOR",  "fpp", "FPP",  "f90", "F90",  "f95", "F95", "f03",
      "F03", "f08",  "F08",  NULL};
  if (has_suffix_in(name, headers))
    return INPUT_HEADER;
  if (has_suffix_in(name, sources))
    return INPUT_SOURCE;
  if (ends_with(name, ".s"))
    return INPUT_ASSEMBLER;
  return INPUT_LINKER;
}

bool is_c_family_source(const char *name, const char *lang) {
  if (lang && strcmp(lang, "none") != 0) {
    static const char *const langs[] = {
        "c", "c++", "objective-c", "objective-c++", "cpp-output", "c++-cpp-output",
        "objective-c-cpp-output", "objective-c++-cpp-output", NULL};
    for (const char *const *l = langs; *l; l++)
      if (strcmp(lang, *l) == 0)
        return true;
    return false;
  }
  static const char *const suffixes[] = {"c",   "i",   "C",  "cc", "CC", "cp", "cpp",
                                         "CPP", "cxx", "CXX", "c++", "C++", "ii", "m",
                                         "mi",  "M",   "mm", "mii", NULL};
  return has_suffix_in(name, suffixes);
}
