/*
 * fuzz_api.c: libFuzzer target for the runtime API (make fuzz).
 *
 * An input is a program: each byte picks a runtime call, the bytes after
 * it its arguments.  The target keeps a few slots of each kind of handle
 * (streams, events, graphs and their nodes, executable graphs, memory
 * pools, arrays, texture objects, device and pinned memory) and calls the
 * API with live handles, with the null or default handle, with invalid
 * enum values, flags and sizes, and, by FUZZ_LEVEL, with handles already
 * destroyed (1), foreign ones: another kind's handle or a pointer to
 * memory that is no handle (2), and what CUDA does not validate either
 * (3): freed memory (a copy into freed device memory writes the C heap,
 * as a freed pointer is no device address) and destroyed graph nodes.  Every call must return; a crash, an AddressSanitizer
 * report, a leak or a hang is a finding.
 *
 * What the target itself must not do, because CUDA leaves it undefined
 * and no runtime could diagnose it: hand a copy a host buffer that dies
 * before the copy runs (host buffers here are static), or a device range
 * past its allocation at levels below 2, or call the API from a host
 * function.  Kernels (simt_launch, C's way to launch) write only a static
 * array, so freeing device memory never races with them.
 *
 * Each input ends by ending captures, destroying what is live and
 * synchronizing, so that inputs do not leak into each other.
 */
#define _GNU_SOURCE /* setenv */
#include <cuda_runtime_api.h>
#include <simt.h>
#include <simt/core/device.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define NSLOT 4
#define NNODE 8
/* Static memory holds any size the target asks for (pick_size's largest,
 * twice for a two-row memset), so a size past a device range (level 2)
 * never runs past this program's own memory. */
#define HOSTBUF (128 * 1024)

enum { EMPTY, LIVE, DEAD };

struct slot {
    void *h;      /* the handle (or pointer); kept after destruction */
    int state;
    size_t size;  /* memory: bytes allocated */
};

static struct {
    struct slot stream[NSLOT], event[NSLOT], graph[NSLOT], exec[NSLOT], pool[NSLOT];
    struct slot array[NSLOT], tex[NSLOT], dmem[NSLOT], hmem[NSLOT];
    cudaGraphNode_t node[NSLOT][NNODE]; /* nodes of graph[i] */
    int nnode[NSLOT];
} S;

static int level;
static const uint8_t *in;
static size_t left;

/* Memory that is no handle, for foreign handles (level 2). */
static _Alignas(64) unsigned char foreign[HOSTBUF];
/* Pageable host memory that outlives every asynchronous copy. */
static _Alignas(64) unsigned char hostbuf[2][HOSTBUF];
/* What kernels and host functions write. */
static int kernel_out[4096];
static volatile int host_calls;
/* The limits as the program started. */
static size_t limit0[3];

/* The slot's handle if it may be used: live, or dead from level 1. */
static int usable(const struct slot *s)
{
    return s->state == LIVE || (level >= 1 && s->state == DEAD);
}

static unsigned byte(void)
{
    if (!left)
        return 0;
    left--;
    return *in++;
}

static size_t pick_size(void)
{
    static const size_t sizes[] = {0, 1, 7, 64, 256, 4096, 8192, 65536};
    return sizes[byte() % 8];
}

/* A handle of one kind: mostly live slots, then null, stale and foreign
 * ones as the level allows; other is a slot table of another kind. */
static void *pick_b(struct slot *t, struct slot *other, unsigned b)
{
    struct slot *s = &t[(b >> 3) % NSLOT];
    switch (b & 7) {
    case 6:
        return NULL;
    case 7:
        if (level >= 2)
            return (b & 0x40) ? (void *)foreign : other[(b >> 3) % NSLOT].h;
        /* fall through */
    default:
        return usable(s) ? s->h : NULL;
    }
}

static void *pick(struct slot *t, struct slot *other)
{
    return pick_b(t, other, byte());
}

static cudaStream_t pick_stream(void)
{
    unsigned b = byte();
    if (b < 32) /* 0, cudaStreamLegacy, cudaStreamPerThread */
        return (cudaStream_t)(uintptr_t)(b % 3);
    return (cudaStream_t)pick_b(S.stream, S.event, b);
}

static int capturing(cudaStream_t s)
{
    enum cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
    cudaStreamIsCapturing(s, &st);
    return st != cudaStreamCaptureStatusNone;
}

/* A slot to fill, its handle destroyed first; NULL if that failed. */
static struct slot *take(struct slot *t, void (*kill)(struct slot *))
{
    unsigned i = byte() % NSLOT;
    if (t[i].state == LIVE)
        kill(&t[i]);
    return t[i].state == LIVE ? NULL : &t[i];
}

/* A pointer and the bytes usable from it: device, managed or pinned memory
 * in a slot, static host memory, null, foreign memory (level 2) or freed
 * memory (level 3). */
static void *pick_ptr(size_t *room)
{
    unsigned b = byte();
    struct slot *s = (b & 1) ? &S.hmem[(b >> 1) % NSLOT] : &S.dmem[(b >> 1) % NSLOT];
    switch ((b >> 3) & 7) {
    case 0:
        *room = HOSTBUF;
        return hostbuf[b & 1];
    case 1:
        *room = 0;
        return NULL;
    case 2:
        if (level >= 2) {
            *room = sizeof foreign;
            return foreign;
        }
        /* fall through */
    default:
        if (s->state == LIVE || (level >= 3 && s->state == DEAD)) {
            *room = s->size;
            return s->h;
        }
        *room = HOSTBUF;
        return hostbuf[0];
    }
}

/* A byte count for a copy between two ranges: within both, except at
 * level 2, where it may run past a device range (never past static
 * memory: see HOSTBUF). */
static size_t fit(size_t want, size_t a, size_t b)
{
    size_t m = a < b ? a : b;
    if (level >= 2 && !(byte() & 3))
        return want;
    return want < m ? want : m;
}

static void kernel_thread(void *args)
{
    unsigned n = *(unsigned *)args;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (n & 1)
        simt_syncthreads("fuzz_api.c:kernel");
    kernel_out[i % 4096] += (int)n;
}

static void kernel_release(void *args)
{
    free(args);
}

static void CUDART_CB host_fn(void *arg)
{
    (void)arg;
    host_calls++;
}

static void CUDART_CB host_cb(cudaStream_t s, cudaError_t e, void *arg)
{
    (void)s;
    (void)e;
    (void)arg;
    host_calls++;
}

/* ---- destroying what a slot holds ----------------------------------------- */

/* A slot is dead once its handle was destroyed; a destruction that
 * failed (an unsafe call during a capture) leaves it live, else the
 * target would leak it. */
static void died(struct slot *s, cudaError_t e)
{
    if (e == cudaSuccess)
        s->state = DEAD;
}

static void kill_stream(struct slot *s) { died(s, cudaStreamDestroy(s->h)); }
static void kill_event(struct slot *s) { died(s, cudaEventDestroy(s->h)); }
static void kill_exec(struct slot *s) { died(s, cudaGraphExecDestroy(s->h)); }
static void kill_pool(struct slot *s) { died(s, cudaMemPoolDestroy(s->h)); }
static void kill_array(struct slot *s) { died(s, cudaFreeArray(s->h)); }

static void kill_tex(struct slot *s)
{
    died(s, cudaDestroyTextureObject((cudaTextureObject_t)(uintptr_t)s->h));
}

static void kill_graph(struct slot *s)
{
    died(s, cudaGraphDestroy(s->h));
    if (s->state == DEAD)
        S.nnode[s - S.graph] = 0;
}

static void end_captures(void);

/* Graph nodes keep the pointers they were given, and a graph that runs
 * after its memory was freed is this program's bug (a GPU faults): before
 * memory is freed, every capture ends and every graph and executable
 * graph goes.  Returns 0 if one could not. */
static int forget_graphs(void)
{
    end_captures();
    for (int i = 0; i < NSLOT; i++) {
        if (S.exec[i].state == LIVE)
            kill_exec(&S.exec[i]);
        if (S.graph[i].state == LIVE)
            kill_graph(&S.graph[i]);
        if (S.exec[i].state == LIVE || S.graph[i].state == LIVE)
            return 0;
    }
    return 1;
}

static void kill_dmem(struct slot *s)
{
    if (forget_graphs())
        died(s, cudaFree(s->h));
}

/* Pinned memory an asynchronous copy still uses would be this program's
 * bug too: wait for the device first. */
static void kill_hmem(struct slot *s)
{
    if (forget_graphs() && cudaDeviceSynchronize() == cudaSuccess)
        died(s, cudaFreeHost(s->h));
}

/* Destroys a usable slot's handle (again, for a dead one). */
static void destroy(struct slot *s, void (*kill)(struct slot *))
{
    if (s->state == LIVE)
        kill(s);
    else if (usable(s)) {
        s->state = LIVE; /* the call is made; the slot stays dead */
        kill(s);
        s->state = DEAD;
    }
}

/* ---- the calls --------------------------------------------------------------- */

static void op_stream(unsigned op)
{
    switch (op % 8) {
    case 0: {
        struct slot *s = take(S.stream, kill_stream);
        if (!s)
            break;
        unsigned flags = byte() % 3;
        int prio = (int)(byte() % 5) - 2;
        cudaStream_t h;
        if (cudaStreamCreateWithPriority(&h, flags, prio) == cudaSuccess)
            *s = (struct slot){h, LIVE, 0};
        break;
    }
    case 1: {
        destroy(&S.stream[byte() % NSLOT], kill_stream);
        break;
    }
    case 2: cudaStreamSynchronize(pick_stream()); break;
    case 3: cudaStreamQuery(pick_stream()); break;
    case 4: {
        cudaStream_t s = pick_stream();
        cudaStreamWaitEvent(s, pick(S.event, S.stream), byte() % 3);
        break;
    }
    case 5: {
        unsigned flags;
        int prio;
        unsigned long long id;
        cudaStream_t s = pick_stream();
        cudaStreamGetFlags(s, &flags);
        cudaStreamGetPriority(s, &prio);
        cudaStreamGetId(s, &id);
        break;
    }
    case 6: cudaLaunchHostFunc(pick_stream(), host_fn, NULL); break;
    case 7: cudaStreamAddCallback(pick_stream(), host_cb, NULL, byte() % 2); break;
    }
}

static void op_event(unsigned op)
{
    switch (op % 7) {
    case 0: {
        struct slot *s = take(S.event, kill_event);
        if (!s)
            break;
        static const unsigned flags[] = {0, 1, 2, 3, 6, 4, 8, 0xff};
        cudaEvent_t h;
        if (cudaEventCreateWithFlags(&h, flags[byte() % 8]) == cudaSuccess)
            *s = (struct slot){h, LIVE, 0};
        break;
    }
    case 1: {
        destroy(&S.event[byte() % NSLOT], kill_event);
        break;
    }
    case 2: {
        cudaEvent_t e = pick(S.event, S.stream);
        cudaEventRecordWithFlags(e, pick_stream(), byte() % 3);
        break;
    }
    case 3: cudaEventSynchronize(pick(S.event, S.stream)); break;
    case 4: cudaEventQuery(pick(S.event, S.stream)); break;
    case 5: {
        float ms;
        cudaEvent_t a = pick(S.event, S.stream);
        cudaEventElapsedTime(&ms, a, pick(S.event, S.stream));
        break;
    }
    case 6: cudaEventRecord(pick(S.event, S.stream), pick_stream()); break;
    }
}

static void op_memory(unsigned op)
{
    switch (op % 12) {
    case 0: {
        struct slot *s = take(S.dmem, kill_dmem);
        if (!s)
            break;
        size_t n = pick_size();
        void *p;
        cudaError_t e = (byte() & 1) ? cudaMallocManaged(&p, n, byte() % 3)
                                     : cudaMalloc(&p, n);
        if (e == cudaSuccess && p)
            *s = (struct slot){p, LIVE, n};
        break;
    }
    case 1: {
        destroy(&S.dmem[byte() % NSLOT], kill_dmem);
        break;
    }
    case 2: {
        struct slot *s = take(S.hmem, kill_hmem);
        if (!s)
            break;
        size_t n = pick_size();
        void *p;
        if (cudaHostAlloc(&p, n, byte() % 16) == cudaSuccess && p)
            *s = (struct slot){p, LIVE, n};
        break;
    }
    case 3: {
        destroy(&S.hmem[byte() % NSLOT], kill_hmem);
        break;
    }
    case 4:
    case 5: {
        size_t rd, rs;
        void *d = pick_ptr(&rd);
        const void *src = pick_ptr(&rs);
        size_t n = fit(pick_size(), rd, rs);
        enum cudaMemcpyKind k = (enum cudaMemcpyKind)(byte() % 6);
        if (op % 12 == 4)
            cudaMemcpy(d, src, n, k);
        else
            cudaMemcpyAsync(d, src, n, k, pick_stream());
        break;
    }
    case 6: {
        size_t r;
        void *d = pick_ptr(&r);
        int v = (int)byte();
        size_t n = fit(pick_size(), r, r);
        if (byte() & 1)
            cudaMemset(d, v, n);
        else
            cudaMemsetAsync(d, v, n, pick_stream());
        break;
    }
    case 7: {
        struct slot *s = take(S.dmem, kill_dmem);
        if (!s)
            break;
        size_t n = pick_size();
        cudaStream_t st = pick_stream();
        void *p;
        cudaError_t e = (byte() & 1) ? cudaMallocAsync(&p, n, st)
                                     : cudaMallocFromPoolAsync(&p, n, pick(S.pool, S.event), st);
        /* Usable at once only from st, and in a capture only once the
         * graph runs: the target uses it anywhere, so it waits. */
        if (e == cudaSuccess && p && !capturing(st) && cudaStreamSynchronize(st) == cudaSuccess)
            *s = (struct slot){p, LIVE, n};
        break;
    }
    case 8: {
        struct slot *s = &S.dmem[byte() % NSLOT];
        cudaStream_t st = pick_stream();
        /* Earlier work on other streams may still use it: wait for it. */
        if (usable(s) && forget_graphs() && cudaDeviceSynchronize() == cudaSuccess &&
            cudaFreeAsync(s->h, st) == cudaSuccess)
            s->state = DEAD;
        break;
    }
    case 9: {
        size_t r;
        struct cudaPointerAttributes a;
        cudaPointerGetAttributes(&a, pick_ptr(&r));
        size_t f, t;
        cudaMemGetInfo(&f, &t);
        break;
    }
    case 10: {
        size_t r;
        void *p = pick_ptr(&r);
        size_t n = fit(pick_size(), r, r);
        struct cudaMemLocation loc = {(enum cudaMemLocationType)(byte() % 4), (int)(byte() % 3) - 1};
        cudaMemPrefetchAsync(p, n, loc, byte() % 2, pick_stream());
        break;
    }
    case 11: {
        int lim = (int)(byte() % 8);
        static const size_t vals[] = {0, 1, 4096, 65536, 1 << 20, 16 << 20, 2048, 100};
        size_t v = vals[byte() % 8];
        /* Stack sizes are multiplied by every fiber: keep them small. */
        if (lim == cudaLimitStackSize && v > 65536)
            v = 65536;
        cudaDeviceSetLimit((enum cudaLimit)lim, v);
        size_t got;
        cudaDeviceGetLimit(&got, (enum cudaLimit)lim);
        break;
    }
    }
}

static void op_pool(unsigned op)
{
    switch (op % 4) {
    case 0: {
        struct slot *s = take(S.pool, kill_pool);
        if (!s)
            break;
        struct cudaMemPoolProps p;
        memset(&p, 0, sizeof p);
        p.allocType = (enum cudaMemAllocationType)(byte() % 3);
        p.location.type = (enum cudaMemLocationType)(byte() % 3);
        p.location.id = (int)(byte() % 3) - 1;
        p.maxSize = pick_size() * 16;
        cudaMemPool_t h;
        if (cudaMemPoolCreate(&h, &p) == cudaSuccess)
            *s = (struct slot){h, LIVE, 0};
        break;
    }
    case 1: {
        destroy(&S.pool[byte() % NSLOT], kill_pool);
        break;
    }
    case 2: {
        cudaMemPool_t p = pick(S.pool, S.event);
        uint64_t v = pick_size();
        int attr = (int)(byte() % 10);
        if (byte() & 1)
            cudaMemPoolSetAttribute(p, (enum cudaMemPoolAttr)attr, &v);
        else
            cudaMemPoolGetAttribute(p, (enum cudaMemPoolAttr)attr, &v);
        break;
    }
    case 3: {
        cudaMemPool_t p = pick(S.pool, S.event);
        if (byte() & 1)
            cudaDeviceGetDefaultMemPool(&p, (int)(byte() % 3) - 1);
        cudaMemPoolTrimTo(p, pick_size());
        break;
    }
    }
}

static void op_array(unsigned op)
{
    switch (op % 5) {
    case 0: {
        struct slot *s = take(S.array, kill_array);
        if (!s)
            break;
        static const int bits[] = {8, 16, 32, 0, 24, 64};
        struct cudaChannelFormatDesc d = {bits[byte() % 6], bits[byte() % 6] & 8, 0, 0,
                                          (enum cudaChannelFormatKind)(byte() % 4)};
        size_t w = pick_size() / 4, h = pick_size() / 64;
        cudaArray_t a;
        if (cudaMallocArray(&a, &d, w, h, byte() % 4) == cudaSuccess)
            *s = (struct slot){a, LIVE, 0};
        break;
    }
    case 1: {
        destroy(&S.array[byte() % NSLOT], kill_array);
        break;
    }
    case 2: {
        cudaArray_t a = pick(S.array, S.dmem);
        size_t wo = byte() % 4, ho = byte() % 4;
        size_t pitch = pick_size(), width = byte() % 64, height = byte() % 16;
        /* The host side stays within hostbuf. */
        if (pitch < width)
            pitch = width;
        if (pitch * height > HOSTBUF)
            height = pitch ? HOSTBUF / pitch : 0;
        if (byte() & 1)
            cudaMemcpy2DToArray(a, wo, ho, hostbuf[0], pitch, width, height, cudaMemcpyHostToDevice);
        else
            cudaMemcpy2DFromArray(hostbuf[1], pitch, a, wo, ho, width, height,
                                  cudaMemcpyDeviceToHost);
        break;
    }
    case 3: {
        struct cudaChannelFormatDesc d;
        struct cudaExtent e;
        unsigned flags;
        cudaArrayGetInfo(&d, &e, &flags, pick(S.array, S.dmem));
        break;
    }
    case 4: {
        struct slot *s = take(S.tex, kill_tex);
        if (!s)
            break;
        struct cudaResourceDesc r;
        struct cudaTextureDesc t;
        memset(&r, 0, sizeof r);
        memset(&t, 0, sizeof t);
        if (byte() & 1) {
            r.resType = cudaResourceTypeArray;
            r.res.array.array = pick(S.array, S.dmem);
        } else {
            size_t room;
            r.resType = cudaResourceTypeLinear;
            r.res.linear.devPtr = pick_ptr(&room);
            r.res.linear.desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
            r.res.linear.sizeInBytes = fit(pick_size(), room, room);
        }
        t.addressMode[0] = (enum cudaTextureAddressMode)(byte() % 5);
        t.filterMode = (enum cudaTextureFilterMode)(byte() % 3);
        t.readMode = (enum cudaTextureReadMode)(byte() % 3);
        t.normalizedCoords = byte() & 1;
        cudaTextureObject_t h;
        if (cudaCreateTextureObject(&h, &r, &t, NULL) == cudaSuccess)
            *s = (struct slot){(void *)(uintptr_t)h, LIVE, 0};
        else if (byte() & 1) {
            cudaSurfaceObject_t so;
            if (cudaCreateSurfaceObject(&so, &r) == cudaSuccess)
                cudaDestroySurfaceObject(so);
        }
        break;
    }
    }
}

/* Dependencies within graph gi (or, at level 2, another graph's nodes). */
static size_t pick_deps(unsigned gi, cudaGraphNode_t *deps)
{
    size_t n = byte() % 3;
    for (size_t i = 0; i < n; i++) {
        unsigned b = byte(), g = (level >= 2 && (b & 0x80)) ? (b >> 4) % NSLOT : gi;
        deps[i] = S.nnode[g] ? S.node[g][b % S.nnode[g]] : NULL;
    }
    return n;
}

static void add_node(unsigned gi, cudaGraphNode_t n)
{
    if (S.nnode[gi] < NNODE)
        S.node[gi][S.nnode[gi]++] = n;
}

static void op_graph(unsigned op)
{
    unsigned gi = byte() % NSLOT;
    struct slot *g = &S.graph[gi];
    cudaGraph_t gh = usable(g) ? g->h : NULL;
    cudaGraphNode_t deps[3], n = NULL;
    size_t nd;
    switch (op % 14) {
    case 0: {
        if (g->state == LIVE)
            kill_graph(g);
        if (g->state == LIVE)
            break;
        cudaGraph_t h;
        if (cudaGraphCreate(&h, 0) == cudaSuccess) {
            *g = (struct slot){h, LIVE, 0};
            S.nnode[gi] = 0;
        }
        break;
    }
    case 1:
        destroy(g, kill_graph);
        break;
    case 2:
        nd = pick_deps(gi, deps);
        if (cudaGraphAddEmptyNode(&n, gh, deps, nd) == cudaSuccess)
            add_node(gi, n);
        break;
    case 3: {
        size_t room;
        struct cudaMemsetParams p = {0};
        static const unsigned es[] = {1, 2, 4, 3};
        p.dst = pick_ptr(&room);
        p.elementSize = es[byte() % 4];
        p.width = fit(pick_size(), room, room) / p.elementSize;
        p.height = 1 + (byte() & 1);
        p.pitch = p.width * p.elementSize;
        if (p.height > 1 && level < 2)
            p.width /= 2, p.pitch = room / 2;
        p.value = byte();
        nd = pick_deps(gi, deps);
        if (cudaGraphAddMemsetNode(&n, gh, deps, nd, &p) == cudaSuccess)
            add_node(gi, n);
        break;
    }
    case 4: {
        size_t rd, rs;
        void *d = pick_ptr(&rd);
        const void *s = pick_ptr(&rs);
        size_t cnt = fit(pick_size(), rd, rs);
        nd = pick_deps(gi, deps);
        if (cudaGraphAddMemcpyNode1D(&n, gh, deps, nd, d, s, cnt,
                                     (enum cudaMemcpyKind)(byte() % 6)) == cudaSuccess)
            add_node(gi, n);
        break;
    }
    case 5: {
        struct cudaHostNodeParams p = {host_fn, NULL};
        nd = pick_deps(gi, deps);
        if (cudaGraphAddHostNode(&n, gh, deps, nd, (byte() & 7) ? &p : NULL) == cudaSuccess)
            add_node(gi, n);
        break;
    }
    case 6: {
        cudaEvent_t e = pick(S.event, S.stream);
        nd = pick_deps(gi, deps);
        cudaError_t r = (byte() & 1) ? cudaGraphAddEventRecordNode(&n, gh, deps, nd, e)
                                     : cudaGraphAddEventWaitNode(&n, gh, deps, nd, e);
        if (r == cudaSuccess)
            add_node(gi, n);
        break;
    }
    case 7: {
        cudaGraph_t child = pick(S.graph, S.exec);
        nd = pick_deps(gi, deps);
        if (cudaGraphAddChildGraphNode(&n, gh, deps, nd, child) == cudaSuccess)
            add_node(gi, n);
        break;
    }
    case 8:
        /* May close a cycle: instantiation must refuse it. */
        nd = pick_deps(gi, deps);
        if (nd >= 2)
            cudaGraphAddDependencies(gh, &deps[0], &deps[1], NULL, 1);
        break;
    case 9: {
        struct slot *x = take(S.exec, kill_exec);
        if (!x)
            break;
        static const unsigned long long flags[] = {0, 1, 2, 8, 4, 0x100};
        cudaGraphExec_t h;
        if (cudaGraphInstantiate(&h, gh, flags[byte() % 6]) == cudaSuccess)
            *x = (struct slot){h, LIVE, 0};
        break;
    }
    case 10: {
        cudaGraphExec_t x = pick(S.exec, S.graph);
        cudaStream_t s = pick_stream();
        if (byte() & 1)
            cudaGraphUpload(x, s);
        cudaGraphLaunch(x, s);
        break;
    }
    case 11: {
        destroy(&S.exec[byte() % NSLOT], kill_exec);
        break;
    }
    case 12: {
        cudaGraphExecUpdateResultInfo info;
        cudaGraphExecUpdate(pick(S.exec, S.graph), gh, &info);
        break;
    }
    case 13: {
        cudaGraphNode_t nodes[NNODE];
        size_t num = byte() % (NNODE + 1);
        cudaGraphGetNodes(gh, (byte() & 1) ? nodes : NULL, &num);
        unsigned b = byte();
        if (S.nnode[gi] && (b & 1)) {
            /* Destroying a node: it leaves the table (level 3 keeps it). */
            unsigned k = (b >> 1) % S.nnode[gi];
            cudaGraphDestroyNode(S.node[gi][k]);
            if (level < 3)
                S.node[gi][k] = S.node[gi][--S.nnode[gi]];
        } else if (byte() & 1) {
            struct slot *c = take(S.graph, kill_graph);
            if (!c)
                break;
            cudaGraph_t h;
            if (c != g && cudaGraphClone(&h, gh) == cudaSuccess) {
                *c = (struct slot){h, LIVE, 0};
                S.nnode[c - S.graph] = 0;
            }
        }
        break;
    }
    }
}

static void op_capture(unsigned op)
{
    cudaStream_t s = pick_stream();
    switch (op % 4) {
    case 0:
        cudaStreamBeginCapture(s, (enum cudaStreamCaptureMode)(byte() % 4));
        break;
    case 1: {
        cudaGraph_t h = NULL;
        if (cudaStreamEndCapture(s, &h) == cudaSuccess && h) {
            struct slot *g = take(S.graph, kill_graph);
            if (!g) {
                cudaGraphDestroy(h);
                break;
            }
            *g = (struct slot){h, LIVE, 0};
            S.nnode[g - S.graph] = 0;
        }
        break;
    }
    case 2: {
        enum cudaStreamCaptureStatus st;
        unsigned long long id;
        cudaGraph_t g;
        const cudaGraphNode_t *deps;
        size_t nd;
        cudaStreamIsCapturing(s, &st);
        cudaStreamGetCaptureInfo(s, &st, &id, &g, &deps, NULL, &nd);
        break;
    }
    case 3: {
        enum cudaStreamCaptureMode m = (enum cudaStreamCaptureMode)(byte() % 4);
        cudaThreadExchangeStreamCaptureMode(&m);
        break;
    }
    }
}

static void op_launch(unsigned op)
{
    static const unsigned dims[] = {1, 2, 3, 32, 64, 1024, 0, 1025};
    dim3 grid = {dims[byte() % 4], 1 + (byte() % 2), 1};
    dim3 block = {dims[byte() % 8], 1, 1 + (byte() % 2)};
    static const size_t shmem[] = {0, 0, 1024, 48 << 10, 100 << 10, 300 << 10};
    size_t sh = shmem[byte() % 6];
    unsigned *args = malloc(sizeof *args);
    if (!args)
        return;
    *args = byte();
    cudaStream_t s = pick_stream();
    if (op & 1) {
        simt_launch_attrs a;
        memset(&a, 0, sizeof a);
        a.cluster_dim[0] = byte() % 3;
        a.cooperative = byte() & 1;
        simt_launch_ex(NULL, grid, block, sh, s, kernel_thread, args, kernel_release, &a);
    } else {
        simt_launch(NULL, grid, block, sh, s, kernel_thread, args, kernel_release);
    }
    cudaGetLastError();
}

static void op_device(unsigned op)
{
    switch (op % 5) {
    case 0: cudaDeviceSynchronize(); break;
    case 1: cudaGetLastError(); break;
    case 2: cudaPeekAtLastError(); break;
    case 3: cudaSetDevice((int)(byte() % 3) - 1); break;
    case 4: {
        int v;
        cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)(byte() % 128), (int)(byte() % 2));
        break;
    }
    }
}

static void end_captures(void)
{
    for (int i = 0; i < NSLOT; i++) {
        cudaGraph_t g = NULL;
        if (S.stream[i].state == LIVE && cudaStreamEndCapture(S.stream[i].h, &g) == cudaSuccess && g)
            cudaGraphDestroy(g);
    }
    for (int i = 0; i < 3; i++) {
        cudaGraph_t g = NULL;
        if (cudaStreamEndCapture((cudaStream_t)(uintptr_t)i, &g) == cudaSuccess && g)
            cudaGraphDestroy(g);
    }
    enum cudaStreamCaptureMode m = cudaStreamCaptureModeGlobal;
    cudaThreadExchangeStreamCaptureMode(&m);
}

/* Ends every capture and destroys everything live. */
static void cleanup(void)
{
    end_captures();
    cudaDeviceSynchronize();
    for (int i = 0; i < NSLOT; i++) {
        if (S.exec[i].state == LIVE)
            kill_exec(&S.exec[i]);
        if (S.graph[i].state == LIVE)
            kill_graph(&S.graph[i]);
        if (S.tex[i].state == LIVE)
            kill_tex(&S.tex[i]);
        if (S.array[i].state == LIVE)
            kill_array(&S.array[i]);
        if (S.dmem[i].state == LIVE)
            kill_dmem(&S.dmem[i]);
        if (S.hmem[i].state == LIVE)
            kill_hmem(&S.hmem[i]);
        if (S.event[i].state == LIVE)
            kill_event(&S.event[i]);
        if (S.stream[i].state == LIVE)
            kill_stream(&S.stream[i]);
        if (S.pool[i].state == LIVE)
            kill_pool(&S.pool[i]);
    }
    cudaDeviceSynchronize();
    for (int l = 0; l < 3; l++)
        cudaDeviceSetLimit((enum cudaLimit)l, limit0[l]);
    cudaGetLastError();
    memset(&S, 0, sizeof S);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *l = getenv("FUZZ_LEVEL");
    level = l ? atoi(l) : 0;
    /* Two workers, whatever the machine: the fuzzer runs beside others. */
    setenv("SIMT_WORKERS", "2", 0);
    /* A host thread that ran blocks as a guest has lost its stack in
     * AddressSanitizer's view (the adopted context's switch names no
     * stack), so LeakSanitizer reports what only its stack points to. */
    setenv("SIMT_GUEST", "0", 0);
    for (int l = 0; l < 3; l++)
        cudaDeviceGetLimit(&limit0[l], (enum cudaLimit)l);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    in = data;
    left = size;
    int steps = 0;
    while (left && steps++ < 64) {
        unsigned op = byte();
        switch (op % 9) {
        case 0: op_stream(op / 9); break;
        case 1: op_event(op / 9); break;
        case 2: op_memory(op / 9); break;
        case 3: op_pool(op / 9); break;
        case 4: op_array(op / 9); break;
        case 5: op_graph(op / 9); break;
        case 6: op_capture(op / 9); break;
        case 7: op_launch(op / 9); break;
        case 8: op_device(op / 9); break;
        }
    }
    cleanup();
    return 0;
}
