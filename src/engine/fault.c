/*
 * fault.c: catching SIGSEGV, SIGBUS, SIGILL and SIGFPE in kernels.
 *
 * The handler runs on the worker's alternate stack (so a fiber stack
 * overflow can be reported), reports, fails the grid and abandons the
 * block: it switches to a spare fiber and never returns, which is why the
 * signal is installed with SA_NODEFER (it must not stay blocked).
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "engine/cluster.h"
#include "engine/diag.h"
#include "engine/engine.h"
#include "engine/fault.h"
#include "engine/sync.h"
#include "engine/watchdog.h"

int (*fault_describe_address)(const void *addr, char *buf, size_t len);

static struct sigaction previous[4];
static const int caught[4] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};

const void *fault_pc(void *ctx)
{
    ucontext_t *uc = ctx;
#if defined(__x86_64__)
    return (const void *)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (const void *)uc->uc_mcontext.pc;
#else
    (void)uc;
    return NULL;
#endif
}

/* 1 write, 0 read, -1 unknown. */
static int fault_is_write(void *ctx)
{
#if defined(__x86_64__)
    ucontext_t *uc = ctx;
    return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
    (void)ctx;
    return -1;
#endif
}

static int in_guard(const struct worker *w, const void *addr)
{
    const struct fiber *f = w->current;
    const char *a = addr;
    return f && a < f->stack_lo && a >= f->stack_lo - FIBER_GUARD_BYTES;
}

static void chain(int sig, siginfo_t *si, void *ctx)
{
    for (int i = 0; i < 4; i++) {
        if (caught[i] != sig)
            continue;
        struct sigaction *p = &previous[i];
        if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction) {
            p->sa_sigaction(sig, si, ctx);
            return;
        }
        if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
            p->sa_handler(sig);
            return;
        }
        /* Default action: let the instruction fault again, unhandled. */
        signal(sig, SIG_DFL);
        return;
    }
}

/* Reports the fault recorded in w->fault and abandons the block.  Runs on
 * a fresh fiber, out of the signal handler, so it may use stdio. */
void fault_report(struct worker *w)
{
    struct fault_info *f = &w->fault;
    if (f->sig == 0)
        watchdog_report(w);
    struct block *b = w->cur;
    struct grid *g = b->grid;
    char where[512], what[256] = "";
    diag_symbolize(f->pc, where, sizeof where);
    const char *kind;
    const char *todo;
    int err;
    if ((f->sig == SIGSEGV || f->sig == SIGBUS) && f->in_guard) {
        kind = "stack overflow";
        todo = "raise the stack with cudaDeviceSetLimit(cudaLimitStackSize, ...) or "
               "SIMT_STACK_SIZE, or make the thread's local arrays smaller";
        err = cudaErrorLaunchFailure;
    } else if (f->sig == SIGSEGV || f->sig == SIGBUS) {
        kind = f->write == 1 ? "invalid write" : f->write == 0 ? "invalid read" : "invalid access";
        if (!cluster_describe_address(w, f->addr, what, sizeof what) &&
            (!fault_describe_address || !fault_describe_address(f->addr, what, sizeof what)))
            snprintf(what, sizeof what, "address %p is not in any live allocation", f->addr);
        todo = "check the index against the allocation's size";
        err = cudaErrorIllegalAddress;
    } else if (f->sig == SIGFPE) {
        kind = "arithmetic exception (integer division by zero or overflow)";
        todo = "check the divisor";
        err = cudaErrorLaunchFailure;
    } else {
        kind = "illegal instruction";
        todo = "the code reached an instruction the CPU cannot run";
        err = cudaErrorIllegalInstruction;
    }
    char site[800], tail[400];
    snprintf(site, sizeof site, "%s%s%s", where, what[0] ? ": " : "", what);
    snprintf(tail, sizeof tail, " — %s; the grid fails with %s", todo,
             err == cudaErrorIllegalAddress ? "cudaErrorIllegalAddress"
             : err == cudaErrorIllegalInstruction ? "cudaErrorIllegalInstruction"
                                                  : "cudaErrorLaunchFailure");
    (void)g;
    struct engine_failure fl = {err, kind, WHO_THREAD, &f->tid, 0, site, tail};
    engine_fail_with(&fl);
}

#if defined(__x86_64__)
/* General register numbers of x86 encodings, in ucontext's order. */
static const int gpr[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                            REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

/* A kernel's integer division by zero (or INT_MIN / -1) does not trap on a
 * GPU; it gives a result.  Decodes the faulting div/idiv, writes what an
 * H200 returns (tests/cuda/core/int_division.cu) and steps past it.
 * Returns 0 if the instruction is not one it knows. */
static int emulate_divide(ucontext_t *uc)
{
    greg_t *r = uc->uc_mcontext.gregs;
    const unsigned char *p = (const unsigned char *)r[REG_RIP], *start = p;
    int rex = 0, opsize16 = 0;
    for (;; p++) {
        if (*p == 0x66)
            opsize16 = 1;
        else if (*p == 0x2e || *p == 0x3e || *p == 0x26 || *p == 0x64 || *p == 0x65 || *p == 0x36)
            continue;
        else
            break;
    }
    if ((*p & 0xf0) == 0x40)
        rex = *p++;
    if (*p != 0xf7 || opsize16)
        return 0; /* 8- and 16-bit forms: left to the report */
    p++;
    unsigned modrm = *p++, mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
    if (reg != 6 && reg != 7)
        return 0;
    int wide = (rex & 8) != 0, is_signed = reg == 7;
    long long divisor;
    if (mod == 3) {
        divisor = (long long)r[gpr[rm | ((rex & 1) << 3)]];
    } else {
        long long addr = 0;
        if (rm == 4) {
            unsigned sib = *p++, scale = sib >> 6, idx = ((sib >> 3) & 7) | ((rex & 2) << 2);
            unsigned base = (sib & 7) | ((rex & 1) << 3);
            if (idx != 4)
                addr += (long long)r[gpr[idx]] << scale;
            if ((sib & 7) == 5 && mod == 0) {
                int32_t d;
                memcpy(&d, p, 4);
                p += 4;
                addr += d;
            } else {
                addr += (long long)r[gpr[base]];
            }
        } else if (rm == 5 && mod == 0) {
            int32_t d;
            memcpy(&d, p, 4);
            p += 4;
            addr = (long long)(uintptr_t)p + d;
        } else {
            addr = (long long)r[gpr[rm | ((rex & 1) << 3)]];
        }
        if (mod == 1) {
            addr += (signed char)*p;
            p += 1;
        } else if (mod == 2) {
            int32_t d;
            memcpy(&d, p, 4);
            p += 4;
            addr += d;
        }
        if (wide)
            memcpy(&divisor, (const void *)(uintptr_t)addr, 8);
        else {
            int32_t d;
            memcpy(&d, (const void *)(uintptr_t)addr, 4);
            divisor = d;
        }
    }
    if (!wide)
        divisor = (int32_t)divisor;
    long long q, rem;
    if (divisor == 0) {
        if (!wide) {
            q = rem = (uint32_t)0xffffffffu;
        } else {
            long long dividend = (long long)r[REG_RAX];
            q = rem = (is_signed && dividend < 0) ? -1LL : 0xffffffffLL;
        }
    } else if (is_signed && divisor == -1) {
        q = wide ? (long long)r[REG_RAX] : (long long)(uint32_t)r[REG_RAX]; /* MIN / -1 = MIN */
        rem = 0;
    } else {
        return 0;
    }
    if (wide) {
        r[REG_RAX] = (greg_t)q;
        r[REG_RDX] = (greg_t)rem;
    } else {
        r[REG_RAX] = (greg_t)(uint32_t)q;
        r[REG_RDX] = (greg_t)(uint32_t)rem;
    }
    r[REG_RIP] += (greg_t)(p - start);
    return 1;
}
#endif

/* Only async-signal-safe work here: record what happened, then leave the
 * faulting thread's stack for a fresh fiber that reports. */
static void on_fault(int sig, siginfo_t *si, void *ctx)
{
    struct worker *w = engine_self();
    if (!sched_current(w)) {
        chain(sig, si, ctx);
        return;
    }
#if defined(__x86_64__)
    if (sig == SIGFPE && emulate_divide(ctx))
        return;
#endif
    struct fault_info *f = &w->fault;
    f->sig = sig;
    f->addr = si->si_addr;
    f->pc = fault_pc(ctx);
    f->write = fault_is_write(ctx);
    f->in_guard = in_guard(w, si->si_addr);
    f->tid = simt__thread_idx;
    sched_escape_fault(w);
}

void fault_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 4; i++)
        sigaction(caught[i], &sa, &previous[i]);
}

void fault_worker_init(struct worker *w)
{
    size_t size = 256 * 1024;
    stack_t ss;
    w->altstack = malloc(size);
    if (!w->altstack)
        return;
    ss.ss_sp = w->altstack;
    ss.ss_size = size;
    ss.ss_flags = 0;
    sigaltstack(&ss, NULL);
}
