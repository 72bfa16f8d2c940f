// Planted bug: a kernel writes one structure past an array of structures;
// tests/cuda/sanitizer/oob_global_struct_ok.cu is the correct twin.
#include <cstdio>

struct particle {
    float x, y, vx, vy;
};

__global__ void step(particle *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) { /* should be i < n */
        p[i].x += p[i].vx;
        p[i].y += p[i].vy;
    }
}

int main()
{
    const int n = 100;
    particle h[n], *d;
    for (int i = 0; i < n; i++)
        h[i] = {(float)i, 0.0f, 1.0f, 0.5f};
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    step<<<1, 128>>>(d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%.1f %.1f\n", h[99].x, h[99].y);
    return 0;
}
