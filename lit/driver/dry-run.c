// -### with the real clang: the compile job carries the plugin and line
// tables under -fss-ideal; the link job never shows the runtime (-### runs
// nothing, so there is nothing to link).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sscc -### -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=PLAIN --implicit-check-not=SSPass --implicit-check-not=ssrt
// PLAIN: "-cc1"
// PLAIN-NOT: -debug-info-kind
// RUN: %sscc -### -fss-ideal -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=IDEAL
// IDEAL: "-cc1"
// IDEAL-SAME: "-debug-info-kind=line-tables-only"
// IDEAL-SAME: "-fpass-plugin={{/.*}}/lib/libSSPass.so"
// RUN: %sscc -### -fss-ideal -g -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=IDEAL-G
// IDEAL-G: "-cc1"
// IDEAL-G-NOT: line-tables-only
// IDEAL-G-SAME: "-fpass-plugin={{/.*}}/lib/libSSPass.so"
// RUN: %sscc -### -fss-ideal %s -o %t/x 2>&1 | FileCheck %s --check-prefix=LINK --implicit-check-not=ssrt
// RUN: %sscc -### %s -o %t/x 2>&1 | FileCheck %s --check-prefix=LINK --implicit-check-not=ssrt
// LINK: "-cc1"
// LINK: "{{[^"]*}}ld{{(\.[a-z]+)?}}"
// RUN: %sscc -fss-ideal -### 2>&1 | FileCheck %s --check-prefix=NOINPUT --implicit-check-not=ssrt --implicit-check-not=SSPass
// NOINPUT: clang version
int main(void) { return 0; }
