// Planted bug: a kernel scales its thread's element, then adds to it in a
// loop with a barrier, through a float pointer two bytes past an
// allocation's start.  The address is formed before the loop, where its
// alignment is checked; the compiled tier splits the kernel at the
// barrier, and a --check=memory build recomputes that verdict from the
// address in the loop's segment and tests it once for the row's threads
// (src/compiler/kc_gen.c, kc_version.c).  The first launch, at an aligned
// offset, is correct and stays silent (tests/cuda/sanitizer/
// misaligned_int_ok.cu is the class's twin); the second reports the
// misaligned accesses with their lines.
#include <cstdio>

__global__ void scale_add(float *c, const float *a, int n, int steps, float beta)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    c[i] *= beta;
    for (int k = 0; k < steps; k++) {
        c[i] += a[k * n + i]; /* c must be 4-byte aligned */
        __syncthreads();
    }
}

int main()
{
    const int n = 64, steps = 8;
    float h[n * steps], *a;
    char *buf;
    for (int i = 0; i < n * steps; i++)
        h[i] = (float)(i % 9);
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&buf, (n + 1) * sizeof(float));
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(buf, 0, (n + 1) * sizeof(float));
    scale_add<<<n / 32, 32>>>((float *)(buf + 4), a, n, steps, 2.0f);
    cudaMemcpy(h, buf + 4, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("%g %g\n", h[0], h[n - 1]);
    scale_add<<<n / 32, 32>>>((float *)(buf + 2), a, n, steps, 2.0f);
    cudaDeviceSynchronize();
    return 0;
}
