/*
 * Context switch for AArch64 (AAPCS64): x19-x30 and d8-d15 are saved on
 * the current stack, the target's restored, and control continues at its
 * saved link register through ret (not br x30), which pops the return
 * predictor's entry the call pushed: fibers park at one call site, so the
 * prediction holds and the returns that follow stay paired with their calls
 * (fiber_x86_64.S says what a branch costs).
 */
#if defined(__aarch64__)
    .text
    .globl simt_fiber_switch
    .hidden simt_fiber_switch
    .type simt_fiber_switch, %function
    .p2align 4
simt_fiber_switch:
    sub sp, sp, #176
    stp x19, x20, [sp, #0]
    stp x21, x22, [sp, #16]
    stp x23, x24, [sp, #32]
    stp x25, x26, [sp, #48]
    stp x27, x28, [sp, #64]
    stp x29, x30, [sp, #80]
    stp d8, d9, [sp, #96]
    stp d10, d11, [sp, #112]
    stp d12, d13, [sp, #128]
    stp d14, d15, [sp, #144]
    mov x2, sp
    str x2, [x0]
    mov sp, x1
    ldp x19, x20, [sp, #0]
    ldp x21, x22, [sp, #16]
    ldp x23, x24, [sp, #32]
    ldp x25, x26, [sp, #48]
    ldp x27, x28, [sp, #64]
    ldp x29, x30, [sp, #80]
    ldp d8, d9, [sp, #96]
    ldp d10, d11, [sp, #112]
    ldp d12, d13, [sp, #128]
    ldp d14, d15, [sp, #144]
    add sp, sp, #176
    ret
    .size simt_fiber_switch, .-simt_fiber_switch

/* x19 holds the argument, x20 the entry. */
    .globl simt_fiber_trampoline
    .hidden simt_fiber_trampoline
    .type simt_fiber_trampoline, %function
    .p2align 4
simt_fiber_trampoline:
    mov x0, x19
    mov x29, #0
    blr x20
    brk #0
    .size simt_fiber_trampoline, .-simt_fiber_trampoline
#endif
    .section .note.GNU-stack,"",%progbits
