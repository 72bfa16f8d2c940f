// Conditional graph nodes (CUDA 12.3+): IF, IF/ELSE, WHILE, SWITCH, the
// default value assigned at each launch, a conditional nested in a body,
// cudaGraphAddNode of other node types, capture into a body graph and a
// captured conditional node, and errors for misuse.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x)                                                              \
    do {                                                                      \
        cudaError_t e_ = (x);                                                 \
        if (e_ != cudaSuccess) {                                              \
            printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorName(e_)); \
            return 1;                                                         \
        }                                                                     \
    } while (0)

// Sets the handle to the value at v.
__global__ void setFrom(const int *v, cudaGraphConditionalHandle h)
{
    cudaGraphSetConditional(h, (unsigned)*v);
}

// Adds x to the slot.
__global__ void add(int *slot, int x) { *slot += x; }

// A loop body: counts an iteration, keeps going while the counter lasts.
__global__ void step(int *counter, int *iters, cudaGraphConditionalHandle h)
{
    ++*iters;
    if (--*counter <= 0)
        cudaGraphSetConditional(h, 0);
}

static int *slots;

static void reset(int n)
{
    cudaMemset(slots, 0, n * sizeof(int));
}

static void show(const char *what, int n)
{
    int h[16];
    cudaMemcpy(h, slots, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("%s:", what);
    for (int i = 0; i < n; i++)
        printf(" %d", h[i]);
    printf("\n");
}

static cudaGraphNodeParams kernelParams(void *func, void **args)
{
    cudaGraphNodeParams p = {cudaGraphNodeTypeKernel};
    p.kernel.func = func;
    p.kernel.gridDim = dim3(1);
    p.kernel.blockDim = dim3(1);
    p.kernel.kernelParams = args;
    return p;
}

// slots[0]: the selector; a body adds 1 to slots[1 + b] for body b.
static int conditional(cudaGraphConditionalNodeType type, unsigned size, const char *name,
                       int maxValue)
{
    cudaGraph_t g;
    CHECK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    CHECK(cudaGraphConditionalHandleCreate(&h, g));
    int *sel = slots;
    void *setArgs[] = {&sel, &h};
    cudaGraphNodeParams kp = kernelParams((void *)setFrom, setArgs);
    cudaGraphNode_t set, cond;
    CHECK(cudaGraphAddNode(&set, g, NULL, NULL, 0, &kp));
    cudaGraphNodeParams cp = {cudaGraphNodeTypeConditional};
    cp.conditional.handle = h;
    cp.conditional.type = type;
    cp.conditional.size = size;
    CHECK(cudaGraphAddNode(&cond, g, &set, NULL, 1, &cp));
    int *bodySlot[4];
    int one = 1;
    for (unsigned b = 0; b < size; b++) {
        bodySlot[b] = slots + 1 + b;
        void *args[] = {&bodySlot[b], &one};
        cudaGraphNodeParams bp = kernelParams((void *)add, args);
        cudaGraphNode_t n;
        CHECK(cudaGraphAddNode(&n, cp.conditional.phGraph_out[b], NULL, NULL, 0, &bp));
    }
    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    for (int v = 0; v <= maxValue; v++) {
        reset(1 + size);
        CHECK(cudaMemcpy(slots, &v, sizeof v, cudaMemcpyHostToDevice));
        CHECK(cudaGraphLaunch(x, 0));
        CHECK(cudaDeviceSynchronize());
        char what[64];
        snprintf(what, sizeof what, "%s value %d", name, v);
        show(what, 1 + size);
    }
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    return 0;
}

// A counted WHILE loop; the handle's default (1, assigned at each launch)
// starts every launch's loop, so both launches run all iterations.
static int counted_while(void)
{
    cudaGraph_t g;
    CHECK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h;
    CHECK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams cp = {cudaGraphNodeTypeConditional};
    cp.conditional.handle = h;
    cp.conditional.type = cudaGraphCondTypeWhile;
    cp.conditional.size = 1;
    cudaGraphNode_t cond, after;
    CHECK(cudaGraphAddNode(&cond, g, NULL, NULL, 0, &cp));
    int *counter = slots, *iters = slots + 1, *done = slots + 2;
    void *stepArgs[] = {&counter, &iters, &h};
    cudaGraphNodeParams bp = kernelParams((void *)step, stepArgs);
    cudaGraphNode_t n;
    CHECK(cudaGraphAddNode(&n, cp.conditional.phGraph_out[0], NULL, NULL, 0, &bp));
    // Runs after the whole loop: sees the final iteration count.
    int hundred = 100;
    void *addArgs[] = {&done, &hundred};
    cudaGraphNodeParams ap = kernelParams((void *)add, addArgs);
    CHECK(cudaGraphAddNode(&after, g, &cond, NULL, 1, &ap));
    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    for (int launch = 0; launch < 2; launch++) {
        reset(3);
        int c = 5 + launch;
        CHECK(cudaMemcpy(counter, &c, sizeof c, cudaMemcpyHostToDevice));
        CHECK(cudaGraphLaunch(x, 0));
        CHECK(cudaDeviceSynchronize());
        show(launch ? "while, second launch (counter 6)" : "while, first launch (counter 5)", 3);
    }
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    return 0;
}

// IF whose body holds a WHILE loop (its handle made on the body graph).
static int nested(void)
{
    cudaGraph_t g;
    CHECK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle outer;
    CHECK(cudaGraphConditionalHandleCreate(&outer, g));
    int *sel = slots;
    void *setArgs[] = {&sel, &outer};
    cudaGraphNodeParams kp = kernelParams((void *)setFrom, setArgs);
    cudaGraphNode_t set, cond;
    CHECK(cudaGraphAddNode(&set, g, NULL, NULL, 0, &kp));
    cudaGraphNodeParams cp = {cudaGraphNodeTypeConditional};
    cp.conditional.handle = outer;
    cp.conditional.type = cudaGraphCondTypeIf;
    cp.conditional.size = 1;
    CHECK(cudaGraphAddNode(&cond, g, &set, NULL, 1, &cp));
    cudaGraph_t body = cp.conditional.phGraph_out[0];
    cudaGraphConditionalHandle inner;
    CHECK(cudaGraphConditionalHandleCreate(&inner, body, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams wp = {cudaGraphNodeTypeConditional};
    wp.conditional.handle = inner;
    wp.conditional.type = cudaGraphCondTypeWhile;
    wp.conditional.size = 1;
    cudaGraphNode_t loop;
    CHECK(cudaGraphAddNode(&loop, body, NULL, NULL, 0, &wp));
    int *counter = slots + 1, *iters = slots + 2;
    void *stepArgs[] = {&counter, &iters, &inner};
    cudaGraphNodeParams bp = kernelParams((void *)step, stepArgs);
    cudaGraphNode_t n;
    CHECK(cudaGraphAddNode(&n, wp.conditional.phGraph_out[0], NULL, NULL, 0, &bp));
    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    for (int v = 0; v < 2; v++) {
        int init[3] = {v, 4, 0};
        CHECK(cudaMemcpy(slots, init, sizeof init, cudaMemcpyHostToDevice));
        CHECK(cudaGraphLaunch(x, 0));
        CHECK(cudaDeviceSynchronize());
        show(v ? "nested, outer true" : "nested, outer false", 3);
    }
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    return 0;
}

static int hostRuns;
static void hostFn(void *p) { hostRuns += *(int *)p; }

// cudaGraphAddNode of other types, cudaGraphNodeSetParams and
// cudaGraphExecNodeSetParams.
static int other_types(void)
{
    cudaGraph_t g, child;
    CHECK(cudaGraphCreate(&g, 0));
    CHECK(cudaGraphCreate(&child, 0));
    int *a = slots, *b = slots + 4;
    int seven = 7;
    void *childArgs[] = {&b, &seven};
    cudaGraphNodeParams kp = kernelParams((void *)add, childArgs);
    cudaGraphNode_t cn;
    CHECK(cudaGraphAddNode(&cn, child, NULL, NULL, 0, &kp));

    cudaGraphNode_t ms, mc, host, empty, sub, rec;
    cudaGraphNodeParams p = {cudaGraphNodeTypeMemset};
    p.memset.dst = a;
    p.memset.value = 3;
    p.memset.elementSize = 4;
    p.memset.width = 4;
    p.memset.height = 1;
    CHECK(cudaGraphAddNode(&ms, g, NULL, NULL, 0, &p));
    cudaGraphNodeParams q = {cudaGraphNodeTypeMemcpy};
    q.memcpy.copyParams.srcPtr = make_cudaPitchedPtr(a, 4 * sizeof(int), 4, 1);
    q.memcpy.copyParams.dstPtr = make_cudaPitchedPtr(slots + 8, 4 * sizeof(int), 4, 1);
    q.memcpy.copyParams.extent = make_cudaExtent(4 * sizeof(int), 1, 1);
    q.memcpy.copyParams.kind = cudaMemcpyDeviceToDevice;
    CHECK(cudaGraphAddNode(&mc, g, &ms, NULL, 1, &q));
    static int hostArg = 10;
    cudaGraphNodeParams hp = {cudaGraphNodeTypeHost};
    hp.host.fn = hostFn;
    hp.host.userData = &hostArg;
    CHECK(cudaGraphAddNode(&host, g, &mc, NULL, 1, &hp));
    cudaGraphNodeParams ep = {cudaGraphNodeTypeEmpty};
    CHECK(cudaGraphAddNode(&empty, g, &host, NULL, 1, &ep));
    cudaGraphNodeParams gp = {cudaGraphNodeTypeGraph};
    gp.graph.graph = child;
    CHECK(cudaGraphAddNode(&sub, g, &empty, NULL, 1, &gp));
    cudaEvent_t ev;
    CHECK(cudaEventCreate(&ev));
    cudaGraphNodeParams rp = {cudaGraphNodeTypeEventRecord};
    rp.eventRecord.event = ev;
    CHECK(cudaGraphAddNode(&rec, g, &sub, NULL, 1, &rp));
    size_t count = 0;
    CHECK(cudaGraphGetNodes(g, NULL, &count));
    cudaGraphNodeType t;
    CHECK(cudaGraphNodeGetType(sub, &t));
    printf("addnode: %zu nodes, child node type %d\n", count, (int)t);

    // The host node now adds 20 instead of 10.
    static int hostArg2 = 20;
    hp.host.userData = &hostArg2;
    CHECK(cudaGraphNodeSetParams(host, &hp));
    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    reset(12);
    CHECK(cudaGraphLaunch(x, 0));
    CHECK(cudaEventSynchronize(ev));
    CHECK(cudaDeviceSynchronize());
    show("addnode launch 1", 12);
    printf("host runs: %d\n", hostRuns);
    // The exec's memset sets 5 now; the graph's node is unchanged.
    p.memset.value = 5;
    CHECK(cudaGraphExecNodeSetParams(x, ms, &p));
    hp.host.userData = &hostArg;
    CHECK(cudaGraphExecNodeSetParams(x, host, &hp));
    reset(12);
    CHECK(cudaGraphLaunch(x, 0));
    CHECK(cudaDeviceSynchronize());
    show("addnode launch 2", 12);
    printf("host runs: %d\n", hostRuns);

    // Errors.
    cudaGraphNode_t bad;
    printf("AddNode(NULL params): %d\n", (int)cudaGraphAddNode(&bad, g, NULL, NULL, 0, NULL));
    cudaGetLastError();
    printf("NodeSetParams(wrong type): %d\n", (int)cudaGraphNodeSetParams(ms, &hp));
    cudaGetLastError();
    cudaGraphConditionalHandle h;
    CHECK(cudaGraphConditionalHandleCreate(&h, g));
    cudaGraphNodeParams cp = {cudaGraphNodeTypeConditional};
    cp.conditional.handle = h;
    cp.conditional.type = cudaGraphCondTypeIf;
    cp.conditional.size = 3;
    printf("AddNode(IF of size 3): %d\n", (int)cudaGraphAddNode(&bad, g, NULL, NULL, 0, &cp));
    cudaGetLastError();
    cp.conditional.type = cudaGraphCondTypeWhile;
    cp.conditional.size = 2;
    printf("AddNode(WHILE of size 2): %d\n", (int)cudaGraphAddNode(&bad, g, NULL, NULL, 0, &cp));
    cudaGetLastError();
    CHECK(cudaGraphGetNodes(g, NULL, &count));
    printf("nodes after errors: %zu\n", count);

    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaEventDestroy(ev));
    CHECK(cudaGraphDestroy(child));
    CHECK(cudaGraphDestroy(g));
    return 0;
}

// A captured conditional node whose body is captured into its graph.
static int captured(void)
{
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    cudaGraph_t g;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    cudaStreamCaptureStatus st;
    const cudaGraphNode_t *deps;
    size_t ndeps;
    CHECK(cudaStreamGetCaptureInfo(s, &st, NULL, &g, &deps, NULL, &ndeps));
    cudaGraphConditionalHandle h;
    CHECK(cudaGraphConditionalHandleCreate(&h, g));
    int *counter = slots, *iters = slots + 1, *total = slots + 2;
    setFrom<<<1, 1, 0, s>>>(counter, h);
    CHECK(cudaStreamGetCaptureInfo(s, &st, NULL, &g, &deps, NULL, &ndeps));
    printf("capture: status %d, %zu dependency\n", (int)st, ndeps);
    cudaGraphNodeParams cp = {cudaGraphNodeTypeConditional};
    cp.conditional.handle = h;
    cp.conditional.type = cudaGraphCondTypeWhile;
    cp.conditional.size = 1;
    cudaGraphNode_t cond;
    CHECK(cudaGraphAddNode(&cond, g, deps, NULL, ndeps, &cp));
    CHECK(cudaStreamUpdateCaptureDependencies(s, &cond, NULL, 1,
                                              cudaStreamSetCaptureDependencies));
    add<<<1, 1, 0, s>>>(total, 1000);
    CHECK(cudaStreamEndCapture(s, &g));

    cudaStream_t bs;
    CHECK(cudaStreamCreate(&bs));
    cudaGraph_t body = cp.conditional.phGraph_out[0];
    CHECK(cudaStreamBeginCaptureToGraph(bs, body, NULL, NULL, 0, cudaStreamCaptureModeGlobal));
    add<<<1, 1, 0, bs>>>(total, 1);
    step<<<1, 1, 0, bs>>>(counter, iters, h);
    CHECK(cudaStreamEndCapture(bs, NULL));
    size_t n = 0;
    CHECK(cudaGraphGetNodes(body, NULL, &n));
    printf("captured body: %zu nodes\n", n);

    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    for (int c = 0; c <= 3; c += 3) {
        reset(3);
        CHECK(cudaMemcpy(counter, &c, sizeof c, cudaMemcpyHostToDevice));
        CHECK(cudaGraphLaunch(x, s));
        CHECK(cudaStreamSynchronize(s));
        char what[64];
        snprintf(what, sizeof what, "captured while, counter %d", c);
        show(what, 3);
    }
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaStreamDestroy(bs));
    return 0;
}

int main()
{
    if (cudaMalloc(&slots, 16 * sizeof(int)) != cudaSuccess)
        return 1;
    if (conditional(cudaGraphCondTypeIf, 1, "if", 2) || conditional(cudaGraphCondTypeIf, 2, "if/else", 2) ||
        conditional(cudaGraphCondTypeSwitch, 3, "switch", 4) || counted_while() || nested() ||
        other_types() || captured())
        return 1;
    CHECK(cudaFree(slots));
    printf("done\n");
    return 0;
}
