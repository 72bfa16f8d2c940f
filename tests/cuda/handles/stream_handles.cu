// Stream handles that name no stream: another object's handle.  Each case
// runs alone with its number as the argument.
//
// Left out: an H100 (CUDA 13, driver 580) crashes (SIGSEGV) on every use
// of a destroyed stream (a second cudaStreamDestroy, synchronizing,
// querying, launching, copying, recording, capturing, allocating); simt
// answers those calls with cudaErrorInvalidResourceHandle.
#include <cstdio>
#include <cstdlib>

#define E(x) printf("%-62s %s\n", #x, cudaGetErrorName(x))

__global__ void k() {}
static void CUDART_CB host_fn(void *) {}

static void event_as_stream()
{
    cudaEvent_t e;
    E(cudaEventCreate(&e));
    cudaStream_t s = (cudaStream_t)e;
    E(cudaStreamSynchronize(s));
    E(cudaStreamQuery(s));
    E(cudaGetLastError());
    E(cudaEventDestroy(e));
}

static void (*const cases[])() = {event_as_stream};

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
