// device_misc.cu: cub::DeviceAdjacentDifference (copy and in place),
// cub::DeviceFor, cub::DeviceTransform, cub::DeviceCopy::Batched,
// cub::DeviceMemcpy::Batched, CUB calls ordered across streams by events,
// a CUB call captured in a graph and replayed, and temporary storage from
// cub::CachingDeviceAllocator.
#include <cub/cub.cuh>
#include "cub_test.h"

struct Twice {
    __device__ void operator()(int &x) const { x = 2 * x + 1; }
};
struct Count {
    int *hits;
    __device__ void operator()(int x) const { atomicAdd(hits + (x & 7), 1); }
};
struct SquareAt {
    long long *out;
    __device__ void operator()(int i) const { out[i] = (long long)i * i; }
};
struct Fma3 {
    __host__ __device__ int operator()(int a, short b, int c) const { return a * b + c; }
};
struct Neg {
    __host__ __device__ int operator()(int a) const { return -a; }
};
struct Diff2 {
    __host__ __device__ int operator()(int a, int b) const { return 2 * a - b; }
};

int main()
{
    const int n = 500009;
    std::vector<int> h(n);
    std::vector<short> hs(n);
    lcg r(17);
    for (int i = 0; i < n; i++) {
        h[i] = (int)(r.next() % 1000);
        hs[i] = (short)(r.next() % 100);
    }
    int *d_in = upload(h), *d_out;
    short *d_s = upload(hs);
    cudaMalloc(&d_out, n * sizeof(int));

    cub_call("SubtractLeftCopy", [&](void *t, size_t &b) {
        return cub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, d_in, d_out, n);
    });
    printf("  %016llx %d %d\n", (unsigned long long)digest(d_out, n), get1(d_out), get1(d_out, 1));
    cub_call("SubtractRightCopy Diff2", [&](void *t, size_t &b) {
        return cub::DeviceAdjacentDifference::SubtractRightCopy(t, b, d_in, d_out, n, Diff2());
    });
    printf("  %016llx %d\n", (unsigned long long)digest(d_out, n), get1(d_out, n - 1));
    int *d_copy = upload(h);
    cub_call("SubtractLeft in place", [&](void *t, size_t &b) {
        return cub::DeviceAdjacentDifference::SubtractLeft(t, b, d_copy, n);
    });
    printf("  %016llx\n", (unsigned long long)digest(d_copy, n));
    CK(cudaMemcpy(d_copy, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    cub_call("SubtractRight in place Diff2", [&](void *t, size_t &b) {
        return cub::DeviceAdjacentDifference::SubtractRight(t, b, d_copy, n, Diff2());
    });
    printf("  %016llx\n", (unsigned long long)digest(d_copy, n));

    CK(cudaMemcpy(d_copy, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cub::DeviceFor::ForEachN(d_copy, n, Twice()));
    CK(cudaDeviceSynchronize());
    printf("ForEachN: %016llx\n", (unsigned long long)digest(d_copy, n));
    int *d_hits;
    cudaMalloc(&d_hits, 8 * sizeof(int));
    CK(cudaMemset(d_hits, 0, 8 * sizeof(int)));
    CK(cub::DeviceFor::ForEachCopy(d_in, d_in + n, Count{d_hits}));
    std::vector<int> hits = fetch(d_hits, 8);
    printf("ForEachCopy:");
    for (int x : hits)
        printf(" %d", x);
    printf("\n");
    long long *d_sq;
    cudaMalloc(&d_sq, 1000 * sizeof(long long));
    cub_call("Bulk", [&](void *t, size_t &b) { return cub::DeviceFor::Bulk(t, b, 1000, SquareAt{d_sq}); });
    printf("  %lld %016llx\n", get1(d_sq, 999), (unsigned long long)digest(d_sq, 1000));

    CK(cub::DeviceTransform::Transform(cuda::std::make_tuple(d_in, d_s, d_in), d_out, n, Fma3()));
    CK(cudaDeviceSynchronize());
    printf("Transform 3 inputs: %016llx %d\n", (unsigned long long)digest(d_out, n), get1(d_out, 5));
    CK(cub::DeviceTransform::Transform(d_in, d_out, n, Neg()));
    CK(cudaDeviceSynchronize());
    printf("Transform: %016llx %d\n", (unsigned long long)digest(d_out, n), get1(d_out, 5));

    // batched copies of ranges of lengths 0..99
    const int ranges = 100;
    std::vector<int *> src(ranges), dst(ranges);
    std::vector<int> sizes(ranges);
    int at = 0;
    for (int i = 0; i < ranges; i++) {
        src[i] = d_in + at;
        dst[i] = d_out + at;
        sizes[i] = i;
        at += i;
    }
    CK(cudaMemset(d_out, 0, n * sizeof(int)));
    int **d_src = upload(src), **d_dst = upload(dst);
    int *d_sizes = upload(sizes);
    cub_call("DeviceCopy::Batched", [&](void *t, size_t &b) {
        return cub::DeviceCopy::Batched(t, b, d_src, d_dst, d_sizes, ranges);
    });
    printf("  %d\n", digest(d_out, at) == digest_host(h.data(), at));
    std::vector<void *> vs(ranges), vd(ranges);
    std::vector<size_t> bytes(ranges);
    for (int i = 0; i < ranges; i++) {
        vs[i] = src[i];
        vd[i] = dst[i] + 5000;
        bytes[i] = sizes[i] * sizeof(int);
    }
    void **d_vs = upload(vs), **d_vd = upload(vd);
    size_t *d_bytes = upload(bytes);
    cub_call("DeviceMemcpy::Batched", [&](void *t, size_t &b) {
        return cub::DeviceMemcpy::Batched(t, b, d_vs, d_vd, d_bytes, ranges);
    });
    printf("  %d\n", digest(d_out + 5000, at) == digest_host(h.data(), at));

    // two streams ordered by events: a scan in one, its sum in the other,
    // the next scan after that sum
    cudaStream_t s1, s2;
    CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    cudaEvent_t ev, summed;
    CK(cudaEventCreate(&ev));
    CK(cudaEventCreate(&summed));
    size_t b1 = 0, b2 = 0;
    long long *d_sum;
    cudaMalloc(&d_sum, sizeof(long long));
    CK(cub::DeviceScan::InclusiveSum(nullptr, b1, d_in, d_out, n, s1));
    CK(cub::DeviceReduce::Sum(nullptr, b2, d_out, d_sum, n, s2));
    void *t1, *t2;
    cudaMalloc(&t1, b1);
    cudaMalloc(&t2, b2);
    for (int rep = 0; rep < 3; rep++) {
        CK(cub::DeviceScan::InclusiveSum(t1, b1, d_in, d_out, n, s1));
        CK(cudaEventRecord(ev, s1));
        CK(cudaStreamWaitEvent(s2, ev, 0));
        CK(cub::DeviceReduce::Sum(t2, b2, d_out, d_sum, n, s2));
        CK(cudaEventRecord(summed, s2));
        CK(cudaStreamWaitEvent(s1, summed, 0));
    }
    CK(cudaStreamSynchronize(s2));
    printf("streams: %lld\n", get1(d_sum));

    // graph capture and replay
    CK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    CK(cub::DeviceReduce::Sum(t2, b2, d_in, d_sum, n, s1));
    cudaGraph_t g;
    CK(cudaStreamEndCapture(s1, &g));
    cudaGraphExec_t ge;
    CK(cudaGraphInstantiate(&ge, g, 0));
    CK(cudaGraphLaunch(ge, s1));
    CK(cudaStreamSynchronize(s1));
    printf("graph: %lld", get1(d_sum));
    CK(cudaMemset(d_in, 0, 1000 * sizeof(int)));
    CK(cudaDeviceSynchronize()); // s1 does not wait for the legacy stream
    CK(cudaGraphLaunch(ge, s1));
    CK(cudaStreamSynchronize(s1));
    printf(" %lld\n", get1(d_sum));

    // temporary storage from the caching allocator, reused
    cub::CachingDeviceAllocator alloc;
    for (int rep = 0; rep < 3; rep++) {
        size_t bytes_needed = 0;
        CK(cub::DeviceReduce::Max(nullptr, bytes_needed, d_in, d_out, n));
        void *t = nullptr;
        CK(alloc.DeviceAllocate(&t, bytes_needed));
        CK(cub::DeviceReduce::Max(t, bytes_needed, d_in + rep, d_out, n - rep));
        CK(alloc.DeviceFree(t));
    }
    CK(cudaDeviceSynchronize());
    printf("allocator: %d\n", get1(d_out));
    CK(alloc.FreeAllCached());
    CK(cudaGraphExecDestroy(ge));
    CK(cudaGraphDestroy(g));
    CK(cudaEventDestroy(ev));
    CK(cudaStreamDestroy(s1));
    CK(cudaStreamDestroy(s2));
    return 0;
}
