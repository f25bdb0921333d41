// The output directory cannot be used: not writable, gone by the time the
// file is written (the program removed it), or the file's name longer than
// the file system allows.  Each time one line on stderr says why, nothing
// is left behind, and the program's exit status is its own (3).  The
// unwritable directory is run as nobody when the test runs as root
// (Inputs/as_user.py), for whom the directory is not writable.
// RUN: rm -rf %t && mkdir -p %t/ro %t/gone && chmod 755 %t %t/ro && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o prog
// RUN: chmod 555 %t/ro
// RUN: sh -c 'env _SPEEDSHOP_OUTPUT_DIRECTORY=%t/ro %python %S/Inputs/as_user.py %t/prog 2> err; test $? -eq 3'
// RUN: FileCheck %s --check-prefix=RO < err
// RO: ssrt: cannot write {{.*}}/ro/prog.ideal.m{{[0-9]+}}: Permission denied
// RUN: count 1 < err
// RUN: ls -a %t/ro | count 2
// RUN: sh -c 'env _SPEEDSHOP_OUTPUT_DIRECTORY=%t/gone %t/prog remove %t/gone 2> err; test $? -eq 3'
// RUN: FileCheck %s --check-prefix=GONE < err
// GONE: ssrt: cannot write {{.*}}/gone/prog.ideal.m{{[0-9]+}}: No such file or directory
// RUN: count 1 < err
// A program named with 250 letters: 258 and more with .ideal.m<pid>.
// RUN: mkdir -p %t/long && %python -c "print('p' * 250)" > name
// RUN: sh -c 'cp prog %t/long/$(cat name) && cd %t/long && ./$(cat ../name) 2> %t/err; test $? -eq 3'
// RUN: FileCheck %s --check-prefix=LONG < %t/err
// LONG: ssrt: cannot write {{.*}}/long/ppppp{{p+}}.ideal.m{{[0-9]+}}: File name too long
// RUN: ls -a %t/long | count 3
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc > 2 && strcmp(argv[1], "remove") == 0 && rmdir(argv[2]) != 0)
    return 1;
  return 3;
}
