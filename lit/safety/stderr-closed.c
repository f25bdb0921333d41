// A program started with descriptor 2 closed may open its own data file
// there; the runtime's messages go only to the stderr the program started
// with (rt/README.md), so they never end up in that file.  Here the
// runtime cannot write its file (the output directory does not exist) and
// would say so.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o closed-stderr
// RUN: env _SPEEDSHOP_OUTPUT_DIRECTORY=%t/missing sh -c './closed-stderr data 2>&-'
// The data file holds exactly what the program wrote.
// RUN: printf 'the program'"'"'s own data\n' | cmp - data
// With stderr open, the same failure is said there, once.
// RUN: env _SPEEDSHOP_OUTPUT_DIRECTORY=%t/missing ./closed-stderr data2 2> err
// RUN: FileCheck %s < err
// CHECK: ssrt: cannot write {{.*}}/missing/closed-stderr.ideal.m{{[0-9]+}}: No such file or directory
// RUN: printf 'the program'"'"'s own data\n' | cmp - data2
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return 1;
  const char text[] = "the program's own data\n";
  /* Left open: the runtime writes at exit, after main. */
  return write(fd, text, strlen(text)) == (ssize_t)strlen(text) ? 0 : 1;
}
