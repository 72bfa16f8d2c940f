#include <cstdio>
#include <cstdlib>
#include <cstring>
#if CUDART_VERSION < 13000
#define cudaMemPrefetchAsync cudaMemPrefetchAsync_v2
#define cudaMemAdvise cudaMemAdvise_v2
#endif
#define P(...) printf(__VA_ARGS__)
#include <csetjmp>
#include <csignal>
static sigjmp_buf jb;
static void onsegv(int) { siglongjmp(jb, 1); }
#define E(x) do { if (sigsetjmp(jb, 1)) { printf("%-70s -> SEGV\n", #x); break; } cudaError_t e_ = (x); printf("%-70s -> %d %s\n", #x, (int)e_, cudaGetErrorName(e_)); cudaGetLastError(); } while (0)
__device__ int sym[4];
__constant__ float csym[8];
__global__ void k(int *p) { p[0] = 1; }

int main() {
  setvbuf(stdout, 0, _IONBF, 0); signal(SIGSEGV, onsegv); signal(SIGBUS, onsegv);
  int *d, *d2, *mm, *ph; int h[64] = {0}; int h2[64];
  char *buf = (char*)malloc(4096);
  cudaMalloc(&d, 64); cudaMalloc(&d2, 64); cudaMallocManaged(&mm, 64); cudaMallocHost(&ph, 64);
  unsigned fl = 77;
  E(cudaHostGetFlags(&fl, mm)); P("managed flags %u\n", fl);
  cudaHostRegister(buf, 64, 0); fl = 77; E(cudaHostGetFlags(&fl, buf)); P("reg0 flags %u\n", fl); cudaHostUnregister(buf);
  cudaHostRegister(buf, 64, cudaHostRegisterReadOnly); fl = 77; E(cudaHostGetFlags(&fl, buf)); P("regRO flags %u\n", fl); cudaHostUnregister(buf);
  E(cudaHostRegister(buf + 64, 64, 0));
  E(cudaHostRegister(buf + 32, 64, 0));
  E(cudaHostRegister(buf + 100, 64, 0));
  E(cudaHostRegister(buf, 256, 0));
  E(cudaHostRegister(buf + 128, 64, 0));
  E(cudaHostUnregister(buf + 64));
  E(cudaHostUnregister(buf + 128));
  E(cudaHostUnregister(d));
  E(cudaHostUnregister(mm));
  E(cudaHostUnregister(d + 1));
  { cudaPointerAttributes a; void *ha; cudaHostAlloc(&ha, 64, 0); E(cudaPointerGetAttributes(&a, ha)); P("hostalloc type %d\n", a.type);
    cudaHostRegister(buf, 64, 0); E(cudaPointerGetAttributes(&a, buf + 8)); P("reg interior type %d dev %d dp %d hp %d\n", a.type, a.device, a.devicePointer == buf + 8, a.hostPointer == buf + 8); cudaHostUnregister(buf); }
  void *pp; size_t pitch; cudaMallocPitch(&pp, &pitch, 100, 4);
  E(cudaMemset2D(pp, 50, 0, 100, 2));
  E(cudaMemset2D(pp, 0, 0, 100, 2));
  E(cudaMemset2D(pp, 0, 0, 100, 1));
  E(cudaMemcpy2D(pp, 4, h, 8, 8, 1, cudaMemcpyDefault));
  E(cudaMemcpy2D(pp, 0, h, 8, 8, 2, cudaMemcpyDefault));
  E(cudaMemcpy2D(h, 0, pp, pitch, 8, 1, cudaMemcpyDeviceToHost));
  E(cudaMemcpy2D(pp, 0, h, 8, 8, 1, cudaMemcpyHostToDevice));
  E(cudaMemcpy2D(h, 8, pp, 0, 8, 1, cudaMemcpyDeviceToHost));
  E(cudaMemcpy2D(h, 4, pp, pitch, 8, 1, cudaMemcpyDefault));
  E(cudaMemcpy2D(h, 4, h2, 8, 8, 1, cudaMemcpyHostToHost));
  E(cudaMemcpy2D(h, 0, h2, 8, 8, 1, cudaMemcpyHostToHost));
  E(cudaMemcpy2D(h, 0, h2, 0, 8, 1, cudaMemcpyHostToHost));
  E(cudaMemcpy2D(pp, 0, h, 0, 8, 1, cudaMemcpyHostToDevice));
  E(cudaMemcpy2D(pp, 4, h, 8, 8, 1, cudaMemcpyHostToDevice));
  E(cudaMemcpy2D(h, 8, pp, pitch, 0, 1, (cudaMemcpyKind)9));
  E(cudaMemcpy2D(h, 8, pp, pitch, 2048, 1, cudaMemcpyDeviceToHost));
  E(cudaMemcpy2D(h, 8, pp, 1024, 8, 3, cudaMemcpyDeviceToHost));
  E(cudaMemcpy2D(h, 8, pp, 1024, 8, 2, cudaMemcpyDeviceToHost));
  E(cudaMemcpy(h, d, 128, cudaMemcpyHostToHost));
  E(cudaMemcpy(h, d + 8, 64, cudaMemcpyHostToHost));
  E(cudaMemcpy(h, ph, 128, cudaMemcpyHostToHost));
  E(cudaMemcpy(d, d2, 128, cudaMemcpyHostToDevice));
  E(cudaMemcpy(h, d2 + 8, 64, cudaMemcpyDeviceToHost));
  E(cudaMemcpyPeer(h, 0, d, 0, 64));
  void *bp = (void*)0x1234; E(cudaHostAlloc(&bp, 64, 0x100)); P("bp=%p\n", bp);
  bp = (void*)0x1234; E(cudaMallocPitch(&bp, &pitch, (size_t)1 << 40, (size_t)1 << 20)); P("bp=%p pitch %zu\n", bp, pitch);
  { cudaMemcpy3DParms m; memset(&m, 0, sizeof m); cudaPitchedPtr pd; cudaMalloc3D(&pd, make_cudaExtent(100, 4, 3));
    int hb[2000]; m.srcPtr = make_cudaPitchedPtr(hb, 400, 100, 4); m.dstPtr = pd; m.extent = make_cudaExtent(0, 4, 3); m.kind = (cudaMemcpyKind)9;
    E(cudaMemcpy3D(&m));
    m.extent = make_cudaExtent(100, 4, 1); m.kind = cudaMemcpyHostToDevice; m.srcPtr.ysize = 0; E(cudaMemcpy3D(&m));
    m.srcPtr.ysize = 4; m.srcPtr.pitch = 0; E(cudaMemcpy3D(&m));
    m.srcPtr.pitch = 400; m.srcPtr.ysize = 2; m.extent = make_cudaExtent(100, 4, 2); E(cudaMemcpy3D(&m));
    m.srcPtr.ysize = 4; m.dstPtr.ysize = 2; E(cudaMemcpy3D(&m));
    m.dstPtr.ysize = 4; m.srcPos = make_cudaPos(0, 1, 0); E(cudaMemcpy3D(&m));
    m.srcPos = make_cudaPos(301, 0, 0); E(cudaMemcpy3D(&m));
    m.srcPos = make_cudaPos(0, 0, 0); m.dstPtr.pitch = 50; E(cudaMemcpy3D(&m));
    m.dstPtr.pitch = 512; m.extent = make_cudaExtent(100, 5, 1); m.dstPtr.ysize = 5; m.srcPtr.ysize = 5; E(cudaMemcpy3D(&m));
    m.extent = make_cudaExtent(100, 5, 2); E(cudaMemcpy3D(&m));
    m.dstPtr.ysize = 4; m.srcPtr.ysize = 5; m.extent = make_cudaExtent(100, 5, 1); E(cudaMemcpy3D(&m));
    m.dstPtr.ysize = 5; m.srcPtr.ysize = 4; E(cudaMemcpy3D(&m));
    m.dstPtr.ysize = 4; m.srcPtr.ysize = 4; m.extent = make_cudaExtent(100, 4, 2); m.srcPtr.pitch = 99; E(cudaMemcpy3D(&m));
    m.srcPtr.pitch = 400; m.dstPtr.ptr = d; m.dstPtr.pitch = 64; m.dstPtr.ysize = 1; m.extent = make_cudaExtent(64, 1, 1); E(cudaMemcpy3D(&m));
    m.extent = make_cudaExtent(65, 1, 1); E(cudaMemcpy3D(&m));
    cudaMemcpy3DParms m2; memset(&m2, 0, sizeof m2); m2.extent = make_cudaExtent(4, 1, 1); m2.kind = cudaMemcpyHostToDevice; m2.srcPtr = make_cudaPitchedPtr(hb, 4, 4, 1); m2.dstPtr = make_cudaPitchedPtr(d, 4, 4, 1); m2.dstArray = (cudaArray_t)0x1; E(cudaMemcpy3D(&m2));
    E(cudaMemcpy3DAsync(&m, 0));
  }
  { cudaPitchedPtr pd; cudaMalloc3D(&pd, make_cudaExtent(100, 4, 3)); pd.pitch = 50; E(cudaMemset3D(pd, 0, make_cudaExtent(100, 4, 2)));
    pd.pitch = 512; pd.ysize = 0; E(cudaMemset3D(pd, 0, make_cudaExtent(100, 1, 1))); E(cudaMemset3D(pd, 0, make_cudaExtent(100, 1, 2))); }
  P("done\n");
  return 0;
}
