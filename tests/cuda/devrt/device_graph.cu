// Device graph launch: a graph instantiated with
// cudaGraphInstantiateFlagDeviceLaunch and uploaded is launched by a
// kernel of another graph into cudaStreamGraphTailLaunch (after the
// launching work is complete) or cudaStreamGraphFireAndForget (at once;
// the launching graph completes after it).  What cudaGraphLaunch in a
// kernel returns when those rules are broken, and what instantiation
// refuses for device launch.
#include <cstdio>

__device__ int seq;

// Appends v to the log in execution order.
__global__ void work(int *log, int v)
{
    int i = atomicAdd(&seq, 1);
    log[i] = v;
}

__global__ void launcher(cudaGraphExec_t tail, cudaGraphExec_t ff, int *log, int *codes)
{
    codes[0] = tail ? cudaGraphLaunch(tail, cudaStreamGraphTailLaunch) : -1;
    codes[1] = ff ? cudaGraphLaunch(ff, cudaStreamGraphFireAndForget) : -1;
    int i = atomicAdd(&seq, 1);
    log[i] = 1;
}

// Launches x into stream `which` and keeps the code.
__global__ void try_launch(cudaGraphExec_t x, int which, int *code)
{
    cudaStream_t s = which == 0   ? cudaStreamGraphFireAndForget
                     : which == 1 ? (cudaStream_t)0
                     : which == 2 ? cudaStreamTailLaunch
                                  : cudaStreamGraphTailLaunch;
    *code = cudaGraphLaunch(x, s);
}

static cudaGraph_t one_kernel(void (*k)(int *, int), int *log, int v)
{
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaKernelNodeParams p = {};
    void *args[] = {&log, &v};
    p.func = (void *)k;
    p.gridDim = dim3(1);
    p.blockDim = dim3(1);
    p.kernelParams = args;
    cudaGraphNode_t n;
    cudaGraphAddKernelNode(&n, g, 0, 0, &p);
    return g;
}

// A graph of one launcher or try_launch node, instantiated with flags.
template <class... A>
static cudaGraphExec_t launch_graph(void (*k)(A...), unsigned long long flags, A... a)
{
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaKernelNodeParams p = {};
    void *args[] = {&a...};
    p.func = (void *)k;
    p.gridDim = dim3(1);
    p.blockDim = dim3(1);
    p.kernelParams = args;
    cudaGraphNode_t n;
    cudaGraphAddKernelNode(&n, g, 0, 0, &p);
    cudaGraphExec_t x = 0;
    cudaError_t e = cudaGraphInstantiateWithFlags(&x, g, flags);
    if (e != cudaSuccess) {
        printf("instantiate launcher: %s\n", cudaGetErrorName(e));
        x = 0;
    }
    cudaGraphDestroy(g);
    return x;
}

// Launches x (if it was made) in st and waits.
static cudaError_t run(cudaGraphExec_t x, cudaStream_t st)
{
    if (!x)
        return cudaErrorInvalidValue;
    cudaGraphLaunch(x, st);
    return cudaStreamSynchronize(st);
}

int main()
{
    setvbuf(stdout, 0, _IONBF, 0); // every line out, should a call crash
    int *log, *codes;
    cudaMallocManaged(&log, 64 * sizeof(int));
    cudaMallocManaged(&codes, 16 * sizeof(int));
    cudaStream_t st;
    cudaStreamCreate(&st);

    cudaGraph_t gt = one_kernel(work, log, 2), gf = one_kernel(work, log, 3);
    cudaGraphExec_t xt = 0, xf = 0, plain = 0, unuploaded = 0;
    printf("instantiate for device launch: %s",
           cudaGetErrorName(cudaGraphInstantiateWithFlags(&xt, gt, cudaGraphInstantiateFlagDeviceLaunch)));
    printf(" %s", cudaGetErrorName(cudaGraphInstantiateWithFlags(
                      &xf, gf, cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagUpload)));
    printf(" %s\n", cudaGetErrorName(cudaGraphInstantiateWithFlags(
                        &unuploaded, gt, cudaGraphInstantiateFlagDeviceLaunch)));
    cudaGraphInstantiateWithFlags(&plain, gt, 0);
    printf("upload: %s\n", cudaGetErrorName(cudaGraphUpload(xt, st)));

    // Tail and fire-and-forget graphs from a graph's kernel.
    cudaGraphExec_t l = launch_graph(launcher, 0, xt, xf, log, codes);
    printf("launching graph: %s\n", cudaGetErrorName(run(l, st)));
    printf("codes %s %s; log:", cudaGetErrorName((cudaError_t)codes[0]),
           cudaGetErrorName((cudaError_t)codes[1]));
    int n;
    cudaMemcpyFromSymbol(&n, seq, sizeof n);
    // The fire-and-forget graph (3) may run before or after the
    // launcher's own write (1); the tail graph (2) runs last.
    int last = n > 0 ? log[n - 1] : -1;
    int ones = 0, threes = 0;
    for (int i = 0; i < n; i++) {
        ones += log[i] == 1;
        threes += log[i] == 3;
    }
    printf(" %d entries, one 1 %d, one 3 %d, last %d\n", n, ones == 1, threes == 1, last);

    // The same from a launcher graph instantiated for device launch.
    int zero = 0;
    cudaMemcpyToSymbol(seq, &zero, sizeof zero);
    cudaGraphExec_t ld = launch_graph(launcher, cudaGraphInstantiateFlagDeviceLaunch, xt, xf, log, codes);
    printf("device launching graph: %s, codes %s %s\n", cudaGetErrorName(run(ld, st)), cudaGetErrorName((cudaError_t)codes[0]),
           cudaGetErrorName((cudaError_t)codes[1]));
    cudaMemcpyFromSymbol(&n, seq, sizeof n);
    printf("entries %d, last %d\n", n, n > 0 ? log[n - 1] : -1);

    // Broken rules.
    const char *what[] = {"not for device launch", "not uploaded", "NULL stream",
                          "kernel tail stream"};
    cudaGraphExec_t bad[] = {plain, unuploaded, xt, xt};
    int stream_of[] = {0, 0, 1, 2};
    for (int i = 0; i < 4; i++) {
        codes[8] = -1;
        cudaGraphExec_t t = launch_graph(try_launch, 0, bad[i], stream_of[i], codes + 8);
        cudaError_t e = run(t, st);
        printf("%-22s %s (sync %s)\n", what[i], cudaGetErrorName((cudaError_t)codes[8]),
               cudaGetErrorName(e));
        if (t)
            cudaGraphExecDestroy(t);
    }
    // From a kernel outside any graph.
    codes[8] = -1;
    try_launch<<<1, 1, 0, st>>>(xt, 3, codes + 8);
    cudaError_t e = cudaStreamSynchronize(st);
    printf("%-22s %s (sync %s)\n", "not from a graph", cudaGetErrorName((cudaError_t)codes[8]),
           cudaGetErrorName(e));

    // Instantiation for device launch refuses auto-free and host nodes.
    cudaGraphExec_t x;
    printf("device launch + auto free: %s\n",
           cudaGetErrorName(cudaGraphInstantiateWithFlags(
               &x, gt, cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagAutoFreeOnLaunch)));
    cudaGetLastError();
    cudaGraph_t gh;
    cudaGraphCreate(&gh, 0);
    cudaHostNodeParams hp = {};
    hp.fn = [](void *) {};
    cudaGraphNode_t hn;
    cudaGraphAddHostNode(&hn, gh, 0, 0, &hp);
    printf("device launch of a host node: %s\n",
           cudaGetErrorName(cudaGraphInstantiateWithFlags(&x, gh, cudaGraphInstantiateFlagDeviceLaunch)));
    printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
