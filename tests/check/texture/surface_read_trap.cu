// A surface read below the first row in cudaBoundaryModeTrap: reported
// with kernel, block, thread and the coordinates, and the grid fails.
#include <cstdio>

__global__ void reader(cudaSurfaceObject_t s, float *out)
{
    out[threadIdx.x] = surf2Dread<float>(s, threadIdx.x * 4, (int)threadIdx.x - 5,
                                         cudaBoundaryModeTrap);
}

int main()
{
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    cudaMallocArray(&a, &d, 8, 8, cudaArraySurfaceLoadStore);
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaSurfaceObject_t s;
    cudaCreateSurfaceObject(&s, &rd);
    float *out;
    cudaMalloc(&out, 64);
    reader<<<1, 4>>>(s, out);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
