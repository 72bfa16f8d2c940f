// Tiled matrix multiplication with static shared memory (CUDA guide,
// "Shared Memory"), on sizes that are and are not multiples of the tile.
#include <cstdio>

#define TILE 16

__global__ void MatMul(const float *A, const float *B, float *C, int M, int K, int N)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
        int ak = t * TILE + threadIdx.x, bk = t * TILE + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

static void run(int M, int K, int N)
{
    float *A = new float[M * K], *B = new float[K * N], *C = new float[M * N];
    for (int i = 0; i < M * K; i++)
        A[i] = (float)((i * 7) % 13) - 6.0f;
    for (int i = 0; i < K * N; i++)
        B[i] = (float)((i * 5) % 11) - 5.0f;
    float *dA, *dB, *dC;
    cudaMalloc(&dA, M * K * sizeof(float));
    cudaMalloc(&dB, K * N * sizeof(float));
    cudaMalloc(&dC, M * N * sizeof(float));
    cudaMemcpy(dA, A, M * K * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dB, B, K * N * sizeof(float), cudaMemcpyHostToDevice);
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    MatMul<<<grid, block>>>(dA, dB, dC, M, K, N);
    cudaMemcpy(C, dC, M * N * sizeof(float), cudaMemcpyDeviceToHost);
    int wrong = 0;
    double sum = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float ref = 0;
            for (int k = 0; k < K; k++)
                ref += A[i * K + k] * B[k * N + j];
            if (ref != C[i * N + j])
                wrong++;
            sum += C[i * N + j];
        }
    printf("%dx%d * %dx%d: sum %.1f, C[0] %.1f, C[last] %.1f, %d mismatches\n", M, K, K, N, sum,
           C[0], C[M * N - 1], wrong);
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    delete[] A;
    delete[] B;
    delete[] C;
}

int main()
{
    run(64, 64, 64);
    run(100, 37, 53);
    run(1, 300, 17);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
