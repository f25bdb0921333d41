// bench/compile-cost.sh compares sscc -fss-ideal with clang given the flags
// of bench/lib/ideal-debug-flags, to tell the pass's cost from the line
// tables'. Those flags must be exactly what sscc adds but the plugin: with
// them, clang's compile job (-###) is sscc's less -fpass-plugin.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xargs -a %S/../../bench/lib/ideal-debug-flags %clang -### -O2 -c %s -o %t/x.o 2>&1 | grep '"-cc1"' > %t/clang.txt
// RUN: %sscc -### -fss-ideal -O2 -c %s -o %t/x.o 2>&1 | grep '"-cc1"' > %t/sscc.txt
// RUN: grep -q '"-fpass-plugin=[^"]*/libSSPass.so"' %t/sscc.txt
// RUN: sed 's| "-fpass-plugin=[^"]*"||' %t/sscc.txt | diff %t/clang.txt -
int main(void) { return 0; }
