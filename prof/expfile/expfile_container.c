/* expfile_container.c -- file header and record framing checks. */
#include "expfile_container.h"

#include "base.h"
#include "crc32.h"
#include "ss/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FILE_HEADER_SIZE = 24, RECORD_HEADER_SIZE = 16, END_PAYLOAD_SIZE = 8 };

const char *ss_record_tag_name(uint32_t tag) {
  switch (tag) {
  case SS_REC_PROCESS:
    return "PROCESS";
  case SS_REC_MODULE_MAP:
    return "MODULE_MAP";
  case SS_REC_COUNTS:
    return "COUNTS";
  case SS_REC_NOTE:
    return "NOTE";
  case SS_REC_USAGE:
    return "USAGE";
  case SS_REC_SAMPLING:
    return "SAMPLING";
  case SS_REC_SAMPLES:
    return "SAMPLES";
  case SS_REC_INDIRECT_TARGETS:
    return "INDIRECT_TARGETS";
  case SS_REC_END:
    return "END";
  default:
    return "unknown";
  }
}

static int check_file_header(const uint8_t *data, uint64_t size,
                             struct ss_container *c, struct ss_err *err) {
  if (size == 0) {
    ss_err_set(err, "truncated: the file is empty");
    return -1;
  }
  if (size < 8) {
    if (memcmp(data, SS_FILE_MAGIC, (size_t)size) == 0)
      ss_err_set(err, "truncated: %llu bytes, shorter than the file header",
                 (unsigned long long)size);
    else
      ss_err_set(err, "not a SpeedShop experiment file (bad magic number)");
    return -1;
  }
  if (memcmp(data, SS_FILE_MAGIC, 8) != 0) {
    ss_err_set(err, "not a SpeedShop experiment file (bad magic number)");
    return -1;
  }
  if (size < FILE_HEADER_SIZE) {
    ss_err_set(err, "truncated: %llu bytes, shorter than the %d-byte file "
               "header", (unsigned long long)size, FILE_HEADER_SIZE);
    return -1;
  }
  c->version_major = ss_le16(data + 8);
  c->version_minor = ss_le16(data + 10);
  c->header_size = ss_le32(data + 12);
  if (c->version_major > SS_FILE_VERSION_MAJOR) {
    ss_err_set(err, "file format version %u.%u is newer than this ssprof "
               "reads (%u.x); use a newer ssprof", c->version_major,
               c->version_minor, SS_FILE_VERSION_MAJOR);
    return -1;
  }
  if (c->version_major == 0) {
    ss_err_set(err, "file format version 0.%u is not supported",
               c->version_minor);
    return -1;
  }
  if (c->header_size < FILE_HEADER_SIZE) {
    ss_err_set(err, "file header size %u is invalid (at least %d)",
               c->header_size, FILE_HEADER_SIZE);
    return -1;
  }
  if (c->header_size > size) {
    ss_err_set(err, "truncated: the file header claims %u bytes, the file "
               "has %llu", c->header_size, (unsigned long long)size);
    return -1;
  }
  return 0;
}

static void describe(char *buf, size_t n, uint32_t index, uint32_t tag,
                     uint64_t offset) {
  if (tag == SS_NONE)
    snprintf(buf, n, "record %u at offset %llu", index,
             (unsigned long long)offset);
  else
    snprintf(buf, n, "record %u (%s, tag %u) at offset %llu", index,
             ss_record_tag_name(tag), tag, (unsigned long long)offset);
}

/* Frame one record at `off`; on success fills `r` and the padded size. */
static int frame_record(const uint8_t *data, uint64_t size, uint64_t off,
                        uint32_t index, struct ss_raw_record *r,
                        uint64_t *padded, struct ss_err *err) {
  char what[128];
  uint64_t left = size - off;
  if (left < RECORD_HEADER_SIZE) {
    describe(what, sizeof what, index, SS_NONE, off);
    ss_err_set(err, "truncated: %s is cut off in its header", what);
    return -1;
  }
  const uint8_t *h = data + off;
  r->index = index;
  r->tag = ss_le32(h);
  r->offset = off;
  r->length = ss_le64(h + 8);
  r->payload = h + RECORD_HEADER_SIZE;
  uint32_t crc = ss_le32(h + 4);
  describe(what, sizeof what, index, r->tag, off);
  if (r->tag == 0) {
    ss_err_set(err, "%s was never completed (its header is blank)", what);
    return -1;
  }
  left -= RECORD_HEADER_SIZE;
  if (r->length > left) {
    ss_err_set(err, "truncated: %s claims %llu payload bytes, only %llu "
               "remain", what, (unsigned long long)r->length,
               (unsigned long long)left);
    return -1;
  }
  uint64_t pad = (8 - r->length % 8) % 8;
  if (pad > left - r->length) {
    ss_err_set(err, "truncated: %s is cut off in its padding", what);
    return -1;
  }
  for (uint64_t i = 0; i < pad; i++)
    if (r->payload[r->length + i] != 0) {
      ss_err_set(err, "%s has nonzero padding: the file is corrupt", what);
      return -1;
    }
  uint32_t actual = ss_crc32(0, r->payload, (size_t)r->length);
  if (actual != crc) {
    ss_err_set(err, "%s fails its CRC check (stored %08x, computed %08x): "
               "the file is corrupt", what, crc, actual);
    return -1;
  }
  *padded = RECORD_HEADER_SIZE + r->length + pad;
  return 0;
}

static int check_end_record(const struct ss_raw_record *r, uint64_t end,
                            uint64_t size, uint16_t minor,
                            struct ss_err *err) {
  if (end != size) {
    ss_err_set(err, "%llu bytes of data after the END record at offset %llu",
               (unsigned long long)(size - end),
               (unsigned long long)r->offset);
    return -1;
  }
  if (r->length < END_PAYLOAD_SIZE ||
      (r->length != END_PAYLOAD_SIZE && minor <= SS_FILE_VERSION_MINOR)) {
    ss_err_set(err, "END record at offset %llu has %llu payload bytes, "
               "expected %d", (unsigned long long)r->offset,
               (unsigned long long)r->length, END_PAYLOAD_SIZE);
    return -1;
  }
  uint32_t counted = ss_le32(r->payload);
  if (counted != r->index) {
    ss_err_set(err, "END record counts %u records before it, the file has %u",
               counted, r->index);
    return -1;
  }
  return 0;
}

int ss_container_scan(const uint8_t *data, uint64_t size,
                      struct ss_container *c, struct ss_err *err) {
  size_t cap = 0;
  memset(c, 0, sizeof *c);
  if (check_file_header(data, size, c, err) != 0)
    return -1;
  uint64_t off = c->header_size;
  for (;;) {
    if (off == size) {
      ss_err_set(err, "truncated: no END record (the file stops after %u "
                 "records)", c->num_records);
      goto fail;
    }
    struct ss_raw_record r = {0, SS_NONE, 0, NULL, 0};
    uint64_t padded = 0;
    if (frame_record(data, size, off, c->num_records, &r, &padded, err) != 0) {
      c->unfinished = r.tag == 0;
      goto fail;
    }
    SS_GROW(c->records, cap, c->num_records);
    c->records[c->num_records++] = r;
    off += padded;
    if (r.tag == SS_REC_END) {
      if (check_end_record(&r, off, size, c->version_minor, err) != 0)
        goto fail;
      return 0;
    }
  }
fail:
  ss_container_release(c);
  return -1;
}

void ss_container_release(struct ss_container *c) {
  free(c->records);
  c->records = NULL;
  c->num_records = 0;
}
