// inline_ptx_video.cu: inline PTX video instructions: the SIMD forms
// vadd4/vsub4/vavrg4/vabsdiff4/vmin4/vmax4 and their 2-lane versions with
// signed and unsigned types, .sat, the .add accumulation, destination masks
// and byte/half-word selectors; the scalar vadd/vsub/vabsdiff/vmin/vmax
// with operand selectors, .sat, a secondary add/min/max and the merge into
// a selected destination part (stereoDisparity's vabsdiff4 among them).
// Results print as hex.
#include <cstdio>

#define NV 8
#define NOUT 48

typedef unsigned long long u64;

#define V3(op, a, b, c)                                                          \
    do {                                                                         \
        unsigned d_;                                                             \
        asm(op : "=r"(d_) : "r"(a), "r"(b), "r"(c));                             \
        o[k++] = d_;                                                             \
    } while (0)

__global__ void video(const unsigned *v, u64 *out)
{
    unsigned a = v[threadIdx.x], b = v[(threadIdx.x + 3) % NV], c = v[(threadIdx.x + 5) % NV];
    u64 *o = out + threadIdx.x * NOUT;
    int k = 0;
    V3("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;", a, b, c);
    V3("vabsdiff4.s32.s32.s32.add %0, %1, %2, %3;", a, b, c);
    V3("vabsdiff4.u32.u32.u32 %0, %1, %2, %3;", a, b, c);
    V3("vadd4.u32.u32.u32.sat %0, %1, %2, %3;", a, b, c);
    V3("vadd4.s32.s32.u32.sat %0, %1, %2, %3;", a, b, c);
    V3("vadd4.s32.s32.s32 %0.b20, %1, %2, %3;", a, b, c);
    V3("vsub4.s32.s32.s32.sat %0.b10, %1.b3210, %2.b7654, %3;", a, b, c);
    V3("vsub4.u32.u32.u32.sat %0, %1.b0123, %2.b4444, %3;", a, b, c);
    V3("vavrg4.u32.u32.u32 %0, %1, %2, %3;", a, b, c);
    V3("vavrg4.s32.s32.s32.add %0, %1, %2, %3;", a, b, c);
    V3("vmin4.s32.u32.u32.add %0.b310, %1.b7610, %2.b2222, %3;", a, b, c);
    V3("vmax4.s32.s32.s32 %0, %1, %2, %3;", a, b, c);
    V3("vmax4.u32.u32.u32.add %0, %1, %2, %3;", a, b, c);
    V3("vabsdiff2.u32.u32.u32.add %0, %1, %2, %3;", a, b, c);
    V3("vadd2.s32.s32.s32.sat %0, %1, %2, %3;", a, b, c);
    V3("vsub2.u32.u32.u32.sat %0.h1, %1.h32, %2.h01, %3;", a, b, c);
    V3("vavrg2.s32.s32.s32 %0, %1, %2, %3;", a, b, c);
    V3("vmin2.u32.u32.u32 %0.h0, %1, %2, %3;", a, b, c);
    V3("vmax2.s32.u32.s32.add %0, %1.h11, %2.h23, %3;", a, b, c);
    // Scalar forms.
    unsigned d;
    asm("vadd.u32.u32.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("vadd.s32.u32.s32.sat %0, %1.b0, %2.h0;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("vsub.s32.s32.u32.sat %0, %1.h1, %2.h1;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("vsub.u32.s32.s32.sat %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("vabsdiff.s32.s32.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    asm("vabsdiff.u32.u32.u32.sat %0, %1.b3, %2.b1;" : "=r"(d) : "r"(a), "r"(b));
    o[k++] = d;
    V3("vabsdiff.s32.s32.s32.sat %0.h0, %1.b0, %2.b2, %3;", a, b, c);
    V3("vmin.s32.s32.s32.sat.add %0, %1, %2, %3;", a, b, c);
    V3("vmin.u32.u32.u32.max %0, %1.h0, %2.h1, %3;", a, b, c);
    V3("vmax.s32.s32.s32.min %0, %1.b1, %2.b2, %3;", a, b, c);
    V3("vmax.u32.s32.u32.sat %0.b2, %1, %2, %3;", a, b, c);
    V3("vadd.s32.s32.s32.sat.add %0, %1, %2, %3;", a, b, c);
    V3("vsub.u32.u32.u32.add %0, %1.h0, %2.h0, %3;", a, b, c);
    o[NOUT - 1] = k;
}

int main()
{
    const unsigned hv[NV] = {0, 0xffffffffu, 0x7f80ff01u, 0x80017ffeu, 0x12345678u,
                             0xf0e1d2c3u, 0x7fffffffu, 0x0100ff80u};
    unsigned *dv;
    u64 *out, h[NV * NOUT];
    cudaMalloc(&dv, sizeof hv);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    video<<<1, NV>>>(dv, out);
    printf("video: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NV; t++) {
        printf("a=%x b=%x c=%x:", hv[t], hv[(t + 3) % NV], hv[(t + 5) % NV]);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }
    cudaFree(dv);
    cudaFree(out);
    return 0;
}
