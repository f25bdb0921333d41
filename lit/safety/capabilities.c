// A program given file capabilities is privileged like a setuid one
// (AT_SECURE): its runtime takes no directions from the environment and
// writes as the real user where that user may write, and ssrun refuses to
// preload into it.  Needs root to give the capability (setcap) and to run
// as nobody.
// REQUIRES: root, setcap
// RUN: rm -rf %t && mkdir -p %t/rootonly %t/user && cd %t
// RUN: chmod 755 %t && chmod 700 rootonly && chown 65534:65534 user
// RUN: %sscc -O1 -fss-ideal %s -o capped && setcap cap_net_bind_service+ep capped
// RUN: cd %t/user && env _SPEEDSHOP_OUTPUT_DIRECTORY=%t/rootonly setpriv --reuid=65534 --regid=65534 --clear-groups %t/capped 2> err
// RUN: FileCheck %s --check-prefix=IGNORED < %t/user/err
// IGNORED: ssrt: ignoring _SPEEDSHOP_OUTPUT_DIRECTORY: this program runs with privileges its user does not have
// RUN: ls %t/rootonly | count 0
// RUN: stat -c %%u %t/user/capped.ideal.m* | grep -x 65534
// RUN: cd %t/user && setpriv --reuid=65534 --regid=65534 --clear-groups sh -c '%ssrun -usertime %t/capped 2> err2; test $? -eq 1'
// RUN: FileCheck %s --check-prefix=REFUSED < %t/user/err2
// REFUSED: ssrun: cannot run {{.*}}/capped under -usertime: it is given file capabilities, so it would run with privileges you do not have
int main(void) { return 0; }
