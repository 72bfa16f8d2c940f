// Template kernels see the device's view as other kernels do: a template
// kernel's own #ifdef __CUDA_ARCH__ and NV_IF_TARGET branches, a functor
// type argument whose operator() branches, a static and an
// anonymous-namespace template kernel, and the same template launched with
// two arguments; host code calling the functor gets the host's side.
#include <cstdio>
#include <nv/target>

template <typename T> __global__ void own_branch(int *o)
{
#ifdef __CUDA_ARCH__
    o[threadIdx.x] = (int)sizeof(T) * 10 + 1;
#else
    o[threadIdx.x] = -1;
#endif
}

struct side_of {
    __host__ __device__ int operator()(int i) const
    {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 130
        return 100 + i;
#else
        return -100 - i;
#endif
    }
};

template <typename F> __global__ void through_functor(int *o)
{
    F f;
    o[threadIdx.x] = f((int)threadIdx.x);
}

template <int N> static __global__ void static_kernel(int *o)
{
    NV_IF_TARGET(NV_IS_DEVICE, (o[threadIdx.x] = N;), (o[threadIdx.x] = -N;))
}

namespace {
template <typename T> __global__ void unnamed_kernel(T *o)
{
    NV_IF_ELSE_TARGET(NV_IS_HOST, (o[threadIdx.x] = T(-7);), (o[threadIdx.x] = T(7) * T(threadIdx.x);))
}
} // namespace

static void show(const char *what, const int *o)
{
    printf("%s: %d %d %d %d\n", what, o[0], o[1], o[2], o[3]);
}

int main()
{
    int *o;
    double *d;
    cudaMallocManaged(&o, 4 * sizeof(int));
    cudaMallocManaged(&d, 4 * sizeof(double));
    own_branch<char><<<1, 4>>>(o);
    cudaDeviceSynchronize();
    show("own_branch<char>", o);
    own_branch<double><<<1, 4>>>(o);
    cudaDeviceSynchronize();
    show("own_branch<double>", o);
    through_functor<side_of><<<1, 4>>>(o);
    cudaDeviceSynchronize();
    show("through_functor", o);
    static_kernel<5><<<1, 4>>>(o);
    cudaDeviceSynchronize();
    show("static_kernel<5>", o);
    unnamed_kernel<int><<<1, 4>>>(o);
    cudaDeviceSynchronize();
    show("unnamed_kernel<int>", o);
    unnamed_kernel<double><<<1, 4>>>(d);
    cudaDeviceSynchronize();
    printf("unnamed_kernel<double>: %g %g %g %g\n", d[0], d[1], d[2], d[3]);
    printf("host functor: %d\n", side_of()(3));
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
