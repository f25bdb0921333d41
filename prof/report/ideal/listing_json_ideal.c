/*
 * listing_json_ideal.c -- the ideal time in the -json document of a
 * counting experiment (docs/ssprof-json.md): the top-level "ideal" member
 * and the "instructions", "cycles" and "inclusive_cycles" of each
 * function.  Cycles are rounded to integers, except the cycles of one
 * execution of a machine block.
 */
#include "listing_cpi.h"
#include "listing_ideal.h"

#include "listing_json_parts.h"

#include <stdint.h>

static int64_t rounded(double cycles) {
  if (!(cycles > 0))
    return 0;
  if (cycles >= 9.2e18)
    return INT64_MAX;
  return (int64_t)(cycles + 0.5);
}

static const char *const class_keys[SS_IC_COUNT] = {
    [SS_IC_LOAD] = "loads",
    [SS_IC_STORE] = "stores",
    [SS_IC_COND_BRANCH] = "conditional_branches",
    [SS_IC_JUMP] = "jumps",
    [SS_IC_CALL] = "calls",
    [SS_IC_RETURN] = "returns",
    [SS_IC_INT_MUL] = "integer_multiply",
    [SS_IC_INT_DIV] = "integer_divide",
    [SS_IC_FP] = "floating_point",
    [SS_IC_FP_DIV] = "floating_point_divide",
    [SS_IC_VECTOR] = "vector",
    [SS_IC_NOP] = "nops",
};

static const char *const isa_keys[SS_ISA_COUNT] = {
    [SS_ISA_BASE] = "base", [SS_ISA_X87] = "x87", [SS_ISA_SSE] = "sse",
    [SS_ISA_AVX] = "avx",   [SS_ISA_AVX512] = "avx512",
};

static const char *const width_keys[SS_WIDTH_COUNT] = {
    [SS_WIDTH_GPR] = "none",
    [SS_WIDTH_128] = "128",
    [SS_WIDTH_256] = "256",
    [SS_WIDTH_512] = "512",
};

static void write_counts(struct ss_json *j, const char *key,
                         const uint64_t *counts, const char *const *keys,
                         int n) {
  ss_json_begin_object(j, key);
  for (int i = 0; i < n; i++)
    ss_json_uint(j, keys[i], counts[i]);
  ss_json_end_object(j);
}

static void write_mix(struct ss_json *j, const struct ss_ideal_mix *mix) {
  ss_json_begin_object(j, "mix");
  write_counts(j, "by_class", mix->by_class, class_keys, SS_IC_COUNT);
  write_counts(j, "by_isa", mix->by_isa, isa_keys, SS_ISA_COUNT);
  write_counts(j, "by_width", mix->by_width, width_keys, SS_WIDTH_COUNT);
  ss_json_begin_array(j, "registers");
  for (size_t i = 0; i < mix->num_registers; i++) {
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "name", mix->registers[i].name);
    ss_json_uint(j, "uses", mix->registers[i].uses);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
  ss_json_end_object(j);
}

/* The limit that gave a block its cycles, as -json names it. */
static const char *bound_key(int bound) {
  static const char *const keys[SS_BOUND_COUNT] = {"model", "rename", "loads",
                                                   "stores", "memory"};
  return bound >= 0 && bound < SS_BOUND_COUNT ? keys[bound] : "model";
}

static void write_blocks(struct ss_json *j, const struct ss_ideal_view *v) {
  const struct ss_ideal *ideal = v->ideal;
  ss_json_begin_array(j, "blocks");
  for (size_t i = 0; i < ideal->num_blocks; i++) {
    const struct ss_ideal_block *b = &ideal->blocks[i];
    const struct ss_model_function *f = &v->model->functions[b->function];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "function", f->name);
    ss_json_uint(j, "function_index", f->rank);
    ss_json_hex(j, "address", b->address);
    ss_json_uint(j, "size", b->size);
    ss_json_uint(j, "instructions", b->instructions);
    ss_json_double(j, "cycles_per_execution", b->cycles);
    ss_json_int(j, "count", b->count);
    ss_json_bool(j, "exact", b->exact);
    ss_json_string(j, "file", b->file ? b->file : "");
    ss_json_uint(j, "line", b->line);
    ss_json_string(j, "bound", bound_key(b->bound));
    ss_json_bool(j, "simulated", b->simulated);
    ss_json_uint(j, "loads", b->loads);
    ss_json_uint(j, "stores", b->stores);
    if (v->cpi)
      ss_json_write_cpi_row(j, v->cpi, &v->cpi->blocks[i]);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

/* The core whose limits bound the cycles, the cycles each limit gave, and
 * the blocks left to the bounds alone. */
static void write_core(struct ss_json *j, const struct ss_ideal *ideal) {
  const struct ss_ideal_core *c = &ideal->core;
  ss_json_begin_object(j, "core");
  if (c->name)
    ss_json_string(j, "name", c->name);
  else
    ss_json_null(j, "name");
  ss_json_double(j, "rename_width", c->rename_width);
  ss_json_double(j, "loads_per_cycle", c->loads);
  ss_json_double(j, "stores_per_cycle", c->stores);
  ss_json_double(j, "memory_per_cycle", c->memory);
  ss_json_string(j, "source", c->source ? c->source : "");
  ss_json_end_object(j);
  ss_json_begin_object(j, "cycles_bound_by");
  for (int b = 0; b < SS_BOUND_COUNT; b++)
    ss_json_double(j, bound_key(b), ideal->bound_cycles[b]);
  ss_json_end_object(j);
  ss_json_uint(j, "unsimulated_blocks", ideal->unsimulated_blocks);
  ss_json_uint(j, "unsimulated_instructions",
               ideal->unsimulated_instructions);
}

void ss_json_write_ideal(struct ss_json *j, const struct ss_ideal_view *v) {
  const struct ss_ideal *ideal = v->ideal;
  ss_json_begin_object(j, "ideal");
  ss_json_string(j, "cpu", ideal->cpu ? ideal->cpu : "");
  ss_json_double(j, "clock_mhz", ideal->clock_mhz);
  ss_json_uint(j, "instructions", ideal->total_instructions);
  ss_json_int(j, "cycles", rounded(ideal->total_cycles));
  ss_json_double(j, "seconds", ss_ideal_seconds(ideal, ideal->total_cycles));
  ss_json_double(j, "cycles_per_instruction",
                 ideal->total_instructions
                     ? ideal->total_cycles / (double)ideal->total_instructions
                     : 0.0);
  ss_json_uint(j, "estimated_blocks", ideal->estimated_blocks);
  write_mix(j, &ideal->mix);
  write_blocks(j, v);
  write_core(j, ideal);
  ss_json_end_object(j);
}

void ss_json_write_function_ideal(struct ss_json *j,
                                  const struct ss_ideal_view *v,
                                  uint32_t function) {
  if (ss_ideal_has_code(v, function)) {
    ss_json_uint(j, "instructions", v->ideal->functions[function].instructions);
    ss_json_int(j, "cycles", rounded(v->exclusive[function]));
  } else {
    ss_json_null(j, "instructions");
    ss_json_null(j, "cycles");
  }
  ss_json_int(j, "inclusive_cycles", rounded(v->inc.inclusive[function]));
  ss_json_int(j, "inclusive_cycles_exact",
              rounded(v->inc.exact_inclusive[function]));
  ss_json_bool(j, "inclusive_exact", v->inc.exact_whole[function]);
}

void ss_json_write_arc_ideal(struct ss_json *j, const struct ss_ideal_view *v,
                             size_t arc) {
  const struct ss_model_arc *a = &v->model->arcs[arc];
  if (a->callee == SS_MODEL_NONE) {
    ss_json_null(j, "inclusive_cycles");
    ss_json_bool(j, "exact", 0);
    return;
  }
  int carries = ss_ideal_arc_propagates(&v->inc, a);
  ss_json_int(j, "inclusive_cycles",
              carries ? rounded(v->inc.arc_cycles[arc]) : 0);
  ss_json_bool(j, "exact", carries && v->inc.arc_exact[arc]);
}

void ss_json_write_copy_ideal(struct ss_json *j, const struct ss_ideal_view *v,
                              uint32_t copy) {
  struct ss_ideal_copy_row r;
  ss_ideal_copy_row(v, copy, &r);
  if (r.has_code) {
    ss_json_uint(j, "instructions", r.instructions);
    ss_json_int(j, "cycles", rounded(r.cycles));
  } else {
    ss_json_null(j, "instructions");
    ss_json_null(j, "cycles");
  }
  if (r.inclusive_known) {
    ss_json_int(j, "inclusive_cycles", rounded(r.inclusive));
    ss_json_int(j, "inclusive_cycles_exact", rounded(r.inclusive));
  } else {
    ss_json_null(j, "inclusive_cycles");
    ss_json_null(j, "inclusive_cycles_exact");
  }
  ss_json_bool(j, "inclusive_exact", r.inclusive_exact);
}
