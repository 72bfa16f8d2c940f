// Copies and sets of tens of MiB, each checked whole: host to device,
// device to host, device to device (into the middle of a larger buffer),
// pitched rows that touch one another and rows apart, asynchronous copies in a stream
// (from pageable memory too), and cudaMemset, cuMemsetD16 and cuMemsetD32 of lengths that are no
// whole number of MiB.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>

static unsigned long long sum(const unsigned char *p, size_t n)
{
    unsigned long long s = 0;
    for (size_t i = 0; i < n; i++)
        s = s * 31 + p[i];
    return s;
}

int main()
{
    const size_t n = ((size_t)24 << 20) + 12345 * 4;
    unsigned char *h = (unsigned char *)malloc(n), *back = (unsigned char *)malloc(n + 4096);
    for (size_t i = 0; i < n; i++)
        h[i] = (unsigned char)(i * 7 + (i >> 20) * 13);
    unsigned char *d, *d2;
    cudaMalloc(&d, n);
    cudaMalloc(&d2, n + 4096);
    cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
    cudaMemcpy(back, d, n, cudaMemcpyDeviceToHost);
    printf("host to device and back: %s\n", memcmp(h, back, n) ? "differs" : "same");
    cudaMemset(d2, 0, n + 4096);
    cudaMemcpy(d2 + 1000, d, n, cudaMemcpyDeviceToDevice);
    cudaMemcpy(back, d2, n + 4096, cudaMemcpyDeviceToHost);
    printf("device to device at 1000: %s, before %llu, after %llu\n",
           memcmp(h, back + 1000, n) ? "differs" : "same", sum(back, 1000),
           sum(back + 1000 + n, 4096 - 1000));
    // 6000 rows of 4096 bytes, pitch 4096 on both sides: one run of bytes.
    cudaMemcpy2D(d2, 4096, h, 4096, 4096, 6000, cudaMemcpyHostToDevice);
    cudaMemcpy(back, d2, 4096 * 6000, cudaMemcpyDeviceToHost);
    printf("pitched rows: %s\n", memcmp(h, back, 4096 * 6000) ? "differs" : "same");
    // Pitched rows apart from one another: 2000 rows of 3000 bytes.
    size_t pitch;
    unsigned char *p2;
    cudaMallocPitch(&p2, &pitch, 3000, 2000);
    cudaMemcpy2D(p2, pitch, h, 3000, 3000, 2000, cudaMemcpyHostToDevice);
    memset(back, 0, n);
    cudaMemcpy2D(back, 3000, p2, pitch, 3000, 2000, cudaMemcpyDeviceToHost);
    printf("rows apart: %s\n", memcmp(h, back, 3000 * 2000) ? "differs" : "same");
    cudaMemset2D(p2, pitch, 0x33, 3000, 2000);
    cudaMemcpy2D(back, 3000, p2, pitch, 3000, 2000, cudaMemcpyDeviceToHost);
    size_t off = 0;
    for (size_t i = 0; i < 3000 * 2000; i++)
        off += back[i] != 0x33;
    printf("rows apart set: %zu bytes differ\n", off);
    cudaFree(p2);
    unsigned char *pinned;
    cudaMallocHost(&pinned, n);
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaMemsetAsync(d, 0x5a, n, s);
    cudaMemcpyAsync(pinned, d, n, cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += pinned[i] != 0x5a;
    printf("memset 0x5a: %zu bytes differ\n", bad);
    cuMemsetD16((CUdeviceptr)d, 0xbeef, n / 2 - 3);
    cudaMemcpy(back, d, n, cudaMemcpyDeviceToHost);
    bad = 0;
    for (size_t i = 0; i < n / 2 - 3; i++)
        bad += back[2 * i] != 0xef || back[2 * i + 1] != 0xbe;
    printf("cuMemsetD16: %zu elements differ, tail %02x %02x\n", bad, back[n - 6], back[n - 1]);
    cuMemsetD32((CUdeviceptr)d, 0x01020304u, n / 4 - 5);
    cudaMemcpy(back, d, n, cudaMemcpyDeviceToHost);
    bad = 0;
    for (size_t i = 0; i < n / 4 - 5; i++)
        bad += back[4 * i] != 4 || back[4 * i + 1] != 3 || back[4 * i + 2] != 2 || back[4 * i + 3] != 1;
    printf("cuMemsetD32: %zu elements differ, tail %02x %02x\n", bad, back[n - 20], back[n - 1]);
    printf("checksum %llu\n", sum(back, n));
    // From pageable memory the call returns once the source is taken: the
    // buffer may change at once.
    unsigned long long before = sum(h, n);
    cudaMemcpyAsync(d, h, n, cudaMemcpyHostToDevice, s);
    memset(h, 0, n);
    cudaStreamSynchronize(s);
    cudaMemcpy(back, d, n, cudaMemcpyDeviceToHost);
    printf("pageable to device, source reused: %s\n", sum(back, n) == before ? "same" : "differs");
    printf("errors: %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaStreamDestroy(s);
    cudaFreeHost(pinned);
    cudaFree(d);
    cudaFree(d2);
    free(h);
    free(back);
    return 0;
}
