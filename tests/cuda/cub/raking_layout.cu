// cub::BlockRakingLayout: its constants for several block sizes and item
// types, and a block reduction written on it as CUB's raking collectives
// are: each thread places its item, the raking threads sum their segments
// (guarded where the layout is not UNGUARDED), lane 0 sums the segments'
// totals.
#include <cub/block/block_raking_layout.cuh>

#include <cstdio>

template <typename T, int THREADS>
static void constants(const char *name)
{
    typedef cub::BlockRakingLayout<T, THREADS> L;
    printf("%-12s shared %d, raking threads %d (max %d), segment %d, conflicts %d (degree %d), padding %d, grid %d, "
           "unguarded %d, storage %d bytes\n",
           name, (int)L::SHARED_ELEMENTS, (int)L::RAKING_THREADS, (int)L::MAX_RAKING_THREADS, (int)L::SEGMENT_LENGTH,
           (int)L::HAS_CONFLICTS, (int)L::CONFLICT_DEGREE, (int)L::USE_SEGMENT_PADDING, (int)L::GRID_ELEMENTS,
           (int)L::UNGUARDED, (int)sizeof(typename L::TempStorage));
}

template <int THREADS>
__global__ void raking_sum(const int *in, long long *out)
{
    typedef cub::BlockRakingLayout<long long, THREADS> L;
    __shared__ typename L::TempStorage storage;
    __shared__ long long totals[32];
    int tid = threadIdx.x;
    *L::PlacementPtr(storage, tid) = in[blockIdx.x * THREADS + tid];
    __syncthreads();
    if (tid < L::RAKING_THREADS) {
        long long *segment = L::RakingPtr(storage, tid);
        long long sum = 0;
        for (int i = 0; i < L::SEGMENT_LENGTH; i++)
            if (L::UNGUARDED || tid * L::SEGMENT_LENGTH + i < L::SHARED_ELEMENTS)
                sum += segment[i];
        totals[tid] = sum;
    }
    __syncthreads();
    if (tid == 0) {
        long long sum = 0;
        for (int r = 0; r < L::RAKING_THREADS; r++)
            sum += totals[r];
        out[blockIdx.x] = sum;
    }
}

template <int THREADS>
static void reduce(const int *d_in, const int *h_in, long long *d_out, int blocks)
{
    raking_sum<THREADS><<<blocks, THREADS>>>(d_in, d_out);
    long long got[8], want[8] = {0};
    cudaMemcpy(got, d_out, blocks * sizeof(long long), cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int b = 0; b < blocks; b++) {
        for (int t = 0; t < THREADS; t++)
            want[b] += h_in[b * THREADS + t];
        wrong += got[b] != want[b];
    }
    printf("raking sum, %d threads: %d of %d blocks wrong, block 0 %lld, block %d %lld\n", THREADS, wrong, blocks,
           got[0], blocks - 1, got[blocks - 1]);
}

int main()
{
    constants<int, 32>("int 32");
    constants<int, 96>("int 96");
    constants<int, 128>("int 128");
    constants<double, 200>("double 200");
    constants<char, 1024>("char 1024");
    constants<long long, 48>("long long 48");

    const int n = 8 * 1024;
    static int h_in[n];
    for (int i = 0; i < n; i++)
        h_in[i] = (int)((i * 2654435761u) >> 16) % 1000 - 300;
    int *d_in;
    long long *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, 8 * sizeof(long long));
    cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
    reduce<96>(d_in, h_in, d_out, 8);
    reduce<128>(d_in, h_in, d_out, 8);
    reduce<200>(d_in, h_in, d_out, 5);
    reduce<1024>(d_in, h_in, d_out, 8);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
