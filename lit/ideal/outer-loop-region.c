// The body of an outer loop is modelled as one llvm-mca region around its
// inner loop: the blocks that run once per row (the row's setup, the vector
// loop's preheader, its exit test, the outer latch) run back to back as the
// core runs them, not each alone, where a block that bumps the row index
// would seem to wait for itself (docs/ideal-time.md, section 4).  A region's
// cycles are shared among its blocks in proportion to their instructions,
// so all blocks that ran ROWS * REPS times have the same cycles per
// instruction; the inner loop, a region of its own, runs ROWS * REPS *
// COLS / 8 times (8 floats an iteration: two SSE vectors).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -g -fss-ideal %s -o %t/prog
// RUN: %t/prog 300 64 > %t/out
// RUN: %ssprof -json %t/prog.ideal.m* > %t/doc.json
// RUN: %python %S/../tools/json_expect.py %t/doc.json %s "len([b for b in blocks('scale_rows') if b['count'] == 300 * 10 and b['instructions']]) >= 3" "len(set(round(b['cycles_per_execution'] / b['instructions'], 9) for b in blocks('scale_rows') if b['count'] == 300 * 10 and b['instructions'])) == 1" "[b['count'] for b in blocks('scale_rows') if b['count'] > 300 * 10] == [300 * 10 * 64 // 8]" | FileCheck %s
// CHECK: json_expect: 3 checks passed
#include <stdio.h>
#include <stdlib.h>

enum { MAX_ROWS = 1000, MAX_COLS = 256, REPS = 10 };
static float a[MAX_COLS], b[MAX_ROWS], c[MAX_ROWS * MAX_COLS];

__attribute__((noinline)) static void scale_rows(float *out, const float *x,
                                                 const float *m, int rows,
                                                 int cols) {
  for (int r = 0; r < rows; r++) {
    float s = m[r];
    for (int i = 0; i < cols; i++)
      out[r * cols + i] += x[i] * s;
  }
}

int main(int argc, char **argv) {
  int rows = argc > 2 ? atoi(argv[1]) : 300;
  int cols = argc > 2 ? atoi(argv[2]) : 64;
  if (rows < 1 || rows > MAX_ROWS || cols < 1 || cols > MAX_COLS)
    return 2;
  for (int i = 0; i < cols; i++)
    a[i] = i * 0.5f;
  for (int r = 0; r < rows; r++)
    b[r] = r % 7;
  for (int rep = 0; rep < REPS; rep++)
    scale_rows(c, a, b, rows, cols);
  printf("%g\n", c[rows * cols - 1]);
  return 0;
}
