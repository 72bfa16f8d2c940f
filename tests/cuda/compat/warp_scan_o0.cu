// A Hillis-Steele scan of floats within each warp through volatile shared
// memory, guarded by the lane (`if (lane >= d) s[i] += s[i - d]`), with no
// __syncwarp between its steps, built with -O0: each step's loads come
// from lanes that, on a converged warp, have not yet stored.
#include <cstdio>

__global__ void warp_scan(const float *in, float *out)
{
    extern __shared__ float buf[];
    volatile float *s = buf;
    unsigned i = threadIdx.x, lane = i & 31;
    s[i] = in[blockIdx.x * blockDim.x + i];
    for (unsigned d = 1; d < 32; d <<= 1)
        if (lane >= d)
            s[i] += s[i - d];
    out[blockIdx.x * blockDim.x + i] = s[i];
}

int main()
{
    const int nb = 4, nt = 96, n = nb * nt;
    float *in, *out;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    for (int i = 0; i < n; i++)
        in[i] = (float)((i * 13) % 17) * 0.5f;
    warp_scan<<<nb, nt, nt * sizeof(float)>>>(in, out);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int wrong = 0;
    double check = 0;
    for (int w = 0; w < n / 32; w++) {
        float acc = 0;
        for (int l = 0; l < 32; l++) {
            acc += in[w * 32 + l];
            wrong += out[w * 32 + l] != acc;
            check += out[w * 32 + l] * (l + 1);
        }
    }
    printf("lanes 0..7 of warp 5: %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f\n", out[160], out[161],
           out[162], out[163], out[164], out[165], out[166], out[167]);
    printf("last lane of warps 0..3: %.1f %.1f %.1f %.1f\n", out[31], out[63], out[95], out[127]);
    printf("weighted checksum %.1f, %d lanes differ from the host's scan\n", check, wrong);
    return 0;
}
