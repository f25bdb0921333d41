/* crc32.c -- CRC-32 (IEEE polynomial 0xEDB88320, reflected): by
 * carry-less multiplication where the processor has it (x86-64's
 * PCLMULQDQ, below), else eight bytes per step ("slicing by 8"):
 * table[k][b] is the CRC of byte b followed by k zero bytes, so eight
 * table lookups fold in eight bytes at once.  A byte at a time costs about
 * eight instructions per byte, which made writing a large program's
 * experiment file a visible part of its run time. */
#include "crc32.h"

static uint32_t crc_table[8][256];

/* Built on first use.  Threads or a signal handler racing here all store
 * the same values, so no lock is needed; the last entry is written last and
 * is what tells the table is ready. */
static void build_table(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[0][n] = c;
  }
  for (uint32_t n = 0; n < 256; n++)
    for (int k = 1; k < 8; k++)
      crc_table[k][n] =
          crc_table[0][crc_table[k - 1][n] & 0xFF] ^ (crc_table[k - 1][n] >> 8);
  __atomic_store_n(&crc_table[7][255], crc_table[7][255], __ATOMIC_RELEASE);
}

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

/* The CRC register (no inversions) after the bytes, eight at a time. */
static uint32_t update_tables(uint32_t crc, const uint8_t *p, size_t len) {
  if (!__atomic_load_n(&crc_table[7][255], __ATOMIC_ACQUIRE))
    build_table();
  for (; len >= 8; p += 8, len -= 8) {
    uint32_t lo = le32(p) ^ crc, hi = le32(p + 4);
    crc = crc_table[7][lo & 0xFF] ^ crc_table[6][(lo >> 8) & 0xFF] ^
          crc_table[5][(lo >> 16) & 0xFF] ^ crc_table[4][lo >> 24] ^
          crc_table[3][hi & 0xFF] ^ crc_table[2][(hi >> 8) & 0xFF] ^
          crc_table[1][(hi >> 16) & 0xFF] ^ crc_table[0][hi >> 24];
  }
  for (; len > 0; p++, len--)
    crc = crc_table[0][(crc ^ *p) & 0xFF] ^ (crc >> 8);
  return crc;
}

uint32_t ss_crc32_tables(uint32_t crc, const void *data, size_t len) {
  return ~update_tables(~crc, data, len);
}

#if defined(__x86_64__)
/*
 * Folding with carry-less multiplication (PCLMULQDQ), 64 bytes a step,
 * a fifteenth of the tables' instructions per byte: the counters and
 * indirect-call sites of a large program are a megabyte or more, which
 * every process checksums as it ends.
 *
 * The CRC of a message M (the register's start XORed into its first four
 * bytes) is M(x) * x^32 mod P, in the reflected order: the first bit read
 * is the highest power.  Folding keeps a 128-bit value X congruent to the
 * message read so far, mod P.  X is H * x^64 + L (H: its first eight bytes,
 * L: the next eight); moved D bits further down the message it becomes
 * X * x^D = H * x^(D+64) + L * x^D, and each half times its power, reduced
 * mod P to 32 bits, fits in 128 bits again.  Two details of the reflected
 * order set the powers: a 32-bit constant k (bit j the coefficient of
 * x^(31-j)) in a 64-bit lane stands for k(x) * x^32, and a carry-less
 * product of two reflected lanes comes out multiplied by x.  So H's
 * constant is x^(D+31) mod P and L's x^(D-33) mod P.  At the end, the
 * table-driven register run from 0 over X's sixteen bytes gives
 * X(x) * x^32 mod P: the CRC register of the whole prefix.
 */
#include <cpuid.h>
#include <immintrin.h>

/* x^n mod P as the reflected register holds it: bit j is x^(31-j). */
static uint64_t x_to_the(unsigned n) {
  uint32_t r = 0x80000000u; /* x^0 */
  while (n--)
    r = (r >> 1) ^ (0xEDB88320u & -(r & 1));
  return r;
}

__attribute__((target("pclmul,sse2"))) static __m128i fold(__m128i x,
                                                           __m128i k) {
  return _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00),
                       _mm_clmulepi64_si128(x, k, 0x11));
}

__attribute__((target("pclmul,sse2"))) static uint32_t
update_folding(uint32_t crc, const uint8_t *p, size_t len) {
  static uint64_t powers[4]; /* by 512 bits: H, L; by 128 bits: H, L */
  if (!__atomic_load_n(&powers[3], __ATOMIC_ACQUIRE)) {
    powers[0] = x_to_the(512 + 31);
    powers[1] = x_to_the(512 - 33);
    powers[2] = x_to_the(128 + 31);
    __atomic_store_n(&powers[3], x_to_the(128 - 33), __ATOMIC_RELEASE);
  }
  const __m128i by4 =
      _mm_set_epi64x((long long)powers[1], (long long)powers[0]);
  const __m128i by1 =
      _mm_set_epi64x((long long)powers[3], (long long)powers[2]);
  __m128i x0 = _mm_loadu_si128((const __m128i *)p);
  __m128i x1 = _mm_loadu_si128((const __m128i *)(p + 16));
  __m128i x2 = _mm_loadu_si128((const __m128i *)(p + 32));
  __m128i x3 = _mm_loadu_si128((const __m128i *)(p + 48));
  x0 = _mm_xor_si128(x0, _mm_cvtsi32_si128((int)crc));
  for (p += 64, len -= 64; len >= 64; p += 64, len -= 64) {
    x0 = _mm_xor_si128(fold(x0, by4), _mm_loadu_si128((const __m128i *)p));
    x1 = _mm_xor_si128(fold(x1, by4),
                       _mm_loadu_si128((const __m128i *)(p + 16)));
    x2 = _mm_xor_si128(fold(x2, by4),
                       _mm_loadu_si128((const __m128i *)(p + 32)));
    x3 = _mm_xor_si128(fold(x3, by4),
                       _mm_loadu_si128((const __m128i *)(p + 48)));
  }
  x0 = _mm_xor_si128(fold(x0, by1), x1);
  x0 = _mm_xor_si128(fold(x0, by1), x2);
  x0 = _mm_xor_si128(fold(x0, by1), x3);
  for (; len >= 16; p += 16, len -= 16)
    x0 = _mm_xor_si128(fold(x0, by1), _mm_loadu_si128((const __m128i *)p));
  uint8_t rest[16];
  _mm_storeu_si128((__m128i *)rest, x0);
  return update_tables(update_tables(0, rest, sizeof rest), p, len);
}

/* 1 where the processor has PCLMULQDQ, 2 where not, 0 before the check. */
static int folding;

static int can_fold(void) {
  int known = __atomic_load_n(&folding, __ATOMIC_RELAXED);
  if (!known) {
    unsigned a, b, c, d;
    known = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_PCLMUL) ? 1 : 2;
    __atomic_store_n(&folding, known, __ATOMIC_RELAXED);
  }
  return known == 1;
}
#endif

uint32_t ss_crc32(uint32_t crc, const void *data, size_t len) {
#if defined(__x86_64__)
  if (len >= 64 && can_fold())
    return ~update_folding(~crc, data, len);
#endif
  return ss_crc32_tables(crc, data, len);
}

/*
 * Combining.  The CRC register is linear over GF(2): running it over n zero
 * bytes multiplies it by x^(8n) modulo the polynomial P, and with zlib's
 * pre- and post-inversion the inversions cancel, leaving
 *     CRC(A || B) = CRC(A) * x^(8 len(B)) mod P  ^  CRC(B).
 * In the reflected form bit 31 holds the coefficient of x^0 and bit 0 that
 * of x^31, so multiplying by x is one step of the register: a right shift,
 * with P folded in when x^31's coefficient moves out.  x^(8n) is the
 * product of the powers x^(2^k) for the set bits of 8n, kept in a table:
 * a few dozen short multiplications where squaring 32x32 bit matrices
 * took some 25,000 instructions per call.
 */
static uint32_t times_mod_p(uint32_t a, uint32_t b) {
  uint32_t product = 0;
  for (uint32_t bit = 1u << 31; a; bit >>= 1) {
    if (a & bit) {
      product ^= b;
      a ^= bit;
    }
    b = (b & 1) ? 0xEDB88320u ^ (b >> 1) : b >> 1;
  }
  return product;
}

/* x^(2^k) mod P for k = 0 .. 66 (8n for the largest uint64_t n needs
 * 2^66), built on first use like the tables above. */
static uint32_t x_to_2_to[67];

static void build_powers(void) {
  uint32_t power = 1u << 30; /* x^1 */
  for (int k = 0; k < 66; k++) {
    x_to_2_to[k] = power;
    power = times_mod_p(power, power);
  }
  /* Last, and never zero (x is invertible modulo P): the table is ready. */
  __atomic_store_n(&x_to_2_to[66], power, __ATOMIC_RELEASE);
}

uint32_t ss_crc32_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b) {
  if (!__atomic_load_n(&x_to_2_to[66], __ATOMIC_ACQUIRE))
    build_powers();
  for (int k = 3; len_b; k++, len_b >>= 1)
    if (len_b & 1)
      crc_a = times_mod_p(x_to_2_to[k], crc_a);
  return crc_a ^ crc_b;
}
