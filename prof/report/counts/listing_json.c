/*
 * listing_json.c -- -json: the whole model as one JSON document.  The
 * schema is documented in docs/ssprof-json.md; keep the two in step.
 */
#include "listing.h"

#include "listing_cpi.h"
#include "listing_ideal.h"
#include "listing_json_parts.h"

#include <inttypes.h>
#include <stdio.h>

static const char *edge_kind_name(uint16_t kind) {
  return kind == SS_EDGE_BRANCH ? "branch" : "fallthrough";
}

void ss_json_hex(struct ss_json *j, const char *key, uint64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "0x%" PRIx64, v);
  ss_json_string(j, key, buf);
}

static void write_usage(struct ss_json *j, const struct ss_expfile *f) {
  if (!f->has_usage) {
    ss_json_null(j, "usage");
    return;
  }
  const struct ss_rec_usage *u = &f->usage;
  ss_json_begin_object(j, "usage");
  ss_json_uint(j, "real_ns", u->real_ns);
  ss_json_uint(j, "user_ns", u->user_ns);
  ss_json_uint(j, "sys_ns", u->sys_ns);
  ss_json_uint(j, "majflt", u->majflt);
  ss_json_uint(j, "minflt", u->minflt);
  ss_json_uint(j, "nswap", u->nswap);
  ss_json_uint(j, "inblock", u->inblock);
  ss_json_uint(j, "oublock", u->oublock);
  ss_json_uint(j, "nvcsw", u->nvcsw);
  ss_json_uint(j, "nivcsw", u->nivcsw);
  ss_json_uint(j, "maxrss_kb", u->maxrss_kb);
  ss_json_end_object(j);
}

static void write_caliper_points(struct ss_json *j,
                                 const struct ss_expfile *f) {
  uint32_t point = 0;
  ss_json_begin_array(j, "caliper_points");
  for (size_t i = 0; i < f->num_notes; i++) {
    if (f->notes[i].kind != SS_NOTE_CALIPER)
      continue;
    ss_json_begin_object(j, NULL);
    ss_json_uint(j, "point", point++);
    ss_json_string(j, "text", f->notes[i].text);
    ss_json_uint(j, "time_ns", f->notes[i].time_ns);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

void ss_json_write_files(struct ss_json *j, const struct ss_profile *p,
                         void (*extra)(struct ss_json *, size_t, void *),
                         void *ctx) {
  ss_json_begin_array(j, "files");
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "name", f->name);
    ss_json_uint(j, "pid", f->process.pid);
    ss_json_uint(j, "ppid", f->process.ppid);
    ss_json_string(j, "code", f->process.code);
    ss_json_int(j, "exit_status", f->process.exit_status);
    ss_json_int(j, "term_signal", f->process.term_signal);
    write_caliper_points(j, f);
    write_usage(j, f);
    if (f->has_rank) {
      /* Under MPI: the file's rank, so that every experiment's -json has
       * per-rank rows. */
      ss_json_begin_object(j, "mpi_rank");
      ss_json_int(j, "rank", f->rank.rank);
      ss_json_uint(j, "size", f->rank.size);
      ss_json_string(j, "job", f->rank.job);
      ss_json_string(j, "host", f->process.host);
      ss_json_end_object(j);
    }
    if (extra)
      extra(j, i, ctx);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

void ss_json_write_process(struct ss_json *j,
                           const struct ss_process_info *pi) {
  ss_json_begin_object(j, "process");
  ss_json_uint(j, "pid", pi->pid);
  ss_json_uint(j, "ppid", pi->ppid);
  ss_json_string(j, "code", pi->code);
  ss_json_string(j, "marching_orders", pi->marching_orders);
  ss_json_string(j, "target", pi->target);
  ss_json_string(j, "argv", pi->argv);
  ss_json_string(j, "cwd", pi->cwd);
  ss_json_string(j, "host", pi->host);
  ss_json_string(j, "cpu", pi->cpu_model);
  ss_json_string(j, "abi", pi->abi);
  ss_json_uint(j, "num_cpus", pi->num_cpus);
  ss_json_uint(j, "clock_mhz", pi->clock_mhz);
  ss_json_int(j, "exit_status", pi->exit_status);
  ss_json_int(j, "term_signal", pi->term_signal);
  ss_json_uint(j, "start_ns", pi->start_ns);
  ss_json_uint(j, "end_ns", pi->end_ns);
  ss_json_hex(j, "fault_pc", pi->fault_pc);
  ss_json_end_object(j);
}

static void write_summary(struct ss_json *j, const struct ss_model *m) {
  ss_json_begin_object(j, "summary");
  ss_json_int(j, "block_executions", m->total_block_executions);
  ss_json_int(j, "calls", m->total_calls);
  ss_json_uint(j, "functions", m->num_functions);
  ss_json_uint(j, "functions_executed", m->functions_executed);
  ss_json_uint(j, "modules", m->profile->num_modules);
  ss_json_uint(j, "unknown_blocks", m->unknown_blocks);
  ss_json_uint(j, "unknown_edges", m->unknown_edges);
  ss_json_end_object(j);
}

/* The members that name a function in its rows. */
static void write_function_place(struct ss_json *j,
                                 const struct ss_model_function *f) {
  ss_json_uint(j, "index", f->rank);
  ss_json_string(j, "name", f->name);
  ss_json_string(j, "symbol", f->symbol);
  ss_json_string(j, "dso", f->dso);
  ss_json_string(j, "file", f->file);
  ss_json_uint(j, "line", f->line);
}

void ss_json_write_function_row(struct ss_json *j, const char *key,
                                const struct ss_model *m,
                                const struct ss_ideal_view *ideal,
                                const struct ss_cpi *cpi, uint32_t function) {
  const struct ss_model_function *f = &m->functions[function];
  ss_json_begin_object(j, key);
  write_function_place(j, f);
  ss_json_count(j, "calls", f->calls_known, f->calls);
  ss_json_int(j, "blocks", f->blocks);
  ss_json_uint(j, "unknown_blocks", f->unknown_blocks);
  ss_json_bool(j, "inlined", f->inlined);
  ss_json_bool(j, "inlined_only", f->desc_index == SS_MODEL_NONE);
  ss_json_count(j, "machine_calls", f->entry_calls_known, f->entry_calls);
  if (ideal)
    ss_json_write_function_ideal(j, ideal, function);
  if (cpi)
    ss_json_write_cpi_row(j, cpi, &cpi->functions[function]);
  ss_json_end_object(j);
}

/* -inlinesplit: a row of one copy of a function (struct ss_model_copy),
 * with the fields of a function's row, its copy's figures, and where the
 * copy was inlined ("inlined_in": null for the function's own code). */
static void write_copy_row(struct ss_json *j, const struct ss_model *m,
                           const struct ss_ideal_view *ideal, uint32_t copy) {
  const struct ss_model_copy *c = &m->copies[copy];
  const struct ss_model_function *f = &m->functions[c->function];
  int own = c->inlined_in == SS_MODEL_NONE;
  ss_json_begin_object(j, NULL);
  write_function_place(j, f);
  ss_json_count(j, "calls", c->calls_known, c->calls);
  ss_json_int(j, "blocks", own ? f->blocks : 0);
  ss_json_uint(j, "unknown_blocks", own ? f->unknown_blocks : 0);
  ss_json_bool(j, "inlined", !own);
  ss_json_bool(j, "inlined_only", f->desc_index == SS_MODEL_NONE);
  ss_json_count(j, "machine_calls", own ? f->entry_calls_known : 1,
                own ? f->entry_calls : 0);
  if (ideal)
    ss_json_write_copy_ideal(j, ideal, copy);
  if (own) {
    ss_json_null(j, "inlined_in");
    ss_json_null(j, "inlined_in_index");
  } else {
    ss_json_string(j, "inlined_in", m->functions[c->inlined_in].name);
    ss_json_uint(j, "inlined_in_index", m->functions[c->inlined_in].rank);
  }
  ss_json_end_object(j);
}

/* `ideal`: NULL without ideal time; `cpi`: NULL but with -cpi (whose rows
 * are per function: -inlinesplit does not split them). */
static void write_functions(struct ss_json *j, const struct ss_listing *l,
                            const struct ss_ideal_view *ideal) {
  const struct ss_model *m = l->model;
  ss_json_begin_array(j, "functions");
  for (uint32_t r = 0; r < m->num_functions; r++) {
    uint32_t id = m->by_rank[r];
    const struct ss_model_function *f = &m->functions[id];
    if (!l->cpi && ss_split_rows(l->options, m, id)) {
      for (uint32_t k = 0; k < f->num_copies; k++)
        write_copy_row(j, m, ideal, f->first_copy + k);
      continue;
    }
    ss_json_write_function_row(j, NULL, m, ideal, l->cpi, id);
  }
  ss_json_end_array(j);
}

void ss_json_write_line_row(struct ss_json *j, const char *key,
                            const struct ss_model *m, size_t line) {
  const struct ss_model_line *l = &m->lines[line];
  ss_json_begin_object(j, key);
  ss_json_string(j, "file", l->file);
  ss_json_uint(j, "line", l->line);
  ss_json_count(j, "count", l->known, l->count);
  ss_json_end_object(j);
}

static void write_lines(struct ss_json *j, const struct ss_model *m) {
  ss_json_begin_array(j, "lines");
  for (size_t i = 0; i < m->num_lines; i++)
    ss_json_write_line_row(j, NULL, m, i);
  ss_json_end_array(j);
}

static void write_blocks(struct ss_json *j, const struct ss_model *m,
                         const struct ss_cpi *cpi) {
  ss_json_begin_array(j, "blocks");
  for (uint32_t i = 0; i < m->num_blocks; i++) {
    const struct ss_model_block *b = &m->blocks[i];
    const struct ss_model_function *f = &m->functions[b->function];
    ss_json_begin_object(j, NULL);
    ss_json_uint(j, "id", i);
    ss_json_string(j, "function", f->name);
    ss_json_uint(j, "function_index", f->rank);
    ss_json_uint(j, "index", b->index);
    ss_json_string(j, "file", b->file);
    ss_json_uint(j, "line", b->line);
    ss_json_count(j, "count", b->known, b->count);
    if (cpi)
      ss_json_write_cpi_row(j, cpi, &cpi->model_blocks[i]);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static void write_edges(struct ss_json *j, const struct ss_model *m) {
  ss_json_begin_array(j, "edges");
  for (size_t i = 0; i < m->num_edges; i++) {
    const struct ss_model_edge *e = &m->edges[i];
    ss_json_begin_object(j, NULL);
    ss_json_uint(j, "from", e->from);
    ss_json_uint(j, "to", e->to);
    ss_json_count(j, "count", e->known, e->count);
    ss_json_string(j, "kind", edge_kind_name(e->kind));
    if (e->flags & SS_EDGEF_BACKEDGE)
      ss_json_bool(j, "backedge", 1);
    if (e->flags & SS_EDGEF_EH)
      ss_json_bool(j, "eh", 1);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static void write_calls(struct ss_json *j, const struct ss_model *m) {
  ss_json_begin_array(j, "calls");
  for (size_t i = 0; i < m->num_calls; i++) {
    const struct ss_model_call *c = &m->calls[i];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "caller", m->functions[c->caller].name);
    ss_json_string(j, "callee", c->callee);
    ss_json_string(j, "file", c->file);
    ss_json_uint(j, "line", c->line);
    ss_json_count(j, "count", c->known, c->count);
    ss_json_bool(j, "indirect", c->indirect);
    ss_json_string(j, "source_caller", m->functions[c->source_caller].name);
    ss_json_uint(j, "block", c->block);
    if (c->indirect) {
      ss_json_begin_array(j, "targets");
      for (size_t t = 0; t < c->num_targets; t++) {
        ss_json_begin_object(j, NULL);
        ss_json_string(j, "name", c->targets[t].name);
        ss_json_int(j, "count", c->targets[t].count);
        ss_json_end_object(j);
      }
      ss_json_end_array(j);
      ss_json_int(j, "other_targets", c->other_targets);
    }
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static void write_callgraph(struct ss_json *j, const struct ss_model *m,
                            const struct ss_ideal_view *ideal) {
  ss_json_begin_array(j, "callgraph");
  for (size_t i = 0; i < m->num_arcs; i++) {
    const struct ss_model_arc *a = &m->arcs[i];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "caller", a->caller == SS_MODEL_NONE
                                    ? "<spontaneous>"
                                    : m->functions[a->caller].name);
    ss_json_string(j, "callee", a->callee_name);
    ss_json_int(j, "count", a->count);
    if (a->caller != SS_MODEL_NONE)
      ss_json_uint(j, "caller_index", m->functions[a->caller].rank);
    else
      ss_json_null(j, "caller_index");
    if (a->callee != SS_MODEL_NONE)
      ss_json_uint(j, "callee_index", m->functions[a->callee].rank);
    else
      ss_json_null(j, "callee_index");
    ss_json_bool(j, "inlined", a->kind == SS_ARC_INLINED);
    ss_json_bool(j, "recursion_as_loop", a->kind == SS_ARC_LOOP);
    if (ideal)
      ss_json_write_arc_ideal(j, ideal, i);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

void ss_json_begin_document(struct ss_json *j, const struct ss_profile *p,
                            void (*extra)(struct ss_json *j, size_t i, void *ctx),
                            void *ctx) {
  ss_json_begin_object(j, NULL);
  ss_json_string(j, "target", p->target);
  ss_json_string(j, "experiment", p->experiment);
  if (p->library) { /* ssprof -lib: the library and the programs summed */
    ss_json_string(j, "library", p->library);
    ss_json_begin_array(j, "programs");
    for (size_t i = 0; i < p->num_programs; i++)
      ss_json_string(j, NULL, p->programs[i]);
    ss_json_end_array(j);
  }
  ss_json_write_files(j, p, extra, ctx);
  ss_json_write_process(j, &p->files[0]->process);
}

void ss_json_end_document(struct ss_json *j, const struct ss_profile *p,
                          char *const *warnings, size_t num_warnings) {
  ss_json_write_dsos(j, p);
  ss_json_begin_array(j, "warnings");
  for (size_t i = 0; i < num_warnings; i++)
    ss_json_string(j, NULL, warnings[i]);
  ss_json_end_array(j);
  ss_json_end_object(j);
}

void ss_json_function_place(struct ss_json *j, uint32_t index,
                            const char *name, const char *dso,
                            const char *path, const char *file,
                            uint32_t line, int by_address) {
  ss_json_uint(j, "index", index);
  ss_json_string(j, "name", name);
  ss_json_string(j, "dso", dso);
  ss_json_string(j, "path", path);
  ss_json_string(j, "file", file);
  ss_json_uint(j, "line", line);
  ss_json_bool(j, "by_address", by_address);
}

void ss_json_call_site(struct ss_json *j, const char *caller,
                       uint32_t caller_index, const char *callee,
                       uint32_t callee_index, uint64_t callsite, int inlined,
                       const char *file, uint32_t line) {
  ss_json_string(j, "caller", caller);
  ss_json_uint(j, "caller_index", caller_index);
  ss_json_string(j, "callee", callee);
  ss_json_uint(j, "callee_index", callee_index);
  ss_json_hex(j, "callsite", callsite);
  ss_json_bool(j, "inlined", inlined);
  ss_json_string(j, "file", file);
  ss_json_uint(j, "line", line);
}

void ss_json_caliper_window(struct ss_json *j, int given,
                            const struct ss_caliper_window *w) {
  if (!given) {
    ss_json_null(j, "caliper_window");
    return;
  }
  ss_json_begin_object(j, "caliper_window");
  ss_json_int(j, "after", w->after);
  ss_json_int(j, "through", w->through);
  ss_json_end_object(j);
}

void ss_json_write_dsos(struct ss_json *j, const struct ss_profile *p) {
  ss_json_begin_array(j, "dsos");
  for (size_t i = 0; i < p->num_dsos; i++) {
    const struct ss_map_entry *e = p->dsos[i].entry;
    char id[41];
    for (uint32_t k = 0; k < e->build_id_len && k < 20; k++)
      snprintf(id + 2 * k, 3, "%02x", e->build_id[k]);
    id[2 * (e->build_id_len <= 20 ? e->build_id_len : 20)] = 0;
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "name", p->dsos[i].name);
    ss_json_string(j, "path", e->path[0] ? e->path : p->target);
    ss_json_hex(j, "low", e->text_start);
    ss_json_hex(j, "high", e->text_end);
    ss_json_hex(j, "base", e->base);
    ss_json_string(j, "build_id", id);
    ss_json_bool(j, "main", (e->flags & SS_MAP_MAIN) != 0);
    ss_json_bool(j, "unloaded", (e->flags & SS_MAP_UNLOADED) != 0);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

void ss_list_json(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  const struct ss_profile *p = l->profile;
  struct ss_json j;
  struct ss_ideal_view ideal;
  int has_ideal = ss_ideal_listing(l);
  if (has_ideal)
    ss_ideal_view_build(&ideal, l);
  ss_json_init(&j, l->out);
  ss_json_begin_document(&j, p, NULL, NULL);
  write_summary(&j, m);
  if (has_ideal)
    ss_json_write_ideal(&j, &ideal);
  write_functions(&j, l, has_ideal ? &ideal : NULL);
  write_lines(&j, m);
  write_blocks(&j, m, l->cpi);
  write_edges(&j, m);
  write_calls(&j, m);
  write_callgraph(&j, m, has_ideal ? &ideal : NULL);
  ss_json_write_branches(&j, l);
  ss_json_write_loops(&j, l);
  ss_json_write_remarks(&j, l);
  if (l->cpi)
    ss_json_write_cpi(&j, l);
  ss_json_end_document(&j, p, m->warnings, m->num_warnings);
  if (has_ideal)
    ss_ideal_view_release(&ideal);
}
