// Shared memory whose alignment depends on a template parameter, the way
// CUB's example_block_reduce_dyn_smem declares its dynamic buffer:
// `extern __shared__ __align__(alignof(T)) unsigned char smem[];` in a
// template kernel, used as BlockReduce's temporary storage.  Static
// __shared__ arrays with alignments computed from T (__align__ and
// alignas) get at least those alignments.
#include <cub/block/block_reduce.cuh>

#include <cstdint>
#include <cstdio>

struct alignas(16) Quad {
    float v[4];
};

template <typename T, int THREADS>
__global__ void block_sum(const T *in, T *out, int *misaligned)
{
    typedef cub::BlockReduce<T, THREADS> BlockReduce;
    extern __shared__ __align__(alignof(T)) unsigned char smem[];
    __shared__ __align__(alignof(T) * 2) unsigned char stage[THREADS * sizeof(T)];
    __shared__ alignas(T) unsigned char one[sizeof(T)], other[2 * sizeof(T)];

    typename BlockReduce::TempStorage &storage = *reinterpret_cast<typename BlockReduce::TempStorage *>(smem);
    T *staged = reinterpret_cast<T *>(stage);
    staged[threadIdx.x] = in[blockIdx.x * THREADS + threadIdx.x];
    __syncthreads();
    T sum = BlockReduce(storage).Sum(staged[THREADS - 1 - threadIdx.x]);
    if (threadIdx.x == 0) {
        out[blockIdx.x] = sum;
        int m = 0;
        m |= (uintptr_t)smem % alignof(T) != 0;
        m |= ((uintptr_t)stage % (alignof(T) * 2) != 0) << 1;
        m |= ((uintptr_t)one % alignof(T) != 0) << 2;
        m |= ((uintptr_t)other % alignof(T) != 0) << 3;
        atomicOr(misaligned, m);
    }
}

template <typename T, int THREADS> static void run(const char *name, int blocks)
{
    int n = blocks * THREADS;
    T *in, *out;
    int *mis;
    cudaMallocManaged(&in, n * sizeof(T));
    cudaMallocManaged(&out, blocks * sizeof(T));
    cudaMallocManaged(&mis, sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = (T)(i % 97 + 1);
    *mis = 0;
    block_sum<T, THREADS><<<blocks, THREADS, sizeof(typename cub::BlockReduce<T, THREADS>::TempStorage)>>>(in, out,
                                                                                                         mis);
    cudaError_t e = cudaDeviceSynchronize();
    double total = 0;
    for (int b = 0; b < blocks; b++)
        total += (double)out[b];
    printf("%s: %s, block 0 %g, block %d %g, total %.0f, misaligned mask %d\n", name, cudaGetErrorName(e),
           (double)out[0], blocks - 1, (double)out[blocks - 1], total, *mis);
    cudaFree(in);
    cudaFree(out);
    cudaFree(mis);
}

__global__ void quad_kernel(float *out)
{
    extern __shared__ __align__(alignof(Quad)) unsigned char qs[];
    Quad *q = reinterpret_cast<Quad *>(qs);
    q[threadIdx.x].v[0] = (float)threadIdx.x;
    q[threadIdx.x].v[3] = 2.0f * threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = q[31 - threadIdx.x].v[0] + q[threadIdx.x].v[3] + ((uintptr_t)qs % 16 != 0) * 1000.0f;
}

int main()
{
    run<int, 128>("int", 40);
    run<double, 256>("double", 12);
    run<short, 64>("short", 9);
    run<float, 32>("float", 5);
    float *o;
    cudaMallocManaged(&o, 32 * sizeof(float));
    quad_kernel<<<1, 32, 32 * sizeof(Quad)>>>(o);
    cudaDeviceSynchronize();
    printf("quad: %g %g %g\n", o[0], o[1], o[31]);
    cudaFree(o);
    return 0;
}
