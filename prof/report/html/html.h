/*
 * html.h -- private to the report layer: -html, one self-contained page
 * (html_report.c: the page, its CSS and script; html_data.c: the profile
 * as the JSON the script renders).
 */
#ifndef SSPROF_HTML_H
#define SSPROF_HTML_H

#include "export.h"

#include <stdio.h>

int ss_html_report(FILE *out, const struct ss_listing *l,
                   const struct ss_xprofile *x);

/* The page's data: one JSON object (html_data.c). */
void ss_html_data(FILE *out, const struct ss_listing *l,
                  const struct ss_xprofile *x);

#endif
