// rebind_async.cu: a texture reference rebound and unbound right after
// asynchronous launches, before the device is synchronized (as Rodinia's
// hybridsort does): each kernel reads the binding it was launched with.
// Texture references are gone from nvcc 13: the expected output is what
// the texture-object twin (../texture/twin_rebind_async.cu) printed on a GPU.
#include <cstdio>

texture<float, 1, cudaReadModeElementType> tf;

__global__ void gather(float *out, int n)
{
    // Enough work that the host runs ahead of the kernel.
    float s = 0.0f;
    for (int r = 0; r < 64; r++)
        for (int k = 0; k < n; k++)
            s += tex1Dfetch(tf, (k + threadIdx.x + r) % n);
    out[threadIdx.x] = s + tex1Dfetch(tf, threadIdx.x);
}

int main()
{
    const int N = 256, ROUNDS = 4;
    float host[N], *buf[ROUNDS], *out[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        for (int k = 0; k < N; k++)
            host[k] = (float)(k % 17) * 0.25f + (float)r * 100.0f;
        cudaMalloc(&buf[r], N * sizeof(float));
        cudaMalloc(&out[r], N * sizeof(float));
        cudaMemcpy(buf[r], host, N * sizeof(float), cudaMemcpyHostToDevice);
    }
    for (int r = 0; r < ROUNDS; r++) {
        cudaError_t e = cudaBindTexture(0, tf, buf[r], N * sizeof(float));
        if (e != cudaSuccess)
            printf("bind %d: %s\n", r, cudaGetErrorName(e));
        gather<<<1, N>>>(out[r], N);
        if (r == ROUNDS - 1)
            printf("unbind: %s\n", cudaGetErrorName(cudaUnbindTexture(tf)));
    }
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int r = 0; r < ROUNDS; r++) {
        cudaMemcpy(host, out[r], N * sizeof(float), cudaMemcpyDeviceToHost);
        double sum = 0.0;
        for (int k = 0; k < N; k++)
            sum += host[k];
        printf("round %d: %.2f %.2f %.2f\n", r, sum, host[0], host[N - 1]);
    }
    return 0;
}
