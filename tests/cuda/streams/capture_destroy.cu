// capture_destroy.cu: a stream forked into a capture is destroyed before
// the capture ends (NVIDIA's graphMemoryNodes sample does it): the capture
// goes on, and ends unjoined only if the destroyed stream's work never
// rejoined the origin; with or without more work after the destroy.
#include <cstdio>
__global__ void k(int *p) { p[threadIdx.x] += 1; }
static const char *n(cudaError_t e) { return cudaGetErrorName(e); }
int main()
{
    int *d; cudaMalloc(&d, 128);
    for (int mode = 0; mode < 4; mode++) {
        cudaStream_t s1, s2; cudaEvent_t e1, e2;
        cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
        cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
        cudaEventCreate(&e1); cudaEventCreate(&e2);
        cudaError_t b = cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal);
        k<<<1, 32, 0, s1>>>(d);
        cudaEventRecord(e1, s1);
        cudaStreamWaitEvent(s2, e1, 0);
        k<<<1, 32, 0, s2>>>(d);
        if (mode == 0 || mode == 2) { cudaEventRecord(e2, s2); cudaStreamWaitEvent(s1, e2, 0); }
        cudaError_t x = cudaStreamDestroy(s2);
        cudaError_t ed = cudaEventDestroy(e1);
        cudaStreamCaptureStatus st; cudaError_t q = cudaStreamIsCapturing(s1, &st);
        if (mode >= 2) k<<<1, 32, 0, s1>>>(d);
        cudaGraph_t g = 0; cudaError_t en = cudaStreamEndCapture(s1, &g);
        size_t nn = 0; if (g) cudaGraphGetNodes(g, NULL, &nn);
        cudaGraphExec_t ge; cudaError_t in = g ? cudaGraphInstantiate(&ge, g, 0) : cudaErrorUnknown;
        cudaError_t l = in == cudaSuccess ? cudaGraphLaunch(ge, s1) : cudaErrorUnknown;
        cudaError_t sy = cudaStreamSynchronize(s1);
        printf("mode %d (%s): begin %s destroy %s evdestroy %s capturing %s/%d end %s nodes %zu inst %s launch %s sync %s last %s\n",
               mode, mode == 0 ? "joined" : mode == 1 ? "unjoined" : mode == 2 ? "joined+more" : "unjoined+more",
               n(b), n(x), n(ed), n(q), (int)st, n(en), nn, n(in), n(l), n(sy), n(cudaGetLastError()));
        cudaStreamDestroy(s1);
    }
    return 0;
}
