/*
 * last_error.c: the device runtime's last error, per CUDA thread.
 *
 * A device-side runtime call that fails (a launch with an invalid
 * configuration, an allocation) records its error for the CUDA thread that
 * made it; cudaGetLastError and cudaPeekAtLastError in device code read
 * that thread's, never another's that ran on the same worker.  Errors are
 * rare, so they live in one table keyed by grid (its submission number,
 * unique for the process's life), block and thread, behind a lock; a
 * counter of entries keeps the common path, no error anywhere, lock-free.
 *
 * Key invariant: an entry's error is never cudaSuccess; clearing removes it.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "base/base.h"
#include "device/last_error.h"
#include "engine/engine.h"
#include "engine/sync.h"

struct slot {
    unsigned long long grid, block;
    unsigned thread;
    cudaError_t error; /* cudaSuccess: empty or removed */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct slot *slots;
static size_t nslots, used; /* used: slots ever filled (removed ones stay as tombstones) */
static atomic_size_t live;

static void key(unsigned long long *grid, unsigned long long *block, unsigned *thread)
{
    const struct grid *g = engine_current_grid();
    assert(g);
    *grid = g ? g->seq + 1 : 1; /* 0 marks a slot never used */
    *block = ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    *thread = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

static size_t hash(unsigned long long grid, unsigned long long block, unsigned thread)
{
    unsigned long long h = grid * 0x9e3779b97f4a7c15ull ^ block * 0xc2b2ae3d27d4eb4full ^ thread;
    return (size_t)(h ^ (h >> 29)) & (nslots - 1);
}

/* The slot of the key, or NULL; with create, a new one (under lock). */
static struct slot *find(unsigned long long grid, unsigned long long block, unsigned thread,
                         int create)
{
    if (create && (used + 1) * 2 > nslots) {
        size_t cap = nslots ? nslots * 2 : 64;
        struct slot *old = slots;
        size_t oldn = nslots;
        slots = calloc(cap, sizeof *slots);
        if (!slots)
            simt__oom("device last error");
        nslots = cap;
        used = 0;
        for (size_t k = 0; k < oldn; k++) {
            if (old[k].error == cudaSuccess)
                continue;
            struct slot *s = &slots[hash(old[k].grid, old[k].block, old[k].thread)];
            while (s->error != cudaSuccess)
                s = s == &slots[nslots - 1] ? slots : s + 1;
            *s = old[k];
            used++;
        }
        free(old);
    }
    if (!nslots)
        return NULL;
    struct slot *s = &slots[hash(grid, block, thread)];
    for (size_t n = 0; n < nslots; n++) {
        if (s->grid == grid && s->block == block && s->thread == thread &&
            (s->error != cudaSuccess || create))
            return s;
        if (s->grid == 0 && s->error == cudaSuccess) { /* never used */
            if (!create)
                return NULL;
            s->grid = grid;
            s->block = block;
            s->thread = thread;
            used++;
            return s;
        }
        s = s == &slots[nslots - 1] ? slots : s + 1;
    }
    return NULL;
}

void device_set_last_error(cudaError_t e)
{
    assert(e != cudaSuccess);
    unsigned long long g, b;
    unsigned t;
    key(&g, &b, &t);
    pthread_mutex_lock(&lock);
    struct slot *s = find(g, b, t, 1);
    if (s->error == cudaSuccess)
        atomic_fetch_add_explicit(&live, 1, memory_order_relaxed);
    s->error = e;
    pthread_mutex_unlock(&lock);
}

cudaError_t device_last_error(int clear)
{
    if (atomic_load_explicit(&live, memory_order_relaxed) == 0)
        return cudaSuccess;
    unsigned long long g, b;
    unsigned t;
    key(&g, &b, &t);
    pthread_mutex_lock(&lock);
    struct slot *s = find(g, b, t, 0);
    cudaError_t e = s ? s->error : cudaSuccess;
    if (s && clear) {
        s->error = cudaSuccess;
        atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&lock);
    return e;
}
