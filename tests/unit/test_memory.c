/*
 * test_memory.c: the tracked allocator, copies, sets and symbols: lookups,
 * alignment, reset, every error code an H200 returned for the same calls
 * (docs/gpu-facts/memory-api.txt and the probes quoted in memory.c and
 * copy.c), data movement, streams, and concurrent use.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "cuda_runtime_api.h"
#include "engine/fault.h"
#include "runtime/memory.h"
#include "simt.h"
#include "simt/core/device.h"
#include "test.h"

#if defined(__SANITIZE_ADDRESS__)
#define MEM_UNDER_ASAN 1
#else
#define MEM_UNDER_ASAN 0
#endif

#define EXPECT(call, code) ASSERT_EQ((call), (code))

static struct cudaMemLocation loc(enum cudaMemLocationType t, int id)
{
    struct cudaMemLocation l = {t, id};
    return l;
}

static struct cudaExtent ext(size_t w, size_t h, size_t d)
{
    struct cudaExtent e = {w, h, d};
    return e;
}

static struct cudaPitchedPtr pptr(void *p, size_t pitch, size_t xs, size_t ys)
{
    struct cudaPitchedPtr r = {p, pitch, xs, ys};
    return r;
}

/* ---- the allocator ---------------------------------------------------------- */

TEST(memory_malloc_free)
{
    char *d;
    int h[16];
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    ASSERT(d != NULL);
    ASSERT_EQ((uintptr_t)d % 256, 0);
    EXPECT(cudaFree(d + 1), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaSuccess);
    EXPECT(cudaFree(h), cudaErrorInvalidValue);
    EXPECT(cudaFree(NULL), cudaSuccess);
    EXPECT(cudaFree(d), cudaSuccess);
    EXPECT(cudaFree(d), cudaErrorInvalidValue);
    EXPECT(cudaFree((void *)0x10), cudaErrorInvalidValue);
}

TEST(memory_malloc_edge_cases)
{
    void *p = (void *)0x1234;
    EXPECT(cudaMalloc(&p, 0), cudaSuccess);
    ASSERT(p == NULL);
    EXPECT(cudaMalloc(NULL, 16), cudaErrorInvalidValue);
    p = (void *)0x1234;
    EXPECT(cudaMalloc(&p, (size_t)1 << 50), cudaErrorMemoryAllocation);
    ASSERT(p == NULL);
    /* Not sticky: reported once, then gone. */
    EXPECT(cudaGetLastError(), cudaErrorMemoryAllocation);
    EXPECT(cudaGetLastError(), cudaSuccess);
    EXPECT(cudaMalloc(&p, 16), cudaSuccess);
    EXPECT(cudaFree(p), cudaSuccess);
    p = (void *)0x1234;
    EXPECT(cudaMallocHost(&p, (size_t)1 << 50), cudaErrorMemoryAllocation);
    ASSERT(p == NULL);
    EXPECT(cudaMallocManaged(&p, (size_t)1 << 50, cudaMemAttachGlobal), cudaErrorMemoryAllocation);
    ASSERT(p == NULL);
}

TEST(memory_lookup_and_alignment)
{
    enum { N = 500 };
    static char *p[N];
    static size_t sz[N];
    for (int i = 0; i < N; i++) {
        sz[i] = 1 + (size_t)(i * 7919) % 5000;
        if (i % 50 == 0)
            sz[i] = ((size_t)3 << 20) + 5; /* mapped, not from the heap */
        EXPECT(cudaMalloc((void **)&p[i], sz[i]), cudaSuccess);
        ASSERT_EQ((uintptr_t)p[i] % 256, 0);
    }
    for (int i = 0; i < N; i++) {
        struct mem_range r;
        ASSERT(mem_lookup(p[i], &r));
        ASSERT(r.start == p[i]);
        ASSERT_EQ(r.size, sz[i]);
        ASSERT_EQ(r.type, MEM_DEVICE);
        ASSERT(mem_lookup(p[i] + sz[i] - 1, &r) && r.start == p[i]);
        ASSERT(mem_lookup(p[i] + sz[i] / 2, &r) && r.start == p[i]);
        /* One past the end belongs to no allocation (or to the next). */
        ASSERT(!mem_lookup(p[i] + sz[i], &r) || r.start == p[i] + sz[i]);
    }
    size_t in_use = mem_device_bytes_in_use();
    size_t total = 0;
    for (int i = 0; i < N; i++)
        total += sz[i];
    ASSERT_EQ(in_use, total);
    for (int i = 0; i < N; i += 2)
        EXPECT(cudaFree(p[i]), cudaSuccess);
    for (int i = 0; i < N; i++) {
        struct mem_range r;
        int found = mem_lookup(p[i] + sz[i] / 2, &r) && r.start == p[i];
        ASSERT_EQ(found, i % 2);
    }
    for (int i = 1; i < N; i += 2)
        EXPECT(cudaFree(p[i]), cudaSuccess);
    ASSERT_EQ(mem_device_bytes_in_use(), 0);
    struct mem_range r;
    int h;
    ASSERT(!mem_lookup(&h, &r));
    ASSERT_EQ(r.type, MEM_NONE);
    ASSERT(!mem_lookup(NULL, &r));
}

TEST(memory_reset_forgets_everything)
{
    int *d, *ph, *mm;
    int buf[16];
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    EXPECT(cudaMallocHost((void **)&ph, 64), cudaSuccess);
    EXPECT(cudaMallocManaged((void **)&mm, 64, cudaMemAttachGlobal), cudaSuccess);
    EXPECT(cudaHostRegister(buf, sizeof buf, 0), cudaSuccess);
    EXPECT(cudaDeviceReset(), cudaSuccess);
    EXPECT(cudaFree(d), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT(cudaFreeHost(ph), cudaErrorInvalidValue);
    EXPECT(cudaFree(mm), cudaErrorInvalidValue);
    EXPECT(cudaHostUnregister(buf), cudaErrorHostMemoryNotRegistered);
    ASSERT_EQ(mem_device_bytes_in_use(), 0);
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    EXPECT(cudaFree(d), cudaSuccess);
}

/* ---- the facts file, in its order -------------------------------------------- */

TEST(memory_gpu_facts_copies)
{
    int *d, *d2;
    int h[16] = {0};
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    EXPECT(cudaMalloc((void **)&d2, 0), cudaSuccess);
    ASSERT(d2 == NULL);
    EXPECT(cudaMemcpy(d, h, 64, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(d, h, 65, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, d, 64, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy(h, d, 64, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, h, 64, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, h + 8, 16, cudaMemcpyHostToHost), cudaSuccess);
    EXPECT(cudaMemcpy(d, d + 8, 16, cudaMemcpyDeviceToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(d, h, 64, cudaMemcpyDefault), cudaSuccess);
    EXPECT(cudaMemcpy(d, h, 64, (enum cudaMemcpyKind)9), cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaMemcpy(NULL, h, 64, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, NULL, 64, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, h, 0, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemset(d, 0, 64), cudaSuccess);
    EXPECT(cudaMemset(d, 0, 65), cudaErrorInvalidValue);
    EXPECT(cudaMemset(h, 0, 4), cudaErrorInvalidValue);
    EXPECT(cudaMemset(d + 8, 1, 32), cudaSuccess);
    EXPECT(cudaFree(d), cudaSuccess);
}

TEST(memory_copy_kinds_under_uva)
{
    int *d, *d2, *mm, *ph;
    int h[64] = {0}, h2[64];
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    EXPECT(cudaMalloc((void **)&d2, 64), cudaSuccess);
    EXPECT(cudaMallocManaged((void **)&mm, 64, cudaMemAttachGlobal), cudaSuccess);
    EXPECT(cudaMallocHost((void **)&ph, 64), cudaSuccess);
    /* count 0 wins over everything */
    EXPECT(cudaMemcpy(d, h, 0, (enum cudaMemcpyKind)9), cudaSuccess);
    EXPECT(cudaMemcpy(NULL, NULL, 0, cudaMemcpyHostToDevice), cudaSuccess);
    /* HostToHost behaves as Default */
    EXPECT(cudaMemcpy(h, d, 64, cudaMemcpyHostToHost), cudaSuccess);
    EXPECT(cudaMemcpy(d, h, 64, cudaMemcpyHostToHost), cudaSuccess);
    EXPECT(cudaMemcpy(mm, d, 64, cudaMemcpyHostToHost), cudaSuccess);
    EXPECT(cudaMemcpy(h, d, 128, cudaMemcpyHostToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, ph, 128, cudaMemcpyHostToHost), cudaErrorInvalidValue);
    /* only the device side of an explicit kind must be known */
    EXPECT(cudaMemcpy(h2, h, 64, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, h, 64, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, d, 64, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, d2, 64, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(h2, h, 64, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, d2, 64, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy(h2, h, 64, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    /* pinned and managed memory are device-visible; every known range is
     * checked against its allocation */
    EXPECT(cudaMemcpy(d, ph, 64, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(ph, h, 64, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(h, ph, 64, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy(ph, d, 64, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy(d, ph, 128, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(ph, h, 128, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, d2, 128, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, d2 + 8, 64, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(mm, h, 64, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(h, mm, 64, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, mm, 64, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy(mm, h, 64, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(mm, h, 128, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d + 8, h, 64, cudaMemcpyDefault), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, d + 8, 64, cudaMemcpyDefault), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h2, h, 64, cudaMemcpyDefault), cudaSuccess);
    EXPECT(cudaMemcpy(d, d2, 65, cudaMemcpyDefault), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(ph, h, 128, cudaMemcpyDefault), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(d, h, 64, (enum cudaMemcpyKind)5), cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaMemcpy(d, h, 64, (enum cudaMemcpyKind)-1), cudaErrorInvalidMemcpyDirection);
    /* async */
    EXPECT(cudaMemcpyAsync(d, h, 64, cudaMemcpyHostToDevice, 0), cudaSuccess);
    EXPECT(cudaMemcpyAsync(d, h, 65, cudaMemcpyHostToDevice, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyAsync(d, h, 0, (enum cudaMemcpyKind)9, 0), cudaSuccess);
    /* peer */
    EXPECT(cudaMemcpyPeer(d, 0, d2, 0, 64), cudaSuccess);
    EXPECT(cudaMemcpyPeer(d, 1, d2, 0, 64), cudaErrorInvalidDevice);
    EXPECT(cudaMemcpyPeer(d, 0, d2, 1, 64), cudaErrorInvalidDevice);
    EXPECT(cudaMemcpyPeer(d, -1, d2, 0, 64), cudaErrorInvalidDevice);
    EXPECT(cudaMemcpyPeer(d, 0, d2, 0, 0), cudaSuccess);
    EXPECT(cudaMemcpyPeer(d, 1, d2, 0, 0), cudaSuccess);
    EXPECT(cudaMemcpyPeer(d, 0, d2, 0, 65), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyPeer(d, 0, h, 0, 64), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyPeer(h, 0, d, 0, 64), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyPeerAsync(d, 0, d2, 0, 64, 0), cudaSuccess);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    /* sets */
    EXPECT(cudaMemset(ph, 0, 64), cudaSuccess);
    EXPECT(cudaMemset(ph, 0, 65), cudaErrorInvalidValue);
    EXPECT(cudaMemset(mm, 0, 64), cudaSuccess);
    EXPECT(cudaMemset(mm, 0, 65), cudaErrorInvalidValue);
    EXPECT(cudaMemset(NULL, 0, 0), cudaSuccess);
    EXPECT(cudaMemset(h, 0, 0), cudaSuccess);
    EXPECT(cudaMemset(NULL, 0, 4), cudaErrorInvalidValue);
    EXPECT(cudaMemsetAsync(d, 0, 65, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemsetAsync(d, 0, 0, 0), cudaSuccess);
    EXPECT(cudaFree(d2), cudaSuccess);
    EXPECT(cudaMemset(d2, 0, 4), cudaErrorInvalidValue);
    EXPECT(cudaFree(d), cudaSuccess);
    EXPECT(cudaFree(mm), cudaSuccess);
    EXPECT(cudaFreeHost(ph), cudaSuccess);
}

TEST(memory_copy_moves_data)
{
    enum { N = 1 << 16 };
    unsigned char *a = malloc(N), *b = malloc(N), *d, *d2, *ph;
    for (int i = 0; i < N; i++)
        a[i] = (unsigned char)(i * 31 + 7);
    EXPECT(cudaMalloc((void **)&d, N), cudaSuccess);
    EXPECT(cudaMalloc((void **)&d2, N), cudaSuccess);
    EXPECT(cudaMallocHost((void **)&ph, N), cudaSuccess);
    EXPECT(cudaMemcpy(d, a, N, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(d2, d, N, cudaMemcpyDeviceToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(ph, d2, N, cudaMemcpyDefault), cudaSuccess);
    EXPECT(cudaMemcpy(b, ph, N, cudaMemcpyDeviceToHost), cudaSuccess);
    ASSERT(memcmp(a, b, N) == 0);
    /* overlapping device-to-device copies behave as memmove */
    EXPECT(cudaMemcpy(d + 1, d, N - 1, cudaMemcpyDeviceToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(b, d, N, cudaMemcpyDeviceToHost), cudaSuccess);
    ASSERT_EQ(b[0], a[0]);
    ASSERT(memcmp(b + 1, a, N - 1) == 0);
    EXPECT(cudaMemset(d + 8, 0xab, 100), cudaSuccess);
    EXPECT(cudaMemcpy(b, d, N, cudaMemcpyDeviceToHost), cudaSuccess);
    for (int i = 8; i < 108; i++)
        ASSERT_EQ(b[i], 0xab);
    ASSERT_EQ(b[108], a[107]);
    EXPECT(cudaMemset(d, 0x1ff, 1), cudaSuccess); /* the value is a byte */
    EXPECT(cudaMemcpy(b, d, 1, cudaMemcpyDeviceToHost), cudaSuccess);
    ASSERT_EQ(b[0], 0xff);
    cudaFree(d);
    cudaFree(d2);
    cudaFreeHost(ph);
    free(a);
    free(b);
}

TEST(memory_async_in_stream_order)
{
    enum { N = 1 << 20 };
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s), cudaSuccess);
    unsigned char *d, *ph;
    EXPECT(cudaMalloc((void **)&d, N), cudaSuccess);
    EXPECT(cudaMallocHost((void **)&ph, N), cudaSuccess);
    for (int round = 0; round < 20; round++) {
        EXPECT(cudaMemsetAsync(d, round, N, s), cudaSuccess);
        EXPECT(cudaMemsetAsync(d + 100, round + 1, 10, s), cudaSuccess);
        EXPECT(cudaMemcpyAsync(ph, d, N, cudaMemcpyDeviceToHost, s), cudaSuccess);
        EXPECT(cudaStreamSynchronize(s), cudaSuccess);
        ASSERT_EQ(ph[0], round);
        ASSERT_EQ(ph[N - 1], round);
        ASSERT_EQ(ph[105], round + 1);
    }
    /* Pageable memory: the call is synchronous, the buffer reusable at once. */
    static unsigned char h[4096];
    memset(h, 7, sizeof h);
    EXPECT(cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, s), cudaSuccess);
    memset(h, 9, sizeof h);
    EXPECT(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s), cudaSuccess);
    ASSERT_EQ(h[0], 7);
    ASSERT_EQ(h[4095], 7);
    EXPECT(cudaMemcpyAsync(d, h, 16, cudaMemcpyHostToDevice, (cudaStream_t)&h),
           cudaErrorInvalidResourceHandle);
    EXPECT(cudaMemsetAsync(d, 0, 16, (cudaStream_t)&h), cudaErrorInvalidResourceHandle);
    EXPECT(cudaStreamDestroy(s), cudaSuccess);
    EXPECT(cudaFree(d), cudaSuccess);
    EXPECT(cudaFreeHost(ph), cudaSuccess);
}

/* ---- pitched memory, 2D and 3D ------------------------------------------------ */

TEST(memory_pitch)
{
    size_t pitch = 77;
    void *pp = (void *)0x1234;
    EXPECT(cudaMallocPitch(&pp, &pitch, 100, 10), cudaSuccess);
    ASSERT_EQ(pitch, 512);
    cudaFree(pp);
    EXPECT(cudaMallocPitch(&pp, &pitch, 1000, 10), cudaSuccess);
    ASSERT_EQ(pitch, 1024);
    cudaFree(pp);
    EXPECT(cudaMallocPitch(&pp, &pitch, 1, 1), cudaSuccess);
    ASSERT_EQ(pitch, 512);
    cudaFree(pp);
    EXPECT(cudaMallocPitch(&pp, &pitch, 512, 1), cudaSuccess);
    ASSERT_EQ(pitch, 512);
    cudaFree(pp);
    EXPECT(cudaMallocPitch(&pp, &pitch, 513, 1), cudaSuccess);
    ASSERT_EQ(pitch, 1024);
    cudaFree(pp);
    EXPECT(cudaMallocPitch(&pp, &pitch, 5000, 3), cudaSuccess);
    ASSERT_EQ(pitch, 5120);
    cudaFree(pp);
    EXPECT(cudaMallocPitch(&pp, &pitch, 0, 10), cudaSuccess);
    ASSERT(pp == NULL);
    ASSERT_EQ(pitch, 0);
    EXPECT(cudaMallocPitch(&pp, &pitch, 10, 0), cudaSuccess);
    ASSERT(pp == NULL);
    EXPECT(cudaMallocPitch(&pp, NULL, 10, 10), cudaErrorInvalidValue);
    EXPECT(cudaMallocPitch(NULL, &pitch, 10, 10), cudaErrorInvalidValue);
    EXPECT(cudaMallocPitch(&pp, &pitch, (size_t)1 << 40, (size_t)1 << 20), cudaErrorMemoryAllocation);
    ASSERT(pp == NULL);
    ASSERT_EQ(pitch, (size_t)1 << 40);

    struct cudaPitchedPtr pd;
    EXPECT(cudaMalloc3D(&pd, ext(100, 4, 3)), cudaSuccess);
    ASSERT_EQ(pd.pitch, 512);
    ASSERT_EQ(pd.xsize, 100);
    ASSERT_EQ(pd.ysize, 4);
    struct mem_range r;
    ASSERT(mem_lookup(pd.ptr, &r));
    ASSERT_EQ(r.size, 512 * 4 * 3);
    cudaFree(pd.ptr);
    EXPECT(cudaMalloc3D(&pd, ext(0, 4, 3)), cudaSuccess);
    ASSERT(pd.ptr == NULL);
    ASSERT_EQ(pd.pitch, 0);
    ASSERT_EQ(pd.ysize, 4);
    EXPECT(cudaMalloc3D(&pd, ext(10, 0, 3)), cudaSuccess);
    ASSERT(pd.ptr == NULL);
    ASSERT_EQ(pd.xsize, 10);
    EXPECT(cudaMalloc3D(NULL, ext(10, 4, 3)), cudaErrorInvalidValue);
}

TEST(memory_2d)
{
    void *pp;
    size_t pitch;
    int h[64] = {0}, h2[64];
    EXPECT(cudaMallocPitch(&pp, &pitch, 100, 4), cudaSuccess);
    ASSERT_EQ(pitch, 512);
    EXPECT(cudaMemset2D(pp, pitch, 1, 10, 1), cudaSuccess);
    EXPECT(cudaMemset2D(pp, pitch, 0, 100, 4), cudaSuccess);
    EXPECT(cudaMemset2D(pp, pitch, 0, 100, 5), cudaErrorInvalidValue);
    EXPECT(cudaMemset2D(pp, pitch, 0, 513, 1), cudaSuccess);
    EXPECT(cudaMemset2D(pp, 50, 0, 100, 1), cudaSuccess);
    EXPECT(cudaMemset2D(pp, 50, 0, 100, 0), cudaSuccess);
    EXPECT(cudaMemset2D(pp, 50, 0, 100, 2), cudaErrorInvalidValue);
    EXPECT(cudaMemset2D(pp, 0, 0, 100, 2), cudaErrorInvalidValue);
    EXPECT(cudaMemset2D(pp, 0, 0, 100, 1), cudaSuccess);
    EXPECT(cudaMemset2D(pp, pitch, 0, 0, 4), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 8, pp, pitch, 8, 1, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 4, pp, pitch, 8, 1, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2D(h, 8, pp, pitch, 8, 0, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 4, pp, pitch, 8, 0, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 8, pp, 4, 8, 1, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2D(h, 8, pp, pitch, 8, 4, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 8, pp, pitch, 8, 5, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2D(h, 8, pp, pitch, 8, 4, (enum cudaMemcpyKind)9),
           cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaMemcpy2D(h, 8, pp, pitch, 0, 1, (enum cudaMemcpyKind)9), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 8, pp, pitch, 8, 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2D(pp, pitch, h, 8, 8, 4, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy2D(pp, pitch, h, 8, 8, 4, cudaMemcpyDefault), cudaSuccess);
    EXPECT(cudaMemcpy2D(pp, 0, h, 8, 8, 1, cudaMemcpyDefault), cudaSuccess);
    EXPECT(cudaMemcpy2D(pp, 4, h, 8, 8, 1, cudaMemcpyDefault), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2D(pp, 0, h, 8, 8, 2, cudaMemcpyDefault), cudaErrorInvalidPitchValue);
    EXPECT(cudaMemcpy2D(h, 0, pp, pitch, 8, 1, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 8, pp, 0, 8, 1, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 4, h2, 8, 8, 1, cudaMemcpyHostToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2D(h, 0, h2, 0, 8, 1, cudaMemcpyHostToHost), cudaSuccess);
    EXPECT(cudaMemcpy2D(h, 8, pp, pitch, 2048, 1, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2D(h, 8, pp, 1024, 8, 3, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2D(h, 8, pp, 1024, 8, 2, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpy2D(pp, pitch, pp, pitch, 100, 4, cudaMemcpyDeviceToDevice), cudaSuccess);

    /* data: a 5x3 block of bytes into and out of pitched memory */
    unsigned char src[3][5], back[3][7];
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++)
            src[y][x] = (unsigned char)(10 * y + x);
    memset(back, 0xee, sizeof back);
    EXPECT(cudaMemset2D(pp, pitch, 0, 100, 4), cudaSuccess);
    EXPECT(cudaMemcpy2D((char *)pp + 1, pitch, src, 5, 5, 3, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy2D(back, 7, pp, pitch, 7, 3, cudaMemcpyDeviceToHost), cudaSuccess);
    for (int y = 0; y < 3; y++) {
        ASSERT_EQ(back[y][0], 0);
        ASSERT_EQ(back[y][6], 0);
        for (int x = 0; x < 5; x++)
            ASSERT_EQ(back[y][x + 1], 10 * y + x);
    }
    EXPECT(cudaFree(pp), cudaSuccess);
}

TEST(memory_3d)
{
    struct cudaPitchedPtr pd;
    EXPECT(cudaMalloc3D(&pd, ext(100, 4, 3)), cudaSuccess);
    EXPECT(cudaMemset3D(pd, 0, ext(100, 4, 3)), cudaSuccess);
    EXPECT(cudaMemset3D(pd, 0, ext(100, 4, 4)), cudaErrorInvalidValue);
    EXPECT(cudaMemset3D(pd, 0, ext(100, 5, 3)), cudaErrorInvalidValue);
    EXPECT(cudaMemset3D(pd, 0, ext(100, 5, 1)), cudaErrorInvalidValue);
    EXPECT(cudaMemset3D(pd, 0, ext(513, 1, 1)), cudaSuccess);
    EXPECT(cudaMemset3D(pd, 0, ext(0, 4, 3)), cudaSuccess);
    struct cudaPitchedPtr q = pd;
    q.ysize = 2;
    EXPECT(cudaMemset3D(q, 0, ext(100, 4, 1)), cudaErrorInvalidValue);
    EXPECT(cudaMemset3D(q, 0, ext(100, 2, 2)), cudaSuccess);
    EXPECT(cudaMemset3D(q, 0, ext(100, 4, 2)), cudaErrorInvalidValue);
    q = pd;
    q.pitch = 50;
    EXPECT(cudaMemset3D(q, 0, ext(100, 4, 2)), cudaErrorInvalidValue);
    q = pd;
    q.ysize = 0;
    EXPECT(cudaMemset3D(q, 0, ext(100, 1, 1)), cudaErrorInvalidValue);

    static int hb[2000];
    struct cudaMemcpy3DParms m;
    memset(&m, 0, sizeof m);
    m.srcPtr = pptr(hb, 400, 100, 4);
    m.dstPtr = pd;
    m.extent = ext(100, 4, 3);
    m.kind = cudaMemcpyHostToDevice;
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    m.extent = ext(100, 5, 3);
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidPitchValue);
    m.extent = ext(100, 5, 1);
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.extent = ext(100, 4, 4);
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.extent = ext(100, 4, 3);
    m.dstPos = (struct cudaPos){1, 0, 0};
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    m.dstPos = (struct cudaPos){412, 0, 0};
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    m.dstPos = (struct cudaPos){413, 0, 0};
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.dstPos = (struct cudaPos){0, 1, 0};
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.dstPos = (struct cudaPos){0, 0, 1};
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.dstPos = (struct cudaPos){0, 0, 0};
    m.extent = ext(0, 4, 3);
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    m.extent = ext(100, 4, 3);
    m.kind = cudaMemcpyDeviceToHost;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.kind = (enum cudaMemcpyKind)9;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidMemcpyDirection);
    m.kind = cudaMemcpyDefault;
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    m.srcPtr.pitch = 50;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidPitchValue);
    EXPECT(cudaMemcpy3D(NULL), cudaErrorInvalidValue);
    /* second probe */
    m.srcPtr = pptr(hb, 400, 100, 0);
    m.extent = ext(100, 4, 1);
    m.kind = cudaMemcpyHostToDevice;
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    m.srcPtr.ysize = 4;
    m.srcPtr.pitch = 0;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidPitchValue);
    m.srcPtr.pitch = 400;
    m.srcPtr.ysize = 2;
    m.extent = ext(100, 4, 2);
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidPitchValue);
    m.srcPtr.ysize = 4;
    m.dstPtr.ysize = 2;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidPitchValue);
    m.dstPtr.ysize = 4;
    m.srcPos = (struct cudaPos){0, 1, 0};
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.srcPos = (struct cudaPos){301, 0, 0};
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.srcPos = (struct cudaPos){0, 0, 0};
    m.dstPtr.pitch = 50;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidPitchValue);
    m.dstPtr.pitch = 512;
    m.extent = ext(100, 5, 1);
    m.dstPtr.ysize = m.srcPtr.ysize = 5;
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    m.extent = ext(100, 5, 2);
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    m.dstPtr.ysize = 4;
    m.extent = ext(100, 5, 1);
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.dstPtr.ysize = 5;
    m.srcPtr.ysize = 4;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidValue);
    m.dstPtr.ysize = m.srcPtr.ysize = 4;
    m.extent = ext(100, 4, 2);
    m.srcPtr.pitch = 99;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidPitchValue);
    EXPECT(cudaMemcpy3DAsync(&m, 0), cudaErrorInvalidPitchValue);
    /* a handle that names no array (an H200: invalid resource handle) */
    m.srcPtr.pitch = 400;
    m.dstArray = (cudaArray_t)&m;
    EXPECT(cudaMemcpy3D(&m), cudaErrorInvalidResourceHandle);

    /* data: a 3x2x2 box at (2,1,1) of a 100x4x3 volume, through host
     * memory with another pitch, and back */
    memset(&m, 0, sizeof m);
    unsigned char box[2][2][3], vol[3][4][16], back[3][4][16];
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 3; x++)
                box[z][y][x] = (unsigned char)(100 * z + 10 * y + x + 1);
    EXPECT(cudaMemset3D(pd, 0, ext(100, 4, 3)), cudaSuccess);
    m.srcPtr = pptr(box, 3, 3, 2);
    m.dstPtr = pd;
    m.dstPos = (struct cudaPos){2, 1, 1};
    m.extent = ext(3, 2, 2);
    m.kind = cudaMemcpyHostToDevice;
    EXPECT(cudaMemcpy3D(&m), cudaSuccess);
    memset(&m, 0, sizeof m);
    memset(vol, 0xee, sizeof vol);
    m.srcPtr = pd;
    m.dstPtr = pptr(vol, 16, 16, 4);
    m.extent = ext(16, 4, 3);
    m.kind = cudaMemcpyDeviceToHost;
    EXPECT(cudaMemcpy3DAsync(&m, 0), cudaSuccess);
    memset(back, 0, sizeof back);
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 3; x++)
                back[z + 1][y + 1][x + 2] = box[z][y][x];
    ASSERT(memcmp(vol, back, sizeof vol) == 0);
    EXPECT(cudaFree(pd.ptr), cudaSuccess);
}

/* ---- host memory ---------------------------------------------------------- */

TEST(memory_pinned_and_registered)
{
    int *ph, *d, *mm;
    EXPECT(cudaMallocHost((void **)&ph, 64), cudaSuccess);
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    EXPECT(cudaMallocManaged((void **)&mm, 64, cudaMemAttachGlobal), cudaSuccess);
    int *hm = malloc(4096);
    char *buf = (char *)hm;
    int h[4];
    void *p = (void *)0x1234;
    EXPECT(cudaMallocHost(&p, 0), cudaSuccess);
    ASSERT(p == NULL);
    EXPECT(cudaHostAlloc(&p, 0, 0), cudaSuccess);
    ASSERT(p == NULL);
    EXPECT(cudaMallocHost(NULL, 64), cudaErrorInvalidValue);
    EXPECT(cudaHostAlloc(NULL, 64, 0), cudaErrorInvalidValue);
    p = (void *)0x1234;
    EXPECT(cudaHostAlloc(&p, 64, 0x100), cudaErrorInvalidValue);
    ASSERT(p == NULL);
    EXPECT(cudaHostAlloc(&p, 64, 0x8), cudaErrorInvalidValue);

    /* flags */
    unsigned fl = 77;
    EXPECT(cudaHostGetFlags(&fl, ph), cudaSuccess);
    ASSERT_EQ(fl, cudaHostAllocMapped);
    EXPECT(cudaHostGetFlags(&fl, ph + 1), cudaSuccess);
    void *ha;
    EXPECT(cudaHostAlloc(&ha, 64, cudaHostAllocWriteCombined | cudaHostAllocPortable), cudaSuccess);
    EXPECT(cudaHostGetFlags(&fl, ha), cudaSuccess);
    ASSERT_EQ(fl, 7);
    EXPECT(cudaHostGetFlags(&fl, mm), cudaSuccess);
    ASSERT_EQ(fl, 2);
    EXPECT(cudaHostGetFlags(&fl, h), cudaErrorInvalidValue);
    EXPECT(cudaHostGetFlags(&fl, d), cudaErrorInvalidValue);
    EXPECT(cudaHostGetFlags(NULL, ph), cudaErrorInvalidValue);

    /* device pointers of host memory */
    void *dp;
    EXPECT(cudaHostAlloc(&p, 64, cudaHostAllocMapped), cudaSuccess);
    EXPECT(cudaHostGetDevicePointer(&dp, p, 0), cudaSuccess);
    ASSERT(dp == p);
    EXPECT(cudaHostGetDevicePointer(&dp, ph, 1), cudaErrorInvalidValue);
    dp = (void *)0x1234;
    EXPECT(cudaHostGetDevicePointer(&dp, h, 0), cudaErrorInvalidValue);
    ASSERT(dp == NULL);
    EXPECT(cudaHostGetDevicePointer(&dp, d, 0), cudaErrorInvalidValue);
    EXPECT(cudaHostGetDevicePointer(&dp, mm, 0), cudaErrorInvalidValue);
    EXPECT(cudaHostGetDevicePointer(NULL, ph, 0), cudaErrorInvalidValue);

    /* registration */
    EXPECT(cudaHostRegister(NULL, 64, 0), cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(hm, 0, 0), cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(hm, 64, 0x10), cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(hm, 64, cudaHostRegisterIoMemory), cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(d, 64, 0), cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(mm, 64, 0), cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(ph, 64, 0), cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(hm, 64, cudaHostRegisterReadOnly), cudaSuccess);
    EXPECT(cudaHostGetFlags(&fl, hm), cudaSuccess);
    ASSERT_EQ(fl, 2);
    EXPECT(cudaHostUnregister(hm), cudaSuccess);
    EXPECT(cudaHostRegister(hm, 64, 0), cudaSuccess);
    EXPECT(cudaHostRegister(hm, 64, 0), cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaGetLastError(), cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaHostUnregister(hm), cudaSuccess);
    EXPECT(cudaHostUnregister(hm), cudaErrorHostMemoryNotRegistered);
    EXPECT(cudaGetLastError(), cudaErrorHostMemoryNotRegistered);
    EXPECT(cudaHostRegister(hm, 64, cudaHostRegisterMapped | cudaHostRegisterPortable), cudaSuccess);
    EXPECT(cudaHostGetFlags(&fl, hm), cudaSuccess);
    ASSERT_EQ(fl, 3);
    EXPECT(cudaHostRegister(buf + 16, 16, 0), cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaHostRegister(buf + 64, 64, 0), cudaSuccess); /* adjacent */
    EXPECT(cudaHostRegister(buf + 32, 64, 0), cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaHostRegister(buf + 100, 64, 0), cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaHostRegister(buf, 256, 0), cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaHostGetDevicePointer(&dp, buf + 12, 0), cudaSuccess);
    ASSERT(dp == buf + 12);
    EXPECT(cudaHostUnregister(buf + 16), cudaErrorInvalidValue);
    EXPECT(cudaHostUnregister(NULL), cudaErrorInvalidValue);
    EXPECT(cudaHostUnregister(h), cudaErrorHostMemoryNotRegistered);
    EXPECT(cudaHostUnregister(ph), cudaErrorInvalidValue);
    EXPECT(cudaHostUnregister(d), cudaErrorInvalidValue);
    EXPECT(cudaHostUnregister(mm), cudaErrorInvalidValue);
    EXPECT(cudaHostUnregister(buf + 64), cudaSuccess);
    /* a registered range is device-visible memory */
    EXPECT(cudaMemcpy(buf, d, 64, cudaMemcpyDeviceToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(buf, d, 65, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);

    /* frees */
    EXPECT(cudaFreeHost(NULL), cudaSuccess);
    EXPECT(cudaFreeHost(ph + 1), cudaErrorInvalidValue);
    EXPECT(cudaFreeHost(d), cudaErrorInvalidValue);
    EXPECT(cudaFreeHost(mm), cudaErrorInvalidValue);
    EXPECT(cudaFreeHost(hm), cudaErrorInvalidValue);
    EXPECT(cudaFree(hm), cudaErrorInvalidValue);
    EXPECT(cudaFree(ph), cudaErrorInvalidValue);
    EXPECT(cudaFree(mm + 1), cudaErrorInvalidValue);
    EXPECT(cudaHostUnregister(hm), cudaSuccess);
    EXPECT(cudaFreeHost(ph), cudaSuccess);
    EXPECT(cudaFreeHost(h), cudaErrorInvalidValue);
    EXPECT(cudaFree(mm), cudaSuccess);
    EXPECT(cudaFree(d), cudaSuccess);
    free(hm);
}

TEST(memory_pointer_attributes)
{
    int *d, *ph, *mm;
    int h[4];
    int *hm = malloc(64);
    struct cudaPointerAttributes a;
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    EXPECT(cudaMallocHost((void **)&ph, 64), cudaSuccess);
    EXPECT(cudaMallocManaged((void **)&mm, 64, cudaMemAttachGlobal), cudaSuccess);
#define ATTR(p, t, dev, dptr, hptr)                                    \
    do {                                                               \
        memset(&a, 0x55, sizeof a);                                    \
        EXPECT(cudaPointerGetAttributes(&a, p), cudaSuccess);          \
        ASSERT_EQ(a.type, t);                                          \
        ASSERT_EQ(a.device, dev);                                      \
        ASSERT(a.devicePointer == (void *)(dptr));                     \
        ASSERT(a.hostPointer == (void *)(hptr));                       \
    } while (0)
    ATTR(d, cudaMemoryTypeDevice, 0, d, NULL);
    ATTR(d + 3, cudaMemoryTypeDevice, 0, d + 3, NULL);
    ATTR(hm, cudaMemoryTypeUnregistered, -2, NULL, hm);
    ATTR(ph, cudaMemoryTypeHost, 0, ph, ph);
    ATTR(ph + 1, cudaMemoryTypeHost, 0, ph + 1, ph + 1);
    ATTR(mm, cudaMemoryTypeManaged, 0, mm, mm);
    ATTR(NULL, cudaMemoryTypeUnregistered, -2, NULL, NULL);
    ATTR(h, cudaMemoryTypeUnregistered, -2, NULL, h);
    ATTR(d + 16, cudaMemoryTypeUnregistered, -2, NULL, d + 16);
    EXPECT(cudaHostRegister(hm, 64, 0), cudaSuccess);
    ATTR(hm, cudaMemoryTypeHost, 0, hm, hm);
    ATTR(hm + 2, cudaMemoryTypeHost, 0, hm + 2, hm + 2);
    EXPECT(cudaHostUnregister(hm), cudaSuccess);
    EXPECT(cudaFree(d), cudaSuccess);
    ATTR(d, cudaMemoryTypeUnregistered, -2, NULL, d);
    EXPECT(cudaPointerGetAttributes(NULL, ph), cudaErrorInvalidValue);
    cudaFreeHost(ph);
    cudaFree(mm);
    free(hm);
#undef ATTR
}

TEST(memory_managed_prefetch_advise)
{
    int *mm, *d, *ph;
    int h[16];
    void *p = (void *)0x1234;
    EXPECT(cudaMallocManaged(&p, 0, cudaMemAttachGlobal), cudaSuccess);
    ASSERT(p == NULL);
    p = (void *)0x1234;
    EXPECT(cudaMallocManaged(&p, 64, 0), cudaErrorInvalidValue);
    ASSERT(p == NULL);
    EXPECT(cudaMallocManaged(&p, 64, cudaMemAttachSingle), cudaErrorInvalidValue);
    EXPECT(cudaMallocManaged(&p, 64, 3), cudaErrorInvalidValue);
    EXPECT(cudaMallocManaged(NULL, 64, cudaMemAttachGlobal), cudaErrorInvalidValue);
    EXPECT(cudaMallocManaged(&p, 64, cudaMemAttachHost), cudaSuccess);
    EXPECT(cudaFree(p), cudaSuccess);
    EXPECT(cudaMallocManaged((void **)&mm, 64, cudaMemAttachGlobal), cudaSuccess);
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    EXPECT(cudaMallocHost((void **)&ph, 64), cudaSuccess);
    struct cudaMemLocation ld = loc(cudaMemLocationTypeDevice, 0),
                           lh = loc(cudaMemLocationTypeHost, 0),
                           l1 = loc(cudaMemLocationTypeDevice, 1),
                           li = loc(cudaMemLocationTypeInvalid, 0);
    EXPECT(cudaMemPrefetchAsync(mm, 64, ld, 0, 0), cudaSuccess);
    EXPECT(cudaMemPrefetchAsync(mm, 64, lh, 0, 0), cudaSuccess);
    EXPECT(cudaMemPrefetchAsync(mm, 64, l1, 0, 0), cudaErrorInvalidDevice);
    EXPECT(cudaMemPrefetchAsync(mm, 64, li, 0, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(mm, 64, ld, 1, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(mm, 65, ld, 0, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(mm, 0, ld, 0, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(d, 64, ld, 0, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(h, 64, ld, 0, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(ph, 64, ld, 0, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(NULL, 64, ld, 0, 0), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(mm, 64, cudaMemAdviseSetReadMostly, ld), cudaSuccess);
    EXPECT(cudaMemAdvise(mm, 64, cudaMemAdviseSetReadMostly, l1), cudaSuccess);
    EXPECT(cudaMemAdvise(mm, 64, cudaMemAdviseSetPreferredLocation, ld), cudaSuccess);
    EXPECT(cudaMemAdvise(mm, 64, cudaMemAdviseSetPreferredLocation, lh), cudaSuccess);
    EXPECT(cudaMemAdvise(mm, 64, cudaMemAdviseSetPreferredLocation, l1), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(mm, 64, cudaMemAdviseSetPreferredLocation, li), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(mm, 64, cudaMemAdviseSetAccessedBy, lh), cudaSuccess);
    EXPECT(cudaMemAdvise(mm, 64, (enum cudaMemoryAdvise)0, ld), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(mm, 64, (enum cudaMemoryAdvise)7, ld), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(mm, 65, cudaMemAdviseSetReadMostly, ld), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(mm, 0, cudaMemAdviseSetReadMostly, ld), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(d, 64, cudaMemAdviseSetReadMostly, ld), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(h, 64, cudaMemAdviseSetReadMostly, ld), cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(NULL, 64, cudaMemAdviseSetReadMostly, ld), cudaErrorInvalidValue);
    /* managed memory is plain memory to the host */
    mm[3] = 42;
    EXPECT(cudaMemcpy(h, mm, 16, cudaMemcpyDeviceToHost), cudaSuccess);
    ASSERT_EQ(h[3], 42);
    cudaFree(mm);
    cudaFree(d);
    cudaFreeHost(ph);
}

/* ---- symbols -------------------------------------------------------------- */

static int sym[4];      /* stands for a __device__ int sym[4] */
static float csym[8];   /* and a __constant__ float csym[8] */

/* What the C++ overloads in cuda_runtime.h pass. */
#define TO_SYM(s, src, n, off, kind) \
    simt__symbol_copy_to(s, sizeof s, src, n, off, kind, 0, 0)
#define FROM_SYM(dst, s, n, off, kind) \
    simt__symbol_copy_from(dst, s, sizeof s, n, off, kind, 0, 0)

TEST(memory_symbols)
{
    int h[16] = {1, 2, 3, 4, 5, 6, 7, 8};
    int *d;
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    EXPECT(cudaMemcpy(d, h, 64, cudaMemcpyHostToDevice), cudaSuccess);
    /* the facts file */
    EXPECT(TO_SYM(sym, h, 16, 0, cudaMemcpyHostToDevice), cudaSuccess);
    ASSERT_EQ(sym[3], 4);
    EXPECT(TO_SYM(sym, h, 17, 0, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT(TO_SYM(sym, h, 8, 8, cudaMemcpyHostToDevice), cudaSuccess);
    ASSERT_EQ(sym[2], 1);
    EXPECT(TO_SYM(sym, h, 8, 9, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(TO_SYM(csym, h, 32, 0, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(FROM_SYM(h, csym, 32, 0, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(TO_SYM(csym, h, 4, 0, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    EXPECT(TO_SYM(csym, d, 4, 0, cudaMemcpyDeviceToDevice), cudaSuccess);
    EXPECT(TO_SYM(csym, h, 4, 0, cudaMemcpyDeviceToHost), cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
    void *sa;
    EXPECT(simt__symbol_address(&sa, csym, sizeof csym), cudaSuccess);
    ASSERT(sa == (void *)csym);
    size_t sz = 0;
    EXPECT(cudaGetSymbolSize(&sz, h), cudaErrorInvalidSymbol);
    EXPECT(cudaGetLastError(), cudaErrorInvalidSymbol);
    /* the probes */
    EXPECT(FROM_SYM(h, csym, 4, 0, cudaMemcpyHostToDevice), cudaErrorInvalidMemcpyDirection);
    EXPECT(FROM_SYM(h, csym, 4, 0, cudaMemcpyHostToHost), cudaErrorInvalidMemcpyDirection);
    EXPECT(TO_SYM(csym, h, 4, 0, cudaMemcpyHostToHost), cudaErrorInvalidMemcpyDirection);
    EXPECT(TO_SYM(csym, h, 4, 0, (enum cudaMemcpyKind)9), cudaErrorInvalidMemcpyDirection);
    EXPECT(TO_SYM(csym, h, 4, 0, cudaMemcpyDefault), cudaSuccess);
    EXPECT(TO_SYM(csym, d, 4, 0, cudaMemcpyDefault), cudaSuccess);
    EXPECT(TO_SYM(csym, d, 4, 0, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(FROM_SYM(d, csym, 4, 0, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(FROM_SYM(h, csym, 4, 0, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    EXPECT(FROM_SYM(d, csym, 4, 0, cudaMemcpyDeviceToDevice), cudaSuccess);
    EXPECT(FROM_SYM(h, csym, 33, 0, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(TO_SYM(sym, NULL, 4, 0, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(TO_SYM(sym, h, 0, 100, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(TO_SYM(sym, h, 0, 0, (enum cudaMemcpyKind)9), cudaSuccess);
    EXPECT(FROM_SYM(NULL, sym, 4, 0, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(simt__symbol_copy_to(sym, sizeof sym, h, 4, 0, cudaMemcpyHostToDevice, 0, 1), cudaSuccess);
    EXPECT(simt__symbol_copy_to(sym, sizeof sym, h, 17, 0, cudaMemcpyHostToDevice, 0, 1),
           cudaErrorInvalidValue);
    /* a symbol's address is device memory: copies and sets check its size */
    struct cudaPointerAttributes a;
    EXPECT(cudaPointerGetAttributes(&a, sa), cudaSuccess);
    ASSERT_EQ(a.type, cudaMemoryTypeDevice);
    ASSERT(a.hostPointer == NULL);
    EXPECT(cudaMemcpy(sa, h, 32, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpy(sa, h, 33, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemset(sa, 0, 32), cudaSuccess);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess); /* cudaMemset is asynchronous to the host */
    ASSERT(csym[7] == 0.0f);
    /* the C entry points know what was used or registered, by its start */
    EXPECT(cudaMemcpyToSymbol(h, h, 4, 0, cudaMemcpyHostToDevice), cudaErrorInvalidSymbol);
    EXPECT(cudaMemcpyToSymbol(sym, h, 4, 0, cudaMemcpyHostToDevice), cudaSuccess);
    EXPECT(cudaMemcpyToSymbol(&sym[1], h, 4, 0, cudaMemcpyHostToDevice), cudaErrorInvalidSymbol);
    EXPECT(cudaMemcpyFromSymbol(h, sym, 16, 0, cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT(cudaMemcpyFromSymbol(h, sym, 17, 0, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyToSymbolAsync(sym, h, 4, 0, cudaMemcpyHostToDevice, 0), cudaSuccess);
    EXPECT(cudaMemcpyFromSymbolAsync(h, sym, 4, 0, cudaMemcpyDeviceToHost, 0), cudaSuccess);
    EXPECT(cudaGetSymbolSize(&sz, sym), cudaSuccess);
    ASSERT_EQ(sz, 16);
    EXPECT(cudaGetSymbolSize(NULL, sym), cudaErrorInvalidValue);
    EXPECT(cudaGetSymbolAddress(&sa, sym), cudaSuccess);
    ASSERT(sa == (void *)sym);
    EXPECT(cudaGetSymbolAddress(&sa, h), cudaErrorInvalidSymbol);
    EXPECT(cudaGetSymbolAddress(&sa, &sym[1]), cudaErrorInvalidSymbol);
    EXPECT(cudaGetSymbolAddress(NULL, sym), cudaErrorInvalidValue);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
}

TEST(memory_registered_symbols)
{
    static struct { int a[4]; double b; } var;
    static char other[100];
    size_t sz;
    EXPECT(cudaGetSymbolSize(&sz, &var), cudaErrorInvalidSymbol);
    simt_register_symbol(&var, sizeof var, "var");
    EXPECT(cudaGetSymbolSize(&sz, &var), cudaSuccess);
    ASSERT_EQ(sz, sizeof var);
    /* an overload naming a member inside a registered variable is not a
     * symbol, as on a GPU */
    EXPECT(simt__symbol_copy_to(&var.b, sizeof var.b, &sz, 8, 0, cudaMemcpyHostToDevice, 0, 0),
           cudaErrorInvalidSymbol);
    /* an overload's size never exceeds the registered one */
    int h[8] = {9, 9, 9, 9, 9, 9, 9, 9};
    EXPECT(simt__symbol_copy_to(&var, sizeof var, h, sizeof var, 0, cudaMemcpyHostToDevice, 0, 0),
           cudaSuccess);
    ASSERT_EQ(var.a[3], 9);
    /* an inferred symbol grows to what later overloads name */
    EXPECT(simt__symbol_copy_to(other, 10, h, 4, 0, cudaMemcpyHostToDevice, 0, 0), cudaSuccess);
    EXPECT(cudaGetSymbolSize(&sz, other), cudaSuccess);
    ASSERT_EQ(sz, 10);
    EXPECT(simt__symbol_copy_to(other, sizeof other, h, 32, 60, cudaMemcpyHostToDevice, 0, 0),
           cudaSuccess);
    EXPECT(cudaGetSymbolSize(&sz, other), cudaSuccess);
    ASSERT_EQ(sz, sizeof other);
    /* registration replaces what was inferred */
    simt_register_symbol(other, 50, "other");
    EXPECT(cudaGetSymbolSize(&sz, other), cudaSuccess);
    ASSERT_EQ(sz, 50);
    EXPECT(cudaMemcpyToSymbol(other, h, 4, 48, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
}

/* ---- reports -------------------------------------------------------------- */

TEST(memory_fault_description)
{
    char buf[256];
    char *d, *big;
    ASSERT(fault_describe_address != NULL);
    EXPECT(cudaMalloc((void **)&d, 64), cudaSuccess);
    ASSERT(fault_describe_address(d + 76, buf, sizeof buf));
    ASSERT_STR_CONTAINS(buf, "12 bytes after the end of a 64-byte allocation");
    ASSERT_STR_CONTAINS(buf, "cudaMalloc");
    ASSERT(fault_describe_address(d + 10, buf, sizeof buf));
    ASSERT_STR_CONTAINS(buf, "offset 10 of a live 64-byte allocation");
    EXPECT(cudaMalloc((void **)&big, (size_t)4 << 20), cudaSuccess);
    EXPECT(cudaFree(big), cudaSuccess);
    ASSERT(fault_describe_address(big + 4096, buf, sizeof buf));
    ASSERT_STR_CONTAINS(buf, "inside a 4194304-byte allocation");
    ASSERT_STR_CONTAINS(buf, "freed by cudaFree");
    ASSERT(!fault_describe_address((void *)16, buf, sizeof buf));
    cudaFree(d);
}

/* A freed large block keeps its pages for the next cudaMalloc of its
 * length: the same address comes back, writable, with what it held (as a
 * GPU's freed memory does); another length gets a fresh mapping, and the
 * block stays described as freed until it is taken. */
TEST(memory_freed_block_reused_resident)
{
    if (MEM_UNDER_ASAN)
        return; /* the heap serves every size */
    char buf[256];
    char *a, *b, *c;
    const size_t len = (size_t)4 << 20;
    EXPECT(cudaMalloc((void **)&a, len), cudaSuccess);
    memset(a, 0x5a, len);
    EXPECT(cudaFree(a), cudaSuccess);
    EXPECT(cudaMalloc((void **)&c, len + ((size_t)2 << 20)), cudaSuccess);
    ASSERT(c != a);
    ASSERT(fault_describe_address(a + 4096, buf, sizeof buf));
    ASSERT_STR_CONTAINS(buf, "freed by cudaFree");
    EXPECT(cudaMalloc((void **)&b, len), cudaSuccess);
    ASSERT(b == a);
    ASSERT_EQ(b[len - 1], 0x5a);
    b[0] = 1;
    ASSERT(fault_describe_address(b + 4096, buf, sizeof buf));
    ASSERT_STR_CONTAINS(buf, "offset 4096 of a live");
    EXPECT(cudaFree(b), cudaSuccess);
    EXPECT(cudaFree(c), cudaSuccess);
}

/* Large blocks start at staggered offsets into their huge pages (so that
 * arrays of one size do not meet in the same cache sets), each aligned as
 * a texture needs, and writable to their last byte. */
TEST(memory_large_blocks_staggered)
{
    if (MEM_UNDER_ASAN)
        return; /* the heap serves every size */
    const size_t len = ((size_t)6 << 20) + 1000;
    char *p[4];
    for (int i = 0; i < 4; i++) {
        EXPECT(cudaMalloc((void **)&p[i], len), cudaSuccess);
        ASSERT_EQ((uintptr_t)p[i] % 512, 0);
        p[i][0] = 1;
        p[i][len - 1] = 2;
    }
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            ASSERT((uintptr_t)p[i] % ((size_t)2 << 20) != (uintptr_t)p[j] % ((size_t)2 << 20));
    for (int i = 0; i < 4; i++)
        EXPECT(cudaFree(p[i]), cudaSuccess);
}

/* Threads allocating, writing and freeing blocks of one length at once:
 * a block one thread frees and another takes back is writable (its
 * protection is changed under the allocator's lock, never after). */
static void *churn_resident(void *arg)
{
    int *bad = arg;
    for (int i = 0; i < 200; i++) {
        char *p;
        if (cudaMalloc((void **)&p, (size_t)2 << 20) != cudaSuccess) {
            (*bad)++;
            continue;
        }
        p[0] = 1;
        p[((size_t)2 << 20) - 1] = 2;
        if (cudaFree(p) != cudaSuccess)
            (*bad)++;
    }
    return NULL;
}

TEST(memory_resident_reuse_concurrent)
{
    pthread_t t[4];
    int bad[4] = {0};
    for (int i = 0; i < 4; i++)
        ASSERT_EQ(pthread_create(&t[i], NULL, churn_resident, &bad[i]), 0);
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        ASSERT_EQ(bad[i], 0);
    }
}

static void k_use_after_free(void *a)
{
    if (threadIdx.x == 3)
        ((volatile char *)a)[8192] = 1;
}

static void run_use_after_free(void *unused)
{
    (void)unused;
    char *big, h[4];
    dim3 one = {1, 1, 1}, block = {32, 1, 1};
    EXPECT(cudaMalloc((void **)&big, (size_t)4 << 20), cudaSuccess);
    EXPECT(cudaFree(big), cudaSuccess);
    EXPECT(simt_launch(NULL, one, block, 0, 0, k_use_after_free, big, NULL), cudaSuccess);
    /* the blocking copy waits for the kernel and reports its failure */
    EXPECT(cudaMemcpy(h, h + 1, 1, cudaMemcpyHostToHost), cudaErrorIllegalAddress);
    EXPECT(cudaFree(NULL), cudaErrorIllegalAddress);
}

TEST(memory_fault_in_kernel_names_the_allocation)
{
    if (MEM_UNDER_ASAN)
        return; /* the heap keeps freed memory mapped: nothing faults */
    char *err = test_capture_stderr(run_use_after_free, NULL);
    ASSERT_STR_CONTAINS(err, "invalid write");
    ASSERT_STR_CONTAINS(err, "inside a 4194304-byte allocation");
    ASSERT_STR_CONTAINS(err, "freed by cudaFree");
    free(err);
    EXPECT(cudaDeviceReset(), cudaSuccess);
}

static void report(void *arg)
{
    ASSERT_EQ(mem_report_leaks(stderr), *(int *)arg);
}

TEST(memory_leak_report)
{
    void *a, *b, *c;
    int none = 0, two = 2;
    char *out = test_capture_stderr(report, &none);
    ASSERT_EQ(strlen(out), 0);
    free(out);
    EXPECT(cudaMalloc(&a, 1000), cudaSuccess);
    EXPECT(cudaMallocHost(&b, 24), cudaSuccess);
    EXPECT(cudaMalloc(&c, 10), cudaSuccess);
    EXPECT(cudaFree(c), cudaSuccess);
    out = test_capture_stderr(report, &two);
    ASSERT_STR_CONTAINS(out, "2 allocations (1024 bytes) never freed");
    ASSERT_STR_CONTAINS(out, "1000 bytes of device memory");
    ASSERT_STR_CONTAINS(out, "24 bytes of pinned host memory");
    ASSERT_STR_CONTAINS(out, "cudaMallocHost");
    free(out);
    cudaFree(a);
    cudaFreeHost(b);
}

/* ---- concurrency ------------------------------------------------------------ */

struct worker_arg {
    int id;
    int failures;
};

static void *churn(void *p)
{
    struct worker_arg *w = p;
    enum { ROUNDS = 3000, KEEP = 16 };
    char *live[KEEP] = {0};
    size_t size[KEEP] = {0};
    unsigned seed = (unsigned)w->id * 2654435761u + 1;
    unsigned char h[512];
    for (int r = 0; r < ROUNDS; r++) {
        seed = seed * 1103515245u + 12345u;
        int k = (int)(seed >> 8) % KEEP;
        if (live[k]) {
            struct mem_range m;
            if (!mem_lookup(live[k] + size[k] - 1, &m) || m.start != live[k] || m.size != size[k])
                w->failures++;
            memset(h, w->id, sizeof h);
            size_t n = size[k] < sizeof h ? size[k] : sizeof h;
            if (cudaMemcpy(live[k], h, n, cudaMemcpyHostToDevice) != cudaSuccess)
                w->failures++;
            if (cudaMemcpy(h, live[k], n, cudaMemcpyDeviceToHost) != cudaSuccess || h[n - 1] != w->id)
                w->failures++;
            if (cudaFree(live[k]) != cudaSuccess)
                w->failures++;
            live[k] = NULL;
        } else {
            size[k] = 1 + (seed >> 4) % 3000;
            if (cudaMalloc((void **)&live[k], size[k]) != cudaSuccess)
                w->failures++;
        }
    }
    for (int k = 0; k < KEEP; k++)
        if (live[k] && cudaFree(live[k]) != cudaSuccess)
            w->failures++;
    return NULL;
}

TEST(memory_concurrent_threads)
{
    enum { T = 8 };
    pthread_t th[T];
    struct worker_arg w[T];
    for (int i = 0; i < T; i++) {
        w[i] = (struct worker_arg){.id = i + 1};
        ASSERT_EQ(pthread_create(&th[i], NULL, churn, &w[i]), 0);
    }
    for (int i = 0; i < T; i++) {
        pthread_join(th[i], NULL);
        ASSERT_EQ(w[i].failures, 0);
    }
    ASSERT_EQ(mem_device_bytes_in_use(), 0);
}
