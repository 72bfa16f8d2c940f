/*
 * mempool.c: stream-ordered allocation (cudaMallocAsync, cudaFreeAsync) and
 * memory pools (CUDA guide, "Stream Ordered Memory Allocator").
 *
 * A pool hands out blocks of tracked device memory (memory.c) and keeps
 * the blocks freed with cudaFreeAsync for reuse.  A kept block may be
 * handed out again in the stream that freed it (stream order makes that
 * safe), or anywhere once its free has run (opportunistic reuse).
 * At synchronization points a pool gives kept blocks back until it holds
 * no more than its release threshold.
 *
 * Accounting follows what an H200 reports: "used" is the sum of the sizes
 * asked for, and drops at cudaFreeAsync; "reserved" grows in 32 MiB steps
 * (docs/gpu-facts/streams-pools.txt).
 *
 * Invariant: a block is either live (in the hash of handed-out blocks) or
 * kept (in its pool's list), never both; a pool's `held` is the sum of the
 * capacities of both kinds.  One lock guards everything here; it is taken
 * before the timeline and memory locks, never after them.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hmap.h"
#include "check/hooks.h"
#include "runtime/graph_mem.h"
#include "runtime/handle.h"
#include "runtime/memory.h"
#include "runtime/op.h"
#include "runtime/stream.h"

#define RESERVE_STEP ((size_t)32 << 20)
#define BLOCK_ALIGN 512

struct pblock {
    char *ptr;
    size_t size;                /* bytes asked for */
    size_t capacity;            /* bytes allocated */
    struct CUmemPoolHandle_st *pool;
    struct CUstream_st *stream; /* kept: the stream that freed it */
    struct cmd *freed;          /* kept: the free's command (referenced) */
    struct pblock *next;
};

struct CUmemPoolHandle_st {
    struct cudaMemPoolProps props;
    int is_default, destroyed;
    unsigned long long threshold;
    int follow, opportunistic, internal; /* reuse policies */
    size_t used, used_high, held, reserved_high;
    size_t live;                /* blocks handed out */
    struct pblock *kept;
    struct CUmemPoolHandle_st *next; /* created pools */
};

static struct {
    pthread_mutex_t lock;
    pthread_once_t once;
    struct CUmemPoolHandle_st def[DEVICE_MAX];     /* each device's default pool */
    struct CUmemPoolHandle_st *current[DEVICE_MAX]; /* NULL: the default */
    struct CUmemPoolHandle_st *pools;
    struct hmap live;           /* handed-out blocks by address */
    /* Blocks on any pool's kept list: every synchronization trims the
     * pools (mempool_trim_all), and a program that keeps none pays no
     * lock for it. */
    atomic_size_t nkept;
} P = {.lock = PTHREAD_MUTEX_INITIALIZER, .once = PTHREAD_ONCE_INIT};

static void default_policy(struct CUmemPoolHandle_st *p)
{
    p->threshold = 0;
    p->follow = p->opportunistic = p->internal = 1;
}

static void init_defaults(void)
{
    for (int d = 0; d < DEVICE_MAX; d++) {
        struct CUmemPoolHandle_st *p = &P.def[d];
        p->props.allocType = cudaMemAllocationTypePinned;
        p->props.location.type = cudaMemLocationTypeDevice;
        p->props.location.id = d;
        p->is_default = 1;
        default_policy(p);
    }
}

/* Device d's default pool. */
static struct CUmemPoolHandle_st *def_of(int d)
{
    pthread_once(&P.once, init_defaults);
    return &P.def[d];
}

static int is_default_pool(cudaMemPool_t p)
{
    return p >= P.def && p < P.def + DEVICE_MAX;
}

/* After p, the next pool: each device's default pool, then the created
 * pools; NULL after the last. */
static struct CUmemPoolHandle_st *next_pool(struct CUmemPoolHandle_st *p)
{
    if (is_default_pool(p))
        return p + 1 < P.def + DEVICE_MAX ? p + 1 : P.pools;
    return p->next;
}

/* Whether p is a default pool or a created pool not yet destroyed. */
static int pool_live(cudaMemPool_t p)
{
    return is_default_pool(p) || simt__handle_check(HANDLE_POOL, HANDLE(p)) == HANDLE_LIVE;
}

static struct CUmemPoolHandle_st *current_locked(int d)
{
    return P.current[d] ? P.current[d] : def_of(d);
}

static size_t reserved_of(const struct CUmemPoolHandle_st *p)
{
    return (p->held + RESERVE_STEP - 1) / RESERVE_STEP * RESERVE_STEP;
}

static void account_locked(struct CUmemPoolHandle_st *p)
{
    if (p->used > p->used_high)
        p->used_high = p->used;
    if (reserved_of(p) > p->reserved_high)
        p->reserved_high = reserved_of(p);
}

static enum mem_type type_of(const struct CUmemPoolHandle_st *p)
{
    return p->props.location.type == cudaMemLocationTypeDevice ? MEM_DEVICE : MEM_PINNED;
}

/* A kept block of p for `size` bytes in stream s, or NULL: one freed in
 * s (stream order makes the reuse safe) or, when the pool allows
 * opportunistic reuse, one whose free has run.  Prefers the smallest that
 * fits.  Blocks whose free is still pending in another stream are not
 * reused: waiting for it would order s after unrelated work (a new block
 * is allocated instead). */
static struct pblock *reuse_locked(struct CUmemPoolHandle_st *p, size_t size,
                                  struct CUstream_st *s)
{
    struct pblock **best = NULL;
    for (struct pblock **b = &p->kept; *b; b = &(*b)->next) {
        struct pblock *k = *b;
        if (k->capacity < size || (best && (*best)->capacity <= k->capacity))
            continue;
        if (k->stream == s || (p->opportunistic && cmd_done(k->freed)))
            best = b;
    }
    if (!best)
        return NULL;
    struct pblock *k = *best;
    *best = k->next;
    atomic_fetch_sub_explicit(&P.nkept, 1, memory_order_relaxed);
    cmd_unref(k->freed);
    k->freed = NULL;
    k->stream = NULL;
    return k;
}

/* Room was reserved (simt__hmap_reserve): cannot fail. */
static void live_insert_locked(struct pblock *b)
{
    int rc = simt__hmap_put(&P.live, (uintptr_t)b->ptr, (uintptr_t)b);
    assert(rc == 0);
    (void)rc;
}

static struct pblock *live_remove_locked(const void *ptr)
{
    uintptr_t *v = ptr ? simt__hmap_find(&P.live, (uintptr_t)ptr) : NULL;
    if (!v)
        return NULL;
    struct pblock *k = (struct pblock *)*v;
    simt__hmap_del(&P.live, (uintptr_t)ptr);
    k->next = NULL;
    return k;
}

static int forget_block(uintptr_t val, void *arg)
{
    (void)arg;
    free((struct pblock *)val);
    return 0;
}

static int is_kept_locked(const void *ptr)
{
    for (struct CUmemPoolHandle_st *p = P.def; p; p = next_pool(p))
        for (struct pblock *k = p->kept; k; k = k->next)
            if (k->ptr == ptr)
                return 1;
    return 0;
}

/* Takes kept blocks of p out while `more` says so; they are returned in
 * a list for the caller to free once the lock is dropped. */
static struct pblock *trim_locked(struct CUmemPoolHandle_st *p, size_t keep_reserved,
                                 size_t keep_held, struct pblock *out)
{
    struct pblock **b = &p->kept;
    while (*b && (reserved_of(p) > keep_reserved || p->held > keep_held)) {
        struct pblock *k = *b;
        if (!cmd_done(k->freed)) {
            b = &k->next;
            continue;
        }
        *b = k->next;
        atomic_fetch_sub_explicit(&P.nkept, 1, memory_order_relaxed);
        p->held -= k->capacity;
        k->next = out;
        out = k;
    }
    return out;
}

static void free_blocks(struct pblock *b)
{
    while (b) {
        struct pblock *next = b->next;
        cmd_unref(b->freed);
        mem_free_tracked(b->ptr, "a memory pool's release");
        free(b);
        b = next;
    }
}

/* A destroyed pool goes once nothing of it is live and every free of its
 * blocks has run; its blocks are added to *out. */
static void maybe_free_pool_locked(struct CUmemPoolHandle_st *p, struct pblock **out)
{
    if (!p->destroyed || p->live)
        return;
    *out = trim_locked(p, 0, 0, *out);
    if (p->kept)
        return; /* frees still pending: a later synchronization retries */
    for (struct CUmemPoolHandle_st **q = &P.pools; *q; q = &(*q)->next) {
        if (*q == p) {
            *q = p->next;
            break;
        }
    }
    free(p);
}

void mempool_trim_all(void)
{
    if (!atomic_load_explicit(&P.nkept, memory_order_relaxed))
        return;
    struct pblock *out = NULL;
    pthread_mutex_lock(&P.lock);
    for (int d = 0; d < DEVICE_MAX; d++)
        if (P.def[d].kept)
            out = trim_locked(&P.def[d], P.def[d].threshold, SIZE_MAX, out);
    struct CUmemPoolHandle_st *p = P.pools;
    while (p) {
        struct CUmemPoolHandle_st *next = p->next;
        if (p->kept)
            out = trim_locked(p, p->threshold, SIZE_MAX, out);
        maybe_free_pool_locked(p, &out);
        p = next;
    }
    pthread_mutex_unlock(&P.lock);
    free_blocks(out);
}

cudaError_t mempool_forget(void *ptr)
{
    cudaError_t e = cudaSuccess;
    struct pblock *gone = NULL;
    pthread_mutex_lock(&P.lock);
    struct pblock *b = live_remove_locked(ptr);
    if (b) {
        /* An H200 keeps counting the block as used and reserved. */
        struct CUmemPoolHandle_st *p = b->pool;
        p->live--;
        free(b);
        maybe_free_pool_locked(p, &gone);
    } else if (is_kept_locked(ptr)) {
        e = cudaErrorInvalidValue; /* freed already, by cudaFreeAsync */
    }
    pthread_mutex_unlock(&P.lock);
    free_blocks(gone);
    return e;
}

void mempool_reset(void)
{
    /* cudaDeviceReset frees all memory (mem_reset) after this: blocks are
     * only forgotten. */
    pthread_mutex_lock(&P.lock);
    simt__hmap_filter(&P.live, forget_block, NULL);
    for (struct CUmemPoolHandle_st *all = P.def; all; all = next_pool(all)) {
        while (all->kept) {
            struct pblock *k = all->kept;
            all->kept = k->next;
            atomic_fetch_sub_explicit(&P.nkept, 1, memory_order_relaxed);
            cmd_unref(k->freed);
            free(k);
        }
        all->used = all->used_high = all->held = all->reserved_high = all->live = 0;
    }
    while (P.pools) {
        struct CUmemPoolHandle_st *p = P.pools;
        P.pools = p->next;
        simt__handle_remove(HANDLE_POOL, HANDLE(p));
        free(p);
    }
    for (int d = 0; d < DEVICE_MAX; d++) {
        P.current[d] = NULL;
        default_policy(&P.def[d]);
    }
    pthread_mutex_unlock(&P.lock);
}

/* ---- allocation ------------------------------------------------------------ */

static cudaError_t alloc_to(void **out, size_t size, struct CUmemPoolHandle_st *pool,
                            struct CUstream_st *s, const void *caller);
static cudaError_t enqueue_alloc(struct CUstream_st *s, struct op *op);
static cudaError_t enqueue_free(struct CUstream_st *s, struct op *op);

/* Validates, then allocates; on failure *out becomes NULL, as an H200
 * leaves it. */
static cudaError_t alloc_async(void **out, size_t size, struct CUmemPoolHandle_st *pool,
                               cudaStream_t h, const void *caller)
{
    if (!out)
        return cudaErrorInvalidValue;
    struct CUstream_st *s = stream_resolve(h);
    cudaError_t e = s ? alloc_to(out, size, pool, s, caller) : stream_error(h);
    if (e != cudaSuccess)
        *out = NULL;
    return e;
}

static cudaError_t alloc_to(void **out, size_t size, struct CUmemPoolHandle_st *pool,
                            struct CUstream_st *s, const void *caller)
{
    /* An H200: size 0 gives NULL. */
    if (size == 0) {
        *out = NULL;
        return cudaSuccess;
    }
    struct op op = {.kind = OP_ALLOC, .enqueue = enqueue_alloc};
    op.u.alloc.size = size;
    op.u.alloc.out = out;
    op.u.alloc.pool = pool;
    op.u.alloc.caller = caller;
    return op_submit(s, &op);
}

/* The timeline's side of an allocation (op.h): a block of the pool,
 * reused in stream order or new. */
static cudaError_t enqueue_alloc(struct CUstream_st *s, struct op *op)
{
    void **out = op->u.alloc.out;
    size_t size = op->u.alloc.size;
    struct CUmemPoolHandle_st *pool = op->u.alloc.pool;
    const void *caller = op->u.alloc.caller;
    /* An H200: into a stream that is not capturing, while a capture
     * forbids it, this is a potentially unsafe call. */
    cudaError_t e = capture_check_unsafe();
    if (e != cudaSuccess)
        return e;
    if (size > SIZE_MAX - BLOCK_ALIGN)
        return cudaErrorMemoryAllocation;
    pthread_mutex_lock(&P.lock);
    if (simt__hmap_reserve(&P.live, P.live.n + 1) != 0) {
        pthread_mutex_unlock(&P.lock);
        return cudaErrorMemoryAllocation;
    }
    struct CUmemPoolHandle_st *p = pool ? pool : current_locked(s->ordinal);
    struct pblock *b = reuse_locked(p, size, s);
    if (!b) {
        size_t cap = (size + BLOCK_ALIGN - 1) / BLOCK_ALIGN * BLOCK_ALIGN;
        if (p->props.maxSize && p->held + cap > p->props.maxSize) {
            pthread_mutex_unlock(&P.lock);
            return cudaErrorMemoryAllocation;
        }
        void *mem;
        /* A device pool's memory is its device's, whichever is current. */
        int d = type_of(p) == MEM_DEVICE ? p->props.location.id : device_current();
        e = mem_alloc_tracked_on(&mem, cap, type_of(p), "cudaMallocAsync", caller, d);
        if (e != cudaSuccess) {
            pthread_mutex_unlock(&P.lock);
            return e;
        }
        b = calloc(1, sizeof *b);
        if (!b) {
            pthread_mutex_unlock(&P.lock);
            mem_free_tracked(mem, "cudaMallocAsync");
            return cudaErrorMemoryAllocation;
        }
        b->ptr = mem;
        b->capacity = cap;
        b->pool = p;
        p->held += cap;
    } else {
        mem_set_pooled(b->ptr, 0);
        /* Its accesses before the free are not the new owner's: reuse
         * the pool allows without stream order is not a stream race. */
        if (hook_checking())
            check_forget(b->ptr, b->capacity);
    }
    b->size = size;
    p->used += size;
    p->live++;
    account_locked(p);
    live_insert_locked(b);
    *out = b->ptr;
    pthread_mutex_unlock(&P.lock);
    return cudaSuccess;
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream)
{
    API_ENTER();
    cudaError_t e = alloc_async(devPtr, size, NULL, hStream, __builtin_return_address(0));
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                    cudaStream_t stream)
{
    API_ENTER();
    if (!pool_live(memPool)) {
        if (ptr)
            *ptr = NULL;
        return api_return(cudaErrorInvalidValue);
    }
    cudaError_t e = alloc_async(ptr, size, memPool, stream, __builtin_return_address(0));
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

static void free_plain(void *p)
{
    mem_free_tracked(p, "cudaFreeAsync");
}

static void free_graph_mem(void *ptr)
{
    (void)graph_mem_free(ptr);
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream)
{
    API_ENTER();
    if (!devPtr)
        return cudaSuccess;
    struct CUstream_st *s = stream_resolve(hStream);
    if (!s)
        return api_return(stream_error(hStream));
    struct op op = {.kind = OP_FREE, .enqueue = enqueue_free, .u.free_ptr = devPtr};
    cudaError_t e = op_submit(s, &op);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

/* The timeline's side of a free (op.h): the block is kept for reuse once
 * the stream reaches the free. */
static cudaError_t enqueue_free(struct CUstream_st *s, struct op *op)
{
    void *devPtr = op->u.free_ptr;
    /* An H200: into a stream that is not capturing, while a capture
     * forbids it, this is a potentially unsafe call. */
    cudaError_t e = capture_check_unsafe();
    if (e != cudaSuccess)
        return e;
    /* A graph's allocation is freed in stream order (after the launch
     * that allocated it), its address kept for the graph. */
    if (graph_mem_owns(devPtr))
        return stream_run_async(s, free_graph_mem, devPtr);
    struct cmd *c = cmd_new(CMD_MARK); /* a pool block's reference */
    if (!c)
        return cudaErrorMemoryAllocation;
    struct pblock *gone = NULL;
    pthread_mutex_lock(&P.lock);
    struct pblock *b = live_remove_locked(devPtr);
    if (!b) {
        pthread_mutex_unlock(&P.lock);
        /* An H200 also frees memory from cudaMalloc in stream order. */
        struct mem_range r;
        if (mem_lookup(devPtr, &r) && r.start == devPtr && r.type == MEM_DEVICE &&
            !(r.flags & 0x80000000u)) {
            cmd_unref(c);
            return stream_run_async(s, free_plain, devPtr);
        }
        cmd_unref(c);
        return cudaErrorInvalidValue;
    }
    struct CUmemPoolHandle_st *p = b->pool;
    stream_enqueue(s, c, NULL);
    b->freed = c;
    b->stream = s;
    b->next = p->kept;
    p->kept = b;
    atomic_fetch_add_explicit(&P.nkept, 1, memory_order_relaxed);
    p->used -= b->size;
    p->live--;
    mem_set_pooled(b->ptr, 1);
    maybe_free_pool_locked(p, &gone);
    pthread_mutex_unlock(&P.lock);
    free_blocks(gone);
    return cudaSuccess;
}

/* ---- pools ------------------------------------------------------------------- */

cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *props)
{
    API_ENTER();
    if (!memPool || !props || props->allocType != cudaMemAllocationTypePinned)
        return api_return(cudaErrorInvalidValue);
    enum cudaMemLocationType t = props->location.type;
    int host = t == cudaMemLocationTypeHost || t == cudaMemLocationTypeHostNuma ||
               t == cudaMemLocationTypeHostNumaCurrent;
    /* An H200: a device that does not exist is an invalid value here, not
     * an invalid device. */
    if (!host && (t != cudaMemLocationTypeDevice || !device_valid(props->location.id)))
        return api_return(cudaErrorInvalidValue);
    struct CUmemPoolHandle_st *p = calloc(1, sizeof *p);
    if (!p)
        return api_return(cudaErrorMemoryAllocation);
    p->props = *props;
    if (host)
        p->props.location.type = cudaMemLocationTypeHost;
    p->follow = p->opportunistic = p->internal = 1;
    if (simt__handle_add(HANDLE_POOL, HANDLE(p)) != 0) {
        free(p);
        return api_return(cudaErrorMemoryAllocation);
    }
    pthread_mutex_lock(&P.lock);
    p->next = P.pools;
    P.pools = p;
    pthread_mutex_unlock(&P.lock);
    *memPool = p;
    return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool)
{
    API_ENTER();
    /* An H100: destroying a destroyed pool (or the default) is an invalid value. */
    if (is_default_pool(memPool) || simt__handle_remove(HANDLE_POOL, HANDLE(memPool)) != HANDLE_LIVE)
        return api_return(cudaErrorInvalidValue);
    struct pblock *gone = NULL;
    pthread_mutex_lock(&P.lock);
    for (int d = 0; d < DEVICE_MAX; d++)
        if (P.current[d] == memPool)
            P.current[d] = NULL;
    /* CUDA: memory still handed out keeps the pool until it is freed. */
    memPool->destroyed = 1;
    maybe_free_pool_locked(memPool, &gone);
    pthread_mutex_unlock(&P.lock);
    free_blocks(gone);
    return cudaSuccess;
}

/* What the two getters check first, in an H200's order. */
static cudaError_t get_args(const cudaMemPool_t *memPool, int device)
{
    if (!memPool)
        return cudaErrorInvalidValue;
    return device_valid(device) ? cudaSuccess : cudaErrorInvalidDevice;
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
    API_ENTER();
    cudaError_t e = get_args(memPool, device);
    if (e == cudaSuccess)
        *memPool = def_of(device);
    return api_return(e);
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)
{
    API_ENTER();
    /* An H100 accepts a destroyed pool, and nothing changes. */
    if (device_valid(device) &&
        simt__handle_check(HANDLE_POOL, HANDLE(memPool)) == HANDLE_DESTROYED)
        return cudaSuccess;
    /* An H200: a device that does not exist is an invalid value here (and
     * so is another device's pool). */
    if (!device_valid(device) || !pool_live(memPool) ||
        memPool->props.location.type != cudaMemLocationTypeDevice ||
        memPool->props.location.id != device)
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&P.lock);
    P.current[device] = is_default_pool(memPool) ? NULL : memPool;
    pthread_mutex_unlock(&P.lock);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
    API_ENTER();
    cudaError_t e = get_args(memPool, device);
    if (e != cudaSuccess)
        return api_return(e);
    pthread_mutex_lock(&P.lock);
    *memPool = current_locked(device);
    pthread_mutex_unlock(&P.lock);
    return cudaSuccess;
}

static int *policy_of(struct CUmemPoolHandle_st *p, enum cudaMemPoolAttr attr)
{
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies: return &p->follow;
    case cudaMemPoolReuseAllowOpportunistic: return &p->opportunistic;
    case cudaMemPoolReuseAllowInternalDependencies: return &p->internal;
    default: return NULL;
    }
}

/* What both attribute calls begin with: a live pool and a value; then
 * the pool lock is taken and *policy is the reuse policy attr names, if
 * it names one. */
static cudaError_t attr_enter(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, const void *value,
                              int **policy)
{
    if (!pool_live(memPool) || !value)
        return cudaErrorInvalidValue;
    pthread_mutex_lock(&P.lock);
    *policy = policy_of(memPool, attr);
    return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    API_ENTER();
    int *policy;
    unsigned long long v = 0;
    cudaError_t e = attr_enter(memPool, attr, value, &policy);
    if (e != cudaSuccess)
        return api_return(e);
    if (!policy)
        memcpy(&v, value, sizeof v);
    if (policy) {
        *policy = *(const int *)value != 0;
    } else if (attr == cudaMemPoolAttrReleaseThreshold) {
        memPool->threshold = v;
    } else if ((attr == cudaMemPoolAttrUsedMemHigh || attr == cudaMemPoolAttrReservedMemHigh) &&
               v == 0) {
        /* Only resets (to the current value) are allowed, as an H200 has it. */
        if (attr == cudaMemPoolAttrUsedMemHigh)
            memPool->used_high = memPool->used;
        else
            memPool->reserved_high = reserved_of(memPool);
    } else {
        e = cudaErrorInvalidValue;
    }
    pthread_mutex_unlock(&P.lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    API_ENTER();
    int *policy;
    cudaError_t e = attr_enter(memPool, attr, value, &policy);
    if (e != cudaSuccess)
        return api_return(e);
    unsigned long long v = 0;
    switch (attr) {
    case cudaMemPoolAttrReleaseThreshold: v = memPool->threshold; break;
    case cudaMemPoolAttrReservedMemCurrent: v = reserved_of(memPool); break;
    case cudaMemPoolAttrReservedMemHigh: v = memPool->reserved_high; break;
    case cudaMemPoolAttrUsedMemCurrent: v = memPool->used; break;
    case cudaMemPoolAttrUsedMemHigh: v = memPool->used_high; break;
    default:
        if (!policy)
            e = cudaErrorInvalidValue;
        break;
    }
    if (policy)
        *(int *)value = *policy;
    else if (e == cudaSuccess)
        memcpy(value, &v, sizeof v);
    pthread_mutex_unlock(&P.lock);
    return e == cudaSuccess ? cudaSuccess : api_return(e);
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)
{
    API_ENTER();
    if (!pool_live(memPool))
        return api_return(cudaErrorInvalidValue);
    pthread_mutex_lock(&P.lock);
    struct pblock *gone = trim_locked(memPool, SIZE_MAX, minBytesToKeep, NULL);
    pthread_mutex_unlock(&P.lock);
    free_blocks(gone);
    return cudaSuccess;
}

static int location_ok(const struct cudaMemLocation *l)
{
    return l->type == cudaMemLocationTypeDevice && device_valid(l->id);
}

cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList,
                                 size_t count)
{
    API_ENTER();
    if (!pool_live(memPool) || (count && !descList))
        return api_return(cudaErrorInvalidValue);
    for (size_t i = 0; i < count; i++) {
        if (!location_ok(&descList[i].location))
            return api_return(cudaErrorInvalidDevice);
        if (descList[i].flags != cudaMemAccessFlagsProtNone &&
            descList[i].flags != cudaMemAccessFlagsProtRead &&
            descList[i].flags != cudaMemAccessFlagsProtReadWrite)
            return api_return(cudaErrorInvalidValue);
    }
    /* The one device always reads and writes its pools. */
    return cudaSuccess;
}

cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                 struct cudaMemLocation *location)
{
    API_ENTER();
    if (!flags || !pool_live(memPool) || !location)
        return api_return(cudaErrorInvalidValue);
    if (!location_ok(location))
        return api_return(cudaErrorInvalidDevice);
    *flags = cudaMemAccessFlagsProtReadWrite;
    return cudaSuccess;
}
