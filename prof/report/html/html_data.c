/* html_data.c -- placeholder */
#include "html.h"
void ss_html_data(FILE *out, const struct ss_listing *l,
                  const struct ss_xprofile *x) {
  (void)l; (void)x;
  fputs("{}", out);
}
