/*
 * Context switch for x86-64 (System V): saves the callee-saved registers
 * on the current stack, stores the stack pointer, loads the target's and
 * restores its registers.  It ends in ret, not pop+jmp: the threads of a
 * block park at the same call site, so the address the ret takes is the
 * one the return-stack predictor holds for it.  A jmp left the call's
 * entry on the predictor's stack, so every return after the switch
 * (sched_park's, the barrier's, the kernel's) took the entry below its
 * own and was mispredicted: about a third of a barrier's time.
 */
#if defined(__x86_64__)
#include "engine/ring_asm.h"
    .text
    .globl simt_fiber_switch
    .hidden simt_fiber_switch
    .type simt_fiber_switch, @function
    .p2align 4
simt_fiber_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size simt_fiber_switch, .-simt_fiber_switch

/* First code a new fiber runs: r12 holds the argument, r13 the entry. */
    .globl simt_fiber_trampoline
    .hidden simt_fiber_trampoline
    .type simt_fiber_trampoline, @function
    .p2align 4
simt_fiber_trampoline:
    movq %r12, %rdi
    andq $-16, %rsp
    callq *%r13
    ud2
    .size simt_fiber_trampoline, .-simt_fiber_trampoline

/* __syncthreads and the warp collectives, returning by jmp: each calls
 * its body (barrier.c's simt__syncthreads_body, warp.c's simt__shfl_body)
 * and jumps back to its caller.  A thread that parks at one call site
 * resumes a thread that parked at another (a kernel with two
 * __syncthreads a round, a reduction's five shuffles), and the
 * return-stack predictor holds the parker's site, so a ret to the resumed
 * thread's site was mispredicted once per thread per barrier.  The
 * indirect jmp is predicted from the branch history instead, and every
 * thread a barrier releases returns to the same site.  The body's own ret
 * comes back here, to the one call below, which the predictor holds.  The
 * jmp leaves the kernel's call entry on the predictor's stack; only
 * returns to frames older than the kernel's (once per thread) find it
 * misplaced.  rbx keeps the return address across the call (callee-saved,
 * so also across the switches); rcx is free at a return. */
.macro JMP_SAVE
    pushq %rbx
    .cfi_def_cfa_offset 16
    .cfi_offset %rbx, -16
    movq 8(%rsp), %rbx
.endm

.macro JMP_ENTER name
    .globl \name
    .type \name, @function
    .p2align 4
\name:
    .cfi_startproc
    JMP_SAVE
.endm

.macro JMP_LEAVE name
    movq %rbx, %rcx
    popq %rbx
    .cfi_def_cfa_offset 8
    .cfi_restore %rbx
    addq $8, %rsp
    .cfi_def_cfa_offset 0
    .cfi_register %rip, %rcx
    jmpq *%rcx
    .cfi_endproc
    .size \name, .-\name
.endm

/* __syncthreads.  In a block's ring (ring.h) an arrival that is neither
 * its generation's first nor its last (the first records the site, the
 * last completes the generation: barrier.c's ring_arrive) only counts
 * itself and hands the worker to the next thread of the block: that is
 * ring_arrive's and sched_ring_park's work, done here in the kernel's
 * call.  The switch is inline: it pushes the address this thread resumes
 * at under the saved registers, the frame simt_fiber_switch leaves, so
 * either switch resumes a thread the other parked, and it reaches the
 * resumed thread by a jump, which goes where it went the time before (the
 * call and return of simt_fiber_switch were a sixth of the barrier on the
 * VM's EPYC).  A resumed thread makes the check sched_park's caller makes
 * after a switch (a fiber to reset).  Release builds only: in DEBUG and
 * sanitizer builds, whose switches also assert and tell the sanitizers,
 * every arrival goes to barrier.c. */
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define TLS_ADDR(sym, reg) movq sym@gottpoff(%rip), reg
    .globl simt_syncthreads
    .type simt_syncthreads, @function
    .p2align 4
simt_syncthreads:
    .cfi_startproc
    TLS_ADDR(sched__ring_block, %rax)
    movq %fs:(%rax), %rdx                   /* the block, in its ring */
    testq %rdx, %rdx
    jz .Lsync_body
    cmpl $RING_ASM_BLOCK, RING_ASM_B_RING(%rdx)
    jne .Lsync_body
    movl RING_ASM_B_ARRIVED(%rdx), %ecx
    testl %ecx, %ecx
    jz .Lsync_body
    cmpq %rdi, RING_ASM_B_SITE(%rdx)
    jne .Lsync_body
    addl $1, %ecx
    cmpl %ecx, RING_ASM_B_NTHREADS(%rdx)
    je .Lsync_body
    movl %ecx, RING_ASM_B_ARRIVED(%rdx)
    movq RING_ASM_B_RUN(%rdx), %rdi         /* this thread */
    movq RING_ASM_T_NEXT(%rdi), %rsi        /* the next of the ring */
    /* The stack of the thread two after the next: its first two lines,
     * which its resumption pops and its kernel reads, come in while two
     * threads run.  Without it the pop after the switch waited for them
     * (the development VM's EPYC, 1,024-thread blocks: 10.5 ns a thread
     * and barrier); found through the list links, two dependent loads
     * of records not in the cache, 8.5 ns; its record's address taken
     * from this one's (a ring's records are in ring order, ring.h),
     * 7.8 ns; the thread after the next 8.0-8.2, four after it the
     * same as two.  Two wraps at most, a block's ring having two
     * threads or more. */
    leaq 3 * RING_ASM_T_SIZE(%rdi), %r9
    movq RING_ASM_B_END(%rdx), %r10
    movq %r10, %r11
    subq RING_ASM_B_FIRST(%rdx), %r11       /* the ring's bytes */
    cmpq %r10, %r9
    jb 1f
    subq %r11, %r9
    cmpq %r10, %r9
    jb 1f
    subq %r11, %r9
1:  movq RING_ASM_T_SP(%r9), %r9
    prefetcht0 (%r9)
    prefetcht0 64(%r9)
    movq %rsi, RING_ASM_B_RUN(%rdx)
    movq RING_ASM_B_OWNER(%rdx), %rax
    movq RING_ASM_T_FIBER(%rsi), %r8
    movq %r8, RING_ASM_W_CURRENT(%rax)
    TLS_ADDR(simt__run, %rax)
    addq $1, %fs:RING_ASM_RUN_EVENTS(%rax)
    TLS_ADDR(simt__thread_idx, %rax)
    movq RING_ASM_T_TID(%rsi), %r8
    movq %r8, %fs:(%rax)
    movl RING_ASM_T_TID+8(%rsi), %r8d
    movl %r8d, %fs:8(%rax)
    movq RING_ASM_T_SP(%rsi), %rsi          /* rdi: &this->sp (offset 0) */
    leaq .Lsync_resume(%rip), %rax
    pushq %rax
    .cfi_adjust_cfa_offset 8
    pushq %rbp
    .cfi_adjust_cfa_offset 8
    pushq %rbx
    .cfi_adjust_cfa_offset 8
    pushq %r12
    .cfi_adjust_cfa_offset 8
    pushq %r13
    .cfi_adjust_cfa_offset 8
    pushq %r14
    .cfi_adjust_cfa_offset 8
    pushq %r15
    .cfi_adjust_cfa_offset 8
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    .cfi_adjust_cfa_offset -8
    popq %r14
    .cfi_adjust_cfa_offset -8
    popq %r13
    .cfi_adjust_cfa_offset -8
    popq %r12
    .cfi_adjust_cfa_offset -8
    popq %rbx
    .cfi_adjust_cfa_offset -8
    popq %rbp
    .cfi_adjust_cfa_offset -8
    popq %rax
    .cfi_adjust_cfa_offset -8
    jmpq *%rax
.Lsync_resume:
    TLS_ADDR(sched__reset_pending, %rax)
    cmpq $0, %fs:(%rax)
    jne .Lsync_reset
.Lsync_return:
    .cfi_remember_state
    popq %rcx
    .cfi_adjust_cfa_offset -8
    .cfi_register %rip, %rcx
    jmpq *%rcx
    .cfi_restore_state
.Lsync_reset:
    subq $8, %rsp
    .cfi_adjust_cfa_offset 8
    TLS_ADDR(engine__self, %rax)
    movq %fs:(%rax), %rdi
    callq sched_after_switch
    addq $8, %rsp
    .cfi_adjust_cfa_offset -8
    jmp .Lsync_return
.Lsync_body:
    JMP_SAVE
    callq simt__syncthreads_body
    JMP_LEAVE simt_syncthreads
#undef TLS_ADDR
#else
    JMP_ENTER simt_syncthreads
    callq simt__syncthreads_body
    JMP_LEAVE simt_syncthreads
#endif

/* simt_shfl's seventh argument is on the stack: copied below the call so
 * the body finds it where its caller put it for simt_shfl. */
    JMP_ENTER simt_shfl
    subq $8, %rsp
    .cfi_def_cfa_offset 24
    pushq 24(%rsp)
    .cfi_def_cfa_offset 32
    callq simt__shfl_body
    addq $16, %rsp
    .cfi_def_cfa_offset 16
    JMP_LEAVE simt_shfl
#endif
    .section .note.GNU-stack,"",@progbits
