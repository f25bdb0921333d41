/*
 * html_data.c -- the profile as the HTML page's script reads it: one JSON
 * object (html.h) with the summary, the function table, the call pairs
 * of the butterfly, the annotated source and machine code of the hottest
 * functions, the loops with their remarks (ideal time) and the merged
 * stacks of the flame graph (sampling) or icicle (ideal time).
 */
#include "html.h"

#include "annotate.h"
#include "base.h"
#include "json_writer.h"
#include "listing_ideal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_BLOCKS 12
#define MAX_TREE_NODES 20000

static void summary_row(struct ss_json *j, const char *label, double value,
                        const char *unit) {
  ss_json_begin_array(j, NULL);
  ss_json_string(j, NULL, label);
  ss_json_double(j, NULL, value);
  ss_json_string(j, NULL, unit);
  ss_json_end_array(j);
}

static void write_summary(struct ss_json *j, const struct ss_listing *l) {
  ss_json_begin_array(j, "summary");
  if (l->samples) {
    const struct ss_sample_model *m = l->samples;
    summary_row(j, "Samples", (double)m->samples, "");
    summary_row(j, "Time", ss_secs(m->ns), "s");
    summary_row(j, "Sample interval", (double)m->interval_ns / 1e6, "ms");
    summary_row(j, "Samples with incomplete traceback",
                (double)m->incomplete, "");
    summary_row(j, "Threads", (double)m->threads, "");
  } else {
    const struct ss_ideal *ideal = l->ideal;
    summary_row(j, "Instructions executed",
                (double)ideal->total_instructions, "");
    summary_row(j, "Ideal cycles", ideal->total_cycles, "");
    summary_row(j, "Ideal time",
                ss_ideal_seconds(ideal, ideal->total_cycles), "s");
    summary_row(j, "Cycles per instruction",
                ideal->total_instructions
                    ? ideal->total_cycles / (double)ideal->total_instructions
                    : 0, "");
    summary_row(j, "Clock", ideal->clock_mhz, "MHz");
    summary_row(j, "Machine blocks with estimated counts",
                ideal->estimated_blocks, "");
  }
  ss_json_end_array(j);
}

static void function_place(struct ss_json *j, const char *name,
                           const char *dso, const char *file, uint32_t line) {
  ss_json_string(j, "name", name);
  ss_json_string(j, "dso", dso ? dso : "");
  ss_json_string(j, "file", ss_basename(file ? file : ""));
  ss_json_uint(j, "line", line);
}

static void write_functions(struct ss_json *j, const struct ss_listing *l) {
  ss_json_begin_array(j, "functions");
  if (l->samples) {
    const struct ss_sample_model *m = l->samples;
    for (uint32_t r = 0; r < m->num_functions; r++) {
      const struct ss_sfunction *f = &m->functions[m->by_rank[r]];
      ss_json_begin_object(j, NULL);
      ss_json_uint(j, "index", f->rank);
      function_place(j, f->name, f->dso, f->file, f->line);
      ss_json_uint(j, "excl", f->excl_samples);
      ss_json_uint(j, "incl", f->incl_samples);
      ss_json_seconds(j, "excl_secs", f->excl_ns);
      ss_json_seconds(j, "incl_secs", f->incl_ns);
      ss_json_end_object(j);
    }
  } else {
    struct ss_ideal_view v;
    ss_ideal_view_build(&v, l);
    for (uint32_t r = 0; r < v.num_ran; r++) {
      uint32_t id = v.by_rank[r];
      const struct ss_model_function *f = &l->model->functions[id];
      ss_json_begin_object(j, NULL);
      ss_json_uint(j, "index", r + 1);
      function_place(j, f->name, f->dso, f->file, f->line);
      ss_json_double(j, "excl", v.exclusive[id]);
      ss_json_double(j, "incl", v.inc.inclusive[id]);
      ss_json_uint(j, "instructions", l->ideal->functions[id].instructions);
      ss_json_count(j, "calls", f->calls_known, f->calls);
      ss_json_end_object(j);
    }
    ss_ideal_view_release(&v);
  }
  ss_json_end_array(j);
}

static void write_calls(struct ss_json *j, const struct ss_xprofile *x) {
  ss_json_begin_array(j, "calls");
  for (size_t i = 0; i < x->num_calls; i++) {
    const struct ss_xcall *c = &x->calls[i];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "caller", x->frames[c->caller].name);
    ss_json_string(j, "callee", x->frames[c->callee].name);
    ss_json_string(j, "file", ss_basename(c->file));
    ss_json_uint(j, "line", c->line);
    ss_json_uint(j, "calls", c->calls);
    ss_json_double(j, "value", c->value[1 - x->sampling]);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

/* The hottest functions' lines: each file's costed lines with context. */
static void write_sources(struct ss_json *j, const struct ss_listing *l) {
  uint32_t top[64];
  size_t n = ss_annotated_functions(l, top, 64);
  struct ss_sources sources;
  ss_sources_init(&sources, l);
  ss_json_begin_array(j, "sources");
  for (size_t i = 0; i < n; i++) {
    struct ss_annot_function a;
    ss_annot_function(l, top[i], &a);
    struct ss_annot_line *v;
    size_t nl = ss_annot_lines(l, top[i], &v);
    ss_json_begin_object(j, NULL);
    function_place(j, a.name, a.dso, a.file, a.line);
    ss_json_double(j, "cost", a.cost);
    ss_json_begin_array(j, "lines");
    for (size_t k = 0; k < nl; k++) {
      struct ss_source_file *src = ss_source_get(&sources, v[k].file);
      uint32_t lo = v[k].line > 1 ? v[k].line - 1 : 1;
      if (k > 0 && strcmp(v[k - 1].file, v[k].file) == 0 &&
          v[k - 1].line + 1 >= lo)
        lo = v[k - 1].line + 1;
      for (uint32_t ln = lo; ln <= v[k].line; ln++) {
        int len = 0;
        const char *text = ss_source_line(src, ln, &len);
        char *copy = ss_xasprintf("%.*s", text ? len : 0, text ? text : "");
        int costed = ln == v[k].line;
        ss_json_begin_array(j, NULL);
        ss_json_string(j, NULL, ss_basename(v[k].file));
        ss_json_uint(j, NULL, ln);
        ss_json_string(j, NULL, copy);
        ss_json_double(j, NULL, costed ? v[k].cost : 0);
        ss_json_count(j, NULL, costed && v[k].count_known > 0, v[k].count);
        ss_json_bool(j, NULL, src->found != NULL);
        ss_json_end_array(j);
        free(copy);
      }
    }
    ss_json_end_array(j);
    ss_json_end_object(j);
    free(v);
  }
  ss_json_end_array(j);
  ss_sources_release(&sources);
}

static void insn_row(struct ss_json *j, uint64_t address, const char *text,
                     double cost, const char *file, uint32_t line, int own) {
  char addr[32];
  snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)address);
  ss_json_begin_array(j, NULL);
  ss_json_string(j, NULL, addr);
  ss_json_string(j, NULL, text);
  ss_json_double(j, NULL, cost);
  ss_json_string(j, NULL, file ? ss_basename(file) : "");
  ss_json_uint(j, NULL, line);
  ss_json_bool(j, NULL, own);
  ss_json_end_array(j);
}

static void write_asm(struct ss_json *j, const struct ss_listing *l) {
  ss_json_begin_array(j, "asm");
  if (l->samples) {
    uint32_t top[8];
    size_t n = ss_annotated_functions(l, top, 8);
    for (size_t i = 0; i < n; i++) {
      struct ss_sample_insn *insns;
      char why[256];
      size_t ni = ss_sample_code(l->samples, top[i], &insns, why, sizeof why);
      const struct ss_sfunction *f = &l->samples->functions[top[i]];
      ss_json_begin_object(j, NULL);
      ss_json_string(j, "title", f->name);
      ss_json_begin_array(j, "insns");
      for (size_t k = 0; k < ni; k++)
        insn_row(j, insns[k].address, insns[k].text,
                 (double)insns[k].samples, insns[k].file, insns[k].line, 1);
      ss_json_end_array(j);
      ss_json_end_object(j);
      ss_sample_code_release(insns, ni);
    }
  } else {
    const struct ss_ideal *ideal = l->ideal;
    for (size_t i = 0; i < ideal->num_blocks && i < MAX_BLOCKS; i++) {
      const struct ss_ideal_block *b = &ideal->blocks[i];
      if (!(b->cycles * (double)b->count > 0))
        break;
      char title[512];
      snprintf(title, sizeof title, "%s @0x%llx: %lld executions x %.2f "
               "cycles, %.2f cycles/instruction%s",
               l->model->functions[b->function].name,
               (unsigned long long)b->address, (long long)b->count, b->cycles,
               b->instructions ? b->cycles / b->instructions : 0.0,
               b->exact ? "" : " (estimated count)");
      ss_json_begin_object(j, NULL);
      ss_json_string(j, "title", title);
      ss_json_double(j, "cost", b->cycles * (double)b->count);
      ss_json_begin_array(j, "insns");
      for (uint32_t k = 0; k < b->num_insns; k++) {
        const struct ss_ideal_insn *in = &ideal->insns[b->first_insn + k];
        insn_row(j, in->address, in->text,
                 in->instrumentation ? 0 : (double)b->count, in->file,
                 in->line, !in->instrumentation);
      }
      ss_json_end_array(j);
      ss_json_end_object(j);
    }
  }
  ss_json_end_array(j);
}

static void write_loops(struct ss_json *j, const struct ss_listing *l) {
  ss_json_begin_array(j, "loops");
  if (l->samples) {
    ss_json_end_array(j);
    return;
  }
  const struct ss_model *m = l->model;
  struct ss_loop_nest nest;
  ss_loop_nest_build(&nest, m);
  struct ss_loop_remarks rem;
  ss_loop_remarks_build(&rem, m, &nest);
  for (size_t i = 0; i < m->num_loops; i++) {
    const struct ss_model_loop *lp = &m->loops[i];
    const struct ss_loop_facts *lf = &nest.loops[i];
    if (!lf->iterations_known || lf->iterations == 0)
      continue;
    ss_json_begin_object(j, NULL);
    function_place(j, m->functions[lp->function].name,
                   m->functions[lp->function].dso, lp->file, lp->line);
    ss_json_uint(j, "depth", lp->depth);
    ss_json_count(j, "entries", lf->entries_known, lf->entries);
    ss_json_count(j, "iterations", lf->iterations_known, lf->iterations);
    ss_json_double(j, "cycles",
                   ss_loop_sum(&nest, (uint32_t)i, l->ideal->block_cycles));
    ss_json_begin_array(j, "remarks");
    for (uint32_t k = rem.loop_start[i]; k < rem.loop_start[i + 1]; k++) {
      char *text = NULL;
      size_t len = 0;
      FILE *mem = open_memstream(&text, &len);
      ss_print_remark(mem, &rem.remarks[rem.loop_remark[k]]);
      fclose(mem);
      ss_json_string(j, NULL, text);
      free(text);
    }
    ss_json_end_array(j);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
  ss_loop_remarks_release(&rem);
  ss_loop_nest_release(&nest);
}

/* The merged stacks, parents before children, children heaviest first:
 * [name index, parent, value], where names index `frame_names`. */
static void write_tree(struct ss_json *j, const struct ss_xprofile *x) {
  int value = x->sampling ? 0 : 1;
  struct ss_xtree t;
  ss_xtree_build(&t, x, value);
  ss_json_begin_array(j, "frame_names");
  for (size_t f = 0; f < x->num_frames; f++)
    ss_json_string(j, NULL, x->frames[f].name);
  ss_json_end_array(j);
  ss_json_double(j, "tree_total", t.nodes[0].value[value]);
  /* Depth first, so that a cut at MAX_TREE_NODES keeps whole paths. */
  uint32_t *stack = ss_xcalloc(t.num_nodes + 1, sizeof *stack);
  uint32_t *out_id = ss_xcalloc(t.num_nodes + 1, sizeof *out_id);
  size_t sp = 0, written = 0;
  stack[sp++] = 0;
  ss_json_begin_array(j, "tree");
  while (sp > 0 && written < MAX_TREE_NODES) {
    uint32_t n = stack[--sp];
    out_id[n] = (uint32_t)written++;
    const struct ss_xnode *node = &t.nodes[n];
    ss_json_begin_array(j, NULL);
    ss_json_int(j, NULL, n ? (int64_t)node->frame : -1);
    ss_json_int(j, NULL, n ? (int64_t)out_id[node->parent] : -1);
    ss_json_double(j, NULL, node->value[value]);
    ss_json_end_array(j);
    /* push children lightest first, so the heaviest comes out first */
    size_t mark = sp;
    for (uint32_t c = node->first_child; c != UINT32_MAX;
         c = t.nodes[c].next_sibling)
      stack[sp++] = c;
    for (size_t a = mark, b = sp; a + 1 < b; a++, b--) {
      uint32_t tmp = stack[a];
      stack[a] = stack[b - 1];
      stack[b - 1] = tmp;
    }
  }
  ss_json_end_array(j);
  free(stack);
  free(out_id);
  ss_xtree_release(&t);
}

void ss_html_data(FILE *out, const struct ss_listing *l,
                  const struct ss_xprofile *x) {
  struct ss_json j;
  ss_json_init(&j, out);
  ss_json_begin_object(&j, NULL);
  ss_json_string(&j, "target", x->target);
  ss_json_string(&j, "experiment", x->experiment);
  ss_json_string(&j, "command", x->command);
  ss_json_bool(&j, "sampling", x->sampling);
  ss_json_string(&j, "unit", x->sampling ? "samples" : "cycles");
  ss_json_double(&j, "total", x->sampling ? x->total[0] : x->total[1]);
  write_summary(&j, l);
  write_functions(&j, l);
  write_calls(&j, x);
  write_sources(&j, l);
  write_asm(&j, l);
  write_loops(&j, l);
  write_tree(&j, x);
  ss_json_end_object(&j);
}
