// Thrust's calls are ordered after the work queued before them: in the
// default stream, in a stream given by thrust::cuda::par.on(s), and when a
// device_vector element is read on the host; thrust::system_error and
// bad_alloc report failures.
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system_error.h>
#include <thrust/universal_vector.h>
#include <cstdio>
#include <new>

// Takes long enough that a call not ordered after it reads stale data.
__global__ void slow_fill(int *p, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) {
        long long t0 = clock64();
        while (clock64() - t0 < 4000000)
            ;
    }
    __syncthreads();
    if (i < n)
        p[i] = v + (i % 7);
}

int main()
{
    const int n = 4096;
    thrust::device_vector<int> d(n, 0);
    int *raw = thrust::raw_pointer_cast(d.data());

    slow_fill<<<n / 256, 256>>>(raw, n, 1);
    printf("default stream reduce %d\n", thrust::reduce(d.begin(), d.end()));

    slow_fill<<<n / 256, 256>>>(raw, n, 2);
    printf("thrust::device reduce %d\n", thrust::reduce(thrust::device, d.begin(), d.end()));

    slow_fill<<<n / 256, 256>>>(raw, n, 3);
    int e = d[100];
    printf("element read %d\n", e);

    slow_fill<<<n / 256, 256>>>(raw, n, 4);
    thrust::host_vector<int> h = d;
    printf("copy to host [0] %d [n-1] %d\n", h[0], h[n - 1]);

    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    slow_fill<<<n / 256, 256, 0, s>>>(raw, n, 5);
    printf("par.on(stream) reduce %d\n", thrust::reduce(thrust::cuda::par.on(s), d.begin(), d.end()));
    slow_fill<<<n / 256, 256, 0, s>>>(raw, n, 6);
    thrust::sort(thrust::cuda::par.on(s), d.begin(), d.end());
    cudaStreamSynchronize(s);
    printf("par.on(stream) sort [0] %d [n-1] %d\n", (int)d[0], (int)d[n - 1]);
    cudaStreamDestroy(s);

    // Managed memory through universal_vector, written by a kernel and read
    // on the host after a synchronization.
    thrust::universal_vector<int> u(n);
    thrust::sequence(u.begin(), u.end(), 10);
    slow_fill<<<n / 256, 256>>>(thrust::raw_pointer_cast(u.data()), n / 2, 7);
    cudaDeviceSynchronize();
    long long us = 0;
    for (int i = 0; i < n; i++)
        us += u[i];
    printf("universal_vector sum %lld\n", us);

    // An allocation no device has room for.
    try {
        thrust::device_vector<char> huge(1ull << 52);
        printf("huge allocation succeeded\n");
    } catch (std::bad_alloc &) {
        printf("huge allocation: bad_alloc\n");
    }
    printf("last error %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
