// __pipeline_memcpy_async with every size (4, 8, 16) and every zfill from 0
// to the size (CUDA guide 5.6.2.1): size - zfill bytes are copied and the
// rest of the size is zeroed; the bytes beyond are untouched.
#include <cstdio>
#include <cuda_pipeline.h>

#define COMBOS (5 + 9 + 17)
#define SLOT 32 // bytes of shared memory per combination

__global__ void copies(const unsigned char *src, unsigned char *out)
{
    __shared__ alignas(16) unsigned char dst[COMBOS * SLOT];
    const int c = threadIdx.x;
    for (int i = 0; i < SLOT; i++)
        dst[c * SLOT + i] = 0xEE;
    size_t size, zfill;
    if (c < 5) {
        size = 4;
        zfill = c;
    } else if (c < 14) {
        size = 8;
        zfill = c - 5;
    } else {
        size = 16;
        zfill = c - 14;
    }
    __pipeline_memcpy_async(dst + c * SLOT + 16, src + c * 16, size, zfill);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    for (int i = 0; i < SLOT; i++)
        out[c * SLOT + i] = dst[c * SLOT + i];
}

// The three-argument form has no zfill.
__global__ void plain(const unsigned char *src, unsigned char *out)
{
    __shared__ alignas(16) unsigned char dst[48];
    for (int i = 0; i < 48; i++)
        dst[i] = 0xEE;
    __pipeline_memcpy_async(dst, src, 16);
    __pipeline_memcpy_async(dst + 16, src + 16, 8);
    __pipeline_memcpy_async(dst + 32, src + 32, 4);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    for (int i = 0; i < 48; i++)
        out[i] = dst[i];
}

int main()
{
    unsigned char h_src[COMBOS * 16], h_out[COMBOS * SLOT];
    for (int i = 0; i < (int)sizeof h_src; i++)
        h_src[i] = (unsigned char)(i * 37 + 11);
    unsigned char *d_src, *d_out;
    cudaMalloc(&d_src, sizeof h_src);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_src, h_src, sizeof h_src, cudaMemcpyHostToDevice);
    copies<<<1, COMBOS>>>(d_src, d_out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    for (int c = 0; c < COMBOS; c++) {
        int size = c < 5 ? 4 : c < 14 ? 8 : 16;
        int zfill = c < 5 ? c : c < 14 ? c - 5 : c - 14;
        printf("size %2d zfill %2d:", size, zfill);
        for (int i = 12; i < 32; i++)
            printf(" %02x", h_out[c * SLOT + i]);
        printf("\n");
    }
    plain<<<1, 1>>>(d_src, d_out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, 48, cudaMemcpyDeviceToHost);
    printf("plain:");
    for (int i = 0; i < 48; i++)
        printf(" %02x", h_out[i]);
    printf("\n");
    return 0;
}
