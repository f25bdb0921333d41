// A setuid program built with sscc lends none of its privileges to the user
// who starts it (docs/experiment-file.md, "Privileged programs"): it takes
// no directions from the environment (the output directory here), writes
// its file as the real user into the directory it started in, only if
// that user may write there, and follows no planted link.  Needs root to
// make the program setuid root and to run it as nobody (setpriv), and a pid
// namespace (unshare) so that the attacker knows the pid in advance.
// REQUIRES: root
// RUN: rm -rf %t && mkdir -p %t/rootonly %t/user %t/closed && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o suid
// RUN: chown root:root suid && chmod 4755 suid && chmod 755 %t
// RUN: chmod 700 rootonly && chmod 755 closed && chown 65534:65534 user
// RUN: printf secret > rootonly/secret && chmod 600 rootonly/secret
//
// The variable points at a directory only root may write: ignored, said so;
// the file lands where the program started, owned by the real user.
// RUN: cd %t/user && env _SPEEDSHOP_OUTPUT_DIRECTORY=%t/rootonly setpriv --reuid=65534 --regid=65534 --clear-groups %t/suid > out 2> err
// RUN: FileCheck %s --check-prefix=RAISED < out
// RAISED: ruid 65534 euid 0
// RUN: FileCheck %s --check-prefix=IGNORED < err
// IGNORED: ssrt: ignoring _SPEEDSHOP_OUTPUT_DIRECTORY: this program runs with privileges its user does not have
// RUN: ls %t/rootonly | count 1
// RUN: ls %t/user | grep -c '^suid\.ideal\.m[0-9]*$' | grep -x 1
// RUN: stat -c %%u %t/user/suid.ideal.m* | grep -x 65534
// RUN: %ssprof -json %t/user/suid.ideal.m* > %t/one.json
// RUN: %python %S/../tools/json_expect.py %t/one.json %s 'f("main")["calls"] == 1'
//
// The attacker, as nobody, plants links to the root-only file under the
// names pid 1 will use (the old predictable temporary name and the final
// one); the program then runs as pid 1 of a new pid namespace.  The secret
// is untouched and the file goes to the next free name.
// RUN: rm -f %t/user/suid.ideal.m*
// RUN: setpriv --reuid=65534 --regid=65534 --clear-groups ln -s %t/rootonly/secret %t/user/suid.ideal.m1
// RUN: setpriv --reuid=65534 --regid=65534 --clear-groups ln -s %t/rootonly/secret %t/user/suid.ideal.m1.tmp1
// RUN: cd %t/user && unshare -pf setpriv --reuid=65534 --regid=65534 --clear-groups %t/suid > out
// RUN: printf secret | cmp - %t/rootonly/secret
// RUN: test -L %t/user/suid.ideal.m1 && test -f %t/user/suid.ideal.m1.2
// RUN: stat -c %%u %t/user/suid.ideal.m1.2 | grep -x 65534
//
// Started where the real user may not write: no file anywhere, one line.
// RUN: cd %t/closed && setpriv --reuid=65534 --regid=65534 --clear-groups %t/suid > out 2> %t/err2
// RUN: ls %t/closed | count 1
// RUN: FileCheck %s --check-prefix=CLOSED < %t/err2
// CLOSED: ssrt: cannot write {{.*}}/closed/suid.ideal.m{{[0-9]+}}: Permission denied; the program runs with privileges its user does not have, and its file goes only where that user may write
#include <stdio.h>
#include <unistd.h>

int main(void) {
  printf("ruid %d euid %d\n", (int)getuid(), (int)geteuid());
  return 0;
}
