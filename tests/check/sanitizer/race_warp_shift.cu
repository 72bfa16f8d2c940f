// Planted bug: lanes of a warp shift values through __shared__ memory: a
// lane overwrites its slot while its neighbour may not have read it (no
// __syncwarp between); tests/cuda/sanitizer/race_warp_shift_ok.cu is the
// correct twin.
#include <cstdio>

__global__ void shift(int *a, int steps)
{
    __shared__ int s[32];
    int l = threadIdx.x;
    s[l] = a[l];
    __syncwarp();
    for (int k = 0; k < steps; k++) {
        int v = s[(l + 31) % 32];
        /* missing: __syncwarp(); */
        s[l] = v + 1;
        __syncwarp();
    }
    a[l] = s[l];
}

int main()
{
    int h[32], *a;
    for (int i = 0; i < 32; i++)
        h[i] = i * 10;
    cudaMalloc(&a, sizeof h);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    shift<<<1, 32>>>(a, 5);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[5], h[31]);
    return 0;
}
