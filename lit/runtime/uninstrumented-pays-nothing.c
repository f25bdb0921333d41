// A program linked by sscc without any instrumented code does not load the
// runtime at all and writes no file.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %sscc -O2 %s -o plain && ./plain
// RUN: cd %t && ls | not grep ideal
// RUN: cd %t && readelf -d plain | not grep ssrt
// With -fss-ideal the runtime is needed.
// RUN: cd %t && %sscc -O2 -fss-ideal %s -o counted && ./counted && readelf -d counted | grep -q ssrt
// RUN: cd %t && ls counted.ideal.m* | count 1
int main(void) { return 0; }
