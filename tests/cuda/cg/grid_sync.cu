// Grid synchronization: multi-phase kernels launched cooperatively with as
// many blocks as the device can hold (the occupancy API's number times the
// multiprocessors), through grid.sync(), cg::sync(grid) and split
// barrier_arrive/barrier_wait; cudaLaunchKernelEx with the
// cooperative attribute; and the launch one block too large.  Nothing
// printed depends on the number of multiprocessors.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define N (1 << 16)

// Phase 1 fills, phase 2 sums each block's share, phase 3 adds up the
// partial sums in block 0, phase 4 uses the total everywhere; an
// odd-even transposition sort of 128 keys follows, one grid barrier per
// step.
__global__ void phases(int *data, long long *partial, long long *result, int *keys)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    __shared__ long long acc[256];
    for (long long i = grid.thread_rank(); i < N; i += grid.size())
        data[i] = (int)((i * 7919) % 1013) - 500;
    grid.sync();
    long long mine = 0;
    for (long long i = grid.thread_rank(); i < N; i += grid.size())
        mine += data[(i * 31) % N];
    acc[block.thread_rank()] = mine;
    block.sync();
    if (block.thread_rank() == 0) {
        long long s = 0;
        for (unsigned t = 0; t < block.size(); t++)
            s += acc[t];
        partial[grid.block_rank()] = s;
    }
    cg::sync(grid);
    if (grid.thread_rank() == 0) {
        long long s = 0;
        for (unsigned long long b = 0; b < grid.num_blocks(); b++)
            s += partial[b];
        *result = s;
    }
    grid.barrier_wait(grid.barrier_arrive());
    long long total = *result;
    for (long long i = grid.thread_rank(); i < N; i += grid.size())
        data[i] = (int)(data[i] * 2 - total % 1000);
    auto token = grid.barrier_arrive();
    long long local = block.thread_rank() * 3;  // work between arrival and wait
    grid.barrier_wait(std::move(token));
    (void)local;
    if (grid.thread_rank() == 0) {
        long long s = 0;
        for (int i = 0; i < N; i++)
            s += data[i] * (long long)(i % 17);
        result[1] = s;
    }
    grid.sync();
    for (int step = 0; step < 128; step++) {
        for (long long i = grid.thread_rank(); i < 64; i += grid.size()) {
            int a = (int)(2 * i + (step & 1));
            if (a + 1 < 128 && keys[a] > keys[a + 1]) {
                int t = keys[a];
                keys[a] = keys[a + 1];
                keys[a + 1] = t;
            }
        }
        grid.sync();
    }
}

__global__ void counting(unsigned *hits)
{
    cg::grid_group grid = cg::this_grid();
    for (int round = 0; round < 8; round++) {
        if (grid.thread_rank() == 0)
            hits[round] = 0;
        grid.sync();
        atomicAdd(&hits[round], 1u);
        grid.sync();
        // every thread of the grid has counted before anyone reads
        if (hits[round] != grid.num_threads())
            atomicAdd(&hits[8], 1u);
        grid.sync();
    }
}

int main()
{
    int dev = 0, coop = 0, sms = 0, perSm = 0;
    cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    printf("cooperative launch supported: %d\n", coop);
    cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, phases, 256, 0);
    printf("occupancy: %s, blocks per multiprocessor positive: %d\n", cudaGetErrorName(e), perSm > 0);
    int *data, *keys, hkeys[128];
    long long *partial, *result, hres[2];
    cudaMalloc(&data, N * sizeof(int));
    cudaMalloc(&keys, sizeof hkeys);
    cudaMalloc(&partial, perSm * sms * sizeof(long long));
    cudaMalloc(&result, 2 * sizeof(long long));
    for (int i = 0; i < 128; i++)
        hkeys[i] = (i * 37 + 11) % 101;
    // the whole device, then a quarter of it, then a single block
    int sizes[3] = {perSm * sms, (perSm * sms + 3) / 4, 1};
    for (int s = 0; s < 3; s++) {
        cudaMemcpy(keys, hkeys, sizeof hkeys, cudaMemcpyHostToDevice);
        void *args[] = {&data, &partial, &result, &keys};
        e = cudaLaunchCooperativeKernel((void *)phases, sizes[s], 256, args, 0, 0);
        cudaError_t e2 = cudaDeviceSynchronize();
        int out[128];
        cudaMemcpy(hres, result, sizeof hres, cudaMemcpyDeviceToHost);
        cudaMemcpy(out, keys, sizeof out, cudaMemcpyDeviceToHost);
        int sorted = 1;
        for (int i = 1; i < 128; i++)
            sorted &= out[i - 1] <= out[i];
        printf("grid %s: %s %s total %lld weighted %lld sorted %d first %d last %d\n",
               s == 0 ? "full" : s == 1 ? "quarter" : "one block", cudaGetErrorName(e), cudaGetErrorName(e2),
               hres[0], hres[1], sorted, out[0], out[127]);
    }
    // one block more than fits
    void *args[] = {&data, &partial, &result, &keys};
    e = cudaLaunchCooperativeKernel((void *)phases, perSm * sms + 1, 256, args, 0, 0);
    printf("one block too many: %s\n", cudaGetErrorName(e));
    cudaGetLastError();

    unsigned *hits, hh[9];
    cudaMalloc(&hits, sizeof hh);
    cudaMemset(hits, 0, sizeof hh);
    int perSm2 = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm2, counting, 128, 0);
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeCooperative;
    attr[0].val.cooperative = 1;
    cfg.gridDim = dim3(perSm2 * sms, 1, 1);
    cfg.blockDim = dim3(128, 1, 1);
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    e = cudaLaunchKernelEx(&cfg, counting, hits);
    printf("cudaLaunchKernelEx cooperative: %s %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(hh, hits, sizeof hh, cudaMemcpyDeviceToHost);
    printf("rounds counted every thread: %d, mismatches %u\n",
           hh[0] == (unsigned)(perSm2 * sms * 128) && hh[7] == hh[0], hh[8]);
    return 0;
}
