// integer_intrinsics.cu: the CUDA Math API's integer and SIMD intrinsics,
// min/max overloads, over fixed arguments.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>

#define OPS(X) \
    X(popc, __popc(a)) X(popcll, __popcll(w)) X(clz, __clz(a)) X(clzll, __clzll(w)) \
    X(ffs, __ffs(a)) X(ffsll, __ffsll(w)) X(brev, __brev(a)) X(brevll_hi, (unsigned)(__brevll(w) >> 32)) \
    X(byte_perm, __byte_perm(a, b, c)) X(mul24, __mul24(a, b)) X(umul24, __umul24(a, b)) \
    X(mulhi, __mulhi(a, b)) X(umulhi, __umulhi(a, b)) X(mul64hi, (unsigned)__mul64hi(w, v)) \
    X(umul64hi, (unsigned)(__umul64hi(w, v) >> 7)) X(sad, __sad(a, b, c)) X(usad, __usad(a, b, c)) \
    X(hadd, __hadd(a, b)) X(rhadd, __rhadd(a, b)) X(uhadd, __uhadd(a, b)) X(urhadd, __urhadd(a, b)) \
    X(fsl, __funnelshift_l(a, b, c)) X(fslc, __funnelshift_lc(a, b, c)) X(fsr, __funnelshift_r(a, b, c)) \
    X(fsrc, __funnelshift_rc(a, b, c)) X(min_i, min((int)a, (int)b)) X(max_i, max((int)a, (int)b)) \
    X(min_u, min(a, b)) X(max_u, max(a, b)) X(min_iu, min((int)a, b)) X(max_ll, (unsigned)max((long long)w, (long long)v)) \
    X(min_ull, (unsigned)(min(w, v) >> 3)) X(umin, umin(a, b)) X(llmax, (unsigned)llmax((long long)w, (long long)v)) \
    X(vabs2, __vabs2(a)) X(vabs4, __vabs4(a)) X(vabsss2, __vabsss2(a)) X(vabsss4, __vabsss4(a)) \
    X(vabsdiffs2, __vabsdiffs2(a, b)) X(vabsdiffs4, __vabsdiffs4(a, b)) X(vabsdiffu2, __vabsdiffu2(a, b)) \
    X(vabsdiffu4, __vabsdiffu4(a, b)) X(vadd2, __vadd2(a, b)) X(vadd4, __vadd4(a, b)) \
    X(vaddss2, __vaddss2(a, b)) X(vaddss4, __vaddss4(a, b)) X(vaddus2, __vaddus2(a, b)) X(vaddus4, __vaddus4(a, b)) \
    X(vavgs2, __vavgs2(a, b)) X(vavgs4, __vavgs4(a, b)) X(vavgu2, __vavgu2(a, b)) X(vavgu4, __vavgu4(a, b)) \
    X(vhaddu2, __vhaddu2(a, b)) X(vhaddu4, __vhaddu4(a, b)) X(vcmpeq2, __vcmpeq2(a, b)) X(vcmpeq4, __vcmpeq4(a, b)) \
    X(vcmpges2, __vcmpges2(a, b)) X(vcmpges4, __vcmpges4(a, b)) X(vcmpgeu2, __vcmpgeu2(a, b)) X(vcmpgeu4, __vcmpgeu4(a, b)) \
    X(vcmpgts2, __vcmpgts2(a, b)) X(vcmpgts4, __vcmpgts4(a, b)) X(vcmpgtu2, __vcmpgtu2(a, b)) X(vcmpgtu4, __vcmpgtu4(a, b)) \
    X(vcmples2, __vcmples2(a, b)) X(vcmples4, __vcmples4(a, b)) X(vcmpleu2, __vcmpleu2(a, b)) X(vcmpleu4, __vcmpleu4(a, b)) \
    X(vcmplts2, __vcmplts2(a, b)) X(vcmplts4, __vcmplts4(a, b)) X(vcmpltu2, __vcmpltu2(a, b)) X(vcmpltu4, __vcmpltu4(a, b)) \
    X(vcmpne2, __vcmpne2(a, b)) X(vcmpne4, __vcmpne4(a, b)) X(vmaxs2, __vmaxs2(a, b)) X(vmaxs4, __vmaxs4(a, b)) \
    X(vmaxu2, __vmaxu2(a, b)) X(vmaxu4, __vmaxu4(a, b)) X(vmins2, __vmins2(a, b)) X(vmins4, __vmins4(a, b)) \
    X(vminu2, __vminu2(a, b)) X(vminu4, __vminu4(a, b)) X(vneg2, __vneg2(a)) X(vneg4, __vneg4(a)) \
    X(vnegss2, __vnegss2(a)) X(vnegss4, __vnegss4(a)) X(vsads2, __vsads2(a, b)) X(vsads4, __vsads4(a, b)) \
    X(vsadu2, __vsadu2(a, b)) X(vsadu4, __vsadu4(a, b)) X(vseteq2, __vseteq2(a, b)) X(vseteq4, __vseteq4(a, b)) \
    X(vsetges2, __vsetges2(a, b)) X(vsetges4, __vsetges4(a, b)) X(vsetgeu2, __vsetgeu2(a, b)) X(vsetgeu4, __vsetgeu4(a, b)) \
    X(vsetgts2, __vsetgts2(a, b)) X(vsetgts4, __vsetgts4(a, b)) X(vsetgtu2, __vsetgtu2(a, b)) X(vsetgtu4, __vsetgtu4(a, b)) \
    X(vsetles2, __vsetles2(a, b)) X(vsetles4, __vsetles4(a, b)) X(vsetleu2, __vsetleu2(a, b)) X(vsetleu4, __vsetleu4(a, b)) \
    X(vsetlts2, __vsetlts2(a, b)) X(vsetlts4, __vsetlts4(a, b)) X(vsetltu2, __vsetltu2(a, b)) X(vsetltu4, __vsetltu4(a, b)) \
    X(vsetne2, __vsetne2(a, b)) X(vsetne4, __vsetne4(a, b)) X(vsub2, __vsub2(a, b)) X(vsub4, __vsub4(a, b)) \
    X(vsubss2, __vsubss2(a, b)) X(vsubss4, __vsubss4(a, b)) X(vsubus2, __vsubus2(a, b)) X(vsubus4, __vsubus4(a, b)) \
    X(vimax3_s32, __vimax3_s32(a, b, c)) X(vimin3_u32, __vimin3_u32(a, b, c)) X(viaddmax_s32, __viaddmax_s32(a, b, c)) \
    X(viaddmin_u32, __viaddmin_u32(a, b, c)) X(vimax_s32_relu, __vimax_s32_relu(a, b)) X(vimax3_s16x2, __vimax3_s16x2(a, b, c)) \
    X(vimin3_u16x2, __vimin3_u16x2(a, b, c)) X(viaddmax_s16x2_relu, __viaddmax_s16x2_relu(a, b, c)) \
    X(viaddmin_u16x2, __viaddmin_u16x2(a, b, c)) X(vimax_s16x2_relu, __vimax_s16x2_relu(a, b))

#define ENUM(n, e) E_##n,
enum { OPS(ENUM) N_OPS };
#define NAME(n, e) #n,
static const char *names[] = {OPS(NAME)};

__global__ void run(int op, const unsigned int *in, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int a = in[i], b = in[(i * 7 + 3) % n], c = in[(i * 13 + 5) % n];
    unsigned long long w = ((unsigned long long)a << 32) | b, v = ((unsigned long long)c << 29) ^ a;
    unsigned int r = 0;
    switch (op) {
#define CASE(n, e) case E_##n: r = (unsigned int)(e); break;
        OPS(CASE)
#undef CASE
    }
    out[i] = r;
}

int main()
{
    enum { N = 64 };
    unsigned int in[N] = {0u, 1u, 2u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x00ff00ffu, 0xff00ff00u,
                          0x80008000u, 0x7fff7fffu, 0x80808080u, 0x7f7f7f7fu, 0x01234567u, 0x89abcdefu,
                          31u, 32u, 33u, 0x00800000u, 0xff800000u, 0x00ffffffu};
    unsigned int s = 2463534242u;
    for (int i = 20; i < N; i++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        in[i] = (i % 3 == 0) ? (s & 0x3f) : s;
    }
    unsigned int *d_in, *d_out, out[N];
    cudaMalloc(&d_in, sizeof in);
    cudaMalloc(&d_out, sizeof out);
    cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
    for (int op = 0; op < N_OPS; op++) {
        run<<<1, N>>>(op, d_in, d_out, N);
        cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
        printf("%s:", names[op]);
        for (int i = 0; i < N; i++)
            printf(" %x", out[i]);
        printf("\n");
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
