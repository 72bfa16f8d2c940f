// Votes, match and reduce over full and partial masks, including
// +0.0 / -0.0 (different bit patterns) in match, and __syncwarp.
#include <cstdio>

__global__ void votes(unsigned *out)
{
    int lane = threadIdx.x % 32;
    unsigned *o = out + threadIdx.x * 20;
    o[0] = __ballot_sync(0xffffffff, lane % 3 == 0);
    o[1] = __any_sync(0xffffffff, lane == 17);
    o[2] = __all_sync(0xffffffff, lane < 32);
    o[3] = __all_sync(0xffffffff, lane != 9);
    o[4] = __match_any_sync(0xffffffff, lane / 4);
    int pred = -1;
    o[5] = __match_all_sync(0xffffffff, 42, &pred);
    o[6] = pred;
    o[7] = __match_all_sync(0xffffffff, lane & 1, &pred);
    o[8] = pred;
    float z = (lane % 2) ? -0.0f : 0.0f;
    o[9] = __match_any_sync(0xffffffff, z);
    o[10] = __match_any_sync(0xffffffff, (double)(lane % 5));
    o[11] = __reduce_add_sync(0xffffffff, (unsigned)lane * 3u);
    o[12] = (unsigned)__reduce_min_sync(0xffffffff, 10 - lane);
    o[13] = (unsigned)__reduce_max_sync(0xffffffff, lane - 40);
    o[14] = __reduce_min_sync(0xffffffff, (unsigned)(lane + 5));
    o[15] = __reduce_and_sync(0xffffffff, 0xffu << (lane % 8));
    o[16] = __reduce_or_sync(0xffffffff, 1u << lane);
    o[17] = __reduce_xor_sync(0xffffffff, (unsigned)lane * 0x01010101u);
    if (lane < 16) {
        o[18] = __ballot_sync(0x0000ffff, lane & 1);
        o[19] = __reduce_add_sync(0x0000ffff, (unsigned)lane);
    } else {
        o[18] = __ballot_sync(0xffff0000, lane & 2);
        o[19] = __reduce_add_sync(0xffff0000, (unsigned)lane);
    }
    __syncwarp();
}

__global__ void syncwarp_exchange(int *out)
{
    __shared__ int buf[64];
    int t = threadIdx.x;
    buf[t] = t * t;
    __syncwarp();
    int v = buf[t ^ 1];
    __syncwarp();
    buf[t] = v + 1;
    __syncwarp(0xffffffff);
    out[t] = buf[(t + 7) % 32 + (t / 32) * 32];
}

int main()
{
    unsigned *d, h[64 * 20];
    cudaMalloc(&d, sizeof h);
    votes<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 64; t += 5) {
        printf("%2d:", t);
        for (int k = 0; k < 20; k++)
            printf(" %x", h[t * 20 + k]);
        printf("\n");
    }
    int *e, he[64];
    cudaMalloc(&e, sizeof he);
    syncwarp_exchange<<<1, 64>>>(e);
    cudaMemcpy(he, e, sizeof he, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < 64; i++)
        s = s * 31 + he[i];
    printf("syncwarp exchange: %d %d %d digest %lld\n", he[0], he[33], he[63], s);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
