// The device runtime has no stream-ordered allocator, no capture and no
// host callbacks: nvcc 13 rejects their calls in device code (they are
// host functions), as it rejects cudaDeviceSynchronize.
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int **p)
{
    cudaMallocAsync((void **)p, 64, 0);
    child<<<1, 1>>>(*p);
}

int main() { return 0; }
