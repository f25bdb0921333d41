/* clang_options.c -- which of clang's options take the next argument as
 * their value (clang's Options.td: the Separate and JoinedOrSeparate
 * kinds, and the joined-then-separate -Xarch_ forms). */
#include "clang_options.h"
#include "util.h"

#include <string.h>

/* Options whose value is the next argument when given alone ("-o file",
 * "-I dir", "-Xlinker arg", ...): that value must not be mistaken for an
 * input or an option.  Joined forms ("-ofile", "-Idir") are single
 * arguments and need nothing. */
static const char *const separate_value_opts[] = {
    "-o", "-x", "-I", "-L", "-l", "-D", "-U", "-F", "-B", "-A", "-T", "-u", "-z", "-e",
    "-Tbss", "-Tdata", "-Ttext", "-include", "-imacros", "-idirafter", "-iprefix",
    "-iwithprefix", "-iwithprefixbefore", "-isystem", "-isystem-after", "-iquote",
    "-isysroot", "-ivfsoverlay", "-iframework", "-iframeworkwithsysroot",
    "-iwithsysroot", "-imultilib", "-include-pch", "-cxx-isystem", "-MF", "-MT",
    "-MQ", "-MJ", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-Xclang",
    "-Xanalyzer", "-Xopenmp-target", "-Xcuda-fatbinary", "-Xcuda-ptxas",
    "-Xarch_host", "-Xarch_device", "-Xoffload-linker", "-mllvm", "-target",
    "-arch", "-serialize-diagnostics", "-dependency-file", "-dependency-dot",
    "-working-directory", "-aux-triple", "-G", "--param", "--output", "--language",
    "--include", "--include-directory", "--include-directory-after",
    "--include-prefix", "--include-with-prefix", "--include-with-prefix-after",
    "--include-with-prefix-before", "--imacros", "--library-directory",
    "--define-macro", "--undefine-macro", "--assert", "--for-linker", "--force-link",
    "--prefix", "--sysroot", "--system-header-prefix", "--serialize-diagnostics",
    "--analyzer-output", "--dyld-prefix", "--config", "--print-file-name",
    "--print-prog-name", "--rtlib", "--stdlib", "--unwindlib", "--gcc-toolchain",
    "-framework", "-install_name", "-filelist", "-exported_symbols_list",
    "-unexported_symbols_list", "-bundle_loader", "-dylib_file", NULL};

/* Joined-and-separate options: "-Xarch_x86_64 <arg>", "-Xopenmp-target=t <arg>". */
static const char *const joined_then_separate_prefixes[] = {
    "-Xarch_", "-Xopenmp-target=", NULL};

bool in_list(const char *s, const char *const *list) {
  for (; *list; list++)
    if (strcmp(s, *list) == 0)
      return true;
  return false;
}

bool prefix_in_list(const char *s, const char *const *list) {
  for (; *list; list++)
    if (starts_with(s, *list))
      return true;
  return false;
}

bool takes_separate_value(const char *arg) {
  return in_list(arg, separate_value_opts) ||
         prefix_in_list(arg, joined_then_separate_prefixes);
}
