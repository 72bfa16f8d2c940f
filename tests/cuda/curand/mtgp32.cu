// mtgp32.cu: the MTGP32 generator with parameter sets of the test's own
// (made as MTGP's are: each table the XOR-combinations of four words, the
// float tempering table from the integer one): curandMakeMTGP32Constants,
// curandMakeMTGP32KernelState, curand over blocks of one, two and three
// dimensions and across many turns of the state's ring, the _specific and
// _single forms, the distributions, and the host seeding functions.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand.h>
#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include "common.h"

const int SETS = 200, K = 12;

static unsigned lcg(unsigned *x)
{
    *x = *x * 1103515245u + 12345u;
    return *x ^ (*x >> 15);
}

// Parameter set i: pos, shifts and the tables' four base words from an LCG.
static void make_params(mtgp32_params_fast_t *p)
{
    unsigned x = 2024;
    for (int i = 0; i < SETS; i++) {
        memset(&p[i], 0, sizeof p[i]);
        p[i].mexp = 11213;
        p[i].pos = 2 + lcg(&x) % 90;
        p[i].sh1 = 1 + lcg(&x) % 31;
        p[i].sh2 = 1 + lcg(&x) % 31;
        unsigned a[4], b[4];
        for (int j = 0; j < 4; j++) {
            a[j] = lcg(&x);
            b[j] = lcg(&x) & 0xfffffe00u;
        }
        for (int j = 0; j < 16; j++) {
            unsigned t = 0, u = 0;
            for (int bit = 0; bit < 4; bit++)
                if (j & (1 << bit)) {
                    t ^= a[bit];
                    u ^= b[bit];
                }
            p[i].tbl[j] = t;
            p[i].tmp_tbl[j] = u;
            p[i].flt_tmp_tbl[j] = (u >> 9) | 0x3f800000u;
        }
        p[i].mask = 0xfff80000u;
    }
}

// Each block draws K rounds from its own state.
__global__ void draw(curandStateMtgp32_t *s, unsigned *out)
{
    int n = blockDim.x * blockDim.y * blockDim.z;
    int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    for (int k = 0; k < K; k++)
        out[(blockIdx.x * K + k) * n + t] = curand(&s[blockIdx.x]);
}

__global__ void specific(curandStateMtgp32_t *s, unsigned *out)
{
    unsigned char i = (unsigned char)(blockDim.x - 1 - threadIdx.x);
    for (int k = 0; k < K; k++)
        out[(blockIdx.x * K + k) * blockDim.x + threadIdx.x] =
            curand_mtgp32_specific(&s[blockIdx.x], i, (unsigned char)blockDim.x);
}

// The single-precision form with one thread a block (with more, cuRAND's
// own implementation lets the threads race on the state).
__global__ void single(curandStateMtgp32_t *s, float *out)
{
    for (int k = 0; k < K; k++)
        out[blockIdx.x * K + k] = curand_mtgp32_single(&s[blockIdx.x]);
    out[gridDim.x * K + blockIdx.x] = curand_mtgp32_single_specific(&s[blockIdx.x], 0, 1);
}

__global__ void dists(curandStateMtgp32_t *s, float *f, double *d, unsigned *u)
{
    int t = threadIdx.x, n = blockDim.x, b = blockIdx.x;
    f[(b * 3 + 0) * n + t] = curand_uniform(&s[b]);
    f[(b * 3 + 1) * n + t] = curand_normal(&s[b]);
    f[(b * 3 + 2) * n + t] = curand_log_normal(&s[b], 0.5f, 1.5f);
    d[(b * 3 + 0) * n + t] = curand_uniform_double(&s[b]);
    d[(b * 3 + 1) * n + t] = curand_normal_double(&s[b]);
    d[(b * 3 + 2) * n + t] = curand_log_normal_double(&s[b], -1.0, 0.25);
    u[b * n + t] = curand_poisson(&s[b], 7.5);
}

static void show_u(const char *name, const unsigned *v, size_t n)
{
    printf("%s: fnv %016llx first %08x %08x last %08x\n", name, fnv(v, n * 4), v[0], v[1], v[n - 1]);
}

int main()
{
    static mtgp32_params_fast_t params[SETS];
    make_params(params);
    mtgp32_kernel_params_t *kp;
    curandStateMtgp32_t *st;
    CK(cudaMalloc(&kp, sizeof *kp));
    CK(cudaMalloc(&st, 8 * sizeof *st));
    printf("sizes %zu %zu %zu\n", sizeof(mtgp32_params_fast_t), sizeof(mtgp32_kernel_params_t),
           sizeof(curandStateMtgp32_t));
    printf("constants %d\n", (int)curandMakeMTGP32Constants(params, kp));

    // Blocks of 256, of 16 x 8 and of 8 x 4 x 8, each with fresh states (the
    // shapes whose slots, as curand numbers them, run without gaps: a gap
    // leaves ring words unwritten that later rounds read).
    dim3 shapes[3] = {dim3(256), dim3(16, 8), dim3(8, 4, 8)};
    for (int sh = 0; sh < 3; sh++) {
        printf("state %d\n", (int)curandMakeMTGP32KernelState(st, params, kp, 8, 1234ull + sh));
        int n = shapes[sh].x * shapes[sh].y * shapes[sh].z;
        Buf<unsigned> out((size_t)8 * K * n);
        draw<<<8, shapes[sh]>>>(st, out.d);
        CK(cudaGetLastError());
        char name[32];
        snprintf(name, sizeof name, "curand %dx%dx%d", shapes[sh].x, shapes[sh].y, shapes[sh].z);
        show_u(name, out.get(), out.n);
        // The states carry on: the blocks' offsets and rings as left.
        curandStateMtgp32_t h;
        CK(cudaMemcpy(&h, &st[3], sizeof h, cudaMemcpyDeviceToHost));
        printf("  state 3: offset %d pIdx %d ring fnv %016llx\n", h.offset, h.pIdx, fnv(h.s, sizeof h.s));
    }

    printf("state %d\n", (int)curandMakeMTGP32KernelState(st, params, kp, 4, 0xfedcba9876543210ull));
    {
        Buf<unsigned> out(4 * K * 64);
        specific<<<4, 64>>>(st, out.d);
        CK(cudaGetLastError());
        show_u("specific", out.get(), out.n);
    }
    {
        Buf<float> out(4 * K + 4);
        single<<<4, 1>>>(st, out.d);
        CK(cudaGetLastError());
        float *v = out.get();
        printf("single: fnv %016llx first %.9g %.9g last %.9g\n", fnv(v, out.n * 4), v[0], v[1], v[out.n - 1]);
    }
    {
        Buf<float> f(4 * 3 * 128);
        Buf<double> d(4 * 3 * 128);
        Buf<unsigned> u(4 * 128);
        dists<<<4, 128>>>(st, f.d, d.d, u.d);
        CK(cudaGetLastError());
        // Uniform values exactly; normals (erfcinvf, erfcinv) rounded: simt's
        // differ from the GPU's in the last bits.
        float *fv = f.get();
        double *dv = d.get();
        printf("uniform floats: fnv %016llx first %.9g\n", fnv(fv, 128 * 4), fv[0]);
        printf("uniform doubles: fnv %016llx first %.17g\n", fnv(dv, 128 * 8), dv[0]);
        double sf[3] = {0, 0, 0}, sd[3] = {0, 0, 0};
        for (int b = 0; b < 4; b++)
            for (int k = 0; k < 3; k++)
                for (int t = 0; t < 128; t++) {
                    sf[k] += fv[(b * 3 + k) * 128 + t];
                    sd[k] += dv[(b * 3 + k) * 128 + t];
                }
        printf("float sums: uniform %.3f normal %.2f lognormal %.1f; normal %.5f lognormal %.5f\n", sf[0], sf[1],
               sf[2], fv[128], fv[256]);
        printf("double sums: uniform %.6f normal %.6f lognormal %.6f; normal %.9f lognormal %.9f\n", sd[0], sd[1],
               sd[2], dv[128], dv[256]);
        unsigned *uv = u.get();
        unsigned long long sum = 0;
        for (size_t i = 0; i < u.n; i++)
            sum += uv[i];
        printf("poisson: fnv %016llx sum %llu\n", fnv(uv, u.n * 4), sum);
    }

    // The host's seeding functions.
    static unsigned ring[MTGP32_STATE_SIZE];
    mtgp32_init_state(ring, &params[5], 77u);
    printf("init_state: %08x %08x %08x fnv %016llx\n", ring[0], ring[1], ring[350], fnv(ring, 351 * 4));
    unsigned words[5] = {0x123u, 0x234u, 0x345u, 0x456u, 0x567u};
    int rc = mtgp32_init_by_array(ring, &params[6], words, 5);
    printf("init_by_array %d: %08x %08x %08x fnv %016llx\n", rc, ring[0], ring[1], ring[350], fnv(ring, 351 * 4));
    unsigned char text[] = "Mersenne Twister for Graphic Processors";
    rc = mtgp32_init_by_str(ring, &params[7], text);
    printf("init_by_str %d: %08x %08x %08x fnv %016llx\n", rc, ring[0], ring[1], ring[350], fnv(ring, 351 * 4));

    cudaFree(st);
    cudaFree(kp);
    return 0;
}
