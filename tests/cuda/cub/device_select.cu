// device_select.cu: cub::DeviceSelect (Flagged, If, FlaggedIf, in place
// too, Unique, UniqueByKey with a custom equality), cub::DevicePartition
// (rejected items go to the back in reverse order; the three-way If) and
// cub::DeviceRunLengthEncode (Encode, NonTrivialRuns).
#include <cub/cub.cuh>
#include "cub_test.h"

struct Mult3 {
    __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};
struct Small {
    __host__ __device__ bool operator()(int x) const { return x < 100; }
};
struct Big {
    __host__ __device__ bool operator()(int x) const { return x > 900; }
};
struct Odd {
    __host__ __device__ bool operator()(char f) const { return f & 1; }
};
struct SameTens {
    __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; }
};

int main()
{
    const int n = 1000003;
    lcg r(5);
    std::vector<int> h(n);
    std::vector<char> flags(n);
    for (int i = 0; i < n; i++) {
        h[i] = (int)(r.next() % 1000);
        flags[i] = (char)(r.next() % 4);
    }
    int *d_in = upload(h), *d_out, *d_num;
    char *d_flags = upload(flags);
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_num, 2 * sizeof(int));

    cub_call("Select::Flagged", [&](void *t, size_t &b) {
        return cub::DeviceSelect::Flagged(t, b, d_in, d_flags, d_out, d_num, n);
    });
    int k = get1(d_num);
    printf("  %d %016llx\n", k, (unsigned long long)digest(d_out, k));
    cub_call("Select::If", [&](void *t, size_t &b) { return cub::DeviceSelect::If(t, b, d_in, d_out, d_num, n, Mult3()); });
    k = get1(d_num);
    printf("  %d %016llx %d %d\n", k, (unsigned long long)digest(d_out, k), get1(d_out), get1(d_out, k - 1));
    cub_call("Select::FlaggedIf", [&](void *t, size_t &b) {
        return cub::DeviceSelect::FlaggedIf(t, b, d_in, d_flags, d_out, d_num, n, Odd());
    });
    k = get1(d_num);
    printf("  %d %016llx\n", k, (unsigned long long)digest(d_out, k));

    int *d_copy = upload(h);
    cub_call("Select::If in place", [&](void *t, size_t &b) { return cub::DeviceSelect::If(t, b, d_copy, d_num, n, Mult3()); });
    k = get1(d_num);
    printf("  %d %016llx\n", k, (unsigned long long)digest(d_copy, k));
    CK(cudaMemcpy(d_copy, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    cub_call("Select::Flagged in place", [&](void *t, size_t &b) {
        return cub::DeviceSelect::Flagged(t, b, d_copy, d_flags, d_num, n);
    });
    k = get1(d_num);
    printf("  %d %016llx\n", k, (unsigned long long)digest(d_copy, k));
    CK(cudaMemcpy(d_copy, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    cub_call("Select::FlaggedIf in place", [&](void *t, size_t &b) {
        return cub::DeviceSelect::FlaggedIf(t, b, d_copy, d_flags, d_num, n, Odd());
    });
    k = get1(d_num);
    printf("  %d %016llx\n", k, (unsigned long long)digest(d_copy, k));

    // runs: keys of runs with lengths 1..7
    std::vector<int> runs;
    for (int i = 0; (int)runs.size() < n; i++)
        for (int j = 0; j <= i % 7 && (int)runs.size() < n; j++)
            runs.push_back((i * 3) % 1000);
    int *d_runs = upload(runs);
    cub_call("Select::Unique", [&](void *t, size_t &b) { return cub::DeviceSelect::Unique(t, b, d_runs, d_out, d_num, n); });
    k = get1(d_num);
    printf("  %d %016llx\n", k, (unsigned long long)digest(d_out, k));
    int *d_vout;
    cudaMalloc(&d_vout, n * sizeof(int));
    cub_call("Select::UniqueByKey", [&](void *t, size_t &b) {
        return cub::DeviceSelect::UniqueByKey(t, b, d_runs, d_in, d_out, d_vout, d_num, n);
    });
    k = get1(d_num);
    printf("  %d %016llx %016llx\n", k, (unsigned long long)digest(d_out, k), (unsigned long long)digest(d_vout, k));
    cub_call("Select::UniqueByKey same tens", [&](void *t, size_t &b) {
        return cub::DeviceSelect::UniqueByKey(t, b, d_runs, d_in, d_out, d_vout, d_num, n, SameTens());
    });
    k = get1(d_num);
    printf("  %d %016llx %016llx\n", k, (unsigned long long)digest(d_out, k), (unsigned long long)digest(d_vout, k));

    cub_call("Partition::Flagged", [&](void *t, size_t &b) {
        return cub::DevicePartition::Flagged(t, b, d_in, d_flags, d_out, d_num, n);
    });
    k = get1(d_num);
    printf("  %d %016llx first rejected at back %d, last rejected %d\n", k, (unsigned long long)digest(d_out, n),
           get1(d_out, n - 1), get1(d_out, k));
    cub_call("Partition::If", [&](void *t, size_t &b) {
        return cub::DevicePartition::If(t, b, d_in, d_out, d_num, n, Mult3());
    });
    k = get1(d_num);
    printf("  %d %016llx %d %d\n", k, (unsigned long long)digest(d_out, n), get1(d_out, n - 1), get1(d_out, k));
    int *d_first, *d_second, *d_rest;
    cudaMalloc(&d_first, n * sizeof(int));
    cudaMalloc(&d_second, n * sizeof(int));
    cudaMalloc(&d_rest, n * sizeof(int));
    cub_call("Partition::If three-way", [&](void *t, size_t &b) {
        return cub::DevicePartition::If(t, b, d_in, d_first, d_second, d_rest, d_num, n, Small(), Big());
    });
    int k1 = get1(d_num), k2 = get1(d_num, 1), k3 = n - k1 - k2;
    printf("  %d %d %016llx %016llx %016llx rest %d %d\n", k1, k2, (unsigned long long)digest(d_first, k1),
           (unsigned long long)digest(d_second, k2), (unsigned long long)digest(d_rest, k3), get1(d_rest),
           get1(d_rest, k3 - 1));

    int *d_counts;
    cudaMalloc(&d_counts, n * sizeof(int));
    cub_call("RunLengthEncode::Encode", [&](void *t, size_t &b) {
        return cub::DeviceRunLengthEncode::Encode(t, b, d_runs, d_out, d_counts, d_num, n);
    });
    k = get1(d_num);
    printf("  %d %016llx %016llx last {%d x%d}\n", k, (unsigned long long)digest(d_out, k),
           (unsigned long long)digest(d_counts, k), get1(d_out, k - 1), get1(d_counts, k - 1));
    cub_call("RunLengthEncode::NonTrivialRuns", [&](void *t, size_t &b) {
        return cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, d_runs, d_out, d_counts, d_num, n);
    });
    k = get1(d_num);
    printf("  %d %016llx %016llx first {%d x%d}\n", k, (unsigned long long)digest(d_out, k),
           (unsigned long long)digest(d_counts, k), get1(d_out), get1(d_counts));
    std::vector<int> flat(300000, 9);
    int *d_flat = upload(flat);
    cub_call("RunLengthEncode::Encode one run", [&](void *t, size_t &b) {
        return cub::DeviceRunLengthEncode::Encode(t, b, d_flat, d_out, d_counts, d_num, 300000);
    });
    printf("  %d {%d x%d}\n", get1(d_num), get1(d_out), get1(d_counts));
    cub_call("Select::Unique empty", [&](void *t, size_t &b) { return cub::DeviceSelect::Unique(t, b, d_runs, d_out, d_num, 0); });
    printf("  %d\n", get1(d_num));
    return 0;
}
