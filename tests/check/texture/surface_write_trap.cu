// A surface write past the end of a row in cudaBoundaryModeTrap (the
// default): reported with kernel, block, thread and the coordinates, and
// the grid fails.
#include <cstdio>

__global__ void writer(cudaSurfaceObject_t s)
{
    if (blockIdx.x == 1 && threadIdx.x == 2)
        surf2Dwrite(7, s, 16 * 4, 1);
}

int main()
{
    cudaChannelFormatDesc d = cudaCreateChannelDesc<int>();
    cudaArray_t a;
    cudaMallocArray(&a, &d, 16, 4, cudaArraySurfaceLoadStore);
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaSurfaceObject_t s;
    cudaCreateSurfaceObject(&s, &rd);
    writer<<<2, 4>>>(s);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
