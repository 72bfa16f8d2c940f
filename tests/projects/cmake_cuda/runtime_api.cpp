// A C++ program (no CUDA language) linking CUDA::cudart, CUDA::cuda_driver
// and CUDA::curand.
#include <cuda.h>
#include <cuda_runtime.h>
#include <curand.h>

#include <cstdio>

int main()
{
    if (cuInit(0) != CUDA_SUCCESS) {
        std::printf("cuInit failed\n");
        return 1;
    }
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices < 1) {
        std::printf("no device\n");
        return 1;
    }
    const size_t n = 4096;
    float *d = nullptr;
    if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
        return 1;
    curandGenerator_t gen;
    if (curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS ||
        curandSetPseudoRandomGeneratorSeed(gen, 1234ULL) != CURAND_STATUS_SUCCESS ||
        curandGenerateUniform(gen, d, n) != CURAND_STATUS_SUCCESS) {
        std::printf("curand failed\n");
        return 1;
    }
    static float h[4096];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(h[i] > 0.0f && h[i] <= 1.0f)) {
            std::printf("uniform[%zu] = %f out of (0,1]\n", i, h[i]);
            return 1;
        }
        sum += h[i];
    }
    curandDestroyGenerator(gen);
    cudaFree(d);
    if (sum / n < 0.45 || sum / n > 0.55) {
        std::printf("mean %f\n", sum / n);
        return 1;
    }
    std::printf("runtime_api ok\n");
    return 0;
}
