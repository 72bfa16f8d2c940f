// vector_add.cu: the CUDA programming guide's first example, unmodified
// CUDA: build it with `simtcc vector_add.cu -o vector_add` (or with nvcc).
#include <cstdio>
#include <cstdlib>

__global__ void VecAdd(const float *A, const float *B, float *C, int N)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < N)
        C[i] = A[i] + B[i];
}

int main()
{
    const int N = 1 << 20;
    size_t size = N * sizeof(float);
    float *h_A = (float *)malloc(size), *h_B = (float *)malloc(size), *h_C = (float *)malloc(size);
    for (int i = 0; i < N; i++) {
        h_A[i] = i * 0.5f;
        h_B[i] = i * 0.25f;
    }
    float *d_A, *d_B, *d_C;
    cudaMalloc(&d_A, size);
    cudaMalloc(&d_B, size);
    cudaMalloc(&d_C, size);
    cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice);
    cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice);

    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    VecAdd<<<blocksPerGrid, threadsPerBlock>>>(d_A, d_B, d_C, N);
    cudaError_t err = cudaGetLastError();
    cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost);

    int wrong = 0;
    for (int i = 0; i < N; i++)
        if (h_C[i] != i * 0.75f)
            wrong++;
    printf("launch: %s\n", cudaGetErrorString(err));
    printf("%d blocks of %d threads, %d wrong results, C[12345] = %.2f\n", blocksPerGrid,
           threadsPerBlock, wrong, h_C[12345]);
    cudaFree(d_A);
    cudaFree(d_B);
    cudaFree(d_C);
    free(h_A);
    free(h_B);
    free(h_C);
    return wrong != 0;
}
