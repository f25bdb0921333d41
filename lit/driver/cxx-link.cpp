// sscc++ compiles and links C++ like clang++ (needs build/lib/libssrt.so and,
// for -fss-ideal, build/lib/libSSPass.so).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ssxx -O2 %s -o %t/plain 2> %t/plain.err
// RUN: count 0 < %t/plain.err
// RUN: %t/plain | FileCheck %s
// RUN: llvm-readelf -d %t/plain | FileCheck %s --check-prefix=PLAIN --implicit-check-not=libssrt
// PLAIN: (NEEDED) Shared library: [libstdc++.so
// RUN: %ssxx -O2 -fss-ideal %s -o %t/ideal 2> %t/ideal.err
// RUN: count 0 < %t/ideal.err
// RUN: cd %t && ./ideal | FileCheck %s
// RUN: cd %t && ls ideal.ideal.m* | count 1
// CHECK: 3 words, longest: counting
#include <iostream>
#include <string>
#include <vector>

int main() {
  std::vector<std::string> words{"exact", "counting", "tools"};
  std::string longest;
  for (const auto &w : words)
    if (w.size() > longest.size())
      longest = w;
  std::cout << words.size() << " words, longest: " << longest << "\n";
}
