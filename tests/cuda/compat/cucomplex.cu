// cuComplex.h on both sides: construction, parts, conjugate, the four
// operations, absolute value, fma and the float/double conversions.
#include <cstdio>
#include <cuComplex.h>

__global__ void ops(const cuFloatComplex *a, const cuFloatComplex *b, cuFloatComplex *f,
                    const cuDoubleComplex *da, const cuDoubleComplex *db, cuDoubleComplex *d)
{
    int i = threadIdx.x;
    f[6 * i + 0] = cuCaddf(a[i], b[i]);
    f[6 * i + 1] = cuCsubf(a[i], b[i]);
    f[6 * i + 2] = cuCmulf(a[i], b[i]);
    f[6 * i + 3] = cuCdivf(a[i], b[i]);
    f[6 * i + 4] = make_cuFloatComplex(cuCabsf(a[i]), cuCrealf(cuConjf(b[i])) + cuCimagf(cuConjf(b[i])));
    f[6 * i + 5] = cuCfmaf(a[i], b[i], make_cuComplex(1.0f, -1.0f));
    d[6 * i + 0] = cuCadd(da[i], db[i]);
    d[6 * i + 1] = cuCsub(da[i], db[i]);
    d[6 * i + 2] = cuCmul(da[i], db[i]);
    d[6 * i + 3] = cuCdiv(da[i], db[i]);
    d[6 * i + 4] = make_cuDoubleComplex(cuCabs(da[i]), cuCreal(cuConj(db[i])) + cuCimag(cuConj(db[i])));
    d[6 * i + 5] = cuCfma(da[i], db[i], cuComplexFloatToDouble(cuComplexDoubleToFloat(da[i])));
}

int main()
{
    const int n = 4;
    cuFloatComplex *a, *b, *f;
    cuDoubleComplex *da, *db, *d;
    cudaMallocManaged(&a, n * sizeof *a);
    cudaMallocManaged(&b, n * sizeof *b);
    cudaMallocManaged(&f, 6 * n * sizeof *f);
    cudaMallocManaged(&da, n * sizeof *da);
    cudaMallocManaged(&db, n * sizeof *db);
    cudaMallocManaged(&d, 6 * n * sizeof *d);
    const float re[n] = {3.0f, -1.5f, 1e30f, 0.25f}, im[n] = {4.0f, 2.0f, 1e30f, -0.75f};
    for (int i = 0; i < n; i++) {
        a[i] = make_cuFloatComplex(re[i], im[i]);
        b[i] = make_cuFloatComplex(im[i] + 1.0f, re[i] - 2.0f);
        da[i] = cuComplexFloatToDouble(a[i]);
        db[i] = cuComplexFloatToDouble(b[i]);
    }
    ops<<<1, n>>>(a, b, f, da, db, d);
    cudaDeviceSynchronize();
    const char *names[6] = {"add", "sub", "mul", "div", "abs", "fma"};
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 6; k++)
            printf("%d %s f (%.6g, %.6g) d (%.12g, %.12g)\n", i, names[k], cuCrealf(f[6 * i + k]),
                   cuCimagf(f[6 * i + k]), cuCreal(d[6 * i + k]), cuCimag(d[6 * i + k]));
    cuFloatComplex h = cuCdivf(a[0], b[0]);
    printf("host div (%.6g, %.6g) abs %.6g\n", cuCrealf(h), cuCimagf(h), cuCabsf(a[0]));
    return 0;
}
