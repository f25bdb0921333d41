/* html_report.c -- placeholder */
#include "html.h"
int ss_html_report(FILE *out, const struct ss_listing *l,
                   const struct ss_xprofile *x) {
  fputs("<!DOCTYPE html>\n<html><body><script>const data=", out);
  ss_html_data(out, l, x);
  fputs(";</script></body></html>\n", out);
  return 0;
}
