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

#include "engine/kstate.h"
#include "runtime/runtime.h"

static struct {
    pthread_mutex_t lock;
    simt_kernel **all;
    size_t n, cap;
    size_t indexed;             /* entries of `all` in the table */
    simt_kernel **table;        /* open addressing by fn */
    size_t tcap;
    struct simt_kernel_state anon;
    int anon_init;
} R = {.lock = PTHREAD_MUTEX_INITIALIZER};

void simt_register_kernel(simt_kernel *k)
{
    pthread_mutex_lock(&R.lock);
    if (R.n == R.cap) {
        size_t cap = R.cap ? 2 * R.cap : 64;
        simt_kernel **n = realloc(R.all, cap * sizeof *n);
        if (!n) {
            pthread_mutex_unlock(&R.lock);
            return; /* the kernel stays launchable through <<<>>> */
        }
        R.all = n;
        R.cap = cap;
    }
    R.all[R.n++] = k;
    pthread_mutex_unlock(&R.lock);
}

static size_t hash_ptr(const void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static void insert(simt_kernel **table, size_t cap, simt_kernel *k)
{
    size_t i = hash_ptr(k->fn) & (cap - 1);
    while (table[i] && table[i]->fn != k->fn)
        i = (i + 1) & (cap - 1);
    table[i] = k;
}

static void reindex_locked(void)
{
    size_t cap = 64;
    while (cap < 2 * R.n)
        cap *= 2;
    simt_kernel **t = calloc(cap, sizeof *t);
    if (!t)
        return;
    for (size_t i = 0; i < R.n; i++)
        if (R.all[i]->fn)
            insert(t, cap, R.all[i]);
    free(R.table);
    R.table = t;
    R.tcap = cap;
    R.indexed = R.n;
}

simt_kernel *simt_find_kernel(const void *fn)
{
    simt_kernel *found = NULL;
    if (!fn)
        return NULL;
    pthread_mutex_lock(&R.lock);
    if (R.indexed != R.n || !R.table)
        reindex_locked();
    if (R.table) {
        for (size_t i = hash_ptr(fn) & (R.tcap - 1); R.table[i]; i = (i + 1) & (R.tcap - 1)) {
            if (R.table[i]->fn == fn) {
                found = R.table[i];
                break;
            }
        }
    }
    pthread_mutex_unlock(&R.lock);
    return found;
}

static void kstate_init(struct simt_kernel_state *ks, simt_kernel *k)
{
    memset(ks, 0, sizeof *ks);
    ks->kernel = k;
    pthread_mutex_init(&ks->lock, NULL);
    ks->max_dyn_shmem = -1;   /* not opted in */
    ks->carveout = -1;
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
        ks = malloc(sizeof *ks);
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
