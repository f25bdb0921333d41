/* sort.c -- qsort and bsearch for arrays that may be empty; see base.h. */
#include "base.h"

#include <stdlib.h>

void ss_sort(void *base, size_t count, size_t size,
             int (*cmp)(const void *, const void *)) {
  if (count > 1)
    qsort(base, count, size, cmp);
}

void *ss_search(const void *key, const void *base, size_t count, size_t size,
                int (*cmp)(const void *, const void *)) {
  return count ? bsearch(key, base, count, size, cmp) : NULL;
}
