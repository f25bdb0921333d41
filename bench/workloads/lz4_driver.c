/*
 * lz4_driver.c -- LZ4 compression and decompression of a text-like buffer:
 * the fast compressor at two accelerations, the high-compression one, and
 * the frame format with its xxHash content checksum.
 *
 * Linked with the LZ4 library sources (bench/fetch-lz4.sh: lz4.c, lz4hc.c,
 * lz4frame.c, xxhash.c), compiled in the same configuration.  The input is
 * words drawn from a small vocabulary by a fixed random sequence, so it
 * compresses about as text does and is the same on every machine.  Every
 * compressed buffer is decompressed and compared with the input; the sizes
 * and an XXH64 of each compressed buffer are printed, so a build that
 * computed anything differently prints a different line.
 *
 *   usage: lz4_driver [kib]     (input size in KiB, default 4096)
 */
#include "lz4.h"
#include "lz4frame.h"
#include "lz4hc.h"
#include "wl.h"
#include "xxhash.h"
#include <string.h>

static const char *const words[] = {
    "the",     "of",      "and",   "to",       "in",     "a",        "is",      "that",
    "for",     "it",      "as",    "was",      "with",   "be",       "by",      "on",
    "not",     "he",      "this",  "are",      "or",     "his",      "from",    "at",
    "which",   "but",     "have",  "an",       "had",    "they",     "you",     "were",
    "counter", "block",   "edge",  "function", "loop",   "compiler", "profile", "ideal",
    "machine", "cycle",   "cache", "memory",   "branch", "register", "thread",  "instruction",
    "static",  "inline",  "const", "return",   "while",  "switch",   "struct",  "unsigned",
    "sqlite",  "valgrind", "llvm", "speedshop", "prof",  "sample",   "caliper", "experiment",
};

static void die(const char *what) {
  fprintf(stderr, "lz4_driver: %s\n", what);
  exit(1);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    die("out of memory");
  return p;
}

static void check_same(const char *what, const char *a, const char *b, size_t n) {
  if (memcmp(a, b, n) != 0) {
    fprintf(stderr, "lz4_driver: %s: round trip differs\n", what);
    exit(1);
  }
}

int main(int argc, char **argv) {
  size_t size = (size_t)wl_arg(argc, argv, 1, 4096) * 1024;
  char *src = xmalloc(size);
  uint64_t rng = 42;
  size_t n = 0;
  while (n < size) {
    uint64_t r = wl_rand(&rng);
    /* Frequent words more often: the low bits pick among the first 16. */
    const char *w = words[(r & 3) ? (r >> 8) % 16 : (r >> 8) % (sizeof words / sizeof *words)];
    for (; *w && n < size; w++)
      src[n++] = *w;
    if (n < size)
      src[n++] = (r >> 32) % 13 == 0 ? '\n' : ' ';
  }

  int bound = LZ4_compressBound((int)size);
  char *dst = xmalloc((size_t)bound);
  char *back = xmalloc(size);
  uint64_t checksum = WL_FOLD_INIT;

  /* The fast compressor, default and accelerated. */
  for (int accel = 1; accel <= 8; accel *= 8) {
    int c = LZ4_compress_fast(src, dst, (int)size, bound, accel);
    if (c <= 0)
      die("LZ4_compress_fast failed");
    int d = LZ4_decompress_safe(dst, back, c, (int)size);
    if (d != (int)size)
      die("LZ4_decompress_safe failed");
    check_same("LZ4_compress_fast", src, back, size);
    checksum = wl_fold(wl_fold(checksum, (uint64_t)c), XXH64(dst, (size_t)c, 0));
    printf("lz4_driver: fast, acceleration %d: %zu -> %d bytes\n", accel, size, c);
  }

  /* The high-compression one. */
  int hc = LZ4_compress_HC(src, dst, (int)size, bound, 9);
  if (hc <= 0)
    die("LZ4_compress_HC failed");
  if (LZ4_decompress_safe(dst, back, hc, (int)size) != (int)size)
    die("LZ4_decompress_safe (HC) failed");
  check_same("LZ4_compress_HC", src, back, size);
  checksum = wl_fold(wl_fold(checksum, (uint64_t)hc), XXH64(dst, (size_t)hc, 0));
  printf("lz4_driver: HC level 9: %zu -> %d bytes\n", size, hc);

  /* The frame format: blocks of 64 KiB, linked, with a content checksum. */
  LZ4F_preferences_t prefs;
  memset(&prefs, 0, sizeof prefs);
  prefs.frameInfo.blockSizeID = LZ4F_max64KB;
  prefs.frameInfo.blockMode = LZ4F_blockLinked;
  prefs.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
  size_t fbound = LZ4F_compressFrameBound(size, &prefs);
  char *frame = xmalloc(fbound);
  size_t fc = LZ4F_compressFrame(frame, fbound, src, size, &prefs);
  if (LZ4F_isError(fc))
    die(LZ4F_getErrorName(fc));
  LZ4F_dctx *dctx;
  if (LZ4F_isError(LZ4F_createDecompressionContext(&dctx, LZ4F_VERSION)))
    die("LZ4F_createDecompressionContext failed");
  size_t in_pos = 0, out_pos = 0;
  while (in_pos < fc) {
    size_t in_len = fc - in_pos, out_len = size - out_pos;
    size_t hint = LZ4F_decompress(dctx, back + out_pos, &out_len, frame + in_pos, &in_len, NULL);
    if (LZ4F_isError(hint))
      die(LZ4F_getErrorName(hint));
    in_pos += in_len;
    out_pos += out_len;
    if (hint == 0)
      break;
    if (in_len == 0 && out_len == 0)
      die("LZ4F_decompress made no progress");
  }
  LZ4F_freeDecompressionContext(dctx);
  if (out_pos != size)
    die("LZ4F_decompress: short output");
  check_same("LZ4F_compressFrame", src, back, size);
  checksum = wl_fold(wl_fold(checksum, (uint64_t)fc), XXH64(frame, fc, 0));
  printf("lz4_driver: frame, 64 KiB linked blocks: %zu -> %zu bytes\n", size, fc);

  printf("lz4_driver: checksum %016llx\n", (unsigned long long)checksum);
  free(frame);
  free(back);
  free(dst);
  free(src);
  return 0;
}
