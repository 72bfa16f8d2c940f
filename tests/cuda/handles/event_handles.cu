// Event handles that name no event: NULL, and another object's handle.
// Each case runs alone with its number as the argument.
//
// Left out: an H100 (CUDA 13, driver 580) crashes (SIGSEGV) on every use
// of a destroyed event, a second cudaEventDestroy included; simt answers
// those calls with cudaErrorInvalidResourceHandle.
#include <cstdio>
#include <cstdlib>

#define E(x) printf("%-62s %s\n", #x, cudaGetErrorName(x))

__global__ void k() {}

static void null_event()
{
    cudaEvent_t e = NULL;
    float ms = 0;
    E(cudaEventRecord(e, 0));
    E(cudaEventQuery(e));
    E(cudaEventSynchronize(e));
    E(cudaStreamWaitEvent(0, e, 0));
    E(cudaEventElapsedTime(&ms, e, e));
    E(cudaEventDestroy(e));
    E(cudaGetLastError());
}

static void stream_as_event()
{
    cudaStream_t s;
    E(cudaStreamCreate(&s));
    cudaEvent_t e = (cudaEvent_t)s;
    E(cudaEventQuery(e));
    E(cudaEventSynchronize(e));
    E(cudaEventRecord(e, 0));
    E(cudaGetLastError());
    E(cudaStreamDestroy(s));
}

static void (*const cases[])() = {null_event, stream_as_event};

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
