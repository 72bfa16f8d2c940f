// Every shuffle, every width, with the edge cases the hardware defines:
// srcLane/delta use their low 5 bits, srcLane wraps within the sub-warp
// (negative too), up below the sub-warp start and down past its end return
// the caller's value, xor may read a lower sub-warp but never a higher one.
#include <cstdio>

__global__ void shuffles(int *out, int width)
{
    int lane = threadIdx.x;
    int v = 1000 + lane;
    int k = 0;
    int srcs[] = {0, 3, 31, 32, 33, -1, -5, 37, 100};
    for (int s : srcs)
        out[(k++) * 32 + lane] = __shfl_sync(0xffffffff, v, s, width);
    unsigned deltas[] = {0, 1, 2, 5, 16, 31, 32, 33};
    for (unsigned d : deltas) {
        out[(k++) * 32 + lane] = __shfl_up_sync(0xffffffff, v, d, width);
        out[(k++) * 32 + lane] = __shfl_down_sync(0xffffffff, v, d, width);
    }
    int masks[] = {0, 1, 3, 7, 16, 31, 32, 63};
    for (int m : masks)
        out[(k++) * 32 + lane] = __shfl_xor_sync(0xffffffff, v, m, width);
    // per-lane source
    out[(k++) * 32 + lane] = __shfl_sync(0xffffffff, v, (lane * 7) % 32, width);
}

int main()
{
    const int rows = 9 + 16 + 8 + 1;
    int *d, h[rows * 32];
    cudaMalloc(&d, sizeof h);
    for (int width = 1; width <= 32; width *= 2) {
        shuffles<<<1, 32>>>(d, width);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf("width %d\n", width);
        for (int r = 0; r < rows; r++) {
            for (int l = 0; l < 32; l++)
                printf("%d%c", h[r * 32 + l] - 1000, l == 31 ? '\n' : ' ');
        }
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
