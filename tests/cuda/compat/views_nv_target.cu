// <nv/target>'s queries follow the view: NV_IS_HOST in host code,
// NV_IS_DEVICE and NV_PROVIDES_SM_XX in device code.
#include <cstdio>
#include <nv/target>

__host__ __device__ int where()
{
    NV_IF_ELSE_TARGET(NV_IS_DEVICE, (return 1;), (return 0;))
}

__host__ __device__ int level()
{
    NV_DISPATCH_TARGET(NV_PROVIDES_SM_90, (return 90;), NV_PROVIDES_SM_70, (return 70;),
                       NV_IS_DEVICE, (return 1;), NV_IS_HOST, (return -1;))
}

__host__ __device__ int sum_pair()
{
    int r = 0;
    NV_IF_TARGET(NV_IS_HOST, (int v[] = {1, 2}; r = v[0] + v[1];), (int v[] = {10, 20}; r = v[0] + v[1];))
    NV_IF_TARGET(NV_ANY_TARGET, (r += 1000;))
    NV_IF_TARGET(NV_NO_TARGET, (r = -1;))
    return r;
}

__global__ void kernel(int *out)
{
    out[0] = where();
    out[1] = level();
    out[2] = sum_pair();
}

int main()
{
    int *out;
    cudaMallocManaged(&out, 4 * sizeof(int));
    kernel<<<1, 1>>>(out);
    cudaDeviceSynchronize();
    printf("host:   where %d level %d sum %d\n", where(), level(), sum_pair());
    printf("device: where %d level %d sum %d\n", out[0], out[1], out[2]);
    cudaFree(out);
    return 0;
}
