// The device runtime's tail launch stream (CUDA guide 5.6.4.8.3): a tail
// launch begins after its parent grid and all the work the parent launched
// into other streams (even work launched after the tail launch) is
// complete; a grid's tail launches run one after another, each after the
// previous one and all its descendants; the next grid in the parent's
// stream waits for the parent's tail launches.  Each grid notes, when it
// begins, which of the others were already done.
#include <cstdio>

__device__ int done[16];   // set by grid i as its last act
__device__ int seen[16];   // bit j: grid j was done when grid i began

__device__ void spin(long long cycles)
{
    long long t0 = clock64();
    while (clock64() - t0 < cycles)
        ;
}

__device__ void begin(int me)
{
    int bits = 0;
    for (int j = 0; j < 16; j++)
        if (atomicAdd(&done[j], 0))
            bits |= 1 << j;
    seen[me] = bits;
}

__device__ void finish(int me)
{
    __threadfence();
    atomicExch(&done[me], 1);
}

// A grid that notes what it saw, works a while, then is done.
__global__ void step(int me, long long cycles)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        begin(me);
    spin(cycles);
    __syncthreads();
    if (threadIdx.x == 0 && blockIdx.x == 0)
        finish(me);
}

// Grid 4 (a tail launch) launches grid 5 into its NULL stream; the next
// tail launch (6) must wait for 5, 4's descendant.
__global__ void with_child(int me, int child)
{
    if (threadIdx.x == 0) {
        begin(me);
        step<<<1, 32>>>(child, 400000);
        finish(me);
    }
}

// Grid 0: tail launches 1 and 2, then a NULL-stream child 3 (slow) and a
// fire-and-forget child 7 (slow), then tail launches 4 (which launches 5)
// and 6.
__global__ void parent()
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        begin(0);
        step<<<2, 32, 0, cudaStreamTailLaunch>>>(1, 200000);
        step<<<1, 32, 0, cudaStreamTailLaunch>>>(2, 1000);
        step<<<1, 32>>>(3, 400000);
        step<<<1, 32, 0, cudaStreamFireAndForget>>>(7, 400000);
        with_child<<<1, 1, 0, cudaStreamTailLaunch>>>(4, 5);
        step<<<1, 32, 0, cudaStreamTailLaunch>>>(6, 1000);
        printf("parent launches: %s\n", cudaGetErrorName(cudaGetLastError()));
    }
    spin(100000);
    if (threadIdx.x == 0 && blockIdx.x == 0)
        finish(0);
}

// The spec's P1/P2: P2, next in P1's stream, begins after P1's tail
// launch C is complete.
__global__ void p1()
{
    begin(8);
    step<<<1, 32, 0, cudaStreamTailLaunch>>>(9, 400000);
    finish(8);
}

__global__ void p2()
{
    begin(10);
    finish(10);
}

// The spec's T: concurrent grids after P, launched fire-and-forget by
// P's one tail launch; the host sees both done once P's stream is.
__global__ void t_launcher()
{
    begin(12);
    step<<<1, 32, 0, cudaStreamFireAndForget>>>(13, 200000);
    step<<<1, 32, 0, cudaStreamFireAndForget>>>(14, 200000);
    finish(12);
}

__global__ void p_of_t()
{
    begin(11);
    t_launcher<<<1, 1, 0, cudaStreamTailLaunch>>>();
    spin(100000);
    finish(11);
}

int main()
{
    parent<<<4, 64>>>();
    p1<<<1, 1>>>();
    p2<<<1, 1>>>();
    p_of_t<<<1, 1>>>();
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int s[16], d[16];
    cudaMemcpyFromSymbol(s, seen, sizeof s);
    cudaMemcpyFromSymbol(d, done, sizeof d);
    // What each grid must have seen, by the rules; grids not ordered
    // against each other are left out of what is printed.
    const int must[16][12] = {
        {-1},
        {0, 3, 7, -1},       // tail 1: parent, its NULL-stream and F&F work
        {0, 1, 3, 7, -1},    // tail 2: and tail 1
        {-1},
        {0, 1, 2, 3, 7, -1}, // tail 4: every earlier tail
        {0, 1, 2, 3, 7, -1}, // 4's child: what 4 saw
        {0, 1, 2, 3, 4, 5, 7, -1}, // tail 6: tail 4 and its child 5
        {-1},
        {-1},
        {8, -1},             // P1's tail C: P1
        {8, 9, -1},          // P2: P1 and its tail launch
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1},
        {11, -1},
        {11, -1},            // T's fire-and-forget grids: P
        {11, -1},
    };
    for (int me = 0; me < 15; me++) {
        int ok = d[me];
        for (int k = 0; must[me][k] >= 0; k++)
            ok &= s[me] >> must[me][k] & 1;
        printf("grid %2d: done %d, saw what it must: %s\n", me, d[me], ok ? "yes" : "no");
    }
    // Tail launches never see work that follows them.
    printf("tail 1 saw tail 2 or 4: %d\n", (s[1] >> 2 & 1) | (s[1] >> 4 & 1));
    printf("P1 saw its tail launch: %d\n", s[8] >> 9 & 1);
    return 0;
}
