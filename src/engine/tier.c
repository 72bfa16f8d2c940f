/*
 * tier.c: the engine's side of the compiled tier.
 *
 * simt-kc compiles a launch's thread loop into a block function where it
 * can (see src/compiler/kc.h); a launch runs it when the program was
 * compiled so and SIMT_TIER does not say otherwise.  libsimt's definitions
 * here are what a program compiled without simt-kc links against.
 */
#define __SIMT_KC__ 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) && defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h> /* glibc 2.33 */
#define SIMT_GLIBC_X86 1
#endif
#endif

#include "simt.h"
#include "base/base.h"
#include "engine/engine.h"
#include "engine/kstate.h"
#include "engine/tier.h"

/* Set by a block function that declined to run its block (a partial last
 * warp where it exchanges warp values): the engine runs that block on the
 * fiber tier. */
SIMT_TLS int simt__kc_declined;

/* The part of a block a compiled block function runs, where its threads
 * are apart (src/compiler/kc.h, KC_APART): threadIdx.x from x0 below x1.
 * Set by the engine before each call (sched.c, run_threads). */
SIMT_TLS unsigned simt__kc_x0, simt__kc_x1 = ~0u;

/* The builds of a compiled block function (src/compiler/kc_isa.c): 0 the
 * baseline x86-64, 1 x86-64-v3 (AVX2, FMA, BMI2 and the rest).
 * simt__kc_isa is 1 where the CPU has x86-64-v3 and SIMT_ISA does not say
 * x86-64: what blocks built with fast-math flags run.  simt__kc_build is
 * what the running block's entry calls, set before each block from its
 * kernel's choice (tier_isa_enter).  Both set with the tier, before any
 * block runs. */
int simt__kc_isa;
SIMT_TLS int simt__kc_build;
/* SIMT_ISA unset on an x86-64-v3 CPU: each kernel's build chosen by
 * timing its first blocks in both (tier_isa_enter). */
static int isa_timed;

/* x86-64-v3 as the psABI lists it, with the OS saving the AVX registers. */
#ifdef SIMT_GLIBC_X86
/* What the dynamic loader found already (glibc 2.33 and later; "active":
 * usable, the OS saving the AVX registers included).  Asking the CPU
 * again costs each cpuid a trap to the hypervisor in a virtual machine:
 * libgcc's __builtin_cpu_init took 0.1 ms of each program's start on the
 * development VM. */
static int cpu_has_v3(void)
{
    return CPU_FEATURE_ACTIVE(AVX) && CPU_FEATURE_ACTIVE(AVX2) && CPU_FEATURE_ACTIVE(FMA) &&
           CPU_FEATURE_ACTIVE(BMI1) && CPU_FEATURE_ACTIVE(BMI2) && CPU_FEATURE_ACTIVE(POPCNT) &&
           CPU_FEATURE_ACTIVE(SSE4_2) && CPU_FEATURE_ACTIVE(F16C) && CPU_FEATURE_ACTIVE(MOVBE) &&
           CPU_FEATURE_ACTIVE(OSXSAVE) && CPU_FEATURE_ACTIVE(LZCNT);
}
#else
static int cpu_has_v3(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
          __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
          __builtin_cpu_supports("avx") && __builtin_cpu_supports("popcnt") &&
          __builtin_cpu_supports("sse4.2")))
        return 0;
    /* F16C, MOVBE, OSXSAVE: CPUID leaf 1 ECX bits 29, 22, 27; the AVX
     * state enabled: XCR0 bits 1 and 2; LZCNT: leaf 0x80000001 ECX bit 5. */
    unsigned a, b, c, d;
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
    if (!(c >> 29 & 1) || !(c >> 22 & 1) || !(c >> 27 & 1))
        return 0;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6)
        return 0;
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000001u), "c"(0));
    return (c >> 5 & 1) != 0;
#else
    return 0;
#endif
}
#endif

static void isa_init(void)
{
    const char *s = getenv("SIMT_ISA");
    int v3 = cpu_has_v3();
    int named = s && (!strcmp(s, "x86-64") || !strcmp(s, "x86-64-v3"));
    if (s && *s && !named)
        fprintf(stderr, "simt: warning: SIMT_ISA=%s is neither 'x86-64' nor 'x86-64-v3': ignored\n",
                s);
    else if (s && !strcmp(s, "x86-64-v3") && !v3)
        fprintf(stderr, "simt: warning: SIMT_ISA=x86-64-v3, but this CPU lacks it: using x86-64\n");
    isa_timed = v3 && !named;
    __atomic_store_n(&simt__kc_isa, v3 && !(s && !strcmp(s, "x86-64")), __ATOMIC_RELAXED);
}

/* ---- each kernel's build ----------------------------------------------- */

/* Neither build is the faster everywhere.  x86-64-v3's wins where a thread
 * loop vectorizes; but on the GPU machine's Xeon a thread's scalar float
 * chain ran 30% slower VEX-encoded (docs/PERFORMANCE.md, stop 50), and on
 * the development VM's EPYC Rodinia srad_v1's tree reduction, whose
 * vectors read what the vector before stored, took 2.2 times the
 * baseline's time (a load that overlaps a recent store waits for it to
 * retire; the scalar loop's loads take each value from its store).  So a
 * kernel's first blocks run in both builds, timed: ISA_WARM in x86-64-v3,
 * then every other block by index in the baseline (the other half in the
 * next launch), one at a time, until each build has ISA_SAMPLES; the
 * baseline goes on if its median is a tenth below the other's.  The
 * trial costs little: blocks longer than ISA_LONG_NS are
 * not tried (a grid of few long blocks could wait for a slow one), and
 * the baseline's median over its first ISA_EARLY blocks half as slow
 * again as the other's ends it (on the GPU machine's Xeon single blocks
 * of either build took up to 30 times their median). */
#define ISA_WARM 2
#define ISA_EARLY 3
#define ISA_LONG_NS 200000

static long long isa_median(atomic_llong *ns)
{
    long long v[ISA_SAMPLES];
    int n = 0;
    for (int i = 0; i < ISA_SAMPLES; i++) {
        long long x = atomic_load_explicit(&ns[i], memory_order_relaxed);
        if (!x)
            continue; /* taken, not yet written */
        int j = n++;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
    return n ? v[(n - 1) / 2] : 0; /* of two, the less: a cold first block */
}

int tier_isa_trial(const struct grid *g, const struct block *b)
{
    struct simt_kernel_state *ks = g->ks;
    simt__kc_build = simt__kc_isa;
    if (!ks)
        return 0;
    if (!isa_timed || !ks->kernel) {
        /* One build for all, or the state that every kernel launched
         * without a descriptor shares. */
        atomic_store_explicit(&ks->isa.decided, simt__kc_isa + 1, memory_order_relaxed);
        return 0;
    }
    /* Until x86-64-v3 has its samples, every other block by index may be
     * a baseline one, the other half in every other launch: blocks of
     * unequal work, each timed in one build only, made the choice
     * (myocyte's two, one three times the other's work: the block that
     * alternation by arrival gave the baseline was always the short one).
     * Then x86-64-v3 blocks are no longer timed (they would all write
     * these lines) and a baseline one starts whenever none runs. */
    struct kstate_isa *s = &ks->isa;
    unsigned n1 = atomic_load_explicit(&s->n[1], memory_order_relaxed);
    int base;
    if (n1 >= ISA_SAMPLES) {
        base = !atomic_load_explicit(&s->base_busy, memory_order_relaxed);
    } else if (n1 >= ISA_WARM) {
        unsigned long long last = atomic_load_explicit(&s->grid, memory_order_relaxed);
        if (last != g->seq &&
            atomic_compare_exchange_strong_explicit(&s->grid, &last, g->seq, memory_order_relaxed,
                                                    memory_order_relaxed))
            atomic_fetch_add_explicit(&s->flip, 1, memory_order_relaxed);
        unsigned long long gx = g->grid_dim.x, gy = g->grid_dim.y;
        unsigned long long idx = b->idx.x + gx * (b->idx.y + gy * b->idx.z);
        base = (idx + atomic_load_explicit(&s->flip, memory_order_relaxed)) & 1;
    } else {
        base = 0;
    }
    if (base && !atomic_exchange_explicit(&s->base_busy, 1, memory_order_relaxed)) {
        simt__kc_build = 0;
        return 2;
    }
    simt__kc_build = 1;
    return n1 < ISA_SAMPLES ? 3 : 0;
}

void tier_isa_leave(const struct grid *g, int token, long long ns)
{
    struct kstate_isa *s = &g->ks->isa;
    int build = token & 1, choice = -1;
    if (build == 0)
        atomic_store_explicit(&s->base_busy, 0, memory_order_relaxed);
    if (simt__kc_declined || atomic_load_explicit(&s->decided, memory_order_relaxed))
        return; /* the fiber tier ran it, or the choice is made */
    unsigned i = atomic_fetch_add_explicit(&s->n[build], 1, memory_order_relaxed);
    if (i < ISA_SAMPLES)
        atomic_store_explicit(&s->ns[build][i], ns > 0 ? ns : 1, memory_order_relaxed);
    long long m1 = isa_median(s->ns[1]), m0 = isa_median(s->ns[0]);
    unsigned n0 = atomic_load_explicit(&s->n[0], memory_order_relaxed);
    if (build == 1 && i + 1 == ISA_WARM && m1 >= ISA_LONG_NS)
        choice = 1;
    else if (build == 0 && i + 1 >= ISA_EARLY && m0 > m1 + m1 / 2)
        choice = 1;
    else if (n0 >= ISA_SAMPLES &&
             atomic_load_explicit(&s->n[1], memory_order_relaxed) >= ISA_SAMPLES)
        choice = m0 * 10 < m1 * 9 ? 0 : 1;
    int none = 0;
    if (choice >= 0)
        atomic_compare_exchange_strong_explicit(&s->decided, &none, choice + 1,
                                                memory_order_relaxed, memory_order_relaxed);
}

/* A launch whose thread function simt-kc did not compile asks here. */
int simt__kc_block(void (*thread)(void *), void *args)
{
    (void)thread;
    (void)args;
    return 0;
}

void *simt_shared_static(simt_shared_site *s, size_t size, size_t align)
{
    return simt__shared_static_inline(s, size, align);
}

/* Per-thread storage of the running block function (values live across
 * its barriers, private arrays): one buffer per OS thread, grown on
 * demand.  A worker runs one block function at a time. */
static SIMT_TLS char *scratch;
static SIMT_TLS size_t scratch_size;

void *simt__kc_scratch(size_t bytes);
void *simt__kc_scratch(size_t bytes)
{
    if (bytes > scratch_size) {
        size_t size = scratch_size ? scratch_size : 4096;
        while (size < bytes)
            size *= 2;
        free(scratch);
        scratch = aligned_alloc(64, size);
        scratch_size = scratch ? size : 0;
        if (!scratch) {
            fprintf(stderr, "simt: error: out of memory for a block's per-thread storage (%zu bytes)\n",
                    bytes);
            abort();
        }
    }
    return scratch;
}

int engine_tier_compiled(void)
{
    static int tier = -1;
    /* Acquire: a launch that reads the tier reads simt__kc_isa as set. */
    int t = __atomic_load_n(&tier, __ATOMIC_ACQUIRE);
    if (t < 0) {
        const char *s = getenv("SIMT_TIER");
        t = !(s && !strcmp(s, "fiber"));
        if (s && strcmp(s, "fiber") && strcmp(s, "compiled") && *s)
            fprintf(stderr, "simt: warning: SIMT_TIER=%s is neither 'compiled' nor 'fiber': using 'compiled'\n", s);
        isa_init();
        __atomic_store_n(&tier, t, __ATOMIC_RELEASE);
    }
    return t;
}
