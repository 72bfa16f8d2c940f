// twin_rebind_async.cu: the texture-object twin of
// ../texture_ref/rebind_async.cu (which uses texture references, gone from
// nvcc 13): one texture object per binding, the same lines, so that its
// GPU-recorded output is the reference program's expected output too.
#include <cstdio>
#include <cstring>

__global__ void gather(cudaTextureObject_t tf, float *out, int n)
{
    float s = 0.0f;
    for (int r = 0; r < 64; r++)
        for (int k = 0; k < n; k++)
            s += tex1Dfetch<float>(tf, (k + threadIdx.x + r) % n);
    out[threadIdx.x] = s + tex1Dfetch<float>(tf, threadIdx.x);
}

int main()
{
    const int N = 256, ROUNDS = 4;
    float host[N], *buf[ROUNDS], *out[ROUNDS];
    cudaTextureObject_t t[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        for (int k = 0; k < N; k++)
            host[k] = (float)(k % 17) * 0.25f + (float)r * 100.0f;
        cudaMalloc(&buf[r], N * sizeof(float));
        cudaMalloc(&out[r], N * sizeof(float));
        cudaMemcpy(buf[r], host, N * sizeof(float), cudaMemcpyHostToDevice);
    }
    for (int r = 0; r < ROUNDS; r++) {
        cudaResourceDesc rd;
        memset(&rd, 0, sizeof rd);
        rd.resType = cudaResourceTypeLinear;
        rd.res.linear.devPtr = buf[r];
        rd.res.linear.desc = cudaCreateChannelDesc<float>();
        rd.res.linear.sizeInBytes = N * sizeof(float);
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.readMode = cudaReadModeElementType;
        cudaError_t e = cudaCreateTextureObject(&t[r], &rd, &td, NULL);
        if (e != cudaSuccess)
            printf("bind %d: %s\n", r, cudaGetErrorName(e));
        gather<<<1, N>>>(t[r], out[r], N);
        if (r == ROUNDS - 1)
            printf("unbind: %s\n", cudaGetErrorName(cudaSuccess));
    }
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int r = 0; r < ROUNDS; r++) {
        cudaMemcpy(host, out[r], N * sizeof(float), cudaMemcpyDeviceToHost);
        double sum = 0.0;
        for (int k = 0; k < N; k++)
            sum += host[k];
        printf("round %d: %.2f %.2f %.2f\n", r, sum, host[0], host[N - 1]);
        cudaDestroyTextureObject(t[r]);
    }
    return 0;
}
