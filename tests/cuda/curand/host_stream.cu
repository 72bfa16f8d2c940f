// host_stream.cu: host API generation in stream order: results written in
// the generator's stream between kernels of that stream, generation in a
// capturing stream (cuRAND's calls cannot be captured), curandGenerateSeeds,
// and a generator moved between streams.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <curand.h>
#include "common.h"

__global__ void fill(unsigned *p, size_t n, unsigned v)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        p[i] = v;
}

__global__ void sum(const unsigned *p, size_t n, unsigned long long *out)
{
    unsigned long long s = 0;
    for (size_t i = threadIdx.x; i < n; i += blockDim.x)
        s += p[i] & 0xffff;
    atomicAdd(out, s);
}

int main()
{
    const size_t N = 1 << 20;
    cudaStream_t a, b;
    CK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
    CK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
    Buf<unsigned> u(N);
    Buf<unsigned long long> s(4);
    curandGenerator_t g;
    curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
    printf("seeds: %d\n", (int)curandGenerateSeeds(g));
    curandSetStream(g, a);
    curandSetPseudoRandomGeneratorSeed(g, 11);
    // fill, generate, sum, fill: the sum sees the generated values.
    for (int r = 0; r < 3; r++) {
        fill<<<64, 256, 0, a>>>(u.d, N, 7);
        printf("generate: %d\n", (int)curandGenerate(g, u.d, N));
        sum<<<1, 256, 0, a>>>(u.d, N, s.d + r);
        fill<<<64, 256, 0, a>>>(u.d, N, 9);
    }
    CK(cudaStreamSynchronize(a));
    unsigned long long *sh = s.get();
    printf("sums in stream order: %llu %llu %llu\n", sh[0], sh[1], sh[2]);

    // Generation cannot be captured: the call fails and the capture is
    // invalidated (what is left of it ends with an error).
    cudaGraph_t graph = NULL;
    curandSetGeneratorOffset(g, 0);
    CK(cudaStreamBeginCapture(b, cudaStreamCaptureModeRelaxed));
    curandSetStream(g, b);
    printf("captured generate: %d\n", (int)curandGenerateUniform(g, (float *)u.d, N));
    cudaError_t e = cudaGetLastError();
    printf("then cudaGetLastError: %s\n", cudaGetErrorName(e));
    e = cudaStreamEndCapture(b, &graph);
    printf("end capture: %s, graph %s\n", cudaGetErrorName(e), graph ? "made" : "none");
    if (graph)
        CK(cudaGraphDestroy(graph));
    printf("then cudaGetLastError: %s\n", cudaGetErrorName(cudaGetLastError()));
    // The failed call did not move the generator on.
    curandGenerateUniform(g, (float *)u.d, N);
    CK(cudaStreamSynchronize(b));
    printf("after the capture: %016llx\n", fnv(u.get(), N * 4));
    curandSetGeneratorOffset(g, N);
    curandGenerateUniform(g, (float *)u.d, N);
    CK(cudaStreamSynchronize(b));
    printf("at offset N: %016llx\n", fnv(u.get(), N * 4));
    curandSetGeneratorOffset(g, 0);
    curandGenerateUniform(g, (float *)u.d, N);
    CK(cudaStreamSynchronize(b));
    printf("at offset 0: %016llx\n", fnv(u.get(), N * 4));
    curandDestroyGenerator(g);

    // XORWOW keeps its threads' states: generation continues across streams.
    curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW);
    curandSetStream(g, a);
    curandGenerateNormal(g, (float *)u.d, 1000, 0, 1);
    curandSetStream(g, b);
    CK(cudaStreamSynchronize(a));
    curandGenerate(g, u.d, 10000);
    unsigned *uh = u.get();
    printf("xorwow after a stream change: %016llx %08x %08x\n", fnv(uh, 40000), uh[0], uh[9999]);
    curandDestroyGenerator(g);
    CK(cudaStreamDestroy(a));
    CK(cudaStreamDestroy(b));
    return 0;
}
