// Host code reading a __device__ variable by name: nvcc 13 warns (the
// host's copy is not the device's); __managed__ variables are the host's
// to read.
#include <cstdio>

__device__ int counter = 3;
__device__ __managed__ int shared_value = 4;

int main()
{
    int c = counter;
    int m = shared_value;
    int back = 0;
    cudaMemcpyFromSymbol(&back, counter, sizeof back);
    printf("%d %d %d\n", c, m, back);
    return 0;
}
