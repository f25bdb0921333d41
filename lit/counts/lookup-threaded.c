// Calls of small functions inlined into a caller whose paths jump threading
// and SimplifyCFG then split, as in cJSON's tests (issue 24, found by
// bench/corpus/compare-counts.sh): `if (is_true(get_item(test, "disabled")))`
// where get_item's search returns NULL on some paths.  Jump threading
// sends those paths straight to what follows is_true's `return 0`; the
// copies of is_true (and of the next lookup) they ran through become
// blocks holding nothing but their entry markers, which SimplifyCFG then
// deletes with the markers.  The expected counts come from the program:
// one run_test, one is_true and one or two lookups per test, the program
// tallying the tests it skipped.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
  struct item *next, *child;
  const char *key;
  int type;
};

static struct item *find(const struct item *object, const char *name) {
  if (object == NULL || name == NULL)
    return NULL;
  struct item *c = object->child;
  while (c != NULL && c->key != NULL && strcmp(name, c->key) != 0)
    c = c->next;
  if (c == NULL || c->key == NULL)
    return NULL;
  return c;
}

struct item *get_item(const struct item *object, const char *name) {
  return find(object, name);
}

int is_true(const struct item *it) {
  if (it == NULL)
    return 0;
  return (it->type & 0xff) == 1;
}

/* 2: skipped, 1: has a "doc", 0: has none */
static int run_test(const struct item *test) {
  struct item *disabled = get_item(test, "disabled");
  if (is_true(disabled)) {
    printf("SKIPPED\n");
    return 2;
  }
  return get_item(test, "doc") != NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  long skipped = 0, with_doc = 0;
  for (int i = 0; i < n; i++) {
    struct item disabled = {NULL, NULL, "disabled", i % 7 == 0};
    struct item doc = {i % 3 ? &disabled : NULL, NULL, "doc", 0};
    struct item test = {NULL, i % 5 ? &doc : NULL, "test", 4};
    int r = run_test(&test);
    skipped += r == 2;
    with_doc += r == 1;
  }
  printf("SSCHECK calls main 1\n");
  printf("SSCHECK calls run_test %d\n", n);
  printf("SSCHECK calls is_true %d\n", n);
  printf("SSCHECK calls get_item %ld\n", 2L * n - skipped);
  printf("SSCHECK calls find %ld\n", 2L * n - skipped);
  printf("with doc %ld\n", with_doc);
  return 0;
}
