/* A library source that test programs also compile in (dup-module.c). */
#define NOINLINE __attribute__((noinline))

NOINLINE static int dup_helper(int x) { return x * 3; }
NOINLINE int dup_twice(int x) { return dup_helper(x) + x; }
NOINLINE int dup_only(int x) { return x - 1; }
