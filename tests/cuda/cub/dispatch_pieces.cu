// The pieces of CUB's dispatch layer a program builds its own device-scope
// algorithm from: a policy chain (cub::ChainedPolicy, one policy per PTX
// version, MaxPolicy as the entry), a dispatch closure whose Invoke<Policy>
// launches a kernel instantiated on MaxPolicy with the chosen policy's block
// size, and the algorithm's temporary storage through
// cub::detail::temporary_storage::layout (two slots, aliases that share a
// slot and grow, the size query, mapping, errors).  The algorithm: each
// block sums its tile into a slot, then one block sums the partial sums.
#include <cub/util_device.cuh>
#include <cub/detail/temporary_storage.cuh>

#include <cstdio>
#include <vector>

template <int Threads, int Items>
struct SumPolicy {
    static constexpr int BLOCK_THREADS = Threads;
    static constexpr int ITEMS_PER_THREAD = Items;
};

struct policy_hub {
    struct Policy600 : cub::ChainedPolicy<600, Policy600, Policy600> {
        using Sum = SumPolicy<64, 2>;
    };
    struct Policy800 : cub::ChainedPolicy<800, Policy800, Policy600> {
        using Sum = SumPolicy<128, 4>;
    };
    struct Policy900 : cub::ChainedPolicy<900, Policy900, Policy800> {
        using Sum = SumPolicy<256, 8>;
    };
    struct Policy1000 : cub::ChainedPolicy<1000, Policy1000, Policy900> {
        using Sum = SumPolicy<512, 16>;
    };
    using MaxPolicy = Policy1000;
};

// Instantiated on MaxPolicy; the device view's ActivePolicy is the one for
// the PTX version being compiled.  Declared as CUB declares its kernels.
template <typename MaxPolicy>
__launch_bounds__(MaxPolicy::ActivePolicy::Sum::BLOCK_THREADS) CUB_DETAIL_KERNEL_ATTRIBUTES
    void tile_sums(const int *in, int n, long long *partial, int *seen_threads)
{
    using P = typename MaxPolicy::ActivePolicy::Sum;
    constexpr int tile = P::BLOCK_THREADS * P::ITEMS_PER_THREAD;
    __shared__ long long s[P::BLOCK_THREADS];
    long long mine = 0;
    for (int k = 0; k < P::ITEMS_PER_THREAD; k++) {
        int i = blockIdx.x * tile + k * P::BLOCK_THREADS + threadIdx.x;
        if (i < n)
            mine += in[i];
    }
    s[threadIdx.x] = mine;
    __syncthreads();
    for (int w = P::BLOCK_THREADS / 2; w > 0; w /= 2) {
        if (threadIdx.x < w)
            s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = s[0];
        if (blockIdx.x == 0)
            *seen_threads = P::BLOCK_THREADS * 1000 + (int)blockDim.x;
    }
}

__global__ void total(const long long *partial, int tiles, long long *out)
{
    long long t = 0;
    for (int i = 0; i < tiles; i++)
        t += partial[i];
    *out = t;
}

struct DispatchSum {
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    const int *d_in;
    long long *d_out;
    int num_items;
    int *d_seen;
    int chosen_threads;

    template <typename ActivePolicy>
    cudaError_t Invoke()
    {
        using P = typename ActivePolicy::Sum;
        constexpr int tile = P::BLOCK_THREADS * P::ITEMS_PER_THREAD;
        int tiles = (num_items + tile - 1) / tile;
        chosen_threads = P::BLOCK_THREADS;

        cub::detail::temporary_storage::layout<2> storage;
        auto partial_slot = storage.get_slot(0);
        auto flag_slot = storage.get_slot(1);
        auto partial = partial_slot->create_alias<long long>();
        auto wide = partial_slot->create_alias<char>(16);
        auto flags = flag_slot->create_alias<int>(4);
        partial.grow(tiles);
        if (!d_temp_storage) {
            temp_storage_bytes = storage.get_size();
            return cudaSuccess;
        }
        cudaError_t error = storage.map_to_buffer(d_temp_storage, temp_storage_bytes);
        if (error != cudaSuccess)
            return error;
        if (wide.get() != reinterpret_cast<char *>(partial.get()) || flags.get() == nullptr)
            return cudaErrorUnknown;
        tile_sums<policy_hub::MaxPolicy><<<tiles, P::BLOCK_THREADS>>>(d_in, num_items, partial.get(), d_seen);
        total<<<1, 1>>>(partial.get(), tiles, d_out);
        return cudaGetLastError();
    }

    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, const int *d_in,
                                long long *d_out, int num_items, int *d_seen, int *chosen)
    {
        int ptx_version = 0;
        cudaError_t error = cub::PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchSum closure{d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, d_seen, 0};
        error = policy_hub::MaxPolicy::Invoke(ptx_version, closure);
        *chosen = closure.chosen_threads;
        return error;
    }
};

// Which policy a given PTX version gets, on the host.
struct Which {
    int threads;
    template <typename ActivePolicy>
    cudaError_t Invoke()
    {
        threads = ActivePolicy::Sum::BLOCK_THREADS;
        return cudaSuccess;
    }
};

int main()
{
    const int versions[] = {500, 600, 750, 800, 860, 900, 1000, 1200};
    for (int v : versions) {
        Which w{0};
        cudaError_t e = policy_hub::MaxPolicy::Invoke(v, w);
        std::printf("ptx %d -> block threads %d (%d)\n", v, w.threads, (int)e);
    }
    std::printf("host view's active policy: %d threads\n", policy_hub::MaxPolicy::ActivePolicy::Sum::BLOCK_THREADS);

    const int sizes[] = {1, 1000, 5000, 100003};
    for (int n : sizes) {
        std::vector<int> h(n);
        long long want = 0;
        for (int i = 0; i < n; i++) {
            h[i] = (i * 7919) % 2001 - 1000;
            want += h[i];
        }
        int *d_in, *d_seen;
        long long *d_out;
        cudaMalloc(&d_in, n * sizeof(int));
        cudaMalloc(&d_out, sizeof(long long));
        cudaMalloc(&d_seen, sizeof(int));
        cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        size_t bytes = 0;
        int chosen = 0;
        cudaError_t e1 = DispatchSum::Dispatch(nullptr, bytes, d_in, d_out, n, d_seen, &chosen);
        void *d_temp = nullptr;
        cudaMalloc(&d_temp, bytes);
        cudaError_t e2 = DispatchSum::Dispatch(d_temp, bytes, d_in, d_out, n, d_seen, &chosen);
        long long got = 0;
        int seen = 0;
        cudaMemcpy(&got, d_out, sizeof got, cudaMemcpyDeviceToHost);
        cudaMemcpy(&seen, d_seen, sizeof seen, cudaMemcpyDeviceToHost);
        std::printf("n %d: temp bytes %zu, errors %d %d, policy %d threads, kernel saw %d/%d, sum %lld (%s)\n", n,
                    bytes, (int)e1, (int)e2, chosen, seen / 1000, seen % 1000, got, got == want ? "ok" : "WRONG");
        size_t small = bytes - 1;
        cudaError_t e3 = DispatchSum::Dispatch(d_temp, small, d_in, d_out, n, d_seen, &chosen);
        std::printf("n %d: one byte short: %s\n", n, cudaGetErrorName(e3));
        cudaFree(d_temp);
        cudaFree(d_in);
        cudaFree(d_out);
        cudaFree(d_seen);
    }

    // The layout alone: sizes, an empty alias, a slot past the end, a second
    // mapping.
    cub::detail::temporary_storage::layout<3> storage;
    auto a = storage.get_slot(0)->create_alias<double>(10);
    auto b = storage.get_slot(1)->create_alias<int>();
    auto c = storage.get_slot(2)->create_alias<char>(300);
    std::printf("slot 3: %s\n", storage.get_slot(3) == nullptr ? "null" : "not null");
    size_t need = storage.get_size();
    std::printf("layout of 80, 0, 300 bytes: %zu bytes\n", need);
    b.grow(70);
    need = storage.get_size();
    std::printf("after growing the second to 280: %zu bytes\n", need);
    void *buf = nullptr;
    cudaMalloc(&buf, need);
    std::printf("map: %s\n", cudaGetErrorName(storage.map_to_buffer(buf, need)));
    std::printf("again: %s\n", cudaGetErrorName(storage.map_to_buffer(buf, need)));
    char *base = static_cast<char *>(buf);
    std::printf("offsets %td %td %td\n", reinterpret_cast<char *>(a.get()) - base,
                reinterpret_cast<char *>(b.get()) - base, c.get() - base);
    cub::detail::temporary_storage::layout<1> empty;
    auto none = empty.get_slot(0)->create_alias<float>();
    std::printf("empty layout: %zu bytes\n", empty.get_size());
    std::printf("map empty: %s, alias %s\n", cudaGetErrorName(empty.map_to_buffer(buf, need)),
                none.get() == nullptr ? "null" : "not null");
    cudaFree(buf);
    return 0;
}
