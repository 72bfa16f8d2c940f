// constants.cu: math_constants.h, read in a kernel, as bit patterns.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>
#include <cstring>
#include <math_constants.h>

#define FC(X) \
    X(CUDART_INF_F) X(CUDART_NAN_F) X(CUDART_MIN_DENORM_F) X(CUDART_MAX_NORMAL_F) X(CUDART_NEG_ZERO_F) \
    X(CUDART_ZERO_F) X(CUDART_ONE_F) X(CUDART_SQRT_HALF_F) X(CUDART_SQRT_HALF_HI_F) X(CUDART_SQRT_HALF_LO_F) \
    X(CUDART_SQRT_TWO_F) X(CUDART_THIRD_F) X(CUDART_PIO4_F) X(CUDART_PIO2_F) X(CUDART_3PIO4_F) \
    X(CUDART_2_OVER_PI_F) X(CUDART_SQRT_2_OVER_PI_F) X(CUDART_PI_F) X(CUDART_L2E_F) X(CUDART_L2T_F) \
    X(CUDART_LG2_F) X(CUDART_LGE_F) X(CUDART_LN2_F) X(CUDART_LNT_F) X(CUDART_LNPI_F) \
    X(CUDART_TWO_TO_M126_F) X(CUDART_TWO_TO_126_F) X(CUDART_NORM_HUGE_F) X(CUDART_TWO_TO_23_F) \
    X(CUDART_TWO_TO_24_F) X(CUDART_TWO_TO_31_F) X(CUDART_TWO_TO_32_F) X(CUDART_TRIG_PLOSS_F)
#define DC(X) \
    X(CUDART_INF) X(CUDART_NAN) X(CUDART_NEG_ZERO) X(CUDART_MIN_DENORM) X(CUDART_ZERO) X(CUDART_ONE) \
    X(CUDART_SQRT_TWO) X(CUDART_SQRT_HALF) X(CUDART_THIRD) X(CUDART_TWOTHIRD) X(CUDART_PIO4) \
    X(CUDART_PIO4_HI) X(CUDART_PIO4_LO) X(CUDART_PIO2) X(CUDART_PIO2_HI) X(CUDART_PIO2_LO) X(CUDART_3PIO4) \
    X(CUDART_2_OVER_PI) X(CUDART_PI) X(CUDART_PI_HI) X(CUDART_PI_LO) X(CUDART_SQRT_2PI) \
    X(CUDART_SQRT_PIO2) X(CUDART_SQRT_2OPI) X(CUDART_L2E) X(CUDART_L2E_HI) X(CUDART_L2E_LO) X(CUDART_L2T) \
    X(CUDART_LG2) X(CUDART_LGE) X(CUDART_LN2) X(CUDART_LN2_HI) X(CUDART_LN2_LO) X(CUDART_LNT) X(CUDART_LNPI) \
    X(CUDART_TWO_TO_M1022) X(CUDART_TWO_TO_53) X(CUDART_TWO_TO_54) \
    X(CUDART_TRIG_PLOSS) X(CUDART_DBL2INT_CVT) X(CUDART_LG2_HI) X(CUDART_LG2_LO) \
    X(CUDART_LGE_HI) X(CUDART_LGE_LO) X(CUDART_LNT_HI) X(CUDART_LNT_LO) X(CUDART_SQRT_2PI_HI) X(CUDART_SQRT_2PI_LO) \
    X(CUDART_SQRT_HALF_HI) X(CUDART_SQRT_HALF_LO) X(CUDART_SQRT_PIO2_HI) X(CUDART_SQRT_PIO2_LO) X(CUDART_LG2_X_1024) \
    X(CUDART_LG2_X_1075) X(CUDART_LN2_X_1024) X(CUDART_LN2_X_1025) X(CUDART_LN2_X_1075) X(CUDART_TWO_TO_23) \
    X(CUDART_TWO_TO_52) X(CUDART_TWO_TO_M54)

#define COUNT(n) +1
enum { NFC = 0 FC(COUNT), NDC = 0 DC(COUNT) };
#define STR(n) #n,
static const char *fnames[] = {FC(STR)};
static const char *dnames[] = {DC(STR)};

__global__ void read(float *f, double *d, int *i)
{
    int k = 0;
#define SETF(n) f[k++] = n;
    FC(SETF)
    k = 0;
#define SETD(n) d[k++] = n;
    DC(SETD)
    i[0] = CUDART_REMQUO_BITS_F;
    i[1] = CUDART_REMQUO_MASK_F;
    i[2] = 0;
    i[3] = 0;
}

int main()
{
    float *df, f[NFC];
    double *dd, d[NDC];
    int *di, i[4];
    cudaMalloc(&df, sizeof f);
    cudaMalloc(&dd, sizeof d);
    cudaMalloc(&di, sizeof i);
    read<<<1, 1>>>(df, dd, di);
    cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost);
    cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);
    cudaMemcpy(i, di, sizeof i, cudaMemcpyDeviceToHost);
    for (int k = 0; k < NFC; k++) {
        unsigned int u;
        memcpy(&u, &f[k], 4);
        printf("%s %08x\n", fnames[k], u);
    }
    for (int k = 0; k < NDC; k++) {
        unsigned long long u;
        memcpy(&u, &d[k], 8);
        printf("%s %016llx\n", dnames[k], u);
    }
    printf("remquo %d %d %d %d\n", i[0], i[1], i[2], i[3]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
