/*
 * synth_gen_main.c -- prof-synth-gen: write one synthetic experiment file
 * (see synth_experiment.h for the program it describes).
 *
 *   prof-synth-gen [-scenario longjmp|normal|forked|inconsistent]
 *                  [-target work|elf|unmapped] [-base HEX] [-pid N]
 *                  [-twice] [-unknown-record] [-no-notes] [-rebuilt]
 *                  [-remarks]
 *                  [-experiment NAME] [-target-path PATH] [-major N]
 *                  [-fault NAME] [sampling options] OUTPUT
 *
 * Sampling files (no COUNTS records):
 *   -sampling usertime|totaltime|[f]pcsamp[x]   kind, interval, bin width
 *   -interval NS  -threads N  -lost N  -clock TEXT
 *   -calipers N        N caliper points between begin and exit
 *   -sample "SPEC"     one sample (repeatable): space-separated tokens
 *                      xCOUNT (identical samples, default 1), cCALIPER
 *                      (default 1), tTHREAD (default 0), I (incomplete),
 *                      T (truncated), then the addresses, PC first, in hex
 *   -main-elf PATH@BASE          the program's map entry from a real ELF
 *   -module-elf PATH@BASE[@FLAG] another entry from a real ELF file; FLAG
 *                                "unloaded", or "stale" (a build-id that
 *                                differs from the file's)
 *   -module PATH@BASE@START@END  an entry with no build-id
 *   -usage V1,...,V11  the USAGE values; -no-usage: no USAGE record
 *
 * ldlatency files (a TRACE record of kind SS_TRACE_LDLATENCY):
 *   -ldlatency TEXT    the TRACE record's string (the sampling event)
 *   -load "SPEC"       one sampled load (repeatable): xCOUNT (identical
 *                      loads, default 1), tTHREAD, cCALIPER (default 1),
 *                      kLEVEL (enum ss_mem_level), wLATENCY (cycles),
 *                      sDATASRC (hex perf_mem_data_src), then its PC in hex
 *   -bin "MIN MAX REP NAME"  a latency bin of the run (repeatable)
 */
#include "synth_experiment.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fault_names[SYNTH_FAULT_COUNT] = {
    "none",         "edge-endpoint", "counter-index", "strtab-offset",
    "block-range",  "edge-range",    "loop-header",   "loop-parent",
    "call-block",   "indirect-site", "line-range",    "strtab-nul",
    "size",         "version",       "edge-kind",
    "remark-string", "remark-kind",  "remark-version"};

enum { MAX_SAMPLES = 1024, MAX_MODULES = 16, MAX_EVENTS = 65536,
       MAX_NAMES = 64 };
static struct synth_sample samples[MAX_SAMPLES];
static struct synth_event events[MAX_EVENTS];
static const char *names[MAX_NAMES];
static struct synth_module modules[MAX_MODULES], main_module;
static uint64_t usage_values[11];

static int parse_sample(const char *spec, struct synth_sample *s) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", spec);
  memset(s, 0, sizeof *s);
  s->count = 1;
  s->caliper = 1;
  for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
    if (tok[0] == 'x')
      s->count = (uint32_t)strtoul(tok + 1, NULL, 10);
    else if (tok[0] == 'c')
      s->caliper = (uint32_t)strtoul(tok + 1, NULL, 10);
    else if (tok[0] == 't')
      s->thread = (uint32_t)strtoul(tok + 1, NULL, 10);
    else if (strcmp(tok, "I") == 0)
      s->flags |= 1;
    else if (strcmp(tok, "T") == 0)
      s->flags |= 2;
    else if (strncmp(tok, "0x", 2) == 0 && s->depth < SYNTH_MAX_DEPTH)
      s->addrs[s->depth++] = strtoull(tok, NULL, 16);
    else
      return -1;
  }
  return s->depth > 0 && s->count > 0 ? 0 : -1;
}

/* A -load SPEC: COUNT identical events appended; 0, or -1 if malformed. */
static int parse_load(const char *spec, struct synth_options *o) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", spec);
  struct synth_event e;
  memset(&e, 0, sizeof e);
  e.caliper = 1;
  e.object = 0xFFFFFFFFu; /* SS_NONE */
  unsigned long count = 1;
  for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
    if (tok[0] == 'x')
      count = strtoul(tok + 1, NULL, 10);
    else if (tok[0] == 't')
      e.thread = (uint32_t)strtoul(tok + 1, NULL, 10);
    else if (tok[0] == 'c')
      e.caliper = (uint32_t)strtoul(tok + 1, NULL, 10);
    else if (tok[0] == 'k')
      e.kind = (uint32_t)strtoul(tok + 1, NULL, 10);
    else if (tok[0] == 'w')
      e.value[0] = (int64_t)strtoull(tok + 1, NULL, 10);
    else if (tok[0] == 's')
      e.value[2] = (int64_t)strtoull(tok + 1, NULL, 16);
    else if (strncmp(tok, "0x", 2) == 0 && e.depth == 0)
      e.addrs[e.depth++] = strtoull(tok, NULL, 16);
    else
      return -1;
  }
  if (e.depth != 1 || count == 0 || o->num_events + count > MAX_EVENTS)
    return -1;
  e.value[1] = (int64_t)(0x7f0000100000ull + 64 * o->num_events);
  for (unsigned long i = 0; i < count; i++)
    events[o->num_events++] = e;
  o->events = events;
  return 0;
}

/* PATH@BASE[@FLAG] */
static int parse_elf_module(const char *arg, struct synth_module *m) {
  static char paths[MAX_MODULES + 1][4096];
  static int next;
  char *path = paths[next++ % (MAX_MODULES + 1)];
  snprintf(path, 4096, "%s", arg);
  char *at = strchr(path, '@');
  if (!at)
    return -1;
  *at++ = 0;
  char *flag = strchr(at, '@');
  if (flag)
    *flag++ = 0;
  if (synth_module_from_elf(m, path, strtoull(at, NULL, 16)) != 0)
    return -1;
  if (flag && strcmp(flag, "unloaded") == 0)
    m->flags |= 2;
  else if (flag && strcmp(flag, "stale") == 0)
    m->build_id[0] ^= 0xFF;
  else if (flag)
    return -1;
  return 0;
}

/* PATH@BASE@START@END */
static int parse_module(const char *arg, struct synth_module *m) {
  static char paths[MAX_MODULES][4096];
  static int next;
  char *path = paths[next++ % MAX_MODULES];
  snprintf(path, 4096, "%s", arg);
  char *field[3];
  char *p = path;
  for (int i = 0; i < 3; i++) {
    p = strchr(p, '@');
    if (!p)
      return -1;
    *p++ = 0;
    field[i] = p;
  }
  memset(m, 0, sizeof *m);
  m->path = path;
  m->base = strtoull(field[0], NULL, 16);
  m->start = strtoull(field[1], NULL, 16);
  m->end = strtoull(field[2], NULL, 16);
  return 0;
}

static int usage(const char *msg) {
  fprintf(stderr, "prof-synth-gen: %s\n", msg);
  return 2;
}

int main(int argc, char **argv) {
  struct synth_options o;
  const char *out = NULL;
  synth_default_options(&o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "-twice") == 0) {
      o.counts_twice = 1;
    } else if (strcmp(a, "-unknown-record") == 0) {
      o.unknown_record = 1;
    } else if (strcmp(a, "-no-notes") == 0) {
      o.no_notes = 1;
    } else if (strcmp(a, "-remarks") == 0) {
      o.remarks = 1;
    } else if (strcmp(a, "-rebuilt") == 0) {
      o.rebuilt = 1;
    } else if (strcmp(a, "-no-usage") == 0) {
      o.no_usage = 1;
    } else if (a[0] == '-' && a[1]) {
      if (!v)
        return usage("option needs an argument");
      i++;
      if (strcmp(a, "-scenario") == 0) {
        if (strcmp(v, "longjmp") == 0)
          o.scenario = SYNTH_LONGJMP;
        else if (strcmp(v, "normal") == 0)
          o.scenario = SYNTH_NORMAL;
        else if (strcmp(v, "forked") == 0)
          o.scenario = SYNTH_FORKED_CHILD;
        else if (strcmp(v, "inconsistent") == 0)
          o.scenario = SYNTH_INCONSISTENT;
        else
          return usage("unknown scenario");
      } else if (strcmp(a, "-target") == 0) {
        if (strcmp(v, "work") == 0)
          o.target = SYNTH_TARGET_WORK;
        else if (strcmp(v, "elf") == 0)
          o.target = SYNTH_TARGET_ELF_SYMBOL;
        else if (strcmp(v, "unmapped") == 0)
          o.target = SYNTH_TARGET_UNMAPPED;
        else
          return usage("unknown target");
      } else if (strcmp(a, "-base") == 0) {
        o.base = strtoull(v, NULL, 16);
      } else if (strcmp(a, "-pid") == 0) {
        o.pid = (uint32_t)strtoul(v, NULL, 10);
      } else if (strcmp(a, "-experiment") == 0) {
        o.experiment = v;
      } else if (strcmp(a, "-target-path") == 0) {
        o.target_path = v;
      } else if (strcmp(a, "-major") == 0) {
        o.version_major = (uint16_t)strtoul(v, NULL, 10);
      } else if (strcmp(a, "-sampling") == 0) {
        if (synth_set_sampling(&o, v) != 0)
          return usage("unknown sampling experiment");
      } else if (strcmp(a, "-interval") == 0) {
        o.interval_ns = strtoull(v, NULL, 10);
      } else if (strcmp(a, "-threads") == 0) {
        o.num_threads = (uint32_t)strtoul(v, NULL, 10);
      } else if (strcmp(a, "-lost") == 0) {
        o.lost = strtoull(v, NULL, 10);
      } else if (strcmp(a, "-clock") == 0) {
        o.clock = v;
      } else if (strcmp(a, "-calipers") == 0) {
        o.extra_calipers = (uint32_t)strtoul(v, NULL, 10);
      } else if (strcmp(a, "-sample") == 0) {
        if (o.num_samples == MAX_SAMPLES ||
            parse_sample(v, &samples[o.num_samples]) != 0)
          return usage("bad -sample");
        o.samples = samples;
        o.num_samples++;
      } else if (strcmp(a, "-ldlatency") == 0) {
        o.trace_kind = 5; /* SS_TRACE_LDLATENCY */
        o.experiment = "ldlatency";
        o.marching_orders = "ldlat:cu";
        o.trace_how = v;
      } else if (strcmp(a, "-load") == 0) {
        if (parse_load(v, &o) != 0)
          return usage("bad -load");
      } else if (strcmp(a, "-bin") == 0) {
        if (o.num_names == MAX_NAMES)
          return usage("too many -bin");
        names[o.num_names++] = v;
        o.names = names;
        o.names_how = 4; /* SS_NAME_LATENCY_BIN */
      } else if (strcmp(a, "-main-elf") == 0) {
        if (parse_elf_module(v, &main_module) != 0)
          return usage("bad -main-elf (PATH@BASE of a 64-bit ELF file)");
        main_module.flags = 1;
        o.main_module = &main_module;
      } else if (strcmp(a, "-module-elf") == 0 || strcmp(a, "-module") == 0) {
        if (o.num_modules == MAX_MODULES)
          return usage("too many modules");
        struct synth_module *m = &modules[o.num_modules];
        if (strcmp(a, "-module") == 0 ? parse_module(v, m) != 0
                                      : parse_elf_module(v, m) != 0)
          return usage("bad module");
        o.modules = modules;
        o.num_modules++;
      } else if (strcmp(a, "-usage") == 0) {
        const char *p = v;
        for (int k = 0; k < 11; k++) {
          char *end;
          usage_values[k] = strtoull(p, &end, 10);
          if (k < 10 && *end != ',')
            return usage("-usage needs 11 comma-separated values");
          p = end + 1;
        }
        o.usage = usage_values;
      } else if (strcmp(a, "-fault") == 0) {
        int found = 0;
        for (int k = 0; k < SYNTH_FAULT_COUNT; k++)
          if (strcmp(v, fault_names[k]) == 0) {
            o.fault = (enum synth_desc_fault)k;
            found = 1;
          }
        if (!found)
          return usage("unknown fault");
      } else {
        return usage("unknown option");
      }
    } else {
      out = a;
    }
  }
  if (!out)
    return usage("no output file");
  if (synth_write_file(out, &o) != 0) {
    perror(out);
    return 1;
  }
  return 0;
}
