/*
 * test_insn.c -- what ideal time reads from single x86-64 instructions:
 * LLVM's disassembler on known encodings (length, control flow, branch
 * target, text), the classification of -archinfo (mcode.h) and the
 * vector-move folding given to llvm-mca (move_elimination.h) and the
 * compare-and-jump pairs that fuse (macro_fusion.h).  Expected values are
 * from the Intel SDM encodings, AT&T syntax and the fusion table of
 * Intel's optimization manual, written by hand.
 */
#include "check.h"

#include "macro_fusion.h"
#include "mcode.h"
#include "move_elimination.h"

#include <elf.h>
#include <stdlib.h>

static struct ss_disasm *d;

static void decode(const unsigned char *bytes, size_t n, uint64_t at,
                   struct ss_insn *insn) {
  ss_disasm_one(d, bytes, n, at, insn);
}

static void test_disassembler(void) {
  struct ss_insn in;
  static const unsigned char jne_back[] = {0x75, 0xfe}; /* jne . */
  decode(jne_back, sizeof jne_back, 0x1000, &in);
  CHECK_I64(in.size, 2, "jne size");
  CHECK(in.flow == SS_FLOW_COND_BRANCH);
  CHECK(in.has_target && in.target == 0x1000);
  CHECK_STR(in.text, "jne ss_target", "jne text");

  static const unsigned char jmp_rel32[] = {0xe9, 0x10, 0, 0, 0};
  decode(jmp_rel32, sizeof jmp_rel32, 0x2000, &in);
  CHECK(in.flow == SS_FLOW_JUMP && in.target == 0x2015);

  static const unsigned char jmp_rax[] = {0xff, 0xe0}; /* jmpq *%rax */
  decode(jmp_rax, sizeof jmp_rax, 0x3000, &in);
  CHECK(in.flow == SS_FLOW_INDIRECT && !in.has_target);

  static const unsigned char call[] = {0xe8, 0, 0, 0, 0};
  decode(call, sizeof call, 0x4000, &in);
  CHECK(in.flow == SS_FLOW_CALL && in.target == 0x4005);

  static const unsigned char ret[] = {0xc3}, ud2[] = {0x0f, 0x0b};
  decode(ret, sizeof ret, 0, &in);
  CHECK(in.flow == SS_FLOW_RETURN);
  decode(ud2, sizeof ud2, 0, &in);
  CHECK(in.flow == SS_FLOW_STOP);

  /* addq $1, 8(%rsp): 48 83 44 24 08 01 */
  static const unsigned char add_mem[] = {0x48, 0x83, 0x44, 0x24, 0x08, 0x01};
  decode(add_mem, sizeof add_mem, 0, &in);
  CHECK_I64(in.size, 6, "addq size");
  CHECK(in.flow == SS_FLOW_NEXT);
  CHECK_STR(in.text, "addq $1, 8(%rsp)", "addq text");

  static const unsigned char junk[] = {0x0f}; /* truncated */
  decode(junk, sizeof junk, 0, &in);
  CHECK_I64(in.size, 0, "truncated instruction");
}

static unsigned classes(const char *text, enum ss_flow flow) {
  struct ss_insn in = {0};
  ss_insn_set_text(&in, text);
  in.flow = flow;
  struct ss_insn_facts f;
  ss_insn_classify(&in, &f);
  return f.classes;
}

static struct ss_insn_facts facts(const char *text) {
  struct ss_insn in = {0};
  ss_insn_set_text(&in, text);
  struct ss_insn_facts f;
  ss_insn_classify(&in, &f);
  return f;
}

#define C(x) (1u << (x))

static void test_classes(void) {
  CHECK(classes("movq (%rdi), %rax", SS_FLOW_NEXT) == C(SS_IC_LOAD));
  CHECK(classes("movq %rax, 8(%rdi)", SS_FLOW_NEXT) == C(SS_IC_STORE));
  CHECK(classes("addq $1, 8(%rsp)", SS_FLOW_NEXT) ==
        (C(SS_IC_LOAD) | C(SS_IC_STORE)));
  CHECK(classes("cmpq (%rsi), %rdx", SS_FLOW_NEXT) == C(SS_IC_LOAD));
  CHECK(classes("cmpl $0, 4(%rsi)", SS_FLOW_NEXT) == C(SS_IC_LOAD));
  CHECK(classes("leaq 8(%rdi,%rsi,4), %rax", SS_FLOW_NEXT) == 0);
  CHECK(classes("pushq %rbp", SS_FLOW_NEXT) == C(SS_IC_STORE));
  CHECK(classes("popq %rbp", SS_FLOW_NEXT) == C(SS_IC_LOAD));
  CHECK(classes("callq ss_target", SS_FLOW_CALL) ==
        (C(SS_IC_CALL) | C(SS_IC_STORE)));
  CHECK(classes("retq", SS_FLOW_RETURN) == (C(SS_IC_RETURN) | C(SS_IC_LOAD)));
  CHECK(classes("jne ss_target", SS_FLOW_COND_BRANCH) == C(SS_IC_COND_BRANCH));
  CHECK(classes("imulq %rbx, %rcx", SS_FLOW_NEXT) == C(SS_IC_INT_MUL));
  CHECK(classes("idivl %ecx", SS_FLOW_NEXT) == C(SS_IC_INT_DIV));
  CHECK(classes("divl 8(%rsp)", SS_FLOW_NEXT) ==
        (C(SS_IC_INT_DIV) | C(SS_IC_LOAD)));
  CHECK(classes("mulsd %xmm1, %xmm0", SS_FLOW_NEXT) == C(SS_IC_FP));
  CHECK(classes("divss %xmm1, %xmm0", SS_FLOW_NEXT) ==
        (C(SS_IC_FP) | C(SS_IC_FP_DIV)));
  CHECK(classes("sqrtpd %xmm1, %xmm0", SS_FLOW_NEXT) ==
        (C(SS_IC_VECTOR) | C(SS_IC_FP_DIV)));
  CHECK(classes("vmulps (%rax), %ymm1, %ymm2", SS_FLOW_NEXT) ==
        (C(SS_IC_VECTOR) | C(SS_IC_LOAD)));
  CHECK(classes("movaps %xmm6, -16(%rbx,%rbp,4)", SS_FLOW_NEXT) ==
        C(SS_IC_STORE));
  CHECK(classes("nopw %cs:(%rax,%rax)", SS_FLOW_NEXT) == C(SS_IC_NOP));

  struct ss_insn_facts f = facts("vfmadd231ps %zmm1, %zmm2, %zmm3 {%k1}");
  CHECK(f.isa == SS_ISA_AVX512 && f.width == SS_WIDTH_512);
  f = facts("vaddpd %ymm1, %ymm2, %ymm3");
  CHECK(f.isa == SS_ISA_AVX && f.width == SS_WIDTH_256);
  f = facts("addps %xmm1, %xmm2");
  CHECK(f.isa == SS_ISA_SSE && f.width == SS_WIDTH_128);
  f = facts("fmulp %st(1)");
  CHECK(f.isa == SS_ISA_X87);
  f = facts("addl %eax, %r9d");
  CHECK(f.isa == SS_ISA_BASE && f.num_regs == 2);
  CHECK_STR(f.regs[0], "rax", "eax is rax");
  CHECK_STR(f.regs[1], "r9", "r9d is r9");
  f = facts("movb %ah, (%rdi,%r12,2)");
  CHECK(f.num_regs == 3);
  CHECK_STR(f.regs[0], "rax", "ah is rax");
}

static void test_move_folding(void) {
  char out[128];
  CHECK(ss_fold_vector_move("movdqa %xmm1, %xmm7", "paddq %xmm5, %xmm7", out,
                            sizeof out));
  CHECK_STR(out, "vpaddq %xmm5, %xmm1, %xmm7", "paddq folded");
  CHECK(ss_fold_vector_move("movaps %xmm0, %xmm2",
                            "shufps $136, %xmm3, %xmm2", out, sizeof out));
  CHECK_STR(out, "vshufps $136, %xmm3, %xmm0, %xmm2", "shufps folded");
  CHECK(ss_fold_vector_move("movapd %xmm4, %xmm1", "mulpd 16(%rax), %xmm1",
                            out, sizeof out));
  CHECK_STR(out, "vmulpd 16(%rax), %xmm4, %xmm1", "memory source");
  /* not the moved-to register */
  CHECK(!ss_fold_vector_move("movdqa %xmm1, %xmm7", "paddq %xmm5, %xmm6", out,
                             sizeof out));
  /* the source is the moved-to register: its new value */
  CHECK(!ss_fold_vector_move("movdqa %xmm1, %xmm7", "paddq %xmm7, %xmm7", out,
                             sizeof out));
  /* not destructive: cvtdq2ps writes only */
  CHECK(!ss_fold_vector_move("movdqa %xmm1, %xmm7", "cvtdq2ps %xmm7, %xmm7",
                             out, sizeof out));
  /* a load is not a register move */
  CHECK(!ss_fold_vector_move("movdqa (%rax), %xmm7", "paddq %xmm5, %xmm7",
                             out, sizeof out));
  /* pshufd is not destructive */
  CHECK(!ss_fold_vector_move("movdqa %xmm1, %xmm7",
                             "pshufd $68, %xmm0, %xmm7", out, sizeof out));
}

static void test_macro_fusion(void) {
  CHECK(ss_macro_fuses("cmpq %rcx, %rax", "jne ss_target"));
  CHECK(ss_macro_fuses("testl %eax, %eax", "js ss_target"));
  CHECK(ss_macro_fuses("addq $8, %rcx", "jb ss_target"));
  CHECK(ss_macro_fuses("decl %ecx", "jne ss_target"));
  /* a register compared with memory fuses; an add may read memory */
  CHECK(ss_macro_fuses("cmpq 56(%rsp), %r15", "jge ss_target"));
  CHECK(ss_macro_fuses("addq (%rdi), %rax", "je ss_target"));
  /* the jump after it is not conditional, or not right after it */
  CHECK(!ss_macro_fuses("cmpq %rcx, %rax", "jmp ss_target"));
  CHECK(!ss_macro_fuses("cmpq %rcx, %rax", "movq %rax, %rbx"));
  CHECK(!ss_macro_fuses("cmpq %rcx, %rax", "jrcxz ss_target"));
  /* cmp, add, sub: no sign, parity or overflow jumps */
  CHECK(!ss_macro_fuses("cmpl %esi, %edi", "js ss_target"));
  CHECK(!ss_macro_fuses("subq $1, %rax", "jo ss_target"));
  /* inc, dec: none that reads the carry flag */
  CHECK(!ss_macro_fuses("incq %rax", "jb ss_target"));
  CHECK(!ss_macro_fuses("decl %ecx", "ja ss_target"));
  /* memory and an immediate, %rip, a memory destination */
  CHECK(!ss_macro_fuses("cmpl $8, 16(%rsp)", "jae ss_target"));
  CHECK(!ss_macro_fuses("cmpq counter(%rip), %rax", "jne ss_target"));
  CHECK(!ss_macro_fuses("addq %rax, 8(%rdi)", "jne ss_target"));
  CHECK(!ss_macro_fuses("decl (%rdi)", "jne ss_target"));
  /* not one of the instructions that fuse */
  CHECK(!ss_macro_fuses("orq %rax, %rcx", "jne ss_target"));
  CHECK(!ss_macro_fuses("addsd %xmm1, %xmm0", "jne ss_target"));
  CHECK(!ss_macro_fuses("cmpxchgq %rcx, (%rdi)", "jne ss_target"));
  CHECK(!ss_macro_fuses("andnl %eax, %ecx, %edx", "je ss_target"));
}

int main(void) {
  char why[128];
  d = ss_disasm_new(EM_X86_64, why, sizeof why);
  CHECK(d != NULL);
  if (d)
    test_disassembler();
  test_classes();
  test_move_folding();
  test_macro_fusion();
  ss_disasm_free(d);
  return check_finish("prof-insn");
}
