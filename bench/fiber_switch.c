/*
 * bench/fiber_switch.c: the floor under every barrier and warp collective:
 * round-robin switches among N fibers (one per CUDA thread of a block), with
 * the engine's own switch and stacks.  Prints ns per switch for N = 8 and
 * 1024; with 1024 stacks the switch is bound by the caches and TLB, not by
 * its dozen instructions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/fiber.h"
#include "runtime/limits.h"

/* The runtime's stack limit at its default (CUDA's 1 KiB per thread):
 * fiber.c sizes stacks from it, and the rest of the runtime stays out. */
size_t limits_stack_size_max(void)
{
    return 1024;
}

/* fiber_x86_64.S's barrier and shuffle entries call into the engine; this
 * program switches on its own and never calls them. */
void simt__syncthreads_body(void);
void simt__shfl_body(void);
void simt__syncthreads_body(void)
{
    abort();
}
void simt__shfl_body(void)
{
    abort();
}

static struct fiber **fibers;
static int nfibers;
static void *main_sp;
static long rounds;

/* The switch from inside a called function, as a thread parks from its
 * barrier's call: the returns that follow the switch are part of its cost
 * (fiber_x86_64.S). */
static __attribute__((noinline)) void park(long id)
{
    long next = id + 1;
    if (next == nfibers) {
        if (--rounds <= 0)
            simt_fiber_switch(&fibers[id]->sp, main_sp);
        next = 0;
    }
    simt_fiber_switch(&fibers[id]->sp, fibers[next]->sp);
    __asm__ volatile("" ::: "memory"); /* a call, not a tail jump */
}

static void entry(void *arg)
{
    long id = (long)arg;
    for (;;)
        park(id);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void)
{
    const int sizes[] = {8, 1024};
    for (int s = 0; s < 2; s++) {
        nfibers = sizes[s];
        fibers = calloc((size_t)nfibers, sizeof *fibers);
        for (long i = 0; i < nfibers; i++)
            fibers[i] = fiber_create(fiber_stack_size(), entry, (void *)i);
        long total = 2000000;
        rounds = total / nfibers;
        double t0 = now();
        simt_fiber_switch(&main_sp, fibers[0]->sp);
        double t = now() - t0;
        printf("fiber switch, %4d fibers: %.2f ns\n", nfibers,
               t / (double)(rounds ? total : (total / nfibers) * nfibers) * 1e9);
        for (int i = 0; i < nfibers; i++)
            fiber_destroy(fibers[i]);
        free(fibers);
    }
    return 0;
}
