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
#endif
    .section .note.GNU-stack,"",@progbits
