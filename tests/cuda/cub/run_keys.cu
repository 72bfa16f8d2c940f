// Which key of a run of equal keys CUB writes out: DeviceRunLengthEncode's
// Encode and DeviceReduce::ReduceByKey over floats where -0.0 and +0.0
// (equal under ==) share runs, printed with their sign bits.
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>

#include <cstdio>
#include <cmath>
#include <cstring>

static const char *sign(float f)
{
    unsigned u;
    std::memcpy(&u, &f, sizeof u);
    return (u >> 31) ? "-" : "+";
}

int main()
{
    const int n = 9;
    float h[n] = {1.0f, -0.0f, 0.0f, 0.0f, 2.0f, 0.0f, -0.0f, 3.0f, 3.0f};
    int vals[n] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    float *d_in, *d_unique;
    int *d_counts, *d_runs, *d_vals, *d_aggs;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_unique, sizeof h);
    cudaMalloc(&d_counts, n * sizeof(int));
    cudaMalloc(&d_runs, sizeof(int));
    cudaMalloc(&d_vals, sizeof vals);
    cudaMalloc(&d_aggs, n * sizeof(int));
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(d_vals, vals, sizeof vals, cudaMemcpyHostToDevice);

    size_t bytes = 0;
    cub::DeviceRunLengthEncode::Encode(nullptr, bytes, d_in, d_unique, d_counts, d_runs, n);
    void *t = nullptr;
    cudaMalloc(&t, bytes);
    cudaError_t e = cub::DeviceRunLengthEncode::Encode(t, bytes, d_in, d_unique, d_counts, d_runs, n);
    int runs = 0;
    float u[n];
    int c[n];
    cudaMemcpy(&runs, d_runs, sizeof runs, cudaMemcpyDeviceToHost);
    cudaMemcpy(u, d_unique, sizeof u, cudaMemcpyDeviceToHost);
    cudaMemcpy(c, d_counts, sizeof c, cudaMemcpyDeviceToHost);
    std::printf("Encode: %d, %d runs:", (int)e, runs);
    for (int i = 0; i < runs; i++)
        std::printf(" %s%g x%d", sign(u[i]), std::fabs(u[i]), c[i]);
    std::printf("\n");
    cudaFree(t);

    bytes = 0;
    cub::DeviceReduce::ReduceByKey(nullptr, bytes, d_in, d_unique, d_vals, d_aggs, d_runs, cuda::std::plus<>{}, n);
    cudaMalloc(&t, bytes);
    e = cub::DeviceReduce::ReduceByKey(t, bytes, d_in, d_unique, d_vals, d_aggs, d_runs, cuda::std::plus<>{}, n);
    cudaMemcpy(&runs, d_runs, sizeof runs, cudaMemcpyDeviceToHost);
    cudaMemcpy(u, d_unique, sizeof u, cudaMemcpyDeviceToHost);
    cudaMemcpy(c, d_aggs, sizeof c, cudaMemcpyDeviceToHost);
    std::printf("ReduceByKey: %d, %d runs:", (int)e, runs);
    for (int i = 0; i < runs; i++)
        std::printf(" %s%g sum %d", sign(u[i]), std::fabs(u[i]), c[i]);
    std::printf("\n");
    cudaFree(t);
    return 0;
}
