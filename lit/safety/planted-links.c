// A link planted in the output directory is never followed: the runtime
// creates its temporary file under an unpredictable name with O_EXCL and
// O_NOFOLLOW, and publishes it without replacing what holds the final name
// (docs/experiment-file.md, "Written safely").  The program plays the
// attacker who knows its pid: before the runtime writes, it plants a link
// under the temporary name the runtime used to take (<name>.tmp<pid>) to
// one file it must not touch, and under the final name a link that leads
// nowhere (following it would create that file).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -fss-ideal %s -o plant
// RUN: printf precious > victim && chmod 600 victim
// RUN: ./plant > pid
// The victim is untouched, nothing was created through the dangling link,
// and the final name is still the link that was planted there.
// RUN: printf precious | cmp - victim
// RUN: test ! -e created-through-link
// RUN: sh -c 'test -L plant.ideal.m$(cat pid) && test "$(readlink plant.ideal.m$(cat pid))" = created-through-link'
// The experiment went to the next free name, whole: ssprof reads main once.
// RUN: sh -c '%ssprof -json plant.ideal.m$(cat pid).2' > out.json
// RUN: %python %S/../tools/json_expect.py out.json %s 'f("main")["calls"] == 1'
// And no temporary file of the runtime's is left (only the planted link).
// RUN: ls -a | not grep -e '\.tmp-' -e '^\.ssrt-'
#include <stdio.h>
#include <unistd.h>

int main(void) {
  char name[64], temp[96];
  int pid = (int)getpid();
  snprintf(name, sizeof name, "plant.ideal.m%d", pid);
  snprintf(temp, sizeof temp, "%s.tmp%d", name, pid);
  if (symlink("victim", temp) != 0 || symlink("created-through-link", name) != 0)
    return 1;
  printf("%d\n", pid);
  return 0;
}
