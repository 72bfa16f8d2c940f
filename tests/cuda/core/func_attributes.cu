// cudaFuncGetAttributes, cudaFuncSetAttribute and the occupancy API:
// the values that depend on the kernel and the multiprocessor model, not
// on how many multiprocessors the device has.
#include <cstdio>

__global__ void empty() {}
__global__ void __launch_bounds__(128) bounded(int *p) { p[0] = 1; }
__global__ void with_shared(int *p)
{
    __shared__ int buf[1024];
    buf[threadIdx.x] = threadIdx.x;
    __syncthreads();
    p[threadIdx.x] = buf[1023 - threadIdx.x];
}

int main()
{
    int *d;
    cudaMalloc(&d, 4096);
    with_shared<<<1, 1024>>>(d);
    cudaDeviceSynchronize();
    cudaFuncAttributes a;
    printf("%s\n", cudaGetErrorName(cudaFuncGetAttributes(&a, empty)));
    printf("empty: maxThreads %d maxDynShared %d static %zu carveout %d\n", a.maxThreadsPerBlock,
           a.maxDynamicSharedSizeBytes, a.sharedSizeBytes, a.preferredShmemCarveout);
    cudaFuncGetAttributes(&a, bounded);
    printf("bounded: maxThreads %d\n", a.maxThreadsPerBlock);
    cudaFuncGetAttributes(&a, with_shared);
    printf("with_shared: static %zu maxDynShared %d\n", a.sharedSizeBytes, a.maxDynamicSharedSizeBytes);
    printf("not a kernel: %s\n", cudaGetErrorName(cudaFuncGetAttributes(&a, (const void *)main)));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));

    printf("opt in 232448: %s\n", cudaGetErrorName(cudaFuncSetAttribute(empty, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448)));
    printf("opt in 232449: %s\n", cudaGetErrorName(cudaFuncSetAttribute(empty, cudaFuncAttributeMaxDynamicSharedMemorySize, 232449)));
    printf("opt in -1: %s\n", cudaGetErrorName(cudaFuncSetAttribute(empty, cudaFuncAttributeMaxDynamicSharedMemorySize, -1)));
    printf("carveout 50: %s\n", cudaGetErrorName(cudaFuncSetAttribute(empty, cudaFuncAttributePreferredSharedMemoryCarveout, 50)));
    printf("carveout 101: %s\n", cudaGetErrorName(cudaFuncSetAttribute(empty, cudaFuncAttributePreferredSharedMemoryCarveout, 101)));
    cudaFuncGetAttributes(&a, empty);
    printf("empty now: maxDynShared %d carveout %d\n", a.maxDynamicSharedSizeBytes, a.preferredShmemCarveout);
    printf("cache config: %s\n", cudaGetErrorName(cudaFuncSetCacheConfig(empty, cudaFuncCachePreferShared)));
    cudaGetLastError();

    int sizes[] = {32, 64, 96, 128, 256, 384, 512, 640, 1024};
    for (int s : sizes) {
        int nb = -1, nbb = -1;
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, empty, s, 0);
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nbb, bounded, s, 0);
        printf("occupancy %4d threads: %2d blocks, bounded %2d\n", s, nb, nbb);
    }
    int nb = -1;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, empty, 256, 100000);
    printf("100000 bytes dynamic: %d\n", nb);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, empty, 256, 20000);
    printf("20000 bytes dynamic (opted in): %d\n", nb);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, with_shared, 256, 0);
    printf("4 KiB static: %d\n", nb);
    printf("block size 0: %s\n", cudaGetErrorName(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, empty, 0, 0)));
    int minGrid = 0, block = 0;
    cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, empty, 0, 0);
    int sm = 0;
    cudaDeviceGetAttribute(&sm, cudaDevAttrMultiProcessorCount, 0);
    printf("potential: block %d, min grid %d per multiprocessor\n", block, minGrid / sm);
    cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, bounded, 0, 0);
    printf("potential bounded: block %d, min grid %d per multiprocessor\n", block, minGrid / sm);
    cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, empty, 0, 200);
    printf("potential limited to 200: block %d\n", block);
    return 0;
}
