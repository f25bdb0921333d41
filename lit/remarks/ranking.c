// ssprof -remarks ranks the loops by their share of the ideal time and
// shows what the optimizer did to each: here the hot loop is the one left
// scalar (it calls a function the vectorizer cannot widen), so it comes
// first, with the reason; the cold loop, vectorized, after it.
//
// The hot loop runs REPS * N = 200 * 1000 iterations of a scalar body; the
// cold one N = 1000 iterations, 8 elements at a time once vectorized: the
// hot loop's own code has far more cycles.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal -fss-remarks %s -o prog 2> compile.err
// RUN: FileCheck %s --check-prefix=COMPILE < compile.err
// RUN: ./prog | FileCheck %s --check-prefix=OUT
// RUN: %ssprof -nh -remarks prog.ideal.m* > listing
// RUN: FileCheck %s --check-prefix=RANK < listing
// RUN: %ssprof -json prog.ideal.m* > doc.json
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); L=sorted([l for l in d['loops'] if l['remarks']], key=lambda l: -l['cycles']); print('first:', L[0]['line'], L[0]['remarks'][0]['kind'], L[0]['remarks'][0]['transformations'], L[0]['remarks'][0]['text'])" doc.json | FileCheck %s --check-prefix=JSON
//
// OUT: checksum
// COMPILE: #<swpf> Loop line [[#HOT:]] ({{.*}}ranking.c) wasn't vectorized because: call instruction cannot be vectorized
// COMPILE-NEXT: #<swps> Loop line [[#HOT+5]] ({{.*}}ranking.c): vectorized, width
// JSON: first: {{[0-9]+}} swpf ['not_vectorized'] wasn't vectorized because: call instruction cannot be vectorized
//
// RANK: Loop remarks, in descending order by ideal time in the loop itself
// RANK: self%   incl%
// RANK-NEXT: what the optimizer did (sscc -fss-remarks)
#include <stdio.h>

#define N 1000
#define REPS 200

static float a[N], b[N];

__attribute__((noinline)) float halve(float x) { return x * 0.5f + 1.0f; }

int main(void) {
  for (int i = 0; i < N; i++)
    b[i] = (float)i;
  for (int r = 0; r < REPS; r++)
    // hot: a call in the body
    // RANK-NEXT: {{ +[0-9.]+% +[0-9.]+% +[0-9]+}}  main (prog: ranking.c, [[#@LINE+2]])
    // RANK-NEXT: #<swpf> Loop line [[#@LINE+1]] (ranking.c) wasn't vectorized because: call instruction cannot be vectorized
    for (int i = 0; i < N; i++)
      a[i] += halve(b[i]);
  // cold: vectorized, 5 lines after the hot one
  // RANK: {{ +[0-9.]+% +[0-9.]+% +[0-9]+}}  main (prog: ranking.c, [[#@LINE+2]])
  // RANK-NEXT: #<swps> Loop line [[#@LINE+1]] (ranking.c): vectorized, width
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2.0f + b[i];
  float s = 0;
  for (int i = 0; i < N; i += 97)
    s += b[i];
  printf("checksum %g\n", s);
  return 0;
}
