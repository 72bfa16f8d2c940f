// surface_trap.cu: a surface write out of range in cudaBoundaryModeTrap
// (the default) makes the kernel fail; the error is the context's from
// then on.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include <cstdio>

__global__ void writer(cudaSurfaceObject_t s, int x)
{
    if (threadIdx.x == 3)
        surf2Dwrite(1.0f, s, x, 0);
}

int main()
{
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    cudaMallocArray(&a, &d, 8, 2, cudaArraySurfaceLoadStore);
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaSurfaceObject_t s;
    printf("create: %s\n", cudaGetErrorName(cudaCreateSurfaceObject(&s, &rd)));
    writer<<<1, 8>>>(s, 28);
    printf("in range: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    writer<<<1, 8>>>(s, 32);
    printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("out of range: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    float *p;
    printf("then: %s\n", cudaGetErrorName(cudaMalloc(&p, 4)));
    return 0;
}
