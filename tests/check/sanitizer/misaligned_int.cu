// Planted bug: a kernel reads ints from a byte buffer at an offset that is
// not a multiple of 4; tests/cuda/sanitizer/misaligned_int_ok.cu is the
// correct twin.
#include <cstdio>

__global__ void read(const char *buf, int *out)
{
    const int *p = (const int *)(buf + 1); /* should be buf + 4 */
    out[threadIdx.x] = p[threadIdx.x];
}

int main()
{
    char h[256], *buf;
    int r[16], *out;
    for (int i = 0; i < 256; i++)
        h[i] = (char)i;
    cudaMalloc(&buf, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(buf, h, sizeof h, cudaMemcpyHostToDevice);
    read<<<1, 16>>>(buf, out);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("%x %x\n", r[0], r[15]);
    return 0;
}
