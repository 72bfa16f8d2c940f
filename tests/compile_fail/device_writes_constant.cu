// Device code may not write __constant__ memory (CUDA guide 5.6.4.2.2.1.4):
// only the host modifies constants.
__constant__ int limit;
__constant__ float coeffs[4];

__global__ void scale(float *out)
{
    limit = 3;
    coeffs[threadIdx.x] = 1.0f;
    coeffs[0] += 2.0f;
    out[threadIdx.x] = coeffs[threadIdx.x] * limit;
}

int main()
{
    float *out;
    cudaMalloc(&out, 4 * sizeof(float));
    scale<<<1, 4>>>(out);
    return cudaDeviceSynchronize();
}
