// Thrust's sorts of numbers: signed zeros, NaNs and infinities among float
// keys, every integer width, descending orders, stable pairs with struct
// values, raw device pointers, and a comparison no radix sort implements.
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>

struct payload {
    int id;
    short tag;
};

struct by_last_digit {
    __host__ __device__ bool operator()(int a, int b) const { return a % 10 < b % 10; }
};

static unsigned bits(float f)
{
    unsigned b;
    memcpy(&b, &f, 4);
    return b;
}

int main()
{
    const float nan = std::nanf("");
    thrust::host_vector<float> hf;
    const float vals[] = {3.5f, -0.0f, 0.0f, nan, -1.0f, INFINITY, -nan, 0.0f, -INFINITY, -0.0f, 2.0f, 1e-40f, -1e-40f};
    for (float v : vals)
        hf.push_back(v);
    thrust::device_vector<float> df = hf;
    thrust::sort(df.begin(), df.end());
    hf = df;
    printf("float ascending:");
    for (size_t i = 0; i < hf.size(); i++)
        printf(" %08x", bits(hf[i]));
    printf("\n");
    df = thrust::host_vector<float>(vals, vals + 13);
    thrust::sort(df.begin(), df.end(), thrust::greater<float>());
    hf = df;
    printf("float descending:");
    for (size_t i = 0; i < hf.size(); i++)
        printf(" %08x", bits(hf[i]));
    printf("\n");

    // Stable pairs: equal keys keep the order of their values.
    const int n = 20000;
    thrust::host_vector<unsigned char> hk(n);
    thrust::host_vector<payload> hv(n);
    for (int i = 0; i < n; i++) {
        hk[i] = (unsigned char)((i * 7919u) % 13u);
        hv[i] = payload{i, (short)(i % 97)};
    }
    thrust::device_vector<unsigned char> dk = hk;
    thrust::device_vector<payload> dv = hv;
    thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
    hv = dv;
    hk = dk;
    unsigned long long h = 1469598103934665603ull;
    int stable = 1;
    for (int i = 0; i < n; i++) {
        h = (h ^ (unsigned)hv[i].id ^ ((unsigned)hk[i] << 24)) * 1099511628211ull;
        if (i && hk[i] == hk[i - 1] && hv[i].id < hv[i - 1].id)
            stable = 0;
    }
    printf("pairs: checksum %llx stable %d first %d/%d last %d/%d\n", h, stable, hk[0], hv[0].id,
           hk[n - 1], hv[n - 1].id);

    // 64-bit keys descending with values, on raw device pointers.
    long long *keys;
    int *ids;
    cudaMalloc(&keys, n * sizeof(long long));
    cudaMalloc(&ids, n * sizeof(int));
    thrust::host_vector<long long> hl(n);
    thrust::host_vector<int> hi(n);
    for (int i = 0; i < n; i++) {
        hl[i] = ((long long)((i * 2654435761u) % 1000003u) - 500000) * 1000003LL;
        hi[i] = i;
    }
    cudaMemcpy(keys, hl.data(), n * sizeof(long long), cudaMemcpyHostToDevice);
    cudaMemcpy(ids, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    thrust::sort_by_key(thrust::device_ptr<long long>(keys), thrust::device_ptr<long long>(keys + n),
                        thrust::device_ptr<int>(ids), thrust::greater<long long>());
    cudaMemcpy(hl.data(), keys, n * sizeof(long long), cudaMemcpyDeviceToHost);
    cudaMemcpy(hi.data(), ids, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("long long descending: %lld %lld %lld ids %d %d %d\n", hl[0], hl[n / 2], hl[n - 1], hi[0],
           hi[n / 2], hi[n - 1]);

    // Doubles, shorts, and a comparison that is not less or greater.
    thrust::device_vector<double> dd(1000);
    thrust::device_vector<short> ds(1000);
    thrust::device_vector<int> di(1000);
    for (int i = 0; i < 1000; i++) {
        dd[i] = std::sin((double)i) * 1000.0;
        ds[i] = (short)((i * 37) % 2001 - 1000);
        di[i] = (i * 7) % 1000;
    }
    thrust::sort(dd.begin(), dd.end());
    thrust::stable_sort(ds.begin(), ds.end(), thrust::greater<short>());
    thrust::stable_sort(di.begin(), di.end(), by_last_digit());
    printf("double %.6f %.6f short %d %d custom %d %d %d %d\n", (double)dd[0], (double)dd[999],
           (int)ds[0], (int)ds[999], (int)di[0], (int)di[1], (int)di[100], (int)di[999]);
    printf("sorted: %d %d\n", (int)thrust::is_sorted(dd.begin(), dd.end()),
           (int)thrust::is_sorted(ds.begin(), ds.end(), thrust::greater<short>()));
    cudaFree(keys);
    cudaFree(ids);
    printf("%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
