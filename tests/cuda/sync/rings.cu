// Barriers and warp collectives that the fiber tier runs in rings (a
// block's threads passing __syncthreads one after another, a warp's lanes
// meeting in one full-warp collective after another), interleaved with
// what takes a block out of its ring: the counting barrier forms, a
// partial mask, __activemask, a barrier between collectives, warps that
// leave early.  Four blocks of 256 threads; run on the fiber tier
// (rings.env), so the compiled tier's twin is the default run of the
// other sync and warp tests.
#include <cstdio>

__global__ void rings(const unsigned *in, unsigned *out, int *counts)
{
    __shared__ unsigned s[256];
    unsigned t = threadIdx.x, lane = t % 32, n = blockDim.x;
    unsigned v = in[blockIdx.x * n + t];
    for (int r = 0; r < 6; r++) {
        s[t] = v;
        __syncthreads();
        v = v * 3u + s[(t + 7) % n] - s[(t + 1) % n];
        __syncthreads();
    }
    int c = __syncthreads_count(v & 1u);
    int a = __syncthreads_and(v != 12345u);
    int o = __syncthreads_or((v & 0xffu) == 0x5au);
    for (int r = 0; r < 5; r++)
        for (int off = 16; off > 0; off /= 2)
            v += __shfl_xor_sync(0xffffffffu, v, off) >> 3;
    if (lane < 16)
        v += __shfl_down_sync(0x0000ffffu, v, 1, 16);
    if (__activemask() & (1u << lane))
        v ^= 0x10u;
    unsigned b = __ballot_sync(0xffffffffu, v & 2u);
    v ^= (unsigned)__popc(b);
    v += __reduce_add_sync(0xffffffffu, v & 0xffu);
    v += __shfl_up_sync(0xffffffffu, v, 3) & 0xfu;
    __syncthreads();
    s[t] = v;
    __syncthreads();
    v += s[n - 1 - t];
    if (t == 0)
        counts[blockIdx.x * 3] = c, counts[blockIdx.x * 3 + 1] = a, counts[blockIdx.x * 3 + 2] = o;
    if (t >= 192) {
        out[blockIdx.x * n + t] = v;
        return;
    }
    for (int r = 0; r < 3; r++)
        v += __shfl_sync(0xffffffffu, v, (lane + 3) % 32) & 0xfu;
    v += __any_sync(0xffffffffu, v == 7u) + __all_sync(0xffffffffu, v != 7u);
    out[blockIdx.x * n + t] = v;
}

int main()
{
    const int blocks = 4, threads = 256, total = blocks * threads;
    unsigned h[total], *in, *out;
    int hc[blocks * 3], *counts;
    for (int i = 0; i < total; i++)
        h[i] = (unsigned)i * 2654435761u ^ 0x9e37u;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMalloc(&counts, sizeof hc);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    rings<<<blocks, threads>>>(in, out, counts);
    printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(hc, counts, sizeof hc, cudaMemcpyDeviceToHost);
    unsigned sum = 0;
    for (int i = 0; i < total; i++)
        sum = sum * 31u + h[i];
    printf("checksum %08x\n", sum);
    for (int i = 0; i < total; i += 97)
        printf("out[%d] = %08x\n", i, h[i]);
    for (int b = 0; b < blocks; b++)
        printf("block %d: count %d and %d or %d\n", b, hc[b * 3], hc[b * 3 + 1], hc[b * 3 + 2]);
    return 0;
}
