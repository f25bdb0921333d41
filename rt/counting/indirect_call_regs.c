/*
 * indirect_call_regs.c -- __ssrt_indirect_call_regs: the indirect-call slow
 * path for code that must keep every register (x86-64).
 *
 * Instrumented code reaches the slow path through a thunk of its module
 * that keeps every register (pass/SSPass.cpp, coldThunk).  Around a C
 * function the thunk must save each register the C convention lets it
 * change, sixteen vector registers included: some 56 instructions on every
 * call.  This entry keeps every register itself (LLVM's preserve_all: all
 * but r11 and the flags), so the thunk saves nothing, and it does the
 * common case of an interpreter's dispatch in registers: a site whose
 * slots are all taken, a target the calling thread met there before and
 * finds at the first probe of its overflow table (indirect_overflow.h:
 * the same hash, entry layout and table size as ssrt_overflow_count_known,
 * which the asserts below tie it to); and a target in one of slots 1-7
 * (a virtual call's second type, say).  Anything else -- a slot or an
 * entry to claim, a pair not at its first probe -- goes to
 * __ssrt_indirect_call with the registers the C convention does not keep
 * saved here: the general ones, and xmm0-15 with SSE moves, which leave
 * the upper halves of ymm registers as they are; the C path (this layer,
 * built without AVX, and mmap) changes no others.  The program's code
 * calls it through its GOT (LLVM's nonlazybind), since the dynamic
 * linker's lazy binding changes r10.
 *
 * Only libssrt.so's and libssrt.a's x86-64 builds have it; the pass calls
 * it only there.  The runtime's rules: rt/README.md.
 */
#include "indirect_call.h"
#include "indirect_overflow.h"
#include "ss/format.h"

#include <stddef.h>

#if defined(__x86_64__)

_Static_assert(sizeof(struct ssrt_overflow_entry) == 24 &&
                   offsetof(struct ssrt_overflow_entry, site) == 0 &&
                   offsetof(struct ssrt_overflow_entry, target) == 8 &&
                   offsetof(struct ssrt_overflow_entry, count) == 16,
               "the entry layout the code below reads");
_Static_assert(sizeof(struct ss_indirect_targets) == 64 &&
                   SS_INDIRECT_SLOTS == 8 && SSRT_OVERFLOW_FIRST_BITS == 10,
               "the last slot at 56, `other` at counts[8], the probe's shift "
               "54 below");

/* rdi: the site, rsi: the target, rdx: the site's counts.  The multiplier
 * is ssrt_overflow_hash's. */
__asm__(
    "  .pushsection .text\n"
    "  .globl __ssrt_indirect_call_regs\n"
    "  .type __ssrt_indirect_call_regs,@function\n"
    "  .p2align 4\n"
    "__ssrt_indirect_call_regs:\n"
    "  .cfi_startproc\n"
    "  testq %rsi, %rsi\n" /* a call through NULL: `other`, in C */
    "  je .Lssrt_regs_full\n"
    "  cmpq $0, 56(%rdi)\n" /* a free slot: no overflow table entry */
    "  je .Lssrt_regs_slots\n"
    "  pushq %rax\n"
    "  .cfi_adjust_cfa_offset 8\n"
    "  movq ssrt_overflow_first@GOTTPOFF(%rip), %rax\n"
    "  movq %fs:(%rax), %rax\n"
    "  testq %rax, %rax\n"
    "  je .Lssrt_regs_pop\n"
    "  movq %rdi, %r11\n"
    "  shlq $16, %r11\n"
    "  xorq %rsi, %r11\n"
    "  imulq .Lssrt_regs_hash(%rip), %r11\n"
    "  shrq $54, %r11\n"
    "  leaq (%r11,%r11,2), %r11\n"
    "  leaq (%rax,%r11,8), %r11\n"
    "  popq %rax\n"
    "  .cfi_adjust_cfa_offset -8\n"
    "  cmpq %rdi, (%r11)\n"
    "  jne .Lssrt_regs_slots\n"
    "  cmpq %rsi, 8(%r11)\n"
    "  jne .Lssrt_regs_slots\n"
    "  incq 16(%r11)\n" /* the pair's count: one instruction */
    "  incq 64(%rdx)\n" /* the site's `other` */
    "  ret\n"
    ".Lssrt_regs_pop:\n"
    "  .cfi_adjust_cfa_offset 8\n"
    "  popq %rax\n"
    "  .cfi_adjust_cfa_offset -8\n"
    /* A target in one of slots 1-7 (the code compared slot 0) counts
     * there; one not in them, or a free slot, goes to the C path, which
     * claims a slot or an entry. */
    ".Lssrt_regs_slots:\n"
    "  cmpq %rsi, 8(%rdi)\n"
    "  je 1f\n"
    "  cmpq %rsi, 16(%rdi)\n"
    "  je 2f\n"
    "  cmpq %rsi, 24(%rdi)\n"
    "  je 3f\n"
    "  cmpq %rsi, 32(%rdi)\n"
    "  je 4f\n"
    "  cmpq %rsi, 40(%rdi)\n"
    "  je 5f\n"
    "  cmpq %rsi, 48(%rdi)\n"
    "  je 6f\n"
    "  cmpq %rsi, 56(%rdi)\n"
    "  je 7f\n"
    "  jmp .Lssrt_regs_full\n"
    "1: incq 8(%rdx)\n"
    "  ret\n"
    "2: incq 16(%rdx)\n"
    "  ret\n"
    "3: incq 24(%rdx)\n"
    "  ret\n"
    "4: incq 32(%rdx)\n"
    "  ret\n"
    "5: incq 40(%rdx)\n"
    "  ret\n"
    "6: incq 48(%rdx)\n"
    "  ret\n"
    "7: incq 56(%rdx)\n"
    "  ret\n"
    ".Lssrt_regs_full:\n"
    "  pushq %rbp\n"
    "  .cfi_adjust_cfa_offset 8\n"
    "  .cfi_offset %rbp, -16\n"
    "  movq %rsp, %rbp\n"
    "  .cfi_def_cfa_register %rbp\n"
    "  pushq %rax\n"
    "  pushq %rcx\n"
    "  pushq %rdx\n"
    "  pushq %rsi\n"
    "  pushq %rdi\n"
    "  pushq %r8\n"
    "  pushq %r9\n"
    "  pushq %r10\n"
    "  andq $-16, %rsp\n"
    "  subq $256, %rsp\n"
    "  movaps %xmm0, 0(%rsp)\n"
    "  movaps %xmm1, 16(%rsp)\n"
    "  movaps %xmm2, 32(%rsp)\n"
    "  movaps %xmm3, 48(%rsp)\n"
    "  movaps %xmm4, 64(%rsp)\n"
    "  movaps %xmm5, 80(%rsp)\n"
    "  movaps %xmm6, 96(%rsp)\n"
    "  movaps %xmm7, 112(%rsp)\n"
    "  movaps %xmm8, 128(%rsp)\n"
    "  movaps %xmm9, 144(%rsp)\n"
    "  movaps %xmm10, 160(%rsp)\n"
    "  movaps %xmm11, 176(%rsp)\n"
    "  movaps %xmm12, 192(%rsp)\n"
    "  movaps %xmm13, 208(%rsp)\n"
    "  movaps %xmm14, 224(%rsp)\n"
    "  movaps %xmm15, 240(%rsp)\n"
    "  call ssrt_indirect_call_c\n"
    "  movaps 0(%rsp), %xmm0\n"
    "  movaps 16(%rsp), %xmm1\n"
    "  movaps 32(%rsp), %xmm2\n"
    "  movaps 48(%rsp), %xmm3\n"
    "  movaps 64(%rsp), %xmm4\n"
    "  movaps 80(%rsp), %xmm5\n"
    "  movaps 96(%rsp), %xmm6\n"
    "  movaps 112(%rsp), %xmm7\n"
    "  movaps 128(%rsp), %xmm8\n"
    "  movaps 144(%rsp), %xmm9\n"
    "  movaps 160(%rsp), %xmm10\n"
    "  movaps 176(%rsp), %xmm11\n"
    "  movaps 192(%rsp), %xmm12\n"
    "  movaps 208(%rsp), %xmm13\n"
    "  movaps 224(%rsp), %xmm14\n"
    "  movaps 240(%rsp), %xmm15\n"
    "  leaq -64(%rbp), %rsp\n"
    "  popq %r10\n"
    "  popq %r9\n"
    "  popq %r8\n"
    "  popq %rdi\n"
    "  popq %rsi\n"
    "  popq %rdx\n"
    "  popq %rcx\n"
    "  popq %rax\n"
    "  popq %rbp\n"
    "  .cfi_def_cfa %rsp, 8\n"
    "  ret\n"
    "  .cfi_endproc\n"
    "  .size __ssrt_indirect_call_regs, .-__ssrt_indirect_call_regs\n"
    "  .popsection\n"
    "  .pushsection .rodata\n"
    "  .p2align 3\n"
    ".Lssrt_regs_hash:\n"
    "  .quad 0x9E3779B97F4A7C15\n"
    "  .popsection\n");

#endif
