/*
 * fpe.h -- the fpe trace: every floating-point exception the program
 * raises, counted exactly, by type, instruction and call stack, while the
 * program computes exactly what it would have computed untraced.
 *
 * How (x86-64; the seeds' "trap, record, resume"):
 *
 *  - Arming.  Each thread's MXCSR has the exceptions traced unmasked
 *    (invalid, divide-by-zero, overflow, underflow; inexact too with
 *    ssrun -fpe_inexact).  An SSE/AVX instruction that raises one then
 *    faults before it writes its result (#XM, SIGFPE).  New threads inherit
 *    the armed MXCSR; a new image arms its own at start-up.
 *  - Stepping over.  The SIGFPE handler (fpe_trap.c) saves the MXCSR,
 *    clears its flags, gives it the masks the *program* has set (all masked
 *    unless it called feenableexcept), and sets the trap flag.  The
 *    instruction runs again, now producing exactly the IEEE default result
 *    and setting exactly its flags, and the CPU stops right after it
 *    (SIGTRAP, TRAP_TRACE).  There the handler reads which exceptions the
 *    instruction raised (IEEE's definition: an exact tiny result is not an
 *    underflow), records one event, and gives back the armed MXCSR with the
 *    flags the program would have had: those before plus the
 *    instruction's.  The CPU computes the result, not us: no emulator, any
 *    SSE/AVX instruction, rounding mode, DAZ/FTZ and packed operands.
 *  - The program's own traps.  If the program enabled an exception
 *    (feenableexcept), the instruction faults again under its masks: that
 *    one is the program's.  It is recorded (DELIVERED) and handed to the
 *    program's SIGFPE disposition exactly as the kernel would have (its
 *    handler with the context it would have seen, or the default: the file
 *    is written and the process dies of SIGFPE).  Exceptions of x87 code
 *    (long double) trap only when the program enabled them; they are
 *    recorded and delivered the same way.
 *  - The environment as the program sees it.  libssrt.so stands in front
 *    of the <fenv.h> functions that read or set the masks (fpe_env.c), so
 *    that the program reads back its own masks, and re-arms after those
 *    that set them; feraiseexcept's exceptions are recorded (RAISED).
 *    SIGFPE and SIGTRAP are kept the runtime's and never blocked
 *    (signal_guard.h).
 *
 * One flag cannot be told apart after the fact: a thread's underflow flag,
 * when an instruction that trapped on a tiny but exact result (no IEEE
 * underflow) set it and it may have been set before.  The thread remembers
 * the flag as it last saw it (at each trap and each <fenv.h> call) and
 * gives that back.
 *
 * Not traced: code that writes the MXCSR itself (ldmxcsr, _mm_setcsr)
 * rather than through <fenv.h> hides its masks from the trace (traps it
 * masks are lost until the next <fenv.h> call or longjmp); x87 exceptions
 * the program did not enable (long double: x87 faults come after the
 * instruction completed, so it cannot be stepped over); code running in a
 * signal handler (Linux starts handlers with a default, masked
 * environment).
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_FPE_H
#define SSRT_FPE_H

#include "ss/format.h"

#include <stdint.h>

/* MXCSR: exception flags (bits 0-5) and their masks (bits 7-12). */
#define SSRT_MXCSR_FLAGS 0x3fu
#define SSRT_MXCSR_MASKS 0x1f80u
#define SSRT_MXCSR_UE 0x10u

/* What each thread keeps (thread-local). */
struct ssrt_fpe_thread {
  int stepping;          /* between the trap and the step after it */
  uint32_t saved_mxcsr;  /* the MXCSR at the trap */
  uint64_t step_pc;      /* the instruction being stepped */
  uint64_t delivered_pc; /* an exception there went to the program's
                            handler: its re-execution is not counted again */
  int masks_known;       /* else the program's masks are the x87 ones */
  uint32_t program_masks; /* MXCSR mask bits the program has set */
  int ue_known;
  int ue_seen;            /* the underflow flag as last seen */
};

/* The calling thread's. */
struct ssrt_fpe_thread *ssrt_fpe_thread(void);

/* Whether fpe runs in this image; the MXCSR mask bits it unmasks. */
int ssrt_fpe_running(void);
uint32_t ssrt_fpe_traps(void);

/* The program's masks (MXCSR bits 7-12): its own, or those of the x87
 * control word `x87_cw` when it never set any through <fenv.h>. */
uint32_t ssrt_fpe_program_masks(struct ssrt_fpe_thread *t, uint32_t x87_cw);

/* The MXCSR to run with, given the program's masks: the traced exceptions
 * unmasked, the rest as the program has them. */
static inline uint32_t ssrt_fpe_armed(uint32_t mxcsr, uint32_t program_masks) {
  return (mxcsr & ~SSRT_MXCSR_MASKS) | (program_masks & ~ssrt_fpe_traps());
}

/* Arms the calling thread's MXCSR, its masks taken as the program's
 * (start-up, a new thread); re-arms it after code the trace did not see
 * masked the traps (a longjmp out of a signal handler). */
void ssrt_fpe_arm_thread(void);
void ssrt_fpe_rearm_if_lost(void);

/* Installs the SIGFPE and SIGTRAP handlers (fpe_trap.c). */
int ssrt_fpe_install_handlers(void);

/* Records an exception raised by feraiseexcept (SS_FPE_* bits) for the
 * caller of the wrapper whose return address and frame are given. */
void ssrt_fpe_record_raised(uint32_t kinds, uint64_t ret, uint64_t frame);

/* The <fenv.h> functions and longjmp of the C library (fpe_env.c,
 * fpe_longjmp.c). */
void ssrt_fpe_env_init(void);
void ssrt_fpe_longjmp_init(void);

/* MXCSR flag bits (= FE_* on x86) to SS_FPE_* bits. */
uint32_t ssrt_fpe_kinds(uint32_t mxcsr_flags);

#endif
