// The correct twin of tests/check/sanitizer/misaligned_vector.cu, which
// plants a bug: a kernel loads float4 values from an address that is 4 bytes
// past a 16-byte boundary.
#include <cstdio>

__global__ void sum(const float *a, float *out)
{
    const float4 *v = (const float4 *)(a + 4);
    const float4 &x = v[threadIdx.x];
    out[threadIdx.x] = x.x + x.y + x.z + x.w;
}

int main()
{
    float h[132], r[32], *a, *out;
    for (int i = 0; i < 132; i++)
        h[i] = i * 0.5f;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    sum<<<1, 32>>>(a, out);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("%.1f %.1f\n", r[0], r[31]);
    return 0;
}
