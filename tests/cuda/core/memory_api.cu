// The memory API's results and error codes for valid and invalid calls.
#include <cstdio>
#include <cstdlib>

#define E(x) printf("%-62s %s\n", #x, cudaGetErrorName(x))

__device__ int sym[4];
__constant__ float csym[8];

int main()
{
    int *d, *d2, h[16] = {0};
    E(cudaMalloc(&d, 64));
    E(cudaFree(d + 1));
    E(cudaGetLastError());
    E(cudaFree(h));
    E(cudaFree(0));
    E(cudaFree(d));
    E(cudaFree(d));
    E(cudaGetLastError());
    E(cudaMalloc(&d, 64));
    E(cudaMalloc(&d2, 0));
    printf("zero-size allocation is null: %d\n", d2 == 0);
    printf("256-byte aligned: %d\n", ((size_t)d & 255) == 0);
    E(cudaMemcpy(d, h, 64, cudaMemcpyHostToDevice));
    E(cudaMemcpy(d, h, 65, cudaMemcpyHostToDevice));
    E(cudaMemcpy(h, d, 64, cudaMemcpyDeviceToHost));
    E(cudaMemcpy(h, d, 64, cudaMemcpyHostToDevice));
    E(cudaMemcpy(d, h, 64, cudaMemcpyDeviceToHost));
    E(cudaMemcpy(h, h + 8, 16, cudaMemcpyHostToHost));
    E(cudaMemcpy(d, d + 8, 16, cudaMemcpyDeviceToDevice));
    E(cudaMemcpy(d, h, 64, cudaMemcpyDefault));
    E(cudaMemcpy(d, h, 64, (cudaMemcpyKind)9));
    E(cudaMemcpy(0, h, 64, cudaMemcpyHostToDevice));
    E(cudaMemcpy(d, 0, 64, cudaMemcpyHostToDevice));
    E(cudaMemcpy(d, h, 0, cudaMemcpyHostToDevice));
    E(cudaMemset(d, 0, 64));
    E(cudaMemset(d, 0, 65));
    E(cudaMemset(h, 0, 4));
    E(cudaMemset(d + 8, 1, 32));
    int back[16];
    cudaMemcpy(back, d, 64, cudaMemcpyDeviceToHost);
    printf("memset pattern: %08x %08x\n", back[0], back[8]);
    E(cudaMemcpyToSymbol(sym, h, 16));
    E(cudaMemcpyToSymbol(sym, h, 17));
    E(cudaMemcpyToSymbol(sym, h, 8, 8));
    E(cudaMemcpyToSymbol(sym, h, 8, 9));
    E(cudaMemcpyToSymbol(csym, h, 32));
    E(cudaMemcpyFromSymbol(h, csym, 32, 0));
    E(cudaMemcpyToSymbol(csym, h, 4, 0, cudaMemcpyDeviceToDevice));
    E(cudaMemcpyToSymbol(csym, d, 4, 0, cudaMemcpyDeviceToDevice));
    E(cudaMemcpyToSymbol(csym, h, 4, 0, cudaMemcpyDeviceToHost));
    size_t sz = 0;
    E(cudaGetSymbolSize(&sz, sym));
    printf("symbol size %zu\n", sz);
    E(cudaGetSymbolSize(&sz, (const void *)h));
    cudaGetLastError();

    cudaPointerAttributes a;
    int *hm = (int *)malloc(64), *ph, *mm;
    E(cudaMallocHost(&ph, 64));
    E(cudaMallocManaged(&mm, 64));
#define PA(p)                                                                            \
    do {                                                                                 \
        cudaError_t e = cudaPointerGetAttributes(&a, p);                                 \
        printf("attributes %-8s %s type %d device %d device pointer %s host pointer %s\n", \
               #p, cudaGetErrorName(e), (int)a.type, a.device,                          \
               a.devicePointer == (void *)(p) ? "same" : a.devicePointer ? "other" : "null", \
               a.hostPointer == (void *)(p) ? "same" : a.hostPointer ? "other" : "null"); \
    } while (0)
    PA(d);
    PA(d + 3);
    PA(hm);
    PA(ph);
    PA(ph + 1);
    PA(mm);
    PA(h);
    E(cudaFreeHost(d));
    E(cudaFree(ph));
    E(cudaFreeHost(ph));
    E(cudaFreeHost(hm));
    E(cudaFree(mm));
    E(cudaHostRegister(hm, 64, 0));
    PA(hm);
    E(cudaHostRegister(hm, 64, 0));
    E(cudaHostUnregister(hm));
    E(cudaHostUnregister(hm));
    cudaGetLastError();
    size_t pitch;
    void *pp;
    E(cudaMallocPitch(&pp, &pitch, 100, 10));
    printf("pitch %zu\n", pitch);
    E(cudaMallocPitch(&pp, &pitch, 1000, 10));
    printf("pitch %zu\n", pitch);
    E(cudaMemset2D(pp, pitch, 1, 10, 1));
    E(cudaMemcpy2D(h, 8, pp, pitch, 8, 1, cudaMemcpyDeviceToHost));
    E(cudaMemcpy2D(h, 4, pp, pitch, 8, 1, cudaMemcpyDeviceToHost));
    void *big;
    E(cudaMalloc(&big, (size_t)1 << 50));
    E(cudaGetLastError());
    E(cudaGetLastError());
    E(cudaMalloc((void **)0, 16));
    E(cudaMallocHost(&ph, 0));
    printf("zero-size host allocation is null: %d\n", ph == 0);
    void *hp, *dp;
    E(cudaHostAlloc(&hp, 64, cudaHostAllocMapped));
    E(cudaHostGetDevicePointer(&dp, hp, 0));
    printf("mapped pointer is the host pointer: %d\n", dp == hp);
    E(cudaHostAlloc(&hp, 64, 0x100));
    E(cudaDeviceSynchronize());
    free(hm);
    return 0;
}
