// A static program that calls no wrapped I/O function itself, while the C
// library's own members do (exit's stream flushing reaches __overflow):
// sscc links it as clang does, and it exits as clang's build does.  Before the
// C library and libssrt.a formed a group, the wrappers the program did
// not pull in were undefined for libc's calls and the link failed.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -static %s -o plain && not ./plain
// RUN: %sscc -O1 -static %s -o ours && not ./ours
// RUN: %sscc -O1 -fss-ideal -static %s -o counted && not ./counted
int main(void) { return 3; }
