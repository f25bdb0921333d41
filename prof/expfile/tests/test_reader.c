/*
 * test_reader.c -- the experiment file reader on damaged input.  Every
 * truncation of a valid file, a flipped byte anywhere in it, a bad magic,
 * a newer major version, records whose inner lengths lie, and descriptors
 * with out-of-range indices (with correct CRCs, so the descriptor checks
 * are what catch them) must each fail with one line, never crash; an
 * unknown record tag and a newer minor version must be accepted.  The
 * truncations, flips and lying lengths are run on a counting (ideal) file
 * and on a sampling (usertime) file with SAMPLING and SAMPLES records.
 *
 *   prof-reader-test [SSPROF SCRATCH_DIR]
 * With the two arguments, the damaged files are also given to the ssprof
 * binary, which must exit with status 1 after exactly one line on stderr
 * ("ssprof: <file>: ...") and nothing on stdout.
 */
#include "check.h"

#include "base.h"
#include "expfile.h"
#include "synth_experiment.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *ssprof_path, *scratch_dir;
static size_t binary_runs;

/* Parse a copy of the image; returns 0 if accepted, else -1 with err. */
static int parse_image(const uint8_t *image, size_t size, struct ss_err *err) {
  uint8_t *copy = ss_xmalloc(size ? size : 1);
  memcpy(copy, image, size);
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  int rc = ss_expfile_parse(f, "damaged", copy, size, err);
  ss_expfile_free(f);
  return rc;
}

static int one_line(const char *msg) {
  return msg[0] != 0 && strchr(msg, '\n') == NULL;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf = ss_xcalloc(1, 65536);
  *len = 0;
  if (f) {
    *len = fread(buf, 1, 65535, f);
    fclose(f);
  }
  return buf;
}

/* Run ssprof on the image: exit 1, one "ssprof: <file>: " line on stderr,
 * empty stdout. */
static void run_binary_expect_failure(const uint8_t *image, size_t size,
                                      const char *what) {
  if (!ssprof_path)
    return;
  char in[4096], out[4096], err[4096];
  snprintf(in, sizeof in, "%s/damaged.ideal.m1", scratch_dir);
  snprintf(out, sizeof out, "%s/stdout", scratch_dir);
  snprintf(err, sizeof err, "%s/stderr", scratch_dir);
  FILE *f = fopen(in, "wb");
  if (!f || fwrite(image, 1, size, f) != size || fclose(f) != 0) {
    fprintf(stderr, "cannot write %s\n", in);
    check_failures++;
    return;
  }
  pid_t pid = fork();
  if (pid == 0) {
    int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o < 0 || e < 0)
      _exit(125);
    dup2(o, 1);
    dup2(e, 2);
    execl(ssprof_path, "ssprof", in, (char *)NULL);
    _exit(126);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  binary_runs++;
  size_t out_len, err_len;
  char *o = read_file(out, &out_len), *e = read_file(err, &err_len);
  char prefix[4200];
  snprintf(prefix, sizeof prefix, "ssprof: %s: ", in);
  int newlines = 0;
  for (size_t i = 0; i < err_len; i++)
    newlines += e[i] == '\n';
  int ok = WIFEXITED(status) && WEXITSTATUS(status) == 1 && out_len == 0 &&
           newlines == 1 && e[err_len - 1] == '\n' &&
           strncmp(e, prefix, strlen(prefix)) == 0;
  check_count++;
  if (!ok) {
    fprintf(stderr, "%s: ssprof %s (status %d, %zu bytes out): %s", what,
            WIFSIGNALED(status) ? "crashed" : "misbehaved",
            WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status),
            out_len, e);
    check_failures++;
  }
  free(o);
  free(e);
}

static void expect_failure(const uint8_t *image, size_t size,
                           const char *expect_in_message, const char *what) {
  struct ss_err err = {{0}};
  int rc = parse_image(image, size, &err);
  check_count++;
  if (rc == 0) {
    fprintf(stderr, "%s: accepted\n", what);
    check_failures++;
  } else if (!one_line(err.msg) ||
             (expect_in_message && !strstr(err.msg, expect_in_message))) {
    fprintf(stderr, "%s: message \"%s\" (wanted \"%s\")\n", what, err.msg,
            expect_in_message ? expect_in_message : "one line");
    check_failures++;
  }
  run_binary_expect_failure(image, size, what);
}

/* Which valid file the damage starts from: counting, sampling, trace. */
enum { COUNTING_IMAGE, SAMPLING_IMAGE, TRACE_IMAGE, NUM_IMAGES };
static int sampling_image;

/* Two threads, three caliper points, stacks of depth 1 to 3, an
 * incomplete one. */
static const struct synth_sample reader_samples[] = {
    {2, 1, 0, 0, 3, {0x200001100, 0x200001200, 0x200001300}},
    {1, 2, 1, SS_SAMPLE_INCOMPLETE, 1, {0x200001180}},
    {1, 2, 0, 0, 2, {0x200001104, 0x200001204}},
};

static void sampling_options(struct synth_options *o) {
  synth_default_options(o);
  synth_set_sampling(o, "usertime");
  o->num_threads = 2;
  o->extra_calipers = 1;
  o->samples = reader_samples;
  o->num_samples = sizeof reader_samples / sizeof reader_samples[0];
}

/* io: two threads, three events (one on no known file), two names. */
static const struct synth_event reader_events[] = {
    {0, 1, SS_IO_WRITE, 0, SS_EVENT_LEAF_IS_CALL, 2, 500, {10, 3, 10},
     {0x200001105, 0x200001205}},
    {1, 1, SS_IO_READ, 1, SS_EVENT_LEAF_IS_CALL, 1, 700, {-9, 4, 100},
     {0x200001185}},
    {0, 2, SS_IO_CLOSE, SS_NONE, SS_EVENT_LEAF_IS_CALL | SS_SAMPLE_INCOMPLETE, 1,
     20, {0, 3, 0}, {0x200001109}},
};
static const char *const reader_names[] = {"/tmp/out.txt", "pipe:[7]"};

static void trace_options(struct synth_options *o) {
  synth_default_options(o);
  o->experiment = "io";
  o->marching_orders = "io:cu";
  o->trace_kind = SS_TRACE_IO;
  o->trace_flags = SS_TRACE_IO_STDIO;
  o->num_threads = 2;
  o->extra_calipers = 1;
  o->events = reader_events;
  o->num_events = sizeof reader_events / sizeof reader_events[0];
  o->names = reader_names;
  o->num_names = 2;
}

static uint8_t *valid_image(size_t *size) {
  struct synth_options o;
  if (sampling_image == TRACE_IMAGE)
    trace_options(&o);
  else if (sampling_image)
    sampling_options(&o);
  else {
    synth_default_options(&o);
    o.extra_targets = 2;
  }
  return synth_build(&o, size);
}

/* What the trace file decodes to. */
static void check_valid_trace(struct ss_expfile *f) {
  CHECK(f->has_trace);
  CHECK_I64(f->trace.kind, SS_TRACE_IO, "trace kind");
  CHECK_I64(f->trace.flags, SS_TRACE_IO_STDIO, "trace flags");
  CHECK_I64(f->trace.events, 3, "events");
  CHECK_I64(f->trace.incomplete, 1, "incomplete");
  CHECK_I64(f->trace.num_threads, 2, "threads");
  CHECK_STR(f->trace.how, "synthetic trace", "how");
  CHECK_I64(f->num_event_blocks, 2, "one EVENTS record per thread");
  CHECK_I64(f->num_events, 3, "events in the records");
  CHECK_I64(f->num_names, 2, "names");
  if (f->num_names == 2) {
    CHECK_STR(f->names[1].name, "pipe:[7]", "second name");
    CHECK_I64(f->names[0].how, SS_NAME_OPENED, "how the name was learnt");
  }
  if (f->num_event_blocks != 2)
    return;
  const struct ss_event_block *b = &f->event_blocks[0];
  CHECK_I64(b->num_events, 2, "thread 0 events");
  const uint8_t *p = b->data;
  struct ss_event_view e;
  ss_event_next(&p, &e);
  CHECK_I64(e.kind, SS_IO_WRITE, "first event's kind");
  CHECK_I64(e.depth, 2, "its depth");
  CHECK_I64(e.duration_ns, 500, "its duration");
  CHECK_I64(e.value[0], 10, "its result");
  CHECK_I64(ss_le64(e.addrs + 8), 0x200001205, "its caller");
  ss_event_next(&p, &e);
  CHECK_I64(e.object, SS_NONE, "an event on no known file");
  CHECK(p == b->data + b->size);
  p = f->event_blocks[1].data;
  ss_event_next(&p, &e);
  CHECK_I64(e.value[0], -9, "a failed call's -errno");
}

static void check_valid(void) {
  size_t size;
  uint8_t *image = valid_image(&size);
  struct ss_err err;
  CHECK(parse_image(image, size, &err) == 0);
  free(image);
  if (!sampling_image) {
    /* The targets beyond the site's slots, attached to its COUNTS. */
    image = valid_image(&size);
    struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
    if (ss_expfile_parse(f, "counting", image, size, &err) != 0) {
      fprintf(stderr, "counting image: %s\n", err.msg);
      check_failures++;
    } else if (f->num_counts == 1) {
      const struct ss_counts *k = &f->counts[0];
      CHECK_I64(k->num_extra_targets, 2, "extra targets");
      if (k->num_extra_targets == 2) {
        CHECK_I64(k->extra_targets[1].site, 0, "extra target's site");
        CHECK_I64(k->extra_targets[1].target, 0x200001310, "extra target");
        CHECK_I64(k->extra_targets[1].count, 2, "extra target's calls");
      }
      CHECK_I64(k->sites[0].other, 3, "other: all of them");
    }
    ss_expfile_free(f);
    return;
  }
  /* What the sampling or trace file decodes to. */
  image = valid_image(&size);
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  if (ss_expfile_parse(f, "sampling", image, size, &err) != 0) {
    fprintf(stderr, "sampling or trace image: %s\n", err.msg);
    check_failures++;
    ss_expfile_free(f);
    return;
  }
  if (sampling_image == TRACE_IMAGE) {
    check_valid_trace(f);
    ss_expfile_free(f);
    return;
  }
  CHECK(f->has_sampling);
  CHECK_I64(f->sampling.kind, SS_SAMPLING_USERTIME, "sampling kind");
  CHECK_I64(f->sampling.interval_ns, 30000000, "interval");
  CHECK_I64(f->sampling.samples, 4, "samples taken");
  CHECK_I64(f->sampling.incomplete, 1, "incomplete");
  CHECK_I64(f->sampling.num_threads, 2, "threads");
  CHECK_STR(f->sampling.clock, "synthetic timer", "clock");
  CHECK_I64(f->num_sample_blocks, 2, "one SAMPLES record per thread");
  CHECK_I64(f->num_samples, 4, "samples in the records");
  CHECK_I64(f->num_caliper_points, 3, "caliper points");
  if (f->num_sample_blocks == 2) {
    const struct ss_sample_block *b = &f->sample_blocks[0];
    CHECK_I64(b->thread_index, 0, "first block's thread");
    CHECK_I64(b->num_samples, 3, "thread 0 samples");
    const uint8_t *p = b->data;
    struct ss_sample_view v;
    ss_sample_next(&p, &v);
    CHECK_I64(v.depth, 3, "depth");
    CHECK_I64(v.caliper, 1, "caliper");
    CHECK_I64(ss_sample_addr(&v, 2), 0x200001300, "outermost address");
    ss_sample_next(&p, &v);
    ss_sample_next(&p, &v);
    CHECK_I64(v.depth, 2, "third sample's depth");
    CHECK_I64(v.caliper, 2, "third sample's caliper");
    CHECK_I64(ss_sample_addr(&v, 1), 0x200001204, "its return address");
    CHECK(p == b->data + b->size);
    b = &f->sample_blocks[1];
    p = b->data;
    ss_sample_next(&p, &v);
    CHECK_I64(b->thread_index, 1, "second block's thread");
    CHECK_I64(v.flags, SS_SAMPLE_INCOMPLETE, "flags");
  }
  ss_expfile_free(f);
}

static void check_truncations(void) {
  size_t size;
  uint8_t *image = valid_image(&size);
  for (size_t len = 0; len < size; len++) {
    char what[64];
    snprintf(what, sizeof what, "truncated to %zu of %zu bytes", len, size);
    expect_failure(image, len, len >= 8 ? "truncated" : NULL, what);
  }
  free(image);
}

/* Is byte `at` inside a record's tag field, the file header's minor
 * version or reserved field?  Flipping those may leave a valid file (an
 * unknown record is skipped; minors and reserved bits are ignored). */
static int flip_may_pass(const size_t *offsets, size_t n, size_t at) {
  if ((at >= 10 && at < 12) || (at >= 16 && at < 24))
    return 1;
  for (size_t i = 0; i < n; i++)
    if (at >= offsets[i] && at < offsets[i] + 4)
      return 1;
  return 0;
}

static void check_flips(void) {
  size_t size, offsets[64];
  uint8_t *image = valid_image(&size);
  size_t n = synth_record_offsets(image, size, offsets, 64);
  CHECK(n >= 5);
  for (size_t at = 0; at < size; at++) {
    for (int pattern = 0; pattern < 2; pattern++) {
      uint8_t *copy = ss_xmalloc(size);
      memcpy(copy, image, size);
      copy[at] ^= pattern ? 0x01 : 0xFF;
      struct ss_err err = {{0}};
      int rc = parse_image(copy, size, &err);
      check_count++;
      if (rc == 0 && !flip_may_pass(offsets, n, at)) {
        fprintf(stderr, "flip %#x at byte %zu: accepted\n",
                pattern ? 0x01 : 0xFF, at);
        check_failures++;
      }
      if (rc != 0 && !one_line(err.msg)) {
        fprintf(stderr, "flip at byte %zu: bad message\n", at);
        check_failures++;
      }
      free(copy);
    }
  }
  /* Under the binary: the first, a middle and the last payload byte, and
   * the CRC, of every record. */
  for (size_t i = 0; i < n; i++) {
    uint64_t len = ss_le64(image + offsets[i] + 8);
    size_t spots[4] = {offsets[i] + 4, offsets[i] + 16,
                       offsets[i] + 16 + len / 2, offsets[i] + 16 + len - 1};
    for (int k = 0; k < 4; k++) {
      if (len == 0 && k > 0)
        continue;
      uint8_t *copy = ss_xmalloc(size);
      memcpy(copy, image, size);
      copy[spots[k]] ^= 0x5A;
      char what[96];
      snprintf(what, sizeof what, "record %zu, byte %zu flipped", i, spots[k]);
      expect_failure(copy, size, NULL, what);
      free(copy);
    }
  }
  free(image);
}

static void check_header_damage(void) {
  size_t size;
  uint8_t *image = valid_image(&size);
  uint8_t *copy = ss_xmalloc(size);

  memcpy(copy, image, size);
  copy[0] = 'X';
  expect_failure(copy, size, "bad magic", "bad magic");

  memcpy(copy, image, size);
  memcpy(copy, "SSEXP\n\x1a\0", 8); /* text-mode damage */
  expect_failure(copy, size, "bad magic", "CRLF to LF");

  struct synth_options o;
  synth_default_options(&o);
  o.version_major = 2;
  uint8_t *newer = synth_build(&o, &size);
  expect_failure(newer, size, "newer", "newer major version");
  free(newer);

  memcpy(copy, image, size);
  ss_put_le32(copy + 12, 8); /* header size */
  expect_failure(copy, size, "header size", "header size too small");

  memcpy(copy, image, size);
  ss_put_le32(copy + 12, (uint32_t)size + 8);
  expect_failure(copy, size, "truncated", "header size beyond the file");
  free(copy);
  free(image);
}

static void check_accepted_variants(void) {
  struct synth_options o;
  struct ss_err err;
  size_t size;
  synth_default_options(&o);
  o.unknown_record = 1;
  uint8_t *image = synth_build(&o, &size);
  uint8_t *copy = ss_xmalloc(size);
  memcpy(copy, image, size);
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  int rc = ss_expfile_parse(f, "unknown-tag", copy, size, &err);
  CHECK(rc == 0);
  if (rc == 0) {
    CHECK_I64(f->num_unknown_records, 1, "unknown records skipped");
    CHECK_I64(f->num_counts, 1, "counts still read");
  }
  ss_expfile_free(f);
  free(image);

  synth_default_options(&o);
  o.version_minor = 7;
  image = synth_build(&o, &size);
  CHECK(parse_image(image, size, &err) == 0);
  free(image);

  /* A version 2 descriptor with loop remarks (sscc -fss-remarks). */
  synth_default_options(&o);
  o.remarks = 1;
  image = synth_build(&o, &size);
  copy = ss_xmalloc(size);
  memcpy(copy, image, size);
  f = ss_xcalloc(1, sizeof *f);
  rc = ss_expfile_parse(f, "remarks", copy, size, &err);
  CHECK(rc == 0);
  if (rc == 0 && f->num_counts == 1) {
    const struct ss_descriptor *d = &f->counts[0].desc;
    CHECK_I64(d->header.version, 2, "descriptor version");
    CHECK_I64(d->header.num_remarks, 3, "remarks");
    if (d->header.num_remarks == 3) {
      CHECK_I64(d->remarks[1].line, 12, "remark 1 line");
      CHECK_I64(d->remarks[1].column, 3, "remark 1 column");
      CHECK_I64(d->remarks[1].kind, SS_REMARK_FAILED, "remark 1 kind");
      CHECK_I64(d->remarks[1].flags,
                SS_REMARKF_NOT_VECTORIZED | SS_REMARKF_UNROLLED,
                "remark 1 flags");
      CHECK_STR(ss_desc_str(d, d->remarks[1].file), "synth.c",
                "remark 1 file");
      CHECK_STR(ss_desc_str(d, d->remarks[2].text),
                "completely unrolled (3 iterations)", "remark 2 text");
    }
  }
  ss_expfile_free(f);
  free(image);
}

/* Change bytes of one record's payload and give it a correct CRC, so the
 * record's own checks must catch the lie. */
static void damage_record(uint32_t tag, size_t at_from_end, size_t at,
                          uint32_t value, const char *expect,
                          const char *what) {
  size_t size, offsets[64];
  uint8_t *image = valid_image(&size);
  size_t n = synth_record_offsets(image, size, offsets, 64);
  for (size_t i = 0; i < n; i++) {
    if (ss_le32(image + offsets[i]) != tag)
      continue;
    uint64_t len = ss_le64(image + offsets[i] + 8);
    size_t pos = at_from_end ? offsets[i] + 16 + len - at_from_end
                             : offsets[i] + 16 + at;
    ss_put_le32(image + pos, value);
    synth_fix_crcs(image, size);
    expect_failure(image, size, expect, what);
    break;
  }
  free(image);
}

/* Lies inside the sampling records, with correct CRCs. */
static void check_sampling_damage(void) {
  /* SAMPLING: kind 9, interval 0, more lost than taken, a long clock. */
  damage_record(SS_REC_SAMPLING, 0, 0, 9, "unknown sampling kind",
                "sampling kind");
  damage_record(SS_REC_SAMPLING, 0, 8, 0, "interval is 0", "interval 0");
  damage_record(SS_REC_SAMPLING, 0, 24, 0xFFFFFFFF, "lost", "lost samples");
  damage_record(SS_REC_SAMPLING, 0, 48, 1000, "string", "clock string");
  /* SAMPLES (the first, thread 0 with 3 samples): thread 7 of 2; a
   * million samples; one sample more or less than the bytes hold; depth
   * 0; a depth past the end. */
  damage_record(SS_REC_SAMPLES, 0, 0, 7, "thread index 7", "thread index");
  damage_record(SS_REC_SAMPLES, 0, 8, 1000000, "do not fit", "sample count");
  damage_record(SS_REC_SAMPLES, 0, 8, 4, "runs past the end",
                "one sample too many");
  damage_record(SS_REC_SAMPLES, 0, 8, 2, "unexpected bytes",
                "one sample too few");
  damage_record(SS_REC_SAMPLES, 0, 16, 0, "depth 0", "depth 0");
  damage_record(SS_REC_SAMPLES, 0, 16, 60000, "runs past the end",
                "depth too large");
  /* SAMPLES without SAMPLING: its tag made unknown (tags are outside the
   * CRC, so only the cross-record check can catch it). */
  size_t size, offsets[64];
  uint8_t *image = valid_image(&size);
  size_t n = synth_record_offsets(image, size, offsets, 64);
  for (size_t i = 0; i < n; i++)
    if (ss_le32(image + offsets[i]) == SS_REC_SAMPLING) {
      ss_put_le32(image + offsets[i], 99);
      expect_failure(image, size, "no SAMPLING record", "SAMPLING missing");
    }
  free(image);
  /* Two SAMPLING records: the second SAMPLES record's tag turned into
   * SAMPLING (its payload is then a short SAMPLING record, or a second
   * one). */
  image = valid_image(&size);
  n = synth_record_offsets(image, size, offsets, 64);
  for (size_t i = n; i-- > 0;)
    if (ss_le32(image + offsets[i]) == SS_REC_SAMPLES) {
      ss_put_le32(image + offsets[i], SS_REC_SAMPLING);
      expect_failure(image, size, "SAMPLING record", "two SAMPLING records");
      break;
    }
  free(image);
}

static void check_record_damage(void) {
  /* COUNTS: num_counters (offset 8) no longer adds up. */
  damage_record(SS_REC_COUNTS, 0, 8, 11, "do not add up", "counter count");
  /* COUNTS: map index 7 of 1 entries. */
  damage_record(SS_REC_COUNTS, 0, 0, 7, "module map", "map index");
  /* END counts 99 records. */
  damage_record(SS_REC_END, 0, 0, 99, "END record", "END record count");
  /* PROCESS: the first string claims 1000 bytes. */
  damage_record(SS_REC_PROCESS, 0, 56, 1000, "string", "string length");
  /* PROCESS: the experiment name's NUL replaced ("ideal" at 60..64). */
  damage_record(SS_REC_PROCESS, 0, 62, 0x41414141, "NUL", "string NUL");
  /* MODULE_MAP: 1000 entries. */
  damage_record(SS_REC_MODULE_MAP, 0, 0, 1000, "entries", "map entries");
  /* NOTE: string length past the record. */
  damage_record(SS_REC_NOTE, 0, 16, 500, "string", "note string");
  /* INDIRECT_TARGETS: for 5 sites, an entry naming site 7. */
  damage_record(SS_REC_INDIRECT_TARGETS, 0, 0, 5, "is for 5 indirect sites",
                "targets' site count");
  damage_record(SS_REC_INDIRECT_TARGETS, 0, 8, 7, "names site 7",
                "target's site");

  /* Data after the END record, and nonzero padding. */
  size_t size;
  uint8_t *image = valid_image(&size);
  uint8_t *longer = ss_xcalloc(1, size + 16);
  memcpy(longer, image, size);
  expect_failure(longer, size + 16, "after the END", "data after END");
  free(longer);
  size_t offsets[64];
  size_t n = synth_record_offsets(image, size, offsets, 64);
  for (size_t i = 0; i < n; i++) {
    uint64_t len = ss_le64(image + offsets[i] + 8);
    if (len % 8) {
      image[offsets[i] + 16 + len] = 1;
      expect_failure(image, size, "padding", "nonzero padding");
      break;
    }
  }
  free(image);
}

static const struct {
  enum synth_desc_fault fault;
  const char *message;
} faults[] = {
    {SYNTH_FAULT_EDGE_ENDPOINT, "leaves the function"},
    {SYNTH_FAULT_COUNTER_INDEX, "counter 10"},
    {SYNTH_FAULT_STRTAB_OFFSET, "string table"},
    {SYNTH_FAULT_BLOCK_RANGE, "blocks 14+8"},
    {SYNTH_FAULT_EDGE_RANGE, "edges 13+16"},
    {SYNTH_FAULT_LOOP_HEADER, "header block 50"},
    {SYNTH_FAULT_LOOP_PARENT, "parent loop 5"},
    {SYNTH_FAULT_CALL_BLOCK, "block 40"},
    {SYNTH_FAULT_INDIRECT_SITE, "indirect site 3"},
    {SYNTH_FAULT_LINE_RANGE, "lines 1000"},
    {SYNTH_FAULT_STRTAB_NUL, "NUL"},
    {SYNTH_FAULT_SIZE, "need"},
    {SYNTH_FAULT_VERSION, "version 5"},
    {SYNTH_FAULT_EDGE_KIND, "kind 9"},
    {SYNTH_FAULT_REMARK_STRING, "remark 1 names a string"},
    {SYNTH_FAULT_REMARK_KIND, "remark 0 has unknown kind 7"},
    {SYNTH_FAULT_REMARK_VERSION, "version 1 has 3 remarks"},
};

static void check_descriptor_faults(void) {
  for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
    struct synth_options o;
    size_t size;
    synth_default_options(&o);
    o.fault = faults[i].fault;
    uint8_t *image = synth_build(&o, &size); /* CRCs are right */
    char what[64];
    snprintf(what, sizeof what, "descriptor fault %d", (int)faults[i].fault);
    expect_failure(image, size, faults[i].message, what);
    struct ss_err err;
    if (parse_image(image, size, &err) != 0 &&
        !strstr(err.msg, "module descriptor")) {
      fprintf(stderr, "%s: not caught by the descriptor checks: %s\n", what,
              err.msg);
      check_failures++;
    }
    free(image);
  }
}

/* COUNTS records with sparse words (as libssrt writes them) read back as
 * the same counters, addresses and sites as with every word written out,
 * with and without an indirect call in the slots; a sparse record whose words end early,
 * whose mask marks a word past the record's, or with bytes left after its
 * words is refused. */
static struct ss_counts *parse_counts_of(const struct synth_options *o,
                                         struct ss_expfile **f) {
  struct ss_err err;
  size_t size;
  uint8_t *image = synth_build(o, &size);
  *f = ss_xcalloc(1, sizeof **f);
  int rc = ss_expfile_parse(*f, "sparse", image, size, &err);
  CHECK(rc == 0 && (*f)->num_counts == 1);
  return rc == 0 && (*f)->num_counts == 1 ? &(*f)->counts[0] : NULL;
}

static void check_sparse_words(void) {
  struct synth_options o;
  for (int scenario = 0; scenario <= 1; scenario++) {
    struct ss_expfile *full_file, *sparse_file;
    synth_default_options(&o);
    if (scenario) { /* no indirect call; the site's other calls, 6 */
      o.scenario = SYNTH_FORKED_CHILD;
      o.extra_targets = 3;
    }
    struct ss_counts *full = parse_counts_of(&o, &full_file);
    o.words = SYNTH_WORDS_SPARSE;
    struct ss_counts *sparse = parse_counts_of(&o, &sparse_file);
    CHECK(full && sparse);
    if (full && sparse) {
      CHECK(memcmp(full->counters, sparse->counters,
                   full->num_counters * sizeof *full->counters) == 0);
      CHECK(memcmp(full->function_addrs, sparse->function_addrs,
                   full->num_functions * sizeof *full->function_addrs) == 0);
      CHECK(memcmp(full->sites, sparse->sites,
                   full->num_indirect_sites * sizeof *full->sites) == 0);
    }
    ss_expfile_free(full_file);
    ss_expfile_free(sparse_file);
  }
  static const struct {
    enum synth_words words;
    const char *message;
  } damage[] = {
      {SYNTH_WORDS_SPARSE_SHORT, "end inside a group"},
      {SYNTH_WORDS_SPARSE_PAST, "past the"},
      {SYNTH_WORDS_SPARSE_EXTRA, "bytes after its sparse words"},
  };
  for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++) {
    size_t size;
    synth_default_options(&o);
    o.words = damage[i].words;
    uint8_t *image = synth_build(&o, &size); /* CRCs are right */
    char what[64];
    snprintf(what, sizeof what, "sparse words damage %zu", i);
    expect_failure(image, size, damage[i].message, what);
    free(image);
  }
}

/* Descriptors packed with zlib (as sscc emits them) read back as the same
 * bytes as the raw descriptor; a packed one that names another method,
 * claims more than zlib can give from its stream, holds less than it
 * claims or has a damaged stream is refused, and so is a packed
 * descriptor whose content is wrong. */
static uint8_t *parse_descriptor(const struct synth_options *o,
                                 uint64_t *desc_size) {
  struct ss_err err;
  size_t size;
  uint8_t *image = synth_build(o, &size);
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  uint8_t *bytes = NULL;
  int rc = ss_expfile_parse(f, "packed", image, size, &err);
  CHECK(rc == 0 && f->num_counts == 1);
  if (rc == 0 && f->num_counts == 1) {
    *desc_size = f->counts[0].desc.size;
    bytes = ss_xmalloc(*desc_size);
    memcpy(bytes, f->counts[0].desc.blob, *desc_size);
  }
  ss_expfile_free(f); /* frees the image too */
  return bytes;
}

static void check_packed_descriptors(void) {
  struct synth_options o;
  for (int remarks = 0; remarks <= 1; remarks++) {
    uint64_t raw_size = 0, packed_size = 0;
    synth_default_options(&o);
    o.remarks = remarks;
    uint8_t *raw = parse_descriptor(&o, &raw_size);
    for (int method = 1; method <= 2; method++) {
      o.packing = method == 1 ? SYNTH_PACKED : SYNTH_PACKED_COLUMNS;
      uint8_t *packed = parse_descriptor(&o, &packed_size);
      CHECK(raw && packed && raw_size == packed_size &&
            memcmp(raw, packed, raw_size) == 0);
      free(packed);
    }
    free(raw);
  }
  static const struct {
    enum synth_packing packing;
    enum synth_desc_fault fault;
    const char *message;
  } damage[] = {
      {SYNTH_PACKED_METHOD, SYNTH_FAULT_NONE, "uses method 3"},
      {SYNTH_PACKED_CLAIM, SYNTH_FAULT_NONE, "claims"},
      {SYNTH_PACKED_LONGER, SYNTH_FAULT_NONE, "does not inflate"},
      {SYNTH_PACKED_DAMAGED, SYNTH_FAULT_NONE, "does not inflate"},
      {SYNTH_PACKED, SYNTH_FAULT_EDGE_ENDPOINT, "leaves the function"},
      {SYNTH_PACKED, SYNTH_FAULT_STRTAB_NUL, "NUL"},
      {SYNTH_PACKED_COLUMNS, SYNTH_FAULT_EDGE_ENDPOINT, "leaves the function"},
  };
  for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++) {
    size_t size;
    synth_default_options(&o);
    o.packing = damage[i].packing;
    o.fault = damage[i].fault;
    uint8_t *image = synth_build(&o, &size); /* CRCs are right */
    char what[64];
    snprintf(what, sizeof what, "packed descriptor damage %zu", i);
    expect_failure(image, size, damage[i].message, what);
    free(image);
  }
}

/* The RANK record of a file written under MPI: read back, and refused
 * when its rank is outside the job, it is cut short or comes twice. */
static void check_rank(void) {
  struct synth_options o;
  struct ss_err err;
  size_t size;
  synth_default_options(&o);
  o.mpi_job = "job-42";
  o.mpi_rank = 2;
  o.mpi_size = 4;
  uint8_t *image = synth_build(&o, &size);
  uint8_t *copy = ss_xmalloc(size);
  memcpy(copy, image, size);
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  int rc = ss_expfile_parse(f, "rank", copy, size, &err);
  CHECK(rc == 0);
  if (rc == 0) {
    CHECK(f->has_rank);
    CHECK_I64(f->rank.rank, 2, "rank");
    CHECK_I64(f->rank.size, 4, "size");
    CHECK_I64(f->rank.how, SS_RANK_FROM_MPI, "how");
    CHECK_STR(f->rank.job, "job-42", "job");
  }
  ss_expfile_free(f);
  free(image);

  synth_default_options(&o);
  image = synth_build(&o, &size);
  CHECK(parse_image(image, size, &err) == 0);
  free(image);

  o.mpi_job = "job-42";
  o.mpi_rank = 4;
  o.mpi_size = 4;
  image = synth_build(&o, &size);
  expect_failure(image, size, "rank 4 outside the job's 4 ranks",
                 "rank past the job's size");
  free(image);
  o.mpi_rank = -1;
  o.mpi_size = 0;
  image = synth_build(&o, &size);
  expect_failure(image, size, "rank -1 outside", "negative rank");
  free(image);
  /* The job string's length made to run past the record. */
  o.mpi_rank = 1;
  o.mpi_size = 4;
  image = synth_build(&o, &size);
  size_t offsets[64];
  size_t n = synth_record_offsets(image, size, offsets, 64);
  for (size_t i = 0; i < n; i++)
    if (ss_le32(image + offsets[i]) == SS_REC_RANK) {
      ss_put_le32(image + offsets[i] + 16 + 16, 1000);
      synth_fix_crcs(image, size);
      expect_failure(image, size, "RANK record", "job string too long");
    }
  free(image);
}

/* Lies inside the trace records, with correct CRCs. */
static void check_trace_damage(void) {
  /* TRACE: kind 9, more lost than recorded, a long string. */
  damage_record(SS_REC_TRACE, 0, 0, 9, "unknown trace kind", "trace kind");
  damage_record(SS_REC_TRACE, 0, 16, 0xFFFFFFFF, "lost", "lost events");
  damage_record(SS_REC_TRACE, 0, 48, 1000, "string", "how string");
  /* EVENTS (the first, thread 0 with 2 events): thread 7 of 2; a million
   * events; one event more or less than the bytes hold; depth 0; a depth
   * past the end; an unknown kind; a file past the names. */
  damage_record(SS_REC_EVENTS, 0, 0, 7, "thread index 7", "thread index");
  damage_record(SS_REC_EVENTS, 0, 8, 1000000, "do not fit", "event count");
  damage_record(SS_REC_EVENTS, 0, 8, 3, "do not fit", "one event too many");
  damage_record(SS_REC_EVENTS, 0, 8, 1, "unexpected bytes",
                "one event too few");
  damage_record(SS_REC_EVENTS, 0, 16, 0, "depth 0", "event depth 0");
  damage_record(SS_REC_EVENTS, 0, 16, 60000, "runs past the end",
                "event depth too large");
  damage_record(SS_REC_EVENTS, 0, 16 + 8, 99, "kind 99", "event kind");
  damage_record(SS_REC_EVENTS, 0, 16 + 12, 5, "names file 5", "event file");
  /* TRACE_NAMES: a million names; a name learnt in no known way. */
  damage_record(SS_REC_TRACE_NAMES, 0, 0, 1000000, "do not fit", "names");
  damage_record(SS_REC_TRACE_NAMES, 0, 8, 77, "unknown way", "name's how");
  /* EVENTS without TRACE: its tag made unknown. */
  size_t size, offsets[64];
  uint8_t *image = valid_image(&size);
  size_t n = synth_record_offsets(image, size, offsets, 64);
  for (size_t i = 0; i < n; i++)
    if (ss_le32(image + offsets[i]) == SS_REC_TRACE) {
      ss_put_le32(image + offsets[i], 99);
      expect_failure(image, size, "no TRACE record", "TRACE missing");
    }
  free(image);
}

int main(int argc, char **argv) {
  if (argc == 3) {
    ssprof_path = argv[1];
    scratch_dir = argv[2];
    mkdir(scratch_dir, 0755);
  } else if (argc != 1) {
    fprintf(stderr, "usage: prof-reader-test [SSPROF SCRATCH_DIR]\n");
    return 2;
  }
  for (sampling_image = 0; sampling_image < NUM_IMAGES; sampling_image++) {
    check_valid();
    check_truncations();
    check_flips();
  }
  sampling_image = 0;
  check_header_damage();
  check_accepted_variants();
  check_record_damage();
  check_descriptor_faults();
  check_packed_descriptors();
  check_sparse_words();
  check_rank();
  sampling_image = SAMPLING_IMAGE;
  check_sampling_damage();
  sampling_image = TRACE_IMAGE;
  check_trace_damage();
  if (ssprof_path)
    printf("prof-reader-test: %zu ssprof runs\n", binary_runs);
  return check_finish("prof-reader-test");
}
