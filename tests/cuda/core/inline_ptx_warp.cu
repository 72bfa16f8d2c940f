// inline_ptx_warp.cu: inline PTX special registers and warp collectives:
// %tid/%ntid/%ctaid/%nctaid, %laneid, %warpid, the lane masks, %smid and
// %nsmid, the clocks and the global timer (as properties: they count
// up); vote.sync (all, any, uni, ballot), shfl.sync in every mode with the
// widths __shfl_*_sync use and other clamp/segment values, with its
// predicate; activemask, match.any/all, redux.sync, elect.sync,
// nanosleep, bar.warp.sync.  Results print as hex.
#include <cstdio>

#define NT 64
#define NOUT 32

typedef unsigned long long u64;

__device__ unsigned sreg_laneid()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
    return r;
}

__global__ void sregs(u64 *out)
{
    u64 *o = out + (blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x) * NOUT;
    unsigned r[12];
    asm("mov.u32 %0, %%tid.x;\n\t"
        "mov.u32 %1, %%tid.y;\n\t"
        "mov.u32 %2, %%ntid.x;\n\t"
        "mov.u32 %3, %%ntid.y;\n\t"
        "mov.u32 %4, %%ctaid.x;\n\t"
        "mov.u32 %5, %%nctaid.x;\n\t"
        "mov.u32 %6, %%nwarpid;\n\t"
        "mov.u32 %7, %%lanemask_eq;\n\t"
        "mov.u32 %8, %%lanemask_lt;\n\t"
        "mov.u32 %9, %%lanemask_le;\n\t"
        "mov.u32 %10, %%lanemask_gt;\n\t"
        "mov.u32 %11, %%lanemask_ge;"
        : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]),
          "=r"(r[7]), "=r"(r[8]), "=r"(r[9]), "=r"(r[10]), "=r"(r[11]));
    int k = 0;
    o[k++] = sreg_laneid();
    for (int i = 0; i < 12; i++)
        o[k++] = r[i];
    // %warpid and %smid name hardware slots: only their ranges are fixed.
    unsigned smid, nsmid, warpid;
    asm volatile("mov.u32 %0, %%smid;\n\tmov.u32 %1, %%nsmid;\n\tmov.u32 %2, %%warpid;"
                 : "=r"(smid), "=r"(nsmid), "=r"(warpid));
    o[k++] = smid < nsmid && warpid < r[6] && r[6] >= 32;
    unsigned c0, c1, chi;
    u64 c64a, c64b, g0, g1;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(c0));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c64a));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
    asm volatile("nanosleep.u32 %0;" ::"r"(2000));
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(g1));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c64b));
    asm volatile("mov.u32 %0, %%clock;\n\tmov.u32 %1, %%clock_hi;" : "=r"(c1), "=r"(chi));
    o[k++] = c64b > c64a && c1 - c0 < 0x80000000u && g1 >= g0 && chi == (unsigned)(c64b >> 32);
    o[NOUT - 1] = k;
}

__global__ void votes(const unsigned *v, u64 *out)
{
    int t = threadIdx.x;
    unsigned x = v[t];
    u64 *o = out + t * NOUT;
    int k = 0;
    unsigned ball, all, any, uni, uni2;
    asm volatile("{\n\t.reg .pred p, q;\n\t"
                 "setp.ne.u32 p, %5, 0;\n\t"
                 "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t"
                 "vote.sync.all.pred q, p, 0xffffffff;\n\tselp.u32 %1, 1, 0, q;\n\t"
                 "vote.sync.any.pred q, !p, 0xffffffff;\n\tselp.u32 %2, 1, 0, q;\n\t"
                 "vote.sync.uni.pred q, p, 0xffffffff;\n\tselp.u32 %3, 1, 0, q;\n\t"
                 "setp.ne.u32 p, %6, 0;\n\t"
                 "vote.sync.uni.pred q, p, 0xffffffff;\n\tselp.u32 %4, 1, 0, q;\n\t"
                 "}"
                 : "=r"(ball), "=r"(all), "=r"(any), "=r"(uni), "=r"(uni2)
                 : "r"(x & 1), "r"(t / 32));
    o[k++] = ball;
    o[k++] = all;
    o[k++] = any;
    o[k++] = uni;
    o[k++] = uni2;
    // Shuffles with the c of each width, and others.
    unsigned d;
    unsigned p;
#define SHFL(mode, b, c)                                                          \
    asm volatile("{\n\t.reg .pred q;\n\t"                                        \
                 "shfl.sync." mode ".b32 %0|q, %2, %3, %4, 0xffffffff;\n\t"      \
                 "selp.u32 %1, 1, 0, q;\n\t}"                                    \
                 : "=r"(d), "=r"(p)                                              \
                 : "r"(x), "r"(b), "r"(c));                                      \
    o[k++] = ((u64)p << 32) | d
    SHFL("idx", 5u, 0x1fu);
    SHFL("idx", (unsigned)(t * 7), 0x181fu);
    SHFL("up", 3u, 0u);
    SHFL("up", 1u, 0x1800u);
    SHFL("down", 2u, 0x1fu);
    SHFL("down", 5u, 0x181fu);
    SHFL("bfly", 1u, 0x1fu);
    SHFL("bfly", 16u, 0x1c1fu);
    SHFL("idx", (unsigned)(t * 3), 0x0f07u);
    SHFL("up", 2u, 0x0a05u);
    SHFL("down", 3u, 0x0f1cu);
    SHFL("bfly", 6u, 0x0310u);
    unsigned am;
    asm volatile("activemask.b32 %0;" : "=r"(am));
    o[k++] = am;
    if (t % 3 == 0) {
        asm volatile("activemask.b32 %0;" : "=r"(am));
        o[k++] = am;
    } else {
        o[k++] = 0;
    }
    asm volatile("bar.warp.sync 0xffffffff;");
    unsigned m, mall;
    asm volatile("match.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(m) : "r"(x % 5));
    o[k++] = m;
    asm volatile("{\n\t.reg .pred q;\n\tmatch.all.sync.b32 %0|q, %2, 0xffffffff;\n\tselp.u32 %1, 1, 0, q;\n\t}"
                 : "=r"(mall), "=r"(p)
                 : "r"(t / 32));
    o[k++] = ((u64)p << 32) | mall;
    u64 wide = (u64)(x % 3) << 40;
    asm volatile("match.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(m) : "l"(wide));
    o[k++] = m;
    int rs;
    asm volatile("redux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(d) : "r"(x));
    o[k++] = d;
    asm volatile("redux.sync.min.s32 %0, %1, 0xffffffff;" : "=r"(rs) : "r"((int)x - 1000));
    o[k++] = (unsigned)rs;
    asm volatile("redux.sync.max.u32 %0, %1, 0xffffffff;" : "=r"(d) : "r"(x ^ 0x80000000u));
    o[k++] = d;
    asm volatile("redux.sync.xor.b32 %0, %1, 0xffffffff;" : "=r"(d) : "r"(x));
    o[k++] = d;
    asm volatile("redux.sync.and.b32 %0, %1, 0xffffffff;" : "=r"(d) : "r"(x | 0x10));
    o[k++] = d;
    // Lanes 0 to 3 are outside elect.sync's mask and do not execute it.
    if ((t & 31) >= 4) {
        asm volatile("{\n\t.reg .pred q;\n\telect.sync %0|q, 0xfffffff0;\n\tselp.u32 %1, 1, 0, q;\n\t}"
                     : "=r"(d), "=r"(p));
        o[k++] = ((u64)p << 32) | d;
    } else {
        o[k++] = 0;
    }
    o[NOUT - 1] = k;
}

int main()
{
    u64 *out, h[96 * NOUT];
    cudaMalloc(&out, sizeof h);
    cudaMemset(out, 0, sizeof h);
    sregs<<<2, dim3(16, 3)>>>(out);
    printf("sregs: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 96; t += 5) {
        printf("t=%d:", t);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }

    unsigned hv[NT], *dv;
    for (int i = 0; i < NT; i++)
        hv[i] = (i * 2654435761u) ^ (i >> 1);
    cudaMalloc(&dv, sizeof hv);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof h);
    votes<<<1, NT>>>(dv, out);
    printf("votes: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < NT; t++) {
        printf("t=%d:", t);
        for (int k = 0; k < (int)h[t * NOUT + NOUT - 1]; k++)
            printf(" %llx", h[t * NOUT + k]);
        printf("\n");
    }
    cudaFree(dv);
    cudaFree(out);
    return 0;
}
