// ncclBroadcast, ncclBcast and ncclReduce from every root, ncclAllGather
// and ncclReduceScatter, out of place and in place, over four devices.
// Each result is checked against the host's; exits with 1 on a difference.
#include "common.h"

// Large enough that an operation is cut in several slices, with a tail.
#define COUNT 100003

static int value(int r, size_t i)
{
    return (int)(i * 13 + (size_t)r * 101) % 1000 - 500;
}

int main()
{
    const int n = 4;
    const size_t count = COUNT;
    ncclComm_t comms[n];
    int devs[n] = {0, 1, 2, 3};
    NCCL_OK(ncclCommInitAll(comms, n, devs));
    cudaStream_t s[n];
    int *in[n], *out[n];
    for (int r = 0; r < n; r++) {
        CUDA_OK(cudaSetDevice(r));
        CUDA_OK(cudaStreamCreateWithFlags(&s[r], cudaStreamNonBlocking));
        CUDA_OK(cudaMalloc(&in[r], count * n * sizeof(int)));
        CUDA_OK(cudaMalloc(&out[r], count * n * sizeof(int)));
    }
    int *h = new int[count * n];
    auto fill = [&] {
        for (int r = 0; r < n; r++) {
            for (size_t i = 0; i < count * n; i++)
                h[i] = value(r, i);
            CUDA_OK(cudaMemcpy(in[r], h, count * n * sizeof(int), cudaMemcpyHostToDevice));
            CUDA_OK(cudaMemset(out[r], 0, count * n * sizeof(int)));
        }
        CUDA_OK(cudaDeviceSynchronize());
    };
    auto sync = [&] {
        for (int r = 0; r < n; r++)
            CUDA_OK(cudaStreamSynchronize(s[r]));
    };
    int failures = 0;
    auto expect = [&](const char *what, int *dev, size_t k, int (*want)(size_t, void *), void *ctx) {
        CUDA_OK(cudaMemcpy(h, dev, k * sizeof(int), cudaMemcpyDeviceToHost));
        int bad = 0;
        for (size_t i = 0; i < k; i++)
            bad += h[i] != want(i, ctx);
        if (bad)
            printf("%s: %d elements differ\n", what, bad);
        failures += bad;
    };

    for (int root = 0; root < n; root++) {
        fill();
        NCCL_OK(ncclGroupStart());
        for (int r = 0; r < n; r++)
            NCCL_OK(ncclBroadcast(in[r], out[r], count, ncclInt, root, comms[r], s[r]));
        NCCL_OK(ncclGroupEnd());
        sync();
        for (int r = 0; r < n; r++)
            expect("broadcast", out[r], count, [](size_t i, void *c) { return value(*(int *)c, i); }, &root);
        NCCL_OK(ncclGroupStart());
        for (int r = 0; r < n; r++)
            NCCL_OK(ncclBcast(in[r], count, ncclInt, root, comms[r], s[r]));
        NCCL_OK(ncclGroupEnd());
        sync();
        for (int r = 0; r < n; r++)
            expect("bcast", in[r], count, [](size_t i, void *c) { return value(*(int *)c, i); }, &root);

        fill();
        NCCL_OK(ncclGroupStart());
        for (int r = 0; r < n; r++)
            NCCL_OK(ncclReduce(in[r], out[r], count, ncclInt, ncclSum, root, comms[r], s[r]));
        NCCL_OK(ncclGroupEnd());
        sync();
        auto sum = [](size_t i, void *) { return value(0, i) + value(1, i) + value(2, i) + value(3, i); };
        expect("reduce at root", out[root], count, sum, nullptr);
        for (int r = 0; r < n; r++)
            if (r != root)
                expect("reduce elsewhere", out[r], count, [](size_t, void *) { return 0; }, nullptr);
    }
    printf("broadcast and reduce from every root checked\n");

    // All-gather: rank r's count elements land at r * count everywhere.
    fill();
    NCCL_OK(ncclGroupStart());
    for (int r = 0; r < n; r++)
        NCCL_OK(ncclAllGather(in[r], out[r], count, ncclInt, comms[r], s[r]));
    NCCL_OK(ncclGroupEnd());
    sync();
    for (int r = 0; r < n; r++)
        expect("allgather", out[r], count * n,
               [](size_t i, void *) { return value((int)(i / COUNT), i % COUNT); }, nullptr);
    // In place: each rank's part already sits at its offset of the output.
    fill();
    for (int r = 0; r < n; r++)
        CUDA_OK(cudaMemcpy(out[r] + r * count, in[r], count * sizeof(int), cudaMemcpyDeviceToDevice));
    // A device-to-device copy may return before it is done.
    CUDA_OK(cudaDeviceSynchronize());
    NCCL_OK(ncclGroupStart());
    for (int r = 0; r < n; r++)
        NCCL_OK(ncclAllGather(out[r] + r * count, out[r], count, ncclInt, comms[r], s[r]));
    NCCL_OK(ncclGroupEnd());
    sync();
    for (int r = 0; r < n; r++)
        expect("allgather in place", out[r], count * n,
               [](size_t i, void *) { return value((int)(i / COUNT), i % COUNT); }, nullptr);
    printf("allgather checked\n");

    // Reduce-scatter: rank r gets the sum of everyone's block r.
    fill();
    NCCL_OK(ncclGroupStart());
    for (int r = 0; r < n; r++)
        NCCL_OK(ncclReduceScatter(in[r], out[r], count, ncclInt, ncclMax, comms[r], s[r]));
    NCCL_OK(ncclGroupEnd());
    sync();
    static int block;
    for (int r = 0; r < n; r++) {
        block = r;
        expect("reducescatter", out[r], count, [](size_t i, void *) {
            int m = value(0, block * COUNT + i);
            for (int q = 1; q < 4; q++)
                m = value(q, block * COUNT + i) > m ? value(q, block * COUNT + i) : m;
            return m;
        }, nullptr);
    }
    fill();
    NCCL_OK(ncclGroupStart());
    for (int r = 0; r < n; r++)
        NCCL_OK(ncclReduceScatter(in[r], in[r] + r * count, count, ncclInt, ncclSum, comms[r], s[r]));
    NCCL_OK(ncclGroupEnd());
    sync();
    for (int r = 0; r < n; r++) {
        block = r;
        expect("reducescatter in place", in[r] + r * count, count, [](size_t i, void *) {
            int t = 0;
            for (int q = 0; q < 4; q++)
                t += value(q, block * COUNT + i);
            return t;
        }, nullptr);
    }
    printf("reducescatter checked\n");
    printf("%s\n", failures ? "FAILED" : "all match");
    for (int r = 0; r < n; r++)
        NCCL_OK(ncclCommDestroy(comms[r]));
    delete[] h;
    return failures != 0;
}
