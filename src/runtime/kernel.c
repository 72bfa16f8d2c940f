/*
 * kernel.c: the kernel registry and per-kernel state.
 *
 * simtcc's registration code adds every kernel's descriptor at program
 * start, possibly before the descriptor's fields are written (C++ static
 * initialization order); lookups by function address therefore read the
 * fields lazily, when the hash table is (re)built.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "base/hmap.h"
#include "engine/kstate.h"
#include "runtime/runtime.h"

static struct {
    pthread_mutex_t lock;
    simt_kernel **all;
    size_t n, cap;
    size_t indexed;             /* entries of `all` in the table */
    struct hmap table;          /* fn -> kernel */
    struct simt_kernel_state anon;
    int anon_init;
} R = {.lock = PTHREAD_MUTEX_INITIALIZER};

void simt_register_kernel(simt_kernel *k)
{
    pthread_mutex_lock(&R.lock);
    /* Out of memory, the kernel stays launchable through <<<>>>. */
    if (simt__grow((void **)&R.all, &R.cap, R.n + 1, sizeof *R.all, 64) == 0)
        R.all[R.n++] = k;
    pthread_mutex_unlock(&R.lock);
}

static int drop(uintptr_t val, void *arg)
{
    (void)val;
    (void)arg;
    return 0;
}

/* Indexes every kernel by its function, reading the fields now that they
 * are written (a later registration of a function wins); out of memory,
 * the next lookup tries again. */
static void reindex_locked(void)
{
    simt__hmap_filter(&R.table, drop, NULL);
    for (size_t i = 0; i < R.n; i++)
        if (R.all[i]->fn && simt__hmap_put(&R.table, (uintptr_t)R.all[i]->fn,
                                           (uintptr_t)R.all[i]) != 0)
            return;
    R.indexed = R.n;
}

simt_kernel *simt_find_kernel(const void *fn)
{
    simt_kernel *found = NULL;
    if (!fn)
        return NULL;
    pthread_mutex_lock(&R.lock);
    if (R.indexed != R.n)
        reindex_locked();
    uintptr_t *v = simt__hmap_find(&R.table, (uintptr_t)fn);
    if (v)
        found = (simt_kernel *)*v;
    pthread_mutex_unlock(&R.lock);
    return found;
}

static void kstate_init(struct simt_kernel_state *ks, simt_kernel *k)
{
    memset(ks, 0, sizeof *ks);
    ks->kernel = k;
    pthread_mutex_init(&ks->lock, NULL);
    for (int d = 0; d < KSTATE_DEVICES; d++) {
        ks->attrs[d].max_dyn_shmem = -1; /* not opted in */
        ks->attrs[d].carveout = -1;
    }
}

struct simt_kernel_state *kstate_of(simt_kernel *k)
{
    if (!k) {
        pthread_mutex_lock(&R.lock);
        if (!R.anon_init) {
            kstate_init(&R.anon, NULL);
            R.anon_init = 1;
        }
        pthread_mutex_unlock(&R.lock);
        return &R.anon;
    }
    struct simt_kernel_state *ks = __atomic_load_n(&k->state, __ATOMIC_ACQUIRE);
    if (ks)
        return ks;
    pthread_mutex_lock(&R.lock);
    ks = k->state;
    if (!ks) {
        /* aligned: its build choice's atomics sit on a line of their own */
        ks = aligned_alloc(_Alignof(struct simt_kernel_state), sizeof *ks);
        if (!ks) {
            pthread_mutex_unlock(&R.lock);
            return NULL;
        }
        kstate_init(ks, k);
        __atomic_store_n(&k->state, ks, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&R.lock);
    return ks;
}

/* ---- the probe ----------------------------------------------------------- */

SIMT_TLS int simt__probing;
static SIMT_TLS simt_kernel *probe_answer;

void simt__probe_begin(void)
{
    probe_answer = NULL;
    simt__probing = 1;
}

void simt__probe_reply(simt_kernel *k)
{
    probe_answer = k;
}

simt_kernel *simt__probe_end(void)
{
    simt__probing = 0;
    return probe_answer;
}

/* ---- architecture -------------------------------------------------------- */

static int noted_arch;

int simt__note_arch(int arch)
{
    if (arch > __atomic_load_n(&noted_arch, __ATOMIC_RELAXED))
        __atomic_store_n(&noted_arch, arch, __ATOMIC_RELAXED);
    return arch;
}

int device_arch(void)
{
    int a = __atomic_load_n(&noted_arch, __ATOMIC_RELAXED);
    return a ? a : 90;
}
