// Transaction counts (libcu++ cuda::barrier, "Shared memory barriers with
// transaction count"): a phase completes once every expected arrival is in
// and the bytes announced with barrier_expect_tx / barrier_arrive_tx have
// landed, whichever comes last; bulk copies may land before their bytes
// are announced.  The same through cuda::ptx.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/ptx>

using barrier_t = cuda::barrier<cuda::thread_scope_block>;

__global__ void phases(const int4 *src, long long *out)
{
    __shared__ alignas(16) int4 buf[256];
    __shared__ barrier_t bar;
    const int t = threadIdx.x, w = t / 32;
    if (t == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    long long acc = 0;

    // Phase 0: the bytes are announced first, then each warp's lane 0
    // copies a quarter.
    if (t == 0)
        cuda::device::barrier_expect_tx(bar, 256 * sizeof(int4));
    __syncthreads();
    if (t % 32 == 0)
        cuda::device::memcpy_async_tx(buf + w * 64, src + w * 64,
                                      cuda::aligned_size_t<16>(64 * sizeof(int4)), bar);
    barrier_t::arrival_token tok = bar.arrive();
    bar.wait(cuda::std::move(tok));
    for (int i = 0; i < 256; i += 37)
        acc += buf[(i + t) % 256].x * (i + 1);
    bar.arrive_and_wait(); // phase 1: everybody has read buf

    // Phase 2: the copies are issued before anybody announces them; thread
    // 0 announces all bytes and arrives for two threads.
    if (t % 32 == 0)
        cuda::device::memcpy_async_tx(buf + w * 64, src + 256 + w * 64,
                                      cuda::aligned_size_t<16>(64 * sizeof(int4)), bar);
    if (t == 0)
        tok = cuda::device::barrier_arrive_tx(bar, 2, 256 * sizeof(int4));
    else if (t != 1)
        tok = bar.arrive();
    if (t != 1)
        bar.wait(cuda::std::move(tok));
    else
        bar.wait_parity(false); // phase 2 is even
    for (int i = 0; i < 256; i += 41)
        acc += buf[(i + 3 * t) % 256].y * (i + 2);
    out[blockIdx.x * blockDim.x + t] = acc;
}

// The same bulk copy and arrival through cuda::ptx, one thread announcing
// the bytes as it arrives.
__global__ void ptx_phases(const int4 *src, long long *out)
{
    __shared__ alignas(16) int4 buf[128];
    __shared__ uint64_t bar;
    const int t = threadIdx.x;
    if (t == 0)
        cuda::ptx::mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    uint64_t state;
    if (t == 0) {
        cuda::ptx::cp_async_bulk(cuda::ptx::space_cluster, cuda::ptx::space_global, buf, src,
                                 128 * sizeof(int4), &bar);
        state = cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                                     cuda::ptx::space_shared, &bar,
                                                     128 * sizeof(int4));
    } else {
        state = cuda::ptx::mbarrier_arrive(&bar);
    }
    while (!cuda::ptx::mbarrier_try_wait(&bar, state)) {
    }
    long long acc = 0;
    for (int i = 0; i < 128; i += 7)
        acc += buf[(i + t) % 128].z * (i + 1) + buf[(i * 5 + t) % 128].w;
    out[blockIdx.x * blockDim.x + t] = acc;
    // Phase 1 (odd) done by every thread, waited for by parity.
    (void)cuda::ptx::mbarrier_arrive(&bar);
    while (!cuda::ptx::mbarrier_try_wait_parity(&bar, 1)) {
    }
    if (t == 0)
        out[1000 + blockIdx.x] = 10 * cuda::ptx::mbarrier_test_wait_parity(&bar, 1) +
                                 cuda::ptx::mbarrier_test_wait_parity(&bar, 0);
}

int main()
{
    static int4 h_src[512];
    for (int i = 0; i < 512; i++)
        h_src[i] = make_int4(i * 3 + 1, 7 * i - 200, i % 29, (i * i) % 1001);
    int4 *d_src;
    long long *d_out, h_out[1024];
    cudaMalloc(&d_src, sizeof h_src);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_src, h_src, sizeof h_src, cudaMemcpyHostToDevice);
    phases<<<2, 128>>>(d_src, d_out);
    printf("phases: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, 256 * sizeof(long long), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < 256; i++)
        s += h_out[i] * (i % 11 + 1);
    printf("out[0] %lld, out[1] %lld, out[200] %lld, checksum %lld\n", h_out[0], h_out[1],
           h_out[200], s);
    cudaMemset(d_out, 0, sizeof h_out);
    ptx_phases<<<2, 64>>>(d_src, d_out);
    printf("ptx: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    s = 0;
    for (int i = 0; i < 128; i++)
        s += h_out[i] * (i % 11 + 1);
    printf("out[0] %lld, out[127] %lld, checksum %lld, parity tests %lld %lld\n", h_out[0],
           h_out[127], s, h_out[1000], h_out[1001]);
    return 0;
}
