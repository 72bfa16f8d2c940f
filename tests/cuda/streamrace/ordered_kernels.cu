// The correct twin of tests/check/streams' kernel races: kernels in
// non-blocking streams ordered by an event, a legacy-stream memset the
// host waits for before a non-blocking stream's kernel reads it, a copy
// ordered after a kernel of another stream, a host function between
// streams, a graph whose kernels depend on each other, and a pool's
// block reused by another stream after its free; silent under
// --check=race.
#include <cstdio>

__global__ void produce(int *p, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = i + v;
}

__global__ void twice(const int *p, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = p[i] * 2;
}

__global__ void sum(const int *p, int n, unsigned *out)
{
    unsigned s = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        s += (unsigned)p[i];
    atomicAdd(out, s);
}

static void CUDART_CB note(void *arg)
{
    *(int *)arg += 1;
}

static long long total(const int *d, int n)
{
    int *h = new int[n];
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    delete[] h;
    return s;
}

int main()
{
    const int n = 4096;
    int *p, *q, *r;
    unsigned *acc;
    cudaStream_t a, b, c;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaStreamCreate(&c);
    cudaEvent_t e;
    cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    cudaMalloc(&p, n * sizeof(int));
    cudaMalloc(&q, n * sizeof(int));
    cudaMalloc(&r, n * sizeof(int));
    cudaMalloc(&acc, sizeof(int));

    // kernel, event, kernel in another non-blocking stream
    produce<<<n / 256, 256, 0, a>>>(p, n, 1);
    cudaEventRecord(e, a);
    cudaStreamWaitEvent(b, e, 0);
    twice<<<n / 256, 256, 0, b>>>(p, q, n);
    cudaStreamSynchronize(b);
    printf("event order: %lld\n", total(q, n));

    // a legacy-stream memset the host waits for, then a kernel in a
    // non-blocking stream; then a blocking stream's kernel after the
    // legacy stream's set (implicit order)
    cudaMemset(acc, 0, sizeof(int));
    cudaMemset(r, 0, n * sizeof(int));
    cudaDeviceSynchronize();
    sum<<<1, 256, 0, a>>>(r, n, acc);
    cudaStreamSynchronize(a);
    cudaMemset(r, 1, n * sizeof(int));
    sum<<<1, 256, 0, c>>>(r, n, acc);
    unsigned h = 0;
    cudaMemcpy(&h, acc, sizeof h, cudaMemcpyDeviceToHost);
    printf("set then sum: %u\n", h);

    // a kernel, then a copy of its output in another stream after an event
    produce<<<n / 256, 256, 0, b>>>(p, n, 5);
    cudaEventRecord(e, b);
    cudaStreamWaitEvent(a, e, 0);
    cudaMemcpyAsync(r, p, n * sizeof(int), cudaMemcpyDeviceToDevice, a);
    cudaStreamSynchronize(a);
    printf("copy after event: %lld\n", total(r, n));

    // a host function in a, an event, a kernel in b
    int calls = 0;
    produce<<<n / 256, 256, 0, a>>>(q, n, 2);
    cudaLaunchHostFunc(a, note, &calls);
    cudaEventRecord(e, a);
    cudaStreamWaitEvent(b, e, 0);
    twice<<<n / 256, 256, 0, b>>>(q, p, n);
    cudaDeviceSynchronize();
    printf("after the host function: %lld, calls %d\n", total(p, n), calls);

    // a captured graph: produce, then twice reading it, in two branches
    cudaGraph_t g;
    cudaGraphExec_t ge;
    cudaStreamBeginCapture(a, cudaStreamCaptureModeGlobal);
    produce<<<n / 256, 256, 0, a>>>(p, n, 3);
    cudaEventRecord(e, a);
    cudaStreamWaitEvent(b, e, 0);
    twice<<<n / 256, 256, 0, b>>>(p, q, n);
    cudaEventRecord(e, b);
    cudaStreamWaitEvent(a, e, 0);
    cudaStreamEndCapture(a, &g);
    cudaGraphInstantiate(&ge, g, 0);
    for (int i = 0; i < 3; i++)
        cudaGraphLaunch(ge, c);
    cudaStreamSynchronize(c);
    printf("graph: %lld\n", total(q, n));

    // a pool's block freed in a and allocated again in b
    int *t;
    cudaMallocAsync(&t, n * sizeof(int), a);
    produce<<<n / 256, 256, 0, a>>>(t, n, 4);
    cudaFreeAsync(t, a);
    cudaStreamSynchronize(a);
    cudaMallocAsync(&t, n * sizeof(int), b);
    produce<<<n / 256, 256, 0, b>>>(t, n, 6);
    sum<<<1, 256, 0, b>>>(t, n, acc);
    cudaFreeAsync(t, b);
    cudaMemcpyAsync(&h, acc, sizeof h, cudaMemcpyDeviceToHost, b);
    cudaStreamSynchronize(b);
    printf("pool reuse: %u\n", h);

    cudaGraphExecDestroy(ge);
    cudaGraphDestroy(g);
    cudaFree(p);
    cudaFree(q);
    cudaFree(r);
    cudaFree(acc);
    return 0;
}
