/* record_writer.c -- buffered, CRC'd record output (see record_writer.h;
 * rules: rt/README.md). */
#define _GNU_SOURCE
#include "record_writer.h"

#include "crc32.h"
#include "safe_string.h"
#include "ss/format.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static uint8_t buffer[64 * 1024];

void ssrt_writer_start(struct ssrt_writer *w, int fd) {
  w->fd = fd;
  w->error = 0;
  w->flushed = 0;
  w->used = 0;
  w->record_start = 0;
  w->record_length = 0;
  w->record_tag = 0;
  w->record_crc = 0;
  w->records = 0;
}

static void write_all(struct ssrt_writer *w, const uint8_t *data, size_t n) {
  size_t done = 0;
  while (!w->error && done < n) {
    ssize_t k = write(w->fd, data + done, n - done);
    if (k < 0 && errno == EINTR)
      continue;
    if (k < 0)
      w->error = errno;
    else if (k == 0)
      w->error = EIO;
    else
      done += (size_t)k;
  }
}

static void flush(struct ssrt_writer *w) {
  write_all(w, buffer, w->used);
  w->flushed += w->used;
  w->used = 0;
}

void ssrt_writer_put_raw(struct ssrt_writer *w, const void *data, size_t n) {
  const uint8_t *p = data;
  if (n >= sizeof buffer) {
    /* A descriptor, a large table: written from where it is, not copied
     * through the buffer. */
    flush(w);
    write_all(w, p, n);
    w->flushed += n;
    return;
  }
  while (n > 0 && !w->error) {
    if (w->used == sizeof buffer)
      flush(w);
    size_t chunk = sizeof buffer - w->used;
    if (chunk > n)
      chunk = n;
    memcpy(buffer + w->used, p, chunk);
    w->used += chunk;
    p += chunk;
    n -= chunk;
  }
}

void ssrt_record_begin(struct ssrt_writer *w, uint32_t tag) {
  /* Zeros where the header goes; ssrt_record_end writes the real one. */
  static const uint8_t header_slot[sizeof(struct ss_record_header)];
  w->record_start = w->flushed + w->used;
  w->record_tag = tag;
  w->record_crc = 0;
  w->record_length = 0;
  ssrt_writer_put_raw(w, header_slot, sizeof header_slot);
}

void ssrt_record_put(struct ssrt_writer *w, const void *data, size_t n) {
  w->record_crc = ss_crc32(w->record_crc, data, n);
  w->record_length += n;
  ssrt_writer_put_raw(w, data, n);
}

void ssrt_record_put_with_crc(struct ssrt_writer *w, const void *data,
                              size_t n, uint32_t crc) {
  w->record_crc = ss_crc32_combine(w->record_crc, crc, n);
  w->record_length += n;
  ssrt_writer_put_raw(w, data, n);
}

void ssrt_record_put_string_n(struct ssrt_writer *w, const char *s, size_t n) {
  uint32_t len = (uint32_t)n;
  ssrt_record_put(w, &len, sizeof len);
  ssrt_record_put(w, s, n);
  ssrt_record_put(w, "", 1);
}

void ssrt_record_put_string(struct ssrt_writer *w, const char *s) {
  ssrt_record_put_string_n(w, s ? s : "", s ? ssrt_strlen(s) : 0);
}

static void patch_header(struct ssrt_writer *w,
                         const struct ss_record_header *h) {
  const uint8_t *bytes = (const uint8_t *)h;
  /* The header may straddle a flush: its first bytes in the file, the
   * rest still in the buffer (which a later flush writes over the file). */
  size_t on_disk = 0;
  if (w->record_start < w->flushed) {
    uint64_t before = w->flushed - w->record_start;
    on_disk = before < sizeof *h ? (size_t)before : sizeof *h;
  }
  for (size_t i = on_disk; i < sizeof *h; i++)
    buffer[w->record_start + i - w->flushed] = bytes[i];
  size_t done = 0;
  while (!w->error && done < on_disk) {
    ssize_t n = pwrite(w->fd, bytes + done, on_disk - done,
                       (off_t)(w->record_start + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      w->error = n < 0 ? errno : EIO;
    else
      done += (size_t)n;
  }
}

void ssrt_record_end(struct ssrt_writer *w) {
  static const uint8_t zeros[8];
  size_t pad = (size_t)((8 - w->record_length % 8) % 8);
  ssrt_writer_put_raw(w, zeros, pad);
  struct ss_record_header h;
  h.tag = w->record_tag;
  h.crc = w->record_crc;
  h.length = w->record_length;
  patch_header(w, &h);
  w->records++;
}

int ssrt_writer_finish(struct ssrt_writer *w) {
  flush(w);
  return w->error;
}
