// sscc adds its lib/ to the run-time search path of every dynamic link (only
// the linker knows whether libssrt is needed) and takes it out again where
// the output turned out not to need libssrt; the user's own entries stay,
// in RUNPATH and in the older RPATH alike, and clang's exit status is
// sscc's.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fPIC -shared %s -o libplain.so
// RUN: llvm-readelf -d libplain.so | FileCheck %s --check-prefix=NONE
// RUN: %sscc -O2 %s -o plain
// RUN: llvm-readelf -d plain | FileCheck %s --check-prefix=NONE
// NONE-NOT: ssrt
// NONE-NOT: {{RUNPATH|RPATH}}
// RUN: %sscc -O2 -fPIC -shared -Wl,-rpath,/opt/mine %s -o libmine.so
// RUN: llvm-readelf -d libmine.so | FileCheck %s --check-prefix=MINE -DTAG=RUNPATH
// RUN: %sscc -O2 -fPIC -shared -Wl,--disable-new-dtags -Wl,-rpath,/opt/mine %s -o libold.so
// RUN: llvm-readelf -d libold.so | FileCheck %s --check-prefix=MINE -DTAG=RPATH
// MINE-NOT: ssrt
// MINE: ([[TAG]]) Library {{r(un)?path}}: [/opt/mine]{{$}}
// RUN: %sscc -O2 -fss-ideal -fPIC -shared -Wl,-rpath,/opt/mine %s -o libcounted.so
// RUN: llvm-readelf -d libcounted.so | FileCheck %s --check-prefix=COUNTED -DLIB=%libdir
// RUN: %sscc -O2 -fss-ideal %s -o counted
// RUN: llvm-readelf -d counted | FileCheck %s --check-prefix=COUNTED2 -DLIB=%libdir
// COUNTED: (NEEDED) Shared library: [libssrt.so]
// COUNTED: (RUNPATH) Library runpath: [/opt/mine:[[LIB]]]
// COUNTED2: (NEEDED) Shared library: [libssrt.so]
// COUNTED2: (RUNPATH) Library runpath: [[[LIB]]]
// RUN: ./counted && ./plain
// A link that fails fails as clang's does:
// RUN: %python %S/Inputs/status.py 1 %sscc -O2 %s -lno-such-library-anywhere -o failed
int shared_function(int x) { return x + 1; }
int main(void) { return shared_function(-1); }
