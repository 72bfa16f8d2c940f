// Launch rules for clusters and cooperative launches: cluster shapes that
// do not divide the grid or exceed the portable size, the non-portable
// opt-in, cooperative grids too large to be resident together.
#include <cstdio>

__global__ void k(int *out)
{
    if (out && threadIdx.x == 0)
        atomicAdd(out, 1);
}

__global__ void __cluster_dims__(2, 1, 1) k_clustered(int *out)
{
    if (threadIdx.x == 0)
        atomicAdd(out, 10);
}

static cudaError_t launch_cluster(dim3 grid, unsigned cx, unsigned cy, int *out)
{
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cx;
    attr[0].val.clusterDim.y = cy;
    attr[0].val.clusterDim.z = 1;
    cfg.gridDim = grid;
    cfg.blockDim = dim3(64);
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    return cudaLaunchKernelEx(&cfg, k, out);
}

int main()
{
    int *out, h = 0;
    cudaMalloc(&out, sizeof(int));
    cudaMemset(out, 0, sizeof(int));
    printf("cluster 4 of grid 16: %s\n", cudaGetErrorName(launch_cluster(dim3(16), 4, 1, out)));
    printf("cluster 3 of grid 16: %s\n", cudaGetErrorName(launch_cluster(dim3(16), 3, 1, out)));
    cudaGetLastError();
    printf("cluster 8 of grid 16: %s\n", cudaGetErrorName(launch_cluster(dim3(16), 8, 1, out)));
    printf("cluster 16 of grid 16: %s\n", cudaGetErrorName(launch_cluster(dim3(16), 16, 1, out)));
    cudaGetLastError();
    printf("non-portable: %s\n", cudaGetErrorName(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1)));
    printf("cluster 16 of grid 16: %s\n", cudaGetErrorName(launch_cluster(dim3(16), 16, 1, out)));
    printf("cluster 2x2 of grid 4x4: %s\n", cudaGetErrorName(launch_cluster(dim3(4, 4), 2, 2, out)));
    cudaGetLastError();
    k_clustered<<<8, 32>>>(out);
    printf("__cluster_dims__ grid 8: %s\n", cudaGetErrorName(cudaGetLastError()));
    k_clustered<<<7, 32>>>(out);
    printf("__cluster_dims__ grid 7: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("blocks that ran: %d\n", h);

    void *args[] = {&out};
    printf("cooperative 1 block: %s\n",
           cudaGetErrorName(cudaLaunchCooperativeKernel((void *)k, dim3(1), dim3(1024), args, 0, 0)));
    printf("cooperative 1000000 blocks: %s\n",
           cudaGetErrorName(cudaLaunchCooperativeKernel((void *)k, dim3(1000000), dim3(1024), args, 0, 0)));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    int attr = -1;
    cudaDeviceGetAttribute(&attr, cudaDevAttrCooperativeLaunch, 0);
    printf("cooperative launch attribute: %d\n", attr);
    cudaDeviceGetAttribute(&attr, cudaDevAttrClusterLaunch, 0);
    printf("cluster launch attribute: %d\n", attr);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
