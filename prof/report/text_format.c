/* text_format.c -- shared text listing helpers. */
#include "text_format.h"

#include "profile.h"

#include <inttypes.h>

void ss_print_rule(FILE *out) {
  fputs("-------------------------------------------------------------------"
        "------\n",
        out);
}

void ss_print_title(FILE *out, const char *title) {
  ss_print_rule(out);
  fprintf(out, "%s\n", title);
  ss_print_rule(out);
}

const char *ss_count_text(char *buf, size_t size, int known, int64_t value) {
  if (!known)
    snprintf(buf, size, "?");
  else
    snprintf(buf, size, "%" PRId64, value);
  return buf;
}

double ss_percent(int64_t part, int64_t whole) {
  if (whole <= 0)
    return 0.0;
  return 100.0 * (double)part / (double)whole;
}

void ss_print_file_line(FILE *out, const char *file, uint32_t line) {
  const char *base = file && file[0] ? ss_basename(file) : "?";
  if (line)
    fprintf(out, "%s, %u", base, line);
  else
    fprintf(out, "%s", base);
}

void ss_print_function_place(FILE *out, const struct ss_model_function *f,
                             const char *file, uint32_t line) {
  fprintf(out, "%s (%s: ", f->name, f->dso);
  ss_print_file_line(out, file, line);
  fputc(')', out);
}

void ss_print_copy_place(FILE *out, const struct ss_model *m, uint32_t copy) {
  const struct ss_model_copy *c = &m->copies[copy];
  const struct ss_model_function *f = &m->functions[c->function];
  if (c->inlined_in == SS_MODEL_NONE) {
    ss_print_function_place(out, f, f->file, f->line);
    return;
  }
  fprintf(out, "%s [inlined in %s] (%s: ", f->name,
          m->functions[c->inlined_in].name, f->dso);
  ss_print_file_line(out, f->file, f->line);
  fputc(')', out);
}

int ss_split_rows(const struct ss_options *o, const struct ss_model *m,
                  uint32_t f) {
  return o->inline_split && m->functions[f].num_copies > 0;
}

const char *ss_arc_note(int kind) {
  switch (kind) {
  case SS_ARC_INLINED:
    return " (inlined)";
  case SS_ARC_LOOP:
    return " (recursion as loop)";
  default:
    return "";
  }
}

void ss_print_dso_place(FILE *out, const char *dso, const char *file,
                        uint32_t line) {
  fputs(dso, out);
  if (!file || !file[0])
    return;
  fputs(": ", out);
  ss_print_file_line(out, file, line);
}

void ss_print_caliper_window(FILE *out, const struct ss_caliper_window *w,
                             const char *what) {
  char text[64];
  if (w->after < 0)
    snprintf(text, sizeof text, "start to %" PRId64, w->through);
  else
    snprintf(text, sizeof text, "%" PRId64 " to %" PRId64, w->after,
             w->through);
  fprintf(out, "%16s: Caliper points (%s between them)\n", text, what);
}
