/*
 * shared.c: per-block shared memory and the static __shared__ layout.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check/hooks.h"
#include "engine/diag.h"
#include "engine/kstate.h"
#include "engine/shared.h"
#include "engine/sync.h"

SIMT_TLS simt_block_arena simt__arena;

static size_t align_up(size_t n, size_t a)
{
    assert(a && (a & (a - 1)) == 0);
    return (n + a - 1) & ~(a - 1);
}

int shared_block_init(struct block *b)
{
    assert(!b->arena); /* once: records are reused with their arena */
    size_t ps = (size_t)sysconf(_SC_PAGESIZE);
    size_t cap = align_up(SHARED_ARENA_BYTES, ps);
    /* A guard page after the arena turns a block running off its end into
     * a fault the engine reports.  Pages are touched only as used. */
    char *p = mmap(NULL, cap + ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED)
        return -1;
    mprotect(p + cap, ps, PROT_NONE);
    b->arena = p;
    b->arena_cap = cap;
    return 0;
}

void shared_block_start(struct block *b)
{
    /* The launch refused a dynamic size beyond the arena. */
    assert(b->arena && align_up(b->grid->dyn_shmem, 128) <= b->arena_cap);
    b->static_base = b->arena + align_up(b->grid->dyn_shmem, 128);
    if (hook_checking()) {
        /* A redzone after the dynamic part. */
        b->static_base += CHECK_SHARED_REDZONE;
        check_block_start(b);
    }
}

void shared_block_enter(const struct block *b)
{
    assert(b->static_base >= b->arena && b->static_base <= b->arena + b->arena_cap);
    simt__arena.kernel = b->grid->ks;
    simt__arena.dynamic_base = b->arena;
    simt__arena.static_base = b->static_base;
    if (hook_checking())
        check_block_enter(b);
}

void shared_block_end(struct worker *w)
{
    (void)w;
    simt__arena.kernel = NULL;
}

static size_t place(struct simt_kernel_state *ks, size_t size, size_t align)
{
    size_t off = align_up(ks->static_bytes, align ? align : 1);
    __atomic_store_n(&ks->static_bytes, off + size, __ATOMIC_RELEASE); /* func_static_shared */
    /* A checking build leaves a redzone before each variable. */
    if (hook_checking())
        off = check_shared_var(ks, off, size, align);
    return off;
}

static void *overflow(struct simt_kernel_state *ks, size_t need) __attribute__((noreturn));
static void *overflow(struct simt_kernel_state *ks, size_t need)
{
    const struct block *b = engine_self()->cur;
    char tail[400];
    snprintf(tail, sizeof tail,
             ": static __shared__ variables need %zu bytes after %zu bytes of dynamic shared "
             "memory, more than the %u a block can have — make the arrays smaller or the "
             "launch's dynamic size smaller",
             need, b->grid->dyn_shmem, 232448u);
    (void)ks;
    struct engine_failure f = {cudaErrorLaunchOutOfResources, "too much shared memory", WHO_THREAD,
                               NULL, 0, NULL, tail};
    engine_fail_with(&f);
}

void *simt__shared_static_slow(simt_shared_site *s, size_t size, size_t align)
{
    struct simt_kernel_state *ks = (struct simt_kernel_state *)(uintptr_t)simt__arena.kernel;
    struct worker *w = engine_self();
    if (!ks || !w || !w->cur) {
        fprintf(stderr, "simt: error: a __shared__ variable was used outside a kernel — shared "
                        "memory exists only while a block runs\n");
        abort();
    }
    size_t off;
    pthread_mutex_lock(&ks->lock);
    const void *owner = __atomic_load_n(&s->owner, __ATOMIC_ACQUIRE);
    if (!owner) {
        off = place(ks, size, align);
        s->offset = off;
        __atomic_store_n(&s->owner, (const void *)ks, __ATOMIC_RELEASE);
    } else if (owner == ks) {
        off = s->offset;
    } else {
        size_t i;
        for (i = 0; i < ks->nextra && ks->extra[i].site != s; i++) {}
        if (i == ks->nextra) {
            if (ks->nextra == ks->cap_extra) {
                size_t cap = ks->cap_extra ? 2 * ks->cap_extra : 8;
                struct site_offset *n = realloc(ks->extra, cap * sizeof *n);
                if (!n) {
                    pthread_mutex_unlock(&ks->lock);
                    fprintf(stderr, "simt: error: out of memory laying out shared memory\n");
                    abort();
                }
                ks->extra = n;
                ks->cap_extra = cap;
            }
            ks->extra[i].site = s;
            ks->extra[i].offset = place(ks, size, align);
            ks->nextra++;
        }
        off = ks->extra[i].offset;
    }
    size_t end = (size_t)(simt__arena.static_base - w->cur->arena) + off + size;
    pthread_mutex_unlock(&ks->lock);
    if (end > 232448u)
        overflow(ks, off + size);
    return simt__arena.static_base + off;
}
