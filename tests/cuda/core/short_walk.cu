// Short loops of a known trip count whose every step reads the element of
// the thread's column in the next row (Rodinia cfd's neighbours, stored
// one row per neighbour): branches on the value read, per-thread sums
// carried from step to step, a short loop around a long walk.  Every value
// is a small multiple of a power of two, so sums are exact with or without
// fused multiply-adds.
#include <cstdio>

#define NNB 4
#define NVAR 5

__global__ void neighbours(int n, const int *nb, const float *normals, const float *vars, float *flux)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float d_i = vars[i], e_i = vars[i + 4 * n];
    float f_d = 0, f_e = 0, f_m = 0;
#pragma unroll
    for (int j = 0; j < NNB; j++) {
        int k = nb[i + j * n];
        float nx = normals[i + j * n], ny = normals[i + (j + NNB) * n];
        float len = nx * nx + ny * ny;
        if (k >= 0) {
            float d_k = vars[k], e_k = vars[k + 4 * n];
            float factor = -len * 0.125f * (d_i + d_k);
            f_d += factor * (d_i - d_k);
            f_e += factor * (e_i - e_k) + 0.5f * nx * (e_i + e_k);
            f_m += 0.5f * ny * (vars[k + n] + vars[i + n]);
        } else if (k == -1) {
            f_m += nx * e_i;
        } else {
            f_d += 0.5f * ny;
        }
    }
    flux[i] = f_d;
    flux[i + n] = f_m;
    flux[i + 2 * n] = f_e;
}

// Every variable's row set for the thread's element (cfd's initialize).
__global__ void init_vars(int n, float *vars, float base)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int j = 0; j < NVAR; j++)
        vars[i + j * n] = base + (float)((i * 7 + j * 3) % 17) * 0.125f;
}

// A short loop around a walk of the thread's column.
__global__ void passes(int rows, int n, const float *a, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0;
    for (int p = 0; p < 3; p++) {
        for (int r = 0; r < rows; r++)
            acc = acc * 0.5f + a[r * n + i] * (float)(p + 1);
        out[p * n + i] = acc;
    }
}

static double sum(const float *d, size_t count)
{
    float *h = new float[count];
    cudaMemcpy(h, d, count * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (size_t i = 0; i < count; i++)
        s += h[i] * (double)(i % 7 + 1);
    delete[] h;
    return s;
}

int main()
{
    const int n = 1024, rows = 40;
    int *hnb = new int[n * NNB];
    float *hnorm = new float[n * NNB * 2];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < NNB; j++) {
            int r = (i * 5 + j * 11) % 23;
            hnb[i + j * n] = r < 2 ? -1 - r : (i + j * 97 + 1) % n;
            hnorm[i + j * n] = (float)((i + j) % 9 - 4) * 0.25f;
            hnorm[i + (j + NNB) * n] = (float)((i * 3 + j) % 7 - 3) * 0.5f;
        }
    int *nb;
    float *norm, *vars, *flux, *a, *out;
    cudaMalloc(&nb, n * NNB * sizeof(int));
    cudaMalloc(&norm, n * NNB * 2 * sizeof(float));
    cudaMalloc(&vars, n * NVAR * sizeof(float));
    cudaMalloc(&flux, n * 3 * sizeof(float));
    cudaMalloc(&a, rows * n * sizeof(float));
    cudaMalloc(&out, 3 * n * sizeof(float));
    cudaMemcpy(nb, hnb, n * NNB * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(norm, hnorm, n * NNB * 2 * sizeof(float), cudaMemcpyHostToDevice);
    init_vars<<<n / 128, 128>>>(n, vars, 1.0f);
    printf("vars %.4f\n", sum(vars, n * NVAR));
    for (int step = 0; step < 3; step++) {
        neighbours<<<n / 128, 128>>>(n, nb, norm, vars, flux);
        printf("step %d flux %.3f\n", step, sum(flux, n * 3));
        init_vars<<<n / 64, 64>>>(n, vars, 2.0f + (float)step);
    }
    init_vars<<<rows * n / NVAR / 256, 256>>>(rows * n / NVAR, a, 0.5f);
    passes<<<n / 256, 256>>>(rows, n, a, out);
    printf("passes %.3f\n", sum(out, 3 * n));
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
