// A kernel runs on the device only: nvcc rejects __global__ with __host__.
__global__ __host__ void both(int *p) { p[0] = 1; }

int main() { return 0; }
