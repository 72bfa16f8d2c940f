// cudaDeviceSynchronize in device code is gone with CUDA 12's device
// runtime (CDP2): nvcc 13 rejects it.
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(int *p)
{
    child<<<1, 1>>>(p);
    cudaDeviceSynchronize();
}

int main() { return 0; }
