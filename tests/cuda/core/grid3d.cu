// 3-D grids of 3-D blocks: every thread computes its global coordinates
// and writes a value that encodes them.
#include <cstdio>

__global__ void coords(unsigned *out, int X, int Y, int Z)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < X && y < Y && z < Z)
        out[(z * Y + y) * X + x] = (unsigned)(x * 1000000 + y * 1000 + z) ^
                                   (gridDim.x * 7 + gridDim.y * 11 + gridDim.z * 13) ^
                                   (blockDim.x * 17 + blockDim.y * 19 + blockDim.z * 23);
}

int main()
{
    const int X = 37, Y = 19, Z = 11;
    unsigned *d, *h = new unsigned[X * Y * Z];
    cudaMalloc(&d, X * Y * Z * sizeof(unsigned));
    cudaMemset(d, 0xff, X * Y * Z * sizeof(unsigned));
    dim3 block(8, 4, 2);
    dim3 grid((X + 7) / 8, (Y + 3) / 4, (Z + 1) / 2);
    coords<<<grid, block>>>(d, X, Y, Z);
    cudaMemcpy(h, d, X * Y * Z * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned long long sum = 0;
    int unset = 0;
    for (int i = 0; i < X * Y * Z; i++) {
        sum += h[i] * (unsigned long long)(i + 1);
        unset += h[i] == 0xffffffffu;
    }
    printf("grid (%u,%u,%u) block (%u,%u,%u): checksum %llu, %d unset\n", grid.x, grid.y, grid.z,
           block.x, block.y, block.z, sum, unset);
    dim3 one;
    printf("dim3 default: %u %u %u\n", one.x, one.y, one.z);
    dim3 two(5);
    printf("dim3(5): %u %u %u\n", two.x, two.y, two.z);
    return 0;
}
