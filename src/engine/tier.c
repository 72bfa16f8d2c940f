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

#include "simt.h"
#include "engine/engine.h"

/* Set by a block function that declined to run its block (a partial last
 * warp where it exchanges warp values): the engine runs that block on the
 * fiber tier. */
SIMT_TLS int simt__kc_declined;

/* The part of a block a compiled block function runs, where its threads
 * are apart (src/compiler/kc.h, KC_APART): threadIdx.x from x0 below x1.
 * Set by the engine before each call (sched.c, run_threads). */
SIMT_TLS unsigned simt__kc_x0, simt__kc_x1 = ~0u;

/* Which build of a compiled block function its entry calls
 * (src/compiler/kc_isa.c): 1 where the CPU has x86-64-v3 (AVX2, FMA,
 * BMI2 and the rest) and SIMT_ISA does not say x86-64, else 0, the
 * baseline build.  Set with the tier, before any block runs. */
int simt__kc_isa;

/* x86-64-v3 as the psABI lists it, with the OS saving the AVX registers. */
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

static void isa_init(void)
{
    const char *s = getenv("SIMT_ISA");
    int v3 = cpu_has_v3();
    if (s && *s && strcmp(s, "x86-64") && strcmp(s, "x86-64-v3"))
        fprintf(stderr, "simt: warning: SIMT_ISA=%s is neither 'x86-64' nor 'x86-64-v3': using %s\n", s,
                v3 ? "x86-64-v3" : "x86-64");
    else if (s && !strcmp(s, "x86-64-v3") && !v3)
        fprintf(stderr, "simt: warning: SIMT_ISA=x86-64-v3, but this CPU lacks it: using x86-64\n");
    __atomic_store_n(&simt__kc_isa, v3 && !(s && !strcmp(s, "x86-64")), __ATOMIC_RELAXED);
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
