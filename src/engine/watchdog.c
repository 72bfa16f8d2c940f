/*
 * watchdog.c: stopping kernels that make no progress (SIMT_WATCHDOG).
 *
 * A watching thread looks at every worker (and guest record) a few times a
 * second.  A worker that holds blocks and made no progress for the limit
 * (finished no block, and no thread of its blocks reached a barrier:
 * watchdog.h says why) is stuck: the
 * watcher marks the grid of its latest block in the worker's wd_kill,
 * does the same for every other worker running a block of that grid (a
 * GPU's timeout ends the whole kernel: each running block is reported),
 * and sends them a signal.  The handler, on the worker's
 * alternate stack, leaves the CUDA thread's stack for a fresh fiber as a
 * fault does (sched_escape_fault), which reports where the block's
 * threads are, fails the grid with cudaErrorLaunchTimeout (sticky, as on
 * a GPU: CUDA runtime API, cudaErrorLaunchTimeout) and abandons the block.
 *
 * Leaving a stack is safe only where the thread runs the program's own
 * code: inside libsimt (the scheduler in the middle of a switch) or a
 * system library (malloc holding its lock) the handler does nothing and
 * the watcher signals again on its next round.  A thread that spins
 * through the engine (yields, polls) is stopped at those calls instead
 * (watchdog_point).
 *
 * Invariant: only the worker writes its progress counters and only it
 * leaves its own stack; the watcher only reads them and signals.
 */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/base.h"
#include "check/hooks.h"
#include "engine/diag.h"
#include "engine/engine.h"
#include "engine/fault.h"
#include "engine/sync.h"
#include "engine/watchdog.h"

/* libsimt's code lies between these two (text_first.S and text_last.S,
 * linked first and last into libsimt.o: see the Makefile). */
void simt__text_first(void);
void simt__text_last(void);

/* The limit of checking builds: generous, as checked kernels run many
 * times slower than plain ones. */
#define WATCHDOG_CHECKING_SECONDS 60

static double default_seconds;
static double seconds;
static long long limit_ns;
static int enabled;

void simt__watchdog_default(double s)
{
    default_seconds = s > 0 ? s : 0;
}

int watchdog_on(void)
{
    return enabled;
}

/* A compiled block passed a __syncthreads: simt-kc calls this once for
 * the block at each of its barriers (a block function has no barrier of
 * the engine's to count; watchdog.h says why barriers are progress). */
void simt__kc_barrier(void)
{
    struct worker *w;
    if (enabled && (w = engine_self()))
        watchdog_progress(w);
}

int watchdog_signal(void)
{
    /* A real-time signal programs rarely use; blocked everywhere but on
     * workers (and on guests while they run blocks). */
    return SIGRTMAX - 3;
}

/* ---- whose code the thread runs ------------------------------------------------- */

struct range {
    uintptr_t lo, hi;
};
static struct range system_code[64];
static int nsystem;

static int is_system(const char *name)
{
    return name && (!strncmp(name, "/lib", 4) || !strncmp(name, "/usr/lib", 8) ||
                    strstr(name, "vdso") || strstr(name, "ld-linux"));
}

static int note_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    (void)arg;
    if (!is_system(info->dlpi_name))
        return 0;
    for (int i = 0; i < info->dlpi_phnum && nsystem < 64; i++) {
        const ElfW(Phdr) *p = &info->dlpi_phdr[i];
        if (p->p_type == PT_LOAD && (p->p_flags & PF_X)) {
            uintptr_t lo = info->dlpi_addr + p->p_vaddr;
            system_code[nsystem++] = (struct range){lo, lo + p->p_memsz};
        }
    }
    return 0;
}

/* Whether pc is the program's own code (its kernels), where the thread
 * holds no lock of libsimt's or the C library's. */
static int program_code(const void *pc)
{
    uintptr_t a = (uintptr_t)pc;
    if (a >= (uintptr_t)simt__text_first && a < (uintptr_t)simt__text_last)
        return 0;
    for (int i = 0; i < nsystem; i++)
        if (a >= system_code[i].lo && a < system_code[i].hi)
            return 0;
    return a != 0;
}

/* ---- stopping a worker ------------------------------------------------------------ */

/* Leaves the running CUDA thread's stack; the fresh fiber reports
 * (fault_report, then watchdog_report). */
static void stop(struct worker *w, const void *pc, const char *site) __attribute__((noreturn));
static void stop(struct worker *w, const void *pc, const char *site)
{
    atomic_store_explicit(&w->wd_kill, 0, memory_order_relaxed);
    w->wd_deferred = 0;
    struct fault_info *f = &w->fault;
    f->sig = 0;
    f->addr = (void *)(uintptr_t)site;
    f->pc = pc;
    f->write = -1;
    f->in_guard = 0;
    f->tid = simt__thread_idx;
    f->compiled = w->cur->fiber_retry == 2;
    sched_escape_fault(w);
}

/* The stop request still names the grid w runs a block of. */
static int wanted(struct worker *w)
{
    unsigned long long kill = atomic_load_explicit(&w->wd_kill, memory_order_relaxed);
    if (!kill)
        return 0;
    if (!w->cur || w->cur->grid->seq != kill || !w->escape) {
        atomic_store_explicit(&w->wd_kill, 0, memory_order_relaxed);
        return 0;
    }
    return 1;
}

static void on_signal(int sig, siginfo_t *si, void *ctx)
{
    (void)sig;
    (void)si;
    int saved = errno;
    struct worker *w = engine_self();
    if (w && wanted(w)) {
        const void *pc = fault_pc(ctx);
        if (program_code(pc))
            stop(w, pc, NULL);
        w->wd_deferred++; /* in the engine or the C library: next round */
    }
    errno = saved;
}

void watchdog_point_slow(struct worker *w, const char *site)
{
    if (wanted(w) && sched_current(w))
        stop(w, NULL, site ? site : "a yield or poll of the engine (__nanosleep, an atomic or barrier wait)");
}

/* ---- the watching thread ------------------------------------------------------------ */

struct round {
    long long now;
    unsigned long long fire;  /* the grid to stop, 0: none */
};

static void look(struct worker *w, void *arg)
{
    struct round *r = arg;
    unsigned resident = atomic_load_explicit(&w->wd_resident, memory_order_acquire);
    unsigned long long done = atomic_load_explicit(&w->wd_done, memory_order_relaxed);
    if (!resident || done != w->wd_seen || !w->wd_since) {
        w->wd_seen = done;
        w->wd_since = r->now;
    }
    unsigned long long kill = atomic_load_explicit(&w->wd_kill, memory_order_relaxed);
    if (kill) {
        /* Asked before and not stopped yet (it was in the engine). */
        if (resident && atomic_load_explicit(&w->wd_grid, memory_order_relaxed) == kill)
            pthread_kill(w->os, watchdog_signal());
        else
            atomic_store_explicit(&w->wd_kill, 0, memory_order_relaxed);
        return;
    }
    if (resident && !r->fire && r->now - w->wd_since >= limit_ns)
        r->fire = atomic_load_explicit(&w->wd_grid, memory_order_relaxed);
}

static void fire(struct worker *w, void *arg)
{
    struct round *r = arg;
    if (!atomic_load_explicit(&w->wd_resident, memory_order_acquire) ||
        atomic_load_explicit(&w->wd_grid, memory_order_relaxed) != r->fire)
        return;
    w->wd_since = r->now;
    atomic_store_explicit(&w->wd_kill, r->fire, memory_order_relaxed);
    pthread_kill(w->os, watchdog_signal());
}

static void *watch(void *arg)
{
    (void)arg;
    long long tick = limit_ns / 8;
    if (tick > 250000000LL)
        tick = 250000000LL;
    if (tick < 10000000LL)
        tick = 10000000LL;
    for (;;) {
        struct timespec ts = {(time_t)(tick / 1000000000LL), (long)(tick % 1000000000LL)};
        nanosleep(&ts, NULL);
        struct round r = {simt__now_ns(), 0};
        engine_each_worker(look, &r);
        if (r.fire)
            engine_each_worker(fire, &r);
    }
    return NULL;
}

int watchdog_start(void)
{
    const char *v = getenv("SIMT_WATCHDOG");
    seconds = default_seconds;
    /* A checking build (its start-up ran before the first CUDA call) is
     * watched unless told otherwise: a hang is one more bug it reports. */
    if (seconds <= 0 && hook_checking())
        seconds = WATCHDOG_CHECKING_SECONDS;
    if (v && *v) {
        char *end;
        double s = strtod(v, &end);
        if (*end || s < 0) {
            fprintf(stderr, "simt: warning: SIMT_WATCHDOG=%s is not a number of seconds: the "
                            "watchdog stays %s\n", v, seconds > 0 ? "on" : "off");
        } else {
            seconds = s;
        }
    }
    if (seconds <= 0)
        return 0;
    limit_ns = (long long)(seconds * 1e9);
    dl_iterate_phdr(note_object, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    /* SA_NODEFER: the handler may leave for a fiber and never return, so
     * the signal must not stay blocked. */
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(watchdog_signal(), &sa, NULL);
    int rc = engine_spawn(watch, NULL, 1, NULL);
    if (rc != 0) {
        fprintf(stderr, "simt: warning: cannot start the watchdog thread: %s\n", strerror(rc));
        return 0;
    }
    enabled = 1;
    return 1;
}

/* ---- the report ------------------------------------------------------------------------ */

/* What a thread of the stopped block is doing, grouped: up to 8 groups
 * of threads in the same state at the same place. */
struct group {
    const char *state;
    const char *site;
    uint3 first;
    unsigned n;
};

static void add_thread(struct group *gs, unsigned *ng, const char *state, const char *site, uint3 tid)
{
    for (unsigned i = 0; i < *ng; i++) {
        if (gs[i].state == state && (gs[i].site == site ||
                                     (gs[i].site && site && !strcmp(gs[i].site, site)))) {
            gs[i].n++;
            return;
        }
    }
    if (*ng < 8)
        gs[(*ng)++] = (struct group){state, site, tid, 1};
}

void watchdog_report(struct worker *w)
{
    struct fault_info *f = &w->fault;
    sched_current(w); /* brings the block's counts up to date */
    struct block *b = w->cur;
    const dim3 bd = b->grid->block_dim;
    char where[512], tail[1900];
    if (f->addr)
        snprintf(where, sizeof where, "%s", (const char *)f->addr);
    else
        diag_symbolize(f->pc, where, sizeof where);
    int n = snprintf(tail, sizeof tail,
                     ": no block of the kernel finished and no thread reached a barrier for %g s "
                     "(SIMT_WATCHDOG=%g)", seconds,
                     seconds);
    struct engine_failure fl = {cudaErrorLaunchTimeout, "launch timed out", WHO_THREAD, &f->tid,
                                0, where, tail};
    if (f->compiled) {
        /* The block function runs every thread in loops: no one thread is
         * the running one. */
        fl.who = WHO_BLOCK;
        fl.site = NULL;
        n += snprintf(tail + n, sizeof tail - (size_t)n,
                      "; the block runs compiled (its threads in loops), now at %s "
                      "(SIMT_TIER=fiber names the thread)", where);
    }
    n += snprintf(tail + n, sizeof tail - (size_t)n,
                  " — a thread that waits for what no running thread will do (a flag another "
                  "block or the host sets, a loop that never ends) hangs on a GPU too");
    if (!f->compiled && b->next_thread < b->nthreads)
        /* A GPU runs the others meanwhile (independent thread scheduling). */
        n += snprintf(tail + n, sizeof tail - (size_t)n,
                      "; threads of this block have not started: simt runs a block's threads "
                      "one at a time until one waits, and lets the others run where a loop polls "
                      "volatile or atomic memory; a loop that polls plain memory (which a "
                      "compiler may read once) must be made to (volatile, an atomic, __nanosleep)");
    n += snprintf(tail + n, sizeof tail - (size_t)n,
                  "; the launch fails with cudaErrorLaunchTimeout");
    if (!f->compiled) {
        /* Where the block's other threads are, on the lines that follow. */
        struct group gs[8];
        unsigned ng = 0;
        for (unsigned i = 0; i < b->nthreads; i++) {
            uint3 tid = {i % bd.x, (i / bd.x) % bd.y, i / (bd.x * bd.y)};
            if (tid.x == f->tid.x && tid.y == f->tid.y && tid.z == f->tid.z)
                continue;
            struct sthread *t = &b->threads[i];
            if (sched_is_parked(b, t))
                add_thread(gs, &ng, t->state == TS_BLOCKED ? "waiting" : "ready to resume",
                           t->wait_site, tid);
            else if (sched_started(b, i))
                add_thread(gs, &ng, "exited", NULL, tid);
            else
                add_thread(gs, &ng, "not started", NULL, tid);
        }
        for (unsigned i = 0; i < ng && n < (int)sizeof tail - 200; i++)
            n += snprintf(tail + n, sizeof tail - (size_t)n,
                          "\n    %u other thread%s: %s%s%s (thread (%u,%u,%u)%s)",
                          gs[i].n, gs[i].n == 1 ? "" : "s", gs[i].state, gs[i].site ? " at " : "",
                          gs[i].site ? gs[i].site : "", gs[i].first.x, gs[i].first.y,
                          gs[i].first.z, gs[i].n == 1 ? "" : " first");
    }
    engine_fail_with(&fl);
}
