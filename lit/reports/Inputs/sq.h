/* sq.h -- a function the report tests' program inlines from a header, so
 * that its code lands in another file's function. */
static inline __attribute__((always_inline)) double sq(double x) {
  return x * x; // SQ_BODY
}
