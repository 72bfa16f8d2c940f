// Inline PTX loading a 4-byte word from an address that is not a multiple
// of 4: a GPU faults (misaligned address); simt reports the thread and the
// line, and the launch fails.
#include <cstdio>

__global__ void reader(const char *p, unsigned *out)
{
    unsigned v;
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p + threadIdx.x));
    out[threadIdx.x] = v;
}

int main()
{
    char *p;
    unsigned *out;
    cudaMalloc(&p, 64);
    cudaMalloc(&out, 64);
    reader<<<1, 2>>>(p, out);
    fprintf(stderr, "synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
