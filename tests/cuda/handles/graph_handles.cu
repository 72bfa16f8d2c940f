// Graph and executable-graph handles after cudaGraphDestroy and
// cudaGraphExecDestroy: destroying twice, building on, instantiating,
// launching, uploading and updating a destroyed one, and NULL.
#include <cstdio>
#include <cstdlib>

#define E(x) printf("%-62s %s\n", #x, cudaGetErrorName(x))

static void null_handles()
{
    cudaGraphExec_t x;
    cudaGraphNode_t n;
    size_t count = 0;
    E(cudaGraphDestroy(NULL));
    E(cudaGraphExecDestroy(NULL));
    E(cudaGraphAddEmptyNode(&n, NULL, NULL, 0));
    E(cudaGraphGetNodes(NULL, NULL, &count));
    E(cudaGraphInstantiate(&x, NULL, 0));
    E(cudaGraphLaunch(NULL, 0));
    E(cudaGraphUpload(NULL, 0));
    E(cudaGetLastError());
}

static void graph_destroy_twice()
{
    cudaGraph_t g;
    cudaGraphNode_t n;
    E(cudaGraphCreate(&g, 0));
    E(cudaGraphAddEmptyNode(&n, g, NULL, 0));
    E(cudaGraphDestroy(g));
    E(cudaGraphDestroy(g));
    E(cudaGetLastError());
}

static void graph_use_destroyed()
{
    cudaGraph_t g, c;
    cudaGraphExec_t x;
    cudaGraphNode_t n;
    size_t count = 0;
    E(cudaGraphCreate(&g, 0));
    E(cudaGraphDestroy(g));
    E(cudaGraphAddEmptyNode(&n, g, NULL, 0));
    E(cudaGraphGetNodes(g, NULL, &count));
    E(cudaGraphClone(&c, g));
    E(cudaGraphInstantiate(&x, g, 0));
    E(cudaGetLastError());
}

static void exec_destroy_twice()
{
    cudaGraph_t g;
    cudaGraphExec_t x;
    cudaGraphNode_t n;
    E(cudaGraphCreate(&g, 0));
    E(cudaGraphAddEmptyNode(&n, g, NULL, 0));
    E(cudaGraphInstantiate(&x, g, 0));
    E(cudaGraphExecDestroy(x));
    E(cudaGraphExecDestroy(x));
    E(cudaGetLastError());
    E(cudaGraphDestroy(g));
}

static void exec_use_destroyed()
{
    cudaGraph_t g;
    cudaGraphExec_t x;
    cudaGraphNode_t n;
    cudaGraphExecUpdateResultInfo info;
    unsigned long long flags = 0;
    E(cudaGraphCreate(&g, 0));
    E(cudaGraphAddEmptyNode(&n, g, NULL, 0));
    E(cudaGraphInstantiate(&x, g, 0));
    E(cudaGraphExecDestroy(x));
    E(cudaGraphLaunch(x, 0));
    E(cudaGraphUpload(x, 0));
    E(cudaGraphExecUpdate(x, g, &info));
    E(cudaGraphExecGetFlags(x, &flags));
    E(cudaGetLastError());
    E(cudaDeviceSynchronize());
    E(cudaGraphDestroy(g));
}

static void exec_outlives_graph()
{
    // An executable graph is independent of the graph it was made from.
    cudaGraph_t g;
    cudaGraphExec_t x;
    cudaGraphNode_t n;
    E(cudaGraphCreate(&g, 0));
    E(cudaGraphAddEmptyNode(&n, g, NULL, 0));
    E(cudaGraphInstantiate(&x, g, 0));
    E(cudaGraphDestroy(g));
    E(cudaGraphLaunch(x, 0));
    E(cudaStreamSynchronize(0));
    E(cudaGraphExecDestroy(x));
}

static void (*const cases[])() = {null_handles,       graph_destroy_twice, graph_use_destroyed,
                                  exec_destroy_twice, exec_use_destroyed,  exec_outlives_graph};

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    int n = (int)(sizeof cases / sizeof cases[0]);
    if (argc > 1) {
        int i = atoi(argv[1]);
        if (i < 0 || i >= n)
            return 3;
        cases[i]();
        return 0;
    }
    for (int i = 0; i < n; i++) {
        printf("-- case %d\n", i);
        cases[i]();
    }
    return 0;
}
