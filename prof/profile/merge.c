/* merge.c -- summing experiment files into one profile. */
#include "profile.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

static int same_descriptor(const struct ss_descriptor *a,
                           const struct ss_descriptor *b) {
  return a->header.module_hash == b->header.module_hash &&
         a->size == b->size && memcmp(a->blob, b->blob, a->size) == 0;
}

/* Modules are named by (DSO basename, main source file, compile dir). */
static const char *map_path_of(const struct ss_expfile *f,
                               const struct ss_counts *k) {
  return k->map_index != SS_NONE ? f->map[k->map_index].path : "";
}

static int same_identity(const char *path_a, const struct ss_descriptor *a,
                         const char *path_b, const struct ss_descriptor *b) {
  return strcmp(ss_basename(path_a), ss_basename(path_b)) == 0 &&
         strcmp(ss_desc_str(a, a->header.module_name),
                ss_desc_str(b, b->header.module_name)) == 0 &&
         strcmp(ss_desc_str(a, a->header.comp_dir),
                ss_desc_str(b, b->header.comp_dir)) == 0;
}

/* One module: the same descriptor in an object of the same name (a
 * library opened twice, or the program in another run).  An object file
 * linked into two objects (the program and a library) is two modules. */
static int same_module(const struct ss_merged_module *m,
                       const struct ss_expfile *f, const struct ss_counts *k) {
  return same_descriptor(m->desc, &k->desc) &&
         strcmp(ss_basename(m->map ? m->map->path : ""),
                ss_basename(map_path_of(f, k))) == 0;
}

static int add_checked(uint64_t *sum, uint64_t v) {
  return __builtin_add_overflow(*sum, v, sum) ? -1 : 0;
}

static int add_target(struct ss_site_targets *s, struct ss_loc loc,
                      uint64_t count) {
  for (size_t i = 0; i < s->num; i++)
    if (ss_loc_cmp(&s->targets[i].loc, &loc) == 0)
      return add_checked(&s->targets[i].count, count);
  SS_GROW(s->targets, s->cap, s->num);
  s->targets[s->num].loc = loc;
  s->targets[s->num].count = count;
  s->num++;
  return 0;
}

static struct ss_merged_module *new_module(struct ss_profile *p,
                                           size_t *cap,
                                           const struct ss_expfile *f,
                                           const struct ss_counts *k) {
  SS_GROW(p->modules, *cap, p->num_modules);
  struct ss_merged_module *m = &p->modules[p->num_modules++];
  memset(m, 0, sizeof *m);
  m->desc = &k->desc;
  m->origin = f;
  m->counters = ss_xcalloc(k->num_counters, sizeof *m->counters);
  m->function_locs = ss_xcalloc(k->num_functions, sizeof *m->function_locs);
  for (uint32_t i = 0; i < k->num_functions; i++)
    m->function_locs[i] = ss_relocate_in(f, k->map_index,
                                         k->function_addrs[i]);
  m->sites = ss_xcalloc(k->num_indirect_sites, sizeof *m->sites);
  return m;
}

static int add_counts(struct ss_merged_module *m, const struct ss_expfile *f,
                      const struct ss_counts *k, struct ss_err *err) {
  if (!m->map && k->map_index != SS_NONE)
    m->map = &f->map[k->map_index];
  for (uint32_t i = 0; i < k->num_counters; i++)
    if (add_checked(&m->counters[i], k->counters[i]) != 0)
      goto overflow;
  for (uint32_t i = 0; i < k->num_indirect_sites; i++) {
    const struct ss_indirect_site *s = &k->sites[i];
    for (int j = 0; j < SS_INDIRECT_SLOTS; j++)
      if (s->count[j] &&
          add_target(&m->sites[i], ss_relocate(f, s->target[j]),
                     s->count[j]) != 0)
        goto overflow;
    if (add_checked(&m->sites[i].other, s->other) != 0)
      goto overflow;
  }
  /* The targets beyond the slots: each call of theirs is also in its
   * site's `other`, which keeps only what went unrecorded. */
  for (uint32_t i = 0; i < k->num_extra_targets; i++) {
    const struct ss_indirect_target_entry *e = &k->extra_targets[i];
    struct ss_site_targets *s = &m->sites[e->site];
    if (add_target(s, ss_relocate(f, e->target), e->count) != 0)
      goto overflow;
    s->other -= e->count < s->other ? e->count : s->other;
  }
  m->num_records++;
  return 0;
overflow:
  ss_err_set(err, "counts of module %s overflow 64 bits when merged",
             ss_desc_str(m->desc, m->desc->header.module_name));
  return -1;
}

static int check_same_run_kind(const struct ss_profile *p,
                               const struct ss_expfile *f,
                               struct ss_err *err) {
  const struct ss_expfile *first = p->files[0];
  if (strcmp(f->process.experiment, first->process.experiment) != 0) {
    ss_err_set(err, "experiment '%s' differs from '%s' in %s; merge only "
               "files of one experiment", f->process.experiment,
               first->process.experiment, first->name);
    return -1;
  }
  if (f->has_rank != first->has_rank) {
    const struct ss_expfile *in = f->has_rank ? f : first;
    ss_err_set(err, "%s is rank %d of an MPI job and %s ran outside MPI; "
               "merge only the ranks of one job", in->name, in->rank.rank,
               in == f ? first->name : f->name);
    return -1;
  }
  if (f->has_rank && strcmp(f->rank.job, first->rank.job) != 0) {
    ss_err_set(err, "MPI job '%s' differs from '%s' in %s; merge only the "
               "ranks of one job (ssprof -rank N reads one rank)",
               f->rank.job, first->rank.job, first->name);
    return -1;
  }
  if (!p->library && strcmp(ss_basename(f->process.target),
                            ss_basename(first->process.target)) != 0) {
    ss_err_set(err, "target program '%s' differs from '%s' in %s; merge only "
               "files of one program (or one library's counts over several "
               "programs with -lib)", ss_basename(f->process.target),
               ss_basename(first->process.target), first->name);
    return -1;
  }
  return 0;
}

/* A module of an earlier file with the same name but another descriptor
 * means the program was rebuilt between the runs. */
static int check_rebuilt(const struct ss_profile *p,
                         const struct ss_expfile *f,
                         const struct ss_counts *k, struct ss_err *err) {
  for (size_t i = 0; i < p->num_modules; i++) {
    const struct ss_merged_module *m = &p->modules[i];
    if (m->origin == f || same_descriptor(m->desc, &k->desc))
      continue;
    const char *mpath = m->map ? m->map->path : "";
    if (!same_identity(mpath, m->desc, map_path_of(f, k), &k->desc))
      continue;
    for (size_t j = 0; j < p->num_modules; j++)
      if (same_descriptor(p->modules[j].desc, &k->desc))
        return 0;
    ss_err_set(err, "module %s differs from the one in %s (different "
               "descriptor hash %016llx vs %016llx): the program was "
               "rebuilt; merge only files of one build (ssprof -diff "
               "compares two)",
               ss_desc_str(&k->desc, k->desc.header.module_name),
               m->origin->name,
               (unsigned long long)k->desc.header.module_hash,
               (unsigned long long)m->desc->header.module_hash);
    return -1;
  }
  return 0;
}

/* A map entry's object name: its basename, the target's for an unnamed
 * main entry. */
static const char *object_name(const struct ss_expfile *f,
                               const struct ss_map_entry *e) {
  return ss_basename(e->path[0] ? e->path : f->process.target);
}

/* Whether map entry `e` is the object -lib `name` names: its basename
 * ("libz.so.1.3"), or its start up to a '.' ("libz.so.1", "libz.so",
 * "libz"). */
static int is_library(const struct ss_expfile *f,
                      const struct ss_map_entry *e, const char *name) {
  const char *base = object_name(f, e), *want = ss_basename(name);
  size_t n = strlen(want);
  return strncmp(base, want, n) == 0 && (base[n] == '\0' || base[n] == '.');
}

/* Whether a file's module k is in the profile: with -lib, only the
 * library's. */
static int selected(const struct ss_profile *p, const struct ss_expfile *f,
                    const struct ss_counts *k) {
  return !p->library || (k->map_index != SS_NONE &&
                         is_library(f, &f->map[k->map_index], p->library));
}

static void add_dsos(struct ss_profile *p, size_t *cap,
                     const struct ss_expfile *f, int first_file) {
  for (uint32_t i = 0; i < f->num_map; i++) {
    const struct ss_map_entry *e = &f->map[i];
    if (p->library && !is_library(f, e, p->library))
      continue;
    int seen = 0;
    for (size_t j = 0; !first_file && j < p->num_dsos; j++)
      if (strcmp(p->dsos[j].entry->path, e->path) == 0)
        seen = 1;
    if (seen)
      continue;
    SS_GROW(p->dsos, *cap, p->num_dsos);
    p->dsos[p->num_dsos].entry = e;
    p->dsos[p->num_dsos].name =
        e->path[0] ? ss_basename(e->path) : ss_basename(p->target);
    p->num_dsos++;
  }
}

/* The build-id of the file's executable (its main map entry), or NULL. */
static const struct ss_map_entry *main_entry(const struct ss_expfile *f) {
  for (uint32_t i = 0; i < f->num_map; i++)
    if (f->map[i].flags & SS_MAP_MAIN)
      return &f->map[i];
  return NULL;
}

static void add_warning(struct ss_profile *p, char *line) {
  p->warnings = ss_xrealloc_array(p->warnings, p->num_warnings + 1,
                                  sizeof *p->warnings);
  p->warnings[p->num_warnings++] = line;
}

/* Files of one program but of different builds are merged, with a
 * warning: their functions may be listed twice, each build's apart. */
static void check_same_build(struct ss_profile *p, const struct ss_expfile *f) {
  const struct ss_expfile *first = p->files[0];
  const struct ss_map_entry *a = main_entry(first), *b = main_entry(f);
  if (!a || !b || !a->build_id_len || !b->build_id_len)
    return;
  if (a->build_id_len == b->build_id_len &&
      memcmp(a->build_id, b->build_id, a->build_id_len) == 0)
    return;
  add_warning(p, ss_xasprintf(
      "warning: %s comes from another build of %s than %s (build-id "
      "differs); both builds are summed, their functions apart (compare "
      "builds with ssprof -diff)", f->name, ss_basename(p->target),
      first->name));
}

static int has_library(const struct ss_profile *p,
                       const struct ss_expfile *f) {
  for (uint32_t i = 0; i < f->num_map; i++)
    if (is_library(f, &f->map[i], p->library))
      return 1;
  return 0;
}

/* -lib sums one build of the library: every file's entries for it must
 * have the build-id of the first one seen.  *seen (the first entry) and
 * *seen_in (its file) start NULL.  Returns 1 if the file has the library,
 * 0 if not, -1 with `err` set for another build. */
static int check_library_build(const struct ss_profile *p,
                               const struct ss_expfile *f,
                               const struct ss_map_entry **seen,
                               const struct ss_expfile **seen_in,
                               struct ss_err *err) {
  for (uint32_t i = 0; i < f->num_map; i++) {
    const struct ss_map_entry *e = &f->map[i];
    if (!is_library(f, e, p->library))
      continue;
    if (!*seen) {
      *seen = e;
      *seen_in = f;
      continue;
    }
    const struct ss_map_entry *a = *seen;
    if (a->build_id_len == e->build_id_len &&
        memcmp(a->build_id, e->build_id, a->build_id_len) == 0)
      continue;
    ss_err_set(err, "%s is another build of %s than the one in %s (build-id "
               "differs); -lib sums the counts of one build of a library",
               object_name(f, e), p->library, (*seen_in)->name);
    return -1;
  }
  return *seen_in != NULL && has_library(p, f);
}

/* The objects -lib leaves out, each named once. */
struct dropped {
  const char **names;
  size_t num, cap;
};

static void add_dropped(struct dropped *d, const char *name) {
  for (size_t i = 0; i < d->num; i++)
    if (strcmp(d->names[i], name) == 0)
      return;
  SS_GROW(d->names, d->cap, d->num);
  d->names[d->num++] = name;
}

/* "note: -lib libz.so: the counts of 2 other objects left out (minigzip,
 * example)" */
static void note_dropped(struct ss_profile *p, const struct dropped *d) {
  size_t len = 0;
  for (size_t i = 0; i < d->num; i++)
    len += strlen(d->names[i]) + 2;
  char *list = ss_xcalloc(len + 1, 1), *at = list;
  for (size_t i = 0; i < d->num; i++)
    at += sprintf(at, "%s%s", i ? ", " : "", d->names[i]);
  add_warning(p, ss_xasprintf("note: -lib %s: the counts of %zu other "
                              "object%s left out (%s)", p->library, d->num,
                              d->num == 1 ? "" : "s", list));
  free(list);
}

static void add_program(struct ss_profile *p, size_t *cap,
                        const struct ss_expfile *f) {
  const char *name = ss_basename(f->process.target);
  for (size_t i = 0; i < p->num_programs; i++)
    if (strcmp(p->programs[i], name) == 0)
      return;
  SS_GROW(p->programs, *cap, p->num_programs);
  p->programs[p->num_programs++] = name;
}

/* The library's path, for the listing: its first map entry's. */
static int find_library(struct ss_profile *p, struct ss_err *err) {
  for (size_t i = 0; i < p->num_modules; i++)
    if (p->modules[i].map) {
      p->library = p->modules[i].map->path;
      return 0;
    }
  ss_err_set(err, "no instrumented module of library '%s' in these files: "
             "-lib names a shared library built with sscc -fss-ideal that "
             "the programs load (ssprof -dsolist lists a file's DSOs)",
             p->library);
  return -1;
}

static int merge(struct ss_profile *p, struct ss_expfile **files,
                 size_t num_files, const char *library, struct ss_err *err,
                 const char **bad_file) {
  size_t module_cap = 0, dso_cap = 0, program_cap = 0;
  const struct ss_map_entry *lib_seen = NULL;
  const struct ss_expfile *lib_seen_in = NULL;
  struct dropped dropped = {0};
  memset(p, 0, sizeof *p);
  p->files = files;
  p->num_files = num_files;
  p->experiment = files[0]->process.experiment;
  p->target = files[0]->process.target;
  p->library = library;
  for (size_t fi = 0; fi < num_files; fi++) {
    const struct ss_expfile *f = files[fi];
    *bad_file = f->name;
    if (fi > 0 && check_same_run_kind(p, f, err) != 0)
      return -1;
    if (fi > 0 && !library)
      check_same_build(p, f);
    int has = library ? check_library_build(p, f, &lib_seen, &lib_seen_in,
                                            err)
                      : 0;
    if (has < 0) {
      free(dropped.names);
      return -1;
    }
    add_dsos(p, &dso_cap, f, fi == 0);
    if (has && p->num_programs == 0) /* the header's target: one that loads it */
      p->target = f->process.target;
    if (has)
      add_program(p, &program_cap, f);
    for (size_t ki = 0; ki < f->num_counts; ki++) {
      const struct ss_counts *k = &f->counts[ki];
      if (!selected(p, f, k)) {
        add_dropped(&dropped, k->map_index != SS_NONE
                                  ? object_name(f, &f->map[k->map_index])
                                  : "(unmapped)");
        continue;
      }
      if (check_rebuilt(p, f, k, err) != 0) {
        free(dropped.names);
        return -1;
      }
      struct ss_merged_module *m = NULL;
      for (size_t i = 0; i < p->num_modules && !m; i++)
        if (same_module(&p->modules[i], f, k))
          m = &p->modules[i];
      if (!m)
        m = new_module(p, &module_cap, f, k);
      if (add_counts(m, f, k, err) != 0) {
        free(dropped.names);
        return -1;
      }
    }
  }
  *bad_file = library ? files[0]->name : NULL;
  if (dropped.num)
    note_dropped(p, &dropped);
  free(dropped.names);
  if (library && find_library(p, err) != 0)
    return -1;
  *bad_file = NULL;
  return 0;
}

int ss_profile_merge(struct ss_profile *p, struct ss_expfile **files,
                     size_t num_files, struct ss_err *err,
                     const char **bad_file) {
  return merge(p, files, num_files, NULL, err, bad_file);
}

int ss_profile_merge_library(struct ss_profile *p, struct ss_expfile **files,
                             size_t num_files, const char *library,
                             struct ss_err *err, const char **bad_file) {
  return merge(p, files, num_files, library, err, bad_file);
}

void ss_profile_release(struct ss_profile *p) {
  for (size_t i = 0; i < p->num_modules; i++) {
    struct ss_merged_module *m = &p->modules[i];
    for (uint32_t j = 0; j < m->desc->header.num_indirect_sites; j++)
      free(m->sites[j].targets);
    free(m->sites);
    free(m->counters);
    free(m->function_locs);
  }
  free(p->modules);
  free(p->dsos);
  free(p->programs);
  for (size_t i = 0; i < p->num_warnings; i++)
    free(p->warnings[i]);
  free(p->warnings);
  memset(p, 0, sizeof *p);
}

const char *ss_module_dso_name(const struct ss_profile *p,
                               const struct ss_merged_module *m) {
  if (!m->map)
    return "?";
  if (m->map->path[0])
    return ss_basename(m->map->path);
  return ss_basename(p->target);
}
