/*
 * Context switch for x86-64 (System V): saves the callee-saved registers
 * on the current stack, stores the stack pointer, loads the target's and
 * restores its registers.  It ends in pop+jmp rather than ret: a ret into
 * another stack always misses the return-stack predictor, while the
 * indirect jump is predicted from the branch target buffer.
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
    popq %rcx
    jmpq *%rcx
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
