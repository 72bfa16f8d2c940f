// Synchronous copies are host functions: a kernel calling cudaMemcpy is
// rejected (cudaMemcpyAsync is the device runtime's).
__global__ void copy(int *dst, const int *src)
{
    cudaMemcpy(dst, src, sizeof(int), cudaMemcpyDeviceToDevice);
}

int main() { return 0; }
