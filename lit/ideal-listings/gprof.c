// Inclusive ideal time end to end (-gprof, -b, -json): the shares follow
// the calls the program makes, counted here by hand.  main runs the loop
// k = 0..9:
//   even(k) -> odd(k-1) -> even(k-2) ... down to 0: k+1 calls per k, 55 in
//     all, 10 from main and 45 inside the cycle {even, odd}; even is
//     called ceil((k+1)/2) times per k (30: main 10, odd 20), odd
//     floor((k+1)/2) times (25, all from even);
//   fact(5): 5 calls each, 10 from main and 40 from itself;
//   twice(): leaf twice; then main calls leaf once: leaf 21 calls, 20 of
//     them from twice, so twice gets 20/21 of leaf's cycles.
// The cycles themselves depend on the CPU model; the JSON check relates
// them: main's inclusive cycles are all the cycles of the run (everything
// is called from main), the cycle's members share their summed cycles,
// fact's recursion adds nothing, twice = its own + 20/21 of leaf's.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t && %sscc -O0 -g -fss-ideal %s -o prog && ./prog
// RUN: cd %t && %ssprof -nh -gprof -b -cpu skylake prog.ideal.m* | FileCheck %s
// RUN: cd %t && %ssprof -json -cpu skylake prog.ideal.m* | %python -c "import json,sys; d=json.load(sys.stdin); f={x['name']:x for x in d['functions']}; I=lambda n: f[n]['inclusive_cycles']; C=lambda n: f[n]['cycles']; ok=[abs(I('main')-d['ideal']['cycles'])<=2, I('even')==I('odd'), abs(I('even')-C('even')-C('odd'))<=2, abs(I('fact')-C('fact'))<=1, abs(I('twice')-C('twice')-C('leaf')*20/21)<=2, abs(I('leaf')-C('leaf'))<=1]; print('inclusive', 'ok' if all(ok) else ok)" | FileCheck %s --check-prefix=JSON
// CHECK:      Function list, in descending order by exclusive ideal time
// CHECK:      Function list, in descending order by inclusive ideal time
// CHECK:      [index] incl.secs incl.% incl.cycles self.secs self.% calls function (dso: file, line)
// CHECK-NEXT: 100.0% {{.*}} 1  main (prog: gprof.c, [[#]])
// CHECK-DAG:  10+40  fact (prog: gprof.c, [[#]])
// CHECK-DAG:  10+45  <cycle 1 as a whole>
// CHECK-NEXT: 10+20  even <cycle 1> (prog: gprof.c, [[#]])
// CHECK-NEXT: 0+25  odd <cycle 1> (prog: gprof.c, [[#]])
// CHECK-DAG:  10  twice (prog: gprof.c, [[#]])
// CHECK-DAG:  21  leaf (prog: gprof.c, [[#]])
// CHECK:      Butterfly function list, in descending order by inclusive ideal time
// CHECK:      (0000001) - <spontaneous>
// CHECK-NEXT: [[MAIN:\[[0-9]+\]]] 100.0% {{.*}} main [[MAIN]]
// The recursive calls carry no time ("-"); the call from main all of it.
// CHECK:      - -(0000040) {{.*}} fact [[FACT:\[[0-9]+\]]]
// CHECK-NEXT: (0000010) {{.*}} main [[MAIN]]
// CHECK-NEXT: [[FACT]] {{.*}} fact [[FACT]]
// CHECK-NEXT: - -(0000040) {{.*}} fact [[FACT]]
// CHECK:      - -(0000020) {{.*}} odd <cycle 1>
// CHECK-NEXT: (0000010) {{.*}} main [[MAIN]]
// CHECK-NEXT: even <cycle 1>
// CHECK-NEXT: - -(0000025) {{.*}} odd <cycle 1>
// CHECK:      (0000001) {{.*}} main [[MAIN]]
// CHECK-NEXT: (0000020) {{.*}} twice
// CHECK-NEXT: leaf
// JSON: inclusive ok

volatile int sink;

__attribute__((noinline)) int odd(int n);
__attribute__((noinline)) int even(int n) { return n == 0 ? 1 : odd(n - 1); }
__attribute__((noinline)) int odd(int n) { return n == 0 ? 0 : even(n - 1); }
__attribute__((noinline)) long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__attribute__((noinline)) void leaf(int i) { sink += i; }
__attribute__((noinline)) void twice(void) {
  leaf(1);
  leaf(2);
}

int main(void) {
  for (int k = 0; k < 10; k++) {
    sink += even(k);
    sink += (int)fact(5);
    twice();
  }
  leaf(3);
  return 0;
}
