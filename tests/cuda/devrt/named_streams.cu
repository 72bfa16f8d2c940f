// The device runtime's streams (CUDA guide 5.6.4.8): fire-and-forget
// grids are complete before their parent is (the next kernel in the
// parent's stream sees their writes); the NULL stream of device code
// orders a block's launches; the named streams take no events
// (cudaErrorInvalidValue); device streams must be non-blocking.
#include <cstdio>

__global__ void add(int *p, int v)
{
    atomicAdd(p + threadIdx.x, v);
}

// A grid that doubles what the previous grid of its stream wrote and adds
// its own step: order matters ((x * 2) + k differs for each order).
__global__ void twice_plus(int *p, int k)
{
    p[threadIdx.x] = p[threadIdx.x] * 2 + k;
}

__global__ void fire_and_forget(int *sums)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    // 64 threads each launch one grid fire-and-forget, some of them from
    // a fire-and-forget grid.
    add<<<1, 8, 0, cudaStreamFireAndForget>>>(sums, t + 1);
}

__global__ void nested_ff(int *sums)
{
    add<<<1, 8, 0, cudaStreamFireAndForget>>>(sums + 8, 1);
    fire_and_forget<<<2, 4, 0, cudaStreamFireAndForget>>>(sums + 16);
}

__global__ void check(const int *sums, int *out)
{
    out[threadIdx.x] = sums[threadIdx.x];
}

// Each block's thread 0 runs a chain of four grids in the NULL stream over
// its own row: the chain's order is the block's launch order.  Thread 1
// runs a chain of two in cudaStreamPerThread over another row.
__global__ void chains(int *rows)
{
    if (threadIdx.x == 0) {
        int *row = rows + blockIdx.x * 8;
        for (int k = 1; k <= 4; k++)
            twice_plus<<<1, 8>>>(row, k + blockIdx.x);
    } else if (threadIdx.x == 1) {
        int *row = rows + (16 + blockIdx.x) * 8;
        twice_plus<<<1, 8, 0, cudaStreamPerThread>>>(row, 100);
        twice_plus<<<1, 8, 0, cudaStreamPerThread>>>(row, 200);
    }
}

__global__ void rules(int *codes)
{
    cudaEvent_t e;
    codes[0] = cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    codes[1] = cudaEventRecord(e, cudaStreamTailLaunch);
    codes[2] = cudaEventRecord(e, cudaStreamFireAndForget);
    codes[3] = cudaStreamWaitEvent(cudaStreamTailLaunch, e, 0);
    codes[4] = cudaStreamWaitEvent(cudaStreamFireAndForget, e, 0);
    codes[5] = cudaGetLastError();
    codes[6] = cudaGetLastError();
    cudaStream_t s;
    codes[7] = cudaStreamCreateWithFlags(&s, cudaStreamDefault);
    codes[8] = cudaGetLastError();
    codes[9] = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    // An event recorded in a device stream and waited for by another one.
    cudaStream_t s2;
    cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
    add<<<1, 1, 0, s>>>(codes + 20, 5);
    codes[10] = cudaEventRecord(e, s);
    codes[11] = cudaStreamWaitEvent(s2, e, 0);
    twice_plus<<<1, 1, 0, s2>>>(codes + 20, 1);
    codes[12] = cudaStreamDestroy(s);
    codes[13] = cudaStreamDestroy(s2);
    codes[14] = cudaEventDestroy(e);
    codes[15] = cudaGetLastError();
}

int main()
{
    int *sums, *out, *rows, *codes;
    cudaMalloc(&sums, 32 * sizeof(int));
    cudaMalloc(&out, 32 * sizeof(int));
    cudaMallocManaged(&rows, 32 * 8 * sizeof(int));
    cudaMallocManaged(&codes, 32 * sizeof(int));
    cudaMemset(sums, 0, 32 * sizeof(int));
    fire_and_forget<<<2, 32>>>(sums);
    nested_ff<<<1, 1>>>(sums);
    check<<<1, 32>>>(sums, out);
    int h[32];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("fire-and-forget sums seen by the next kernel:");
    for (int i = 0; i < 24; i++)
        printf(" %d", h[i]);
    printf("\n");

    for (int i = 0; i < 32 * 8; i++)
        rows[i] = i % 8;
    chains<<<16, 32>>>(rows);
    printf("chains: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int b = 0; b < 32; b += 5) {
        printf("block %2d row:", b);
        for (int i = 0; i < 8; i++)
            printf(" %d", rows[b * 8 + i]);
        printf("\n");
    }

    for (int i = 0; i < 32; i++)
        codes[i] = -1;
    codes[20] = 1;
    rules<<<1, 1>>>(codes);
    printf("rules: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    const char *what[16] = {"event create (timing off)", "record in tail stream",
                            "record in fire-and-forget", "tail stream waits",
                            "fire-and-forget waits", "last error", "last error again",
                            "stream create, blocking", "last error",
                            "stream create, non-blocking", "record in a device stream",
                            "another device stream waits", "stream destroy", "stream destroy",
                            "event destroy", "last error"};
    for (int i = 0; i < 16; i++)
        printf("%-28s %s\n", what[i], cudaGetErrorName((cudaError_t)codes[i]));
    printf("event order: (1 + 5) * 2 + 1 = %d\n", codes[20]);
    return 0;
}
