/*
 * listing_mpi_json.c -- the mpi trace's part of -json (docs/ssprof-json.md):
 * "mpi", the routines summed over the ranks read, each with its per-rank
 * rows; "mpi_ranks", each rank's calls, bytes, time in MPI, run and
 * computing; "mpi_imbalance"; "mpi_pairs", the point-to-point messages by
 * sender and receiver; "mpi_call_sites", each routine at each source line.
 */
#include "trace_listing.h"

#include "listing_json_parts.h"

static void write_routines(struct ss_json *j, const struct ss_trace_model *m) {
  ss_json_begin_array(j, "mpi");
  for (uint32_t c = 1; c <= SS_MPI_CALL_LAST; c++) {
    if (!m->totals[ss_mpi_w_calls(c)])
      continue;
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "routine", ss_mpi_call_name(c));
    ss_json_uint(j, "calls", m->totals[ss_mpi_w_calls(c)]);
    ss_json_uint(j, "bytes", m->totals[ss_mpi_w_bytes(c)]);
    ss_json_seconds(j, "seconds", m->totals[ss_mpi_w_ns(c)]);
    ss_json_begin_array(j, "per_rank");
    for (size_t i = 0; i < m->num_ranks; i++) {
      const struct ss_trace_rank *r = &m->ranks[i];
      ss_json_begin_object(j, NULL);
      ss_json_int(j, "rank", r->rank);
      ss_json_uint(j, "calls", r->w[ss_mpi_w_calls(c)]);
      ss_json_uint(j, "bytes", r->w[ss_mpi_w_bytes(c)]);
      ss_json_seconds(j, "seconds", r->w[ss_mpi_w_ns(c)]);
      ss_json_end_object(j);
    }
    ss_json_end_array(j);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static uint64_t computing(const struct ss_trace_rank *r) {
  return r->span_ns > r->in_mpi_ns ? r->span_ns - r->in_mpi_ns : 0;
}

static void write_ranks(struct ss_json *j, const struct ss_trace_model *m) {
  ss_json_begin_array(j, "mpi_ranks");
  for (size_t i = 0; i < m->num_ranks; i++) {
    const struct ss_trace_rank *r = &m->ranks[i];
    ss_json_begin_object(j, NULL);
    ss_json_int(j, "rank", r->rank);
    ss_json_string(j, "host", r->host);
    ss_json_uint(j, "files", r->files);
    ss_json_uint(j, "calls", r->w[SS_MPI_W_CALLS]);
    ss_json_uint(j, "bytes", r->w[SS_MPI_W_BYTES]);
    ss_json_seconds(j, "seconds", r->w[SS_MPI_W_NS]);
    ss_json_seconds(j, "mpi_seconds", r->in_mpi_ns);
    ss_json_seconds(j, "run_seconds", r->span_ns);
    ss_json_seconds(j, "compute_seconds", computing(r));
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
  if (!m->num_ranks)
    return;
  size_t slow, fast;
  ss_mpi_slowest_fastest(m, &slow, &fast);
  ss_json_begin_object(j, "mpi_imbalance");
  ss_json_int(j, "slowest_rank", m->ranks[slow].rank);
  ss_json_seconds(j, "slowest_compute_seconds", computing(&m->ranks[slow]));
  ss_json_int(j, "fastest_rank", m->ranks[fast].rank);
  ss_json_seconds(j, "fastest_compute_seconds", computing(&m->ranks[fast]));
  ss_json_end_object(j);
}

static void write_pairs(struct ss_json *j, const struct ss_trace_model *m) {
  ss_json_begin_array(j, "mpi_pairs");
  for (size_t i = 0; i < m->num_pairs; i++) {
    ss_json_begin_object(j, NULL);
    ss_json_int(j, "from", m->pairs[i].from);
    ss_json_int(j, "to", m->pairs[i].to);
    ss_json_uint(j, "messages", m->pairs[i].messages);
    ss_json_uint(j, "bytes", m->pairs[i].bytes);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static void write_call_sites(struct ss_json *j, const struct ss_trace_model *m) {
  const struct ss_callstacks *cs = &m->stacks;
  ss_json_begin_array(j, "mpi_call_sites");
  for (size_t i = 0; i < cs->num_lines; i++) {
    const struct ss_cs_line *l = &cs->lines[i];
    for (uint32_t c = 1; c <= SS_MPI_CALL_LAST; c++) {
      if (!l->w[ss_mpi_w_calls(c)])
        continue;
      ss_json_begin_object(j, NULL);
      ss_json_string(j, "routine", ss_mpi_call_name(c));
      ss_json_string(j, "function", cs->functions[l->function].name);
      ss_json_string(j, "file", l->file);
      ss_json_uint(j, "line", l->line);
      ss_json_uint(j, "calls", l->w[ss_mpi_w_calls(c)]);
      ss_json_uint(j, "bytes", l->w[ss_mpi_w_bytes(c)]);
      ss_json_seconds(j, "seconds", l->w[ss_mpi_w_ns(c)]);
      ss_json_end_object(j);
    }
  }
  ss_json_end_array(j);
}

void ss_json_write_mpi(struct ss_json *j, const struct ss_trace_model *m) {
  write_routines(j, m);
  write_ranks(j, m);
  write_pairs(j, m);
  write_call_sites(j, m);
}
