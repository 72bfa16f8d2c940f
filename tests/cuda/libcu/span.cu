// cuda::std::span in host and device code: static and dynamic extents,
// from arrays, cuda::std::array and pointer ranges; first, last, subspan,
// as_bytes; a kernel that takes spans of device memory.
#include <cuda/std/array>
#include <cuda/std/span>
#include <cstdio>
#include <vector>

__global__ void dot(cuda::std::span<const int> a, cuda::std::span<const int> b, cuda::std::span<long long> out)
{
    long long s = 0;
    for (size_t i = threadIdx.x; i < a.size(); i += blockDim.x)
        s += (long long)a[i] * b[i];
    atomicAdd((unsigned long long *)&out[0], (unsigned long long)s);
    if (threadIdx.x == 0)
        out.last(1)[0] = (long long)a.subspan(3, 4).size() * 100 + (long long)a.first<2>().size() * 10 +
                         (long long)a.empty();
}

template <class S> static void show(const char *name, S s)
{
    printf("%s: size %zu extent %lld:", name, s.size(),
           s.extent == cuda::std::dynamic_extent ? -1LL : (long long)s.extent);
    for (auto x : s)
        printf(" %d", (int)x);
    printf("\n");
}

int main()
{
    int raw[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    cuda::std::span<int, 8> fixed(raw);
    cuda::std::span<int> dyn(raw, 6);
    show("fixed", fixed);
    show("dyn", dyn);
    show("first<3>", fixed.first<3>());
    show("last(2)", dyn.last(2));
    show("subspan<2, 3>", fixed.subspan<2, 3>());
    show("subspan<5>", fixed.subspan<5>());
    show("subspan(1)", dyn.subspan(1));
    cuda::std::array<int, 4> arr = {9, 8, 7, 6};
    cuda::std::span<const int> from_array(arr);
    show("cuda::std::array", from_array);
    std::vector<int> vec = {5, 4, 3};
    cuda::std::span<int> from_vector(vec.data(), vec.size());
    from_vector[1] = 40;
    show("vector", from_vector);
    printf("front %d back %d size_bytes %zu bytes %zu\n", fixed.front(), fixed.back(), fixed.size_bytes(),
           cuda::std::as_bytes(dyn).size());
    int rev = 0;
    for (auto it = fixed.rbegin(); it != fixed.rend(); ++it)
        rev = rev * 10 + *it;
    printf("reversed %d\n", rev);

    const int n = 1000;
    int *a, *b;
    long long *out;
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&b, n * sizeof(int));
    cudaMalloc(&out, 2 * sizeof(long long));
    std::vector<int> ha(n), hb(n);
    for (int i = 0; i < n; i++) {
        ha[i] = i % 17 - 8;
        hb[i] = i % 5 + 1;
    }
    cudaMemcpy(a, ha.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(out, 0, 2 * sizeof(long long));
    dot<<<1, 128>>>(cuda::std::span<const int>(a, n), cuda::std::span<const int>(b, n),
                    cuda::std::span<long long>(out, 2));
    long long h[2];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("dot %lld, sizes %lld\n", h[0], h[1]);
    cudaFree(a);
    cudaFree(b);
    cudaFree(out);
    return 0;
}
