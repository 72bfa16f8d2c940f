// The correct twin of tests/check/sanitizer/sync_block_exited.cu, which
// plants a bug: threads past the end of the data return before
// this_thread_block().sync(), which cooperative groups require every thread
// of the block to reach.
#include <cstdio>

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reverse(int *a, int n)
{
    __shared__ int s[128];
    cg::thread_block b = cg::this_thread_block();
    int t = threadIdx.x;
    if (t < n)
        s[t] = a[t];
    b.sync();
    if (t < n)
        a[t] = s[n - 1 - t];
}

int main()
{
    int h[100], *a;
    for (int i = 0; i < 100; i++)
        h[i] = i;
    cudaMalloc(&a, sizeof h);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    reverse<<<1, 128>>>(a, 100);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[0], h[99]);
    return 0;
}
