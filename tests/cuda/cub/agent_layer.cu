// CUB's agent layer used as the dispatch document describes it: a program
// writes its own kernels on CUB's agents and picks their tuning through a
// policy hub's chain for the device's PTX version.
//  - a two-kernel reduction: AgentReduce over an even share of tiles
//    (GridEvenShare, strip-mined by ConsumeTiles), then one block's
//    ConsumeRange over the partials;
//  - single-pass scans with AgentScan over a ScanTileState (exclusive
//    with an initial value, inclusive without, inclusive with one), and
//    one block's ConsumeRange over whole tiles, a running prefix between;
//  - a GridQueue that blocks drain tile by tile;
//  - DispatchReduce and DispatchScan objects invoked through their chains;
//  - the tuned values the chain selects (reduce and scan hubs, several
//    accumulators and operators).
#include <cub/agent/agent_reduce.cuh>
#include <cub/agent/agent_scan.cuh>
#include <cub/device/dispatch/dispatch_reduce.cuh>
#include <cub/device/dispatch/dispatch_scan.cuh>
#include <cub/device/dispatch/tuning/tuning_reduce.cuh>
#include <cub/device/dispatch/tuning/tuning_scan.cuh>
#include <cub/grid/grid_even_share.cuh>
#include <cub/grid/grid_queue.cuh>
#include <cub/util_device.cuh>
#include <cuda/std/functional>

#include "cub_test.h"

using Plus = cuda::std::plus<>;
using ReduceHub = cub::detail::reduce::policy_hub<long long, int, Plus>;

template <class ChainedPolicyT>
__global__ void __launch_bounds__(ChainedPolicyT::ActivePolicy::ReducePolicy::BLOCK_THREADS)
    reduce_tiles(const int *in, long long *partials, cub::GridEvenShare<int> share)
{
    using Policy = typename ChainedPolicyT::ActivePolicy::ReducePolicy;
    using Agent = cub::detail::reduce::AgentReduce<Policy, const int *, long long *, int, Plus, long long>;
    __shared__ typename Agent::TempStorage temp;
    long long block = Agent(temp, in, Plus{}).ConsumeTiles(share);
    if (threadIdx.x == 0)
        partials[blockIdx.x] = block;
}

template <class ChainedPolicyT>
__global__ void __launch_bounds__(ChainedPolicyT::ActivePolicy::SingleTilePolicy::BLOCK_THREADS)
    reduce_single(const long long *partials, int n, long long *out)
{
    using Policy = typename ChainedPolicyT::ActivePolicy::SingleTilePolicy;
    using Agent = cub::detail::reduce::AgentReduce<Policy, const long long *, long long *, int, Plus, long long>;
    __shared__ typename Agent::TempStorage temp;
    long long total = Agent(temp, partials, Plus{}).ConsumeRange(0, n);
    if (threadIdx.x == 0)
        *out = total;
}

// The host side of CUB's pattern: Invoke<ActivePolicy>() runs with the
// policy the chain selects for the device.
struct ReduceOp {
    const int *in;
    int n;
    long long *partials, *out;
    int threads, items, grid;

    template <class ActivePolicyT>
    cudaError_t Invoke()
    {
        using Policy = typename ActivePolicyT::ReducePolicy;
        threads = Policy::BLOCK_THREADS;
        items = Policy::ITEMS_PER_THREAD;
        cub::GridEvenShare<int> share;
        share.DispatchInit(n, 40, threads * items);
        grid = share.grid_size;
        reduce_tiles<ReduceHub::MaxPolicy><<<share.grid_size, threads>>>(in, partials, share);
        reduce_single<ReduceHub::MaxPolicy>
            <<<1, ActivePolicyT::SingleTilePolicy::BLOCK_THREADS>>>(partials, share.grid_size, out);
        return cudaGetLastError();
    }
};

static void reduce_test(const int *d_in, const std::vector<int> &h_in)
{
    int n = (int)h_in.size();
    long long *d_partials, *d_out;
    CK(cudaMalloc(&d_partials, 64 * sizeof(long long)));
    CK(cudaMalloc(&d_out, sizeof(long long)));
    int ptx = 0;
    CK(cub::PtxVersion(ptx));
    ReduceOp op{d_in, n, d_partials, d_out, 0, 0, 0};
    CK(ReduceHub::MaxPolicy::Invoke(ptx, op));
    long long sum = 0, want = 0;
    CK(cudaMemcpy(&sum, d_out, sizeof sum, cudaMemcpyDeviceToHost));
    for (int v : h_in)
        want += v;
    printf("reduce: policy %d threads x %d items, %d blocks, sum %lld (host %lld)\n", op.threads, op.items, op.grid,
           sum, want);

    // A share of fewer tiles than blocks: each block one tile at most.
    op.n = 1000;
    CK(ReduceHub::MaxPolicy::Invoke(ptx, op));
    CK(cudaMemcpy(&sum, d_out, sizeof sum, cudaMemcpyDeviceToHost));
    want = 0;
    for (int i = 0; i < 1000; i++)
        want += h_in[i];
    printf("reduce 1000: %d blocks, sum %lld (host %lld)\n", op.grid, sum, want);
    cudaFree(d_partials);
    cudaFree(d_out);
}

// Scans: the agent's three modes over the same input.
template <class Policy, class InitT, bool ForceInclusive>
using ScanAgent =
    cub::detail::scan::AgentScan<Policy, const int *, long long *, Plus, InitT, int, long long, ForceInclusive>;

__global__ void init_tiles(cub::ScanTileState<long long> state, int tiles)
{
    state.InitializeStatus(tiles);
}

template <class Policy, class InitT, bool ForceInclusive>
__global__ void __launch_bounds__(Policy::BLOCK_THREADS)
    scan_tiles(const int *in, long long *out, int n, InitT init, cub::ScanTileState<long long> state)
{
    using Agent = ScanAgent<Policy, InitT, ForceInclusive>;
    __shared__ typename Agent::TempStorage temp;
    Agent(temp, in, out, Plus{}, init).ConsumeRange(n, state, 0);
}

template <class Policy, class InitT, bool ForceInclusive>
__global__ void __launch_bounds__(Policy::BLOCK_THREADS)
    scan_range(const int *in, long long *out, int begin, int end, InitT init)
{
    using Agent = ScanAgent<Policy, InitT, ForceInclusive>;
    __shared__ typename Agent::TempStorage temp;
    Agent(temp, in, out, Plus{}, init).ConsumeRange(begin, end);
}

static void print_scan(const char *what, const long long *d_out, int n, const std::vector<long long> &want)
{
    std::vector<long long> got = fetch(d_out, n);
    int wrong = 0;
    for (int i = 0; i < n; i++)
        wrong += got[i] != want[i];
    printf("%s: %d wrong of %d, out[0] %lld, out[%d] %lld, out[%d] %lld, digest %016llx\n", what, wrong, n, got[0],
           n / 2, got[n / 2], n - 1, got[n - 1], (unsigned long long)digest_host(got.data(), n));
}

struct ScanOp {
    const int *in;
    long long *out;
    int n;
    const std::vector<int> *h_in;

    template <class ActivePolicyT>
    cudaError_t Invoke()
    {
        using Policy = typename ActivePolicyT::ScanPolicyT;
        constexpr int tile = Policy::BLOCK_THREADS * Policy::ITEMS_PER_THREAD;
        int tiles = (n + tile - 1) / tile;
        size_t bytes = 0;
        CK(cub::ScanTileState<long long>::AllocationSize(tiles, bytes));
        void *d_temp;
        CK(cudaMalloc(&d_temp, bytes));
        cub::ScanTileState<long long> state;
        CK(state.Init(tiles, d_temp, bytes));
        const std::vector<int> &h = *h_in;

        std::vector<long long> want(n);
        long long run = 5;
        for (int i = 0; i < n; i++) {
            want[i] = run;
            run += h[i];
        }
        init_tiles<<<(tiles + 127) / 128, 128>>>(state, tiles);
        scan_tiles<Policy, long long, false><<<tiles, Policy::BLOCK_THREADS>>>(in, out, n, 5, state);
        print_scan("exclusive from 5", out, n, want);

        run = 0;
        for (int i = 0; i < n; i++)
            want[i] = run += h[i];
        init_tiles<<<(tiles + 127) / 128, 128>>>(state, tiles);
        scan_tiles<Policy, cub::NullType, false><<<tiles, Policy::BLOCK_THREADS>>>(in, out, n, cub::NullType{}, state);
        print_scan("inclusive", out, n, want);

        run = 5;
        for (int i = 0; i < n; i++)
            want[i] = run += h[i];
        init_tiles<<<(tiles + 127) / 128, 128>>>(state, tiles);
        scan_tiles<Policy, long long, true><<<tiles, Policy::BLOCK_THREADS>>>(in, out, n, 5, state);
        print_scan("inclusive from 5", out, n, want);

        // One block, tile after tile: the first three tiles, exclusive
        // from 7, each tile's prefix carried from the one before.
        int three = 3 * tile;
        run = 7;
        for (int i = 0; i < three; i++) {
            want[i] = run;
            run += h[i];
        }
        scan_range<Policy, long long, false><<<1, Policy::BLOCK_THREADS>>>(in, out, 0, three, 7);
        print_scan("one block, three tiles from 7", out, three, want);
        cudaFree(d_temp);
        return cudaGetLastError();
    }
};

// A GridQueue: each block takes tiles of 256 items until none are left.
__global__ void drain(const int *in, int n, cub::GridQueue<int> queue, unsigned long long *sum, int *tiles_taken)
{
    __shared__ int tile;
    for (;;) {
        if (threadIdx.x == 0)
            tile = queue.Drain(256);
        __syncthreads();
        if (tile >= n)
            break;
        if (threadIdx.x == 0)
            atomicAdd(tiles_taken, 1);
        int i = tile + threadIdx.x;
        if (i < n)
            atomicAdd(sum, (unsigned long long)in[i]);
        __syncthreads();
    }
}

static void queue_test(const int *d_in, const std::vector<int> &h_in)
{
    int n = (int)h_in.size();
    void *d_counters;
    CK(cudaMalloc(&d_counters, cub::GridQueue<int>::AllocationSize()));
    cub::GridQueue<int> queue(d_counters);
    unsigned long long *d_sum;
    int *d_taken;
    CK(cudaMalloc(&d_sum, sizeof *d_sum));
    CK(cudaMalloc(&d_taken, sizeof *d_taken));
    for (int round = 0; round < 2; round++) {
        CK(cudaMemset(d_sum, 0, sizeof *d_sum));
        CK(cudaMemset(d_taken, 0, sizeof *d_taken));
        if (round == 0)
            CK(queue.FillAndResetDrain(n));
        else
            cub::FillAndResetDrainKernel<<<1, 1>>>(queue, n); // the device's own reset
        drain<<<24, 256>>>(d_in, n, queue, d_sum, d_taken);
        int fill = -1, taken = 0;
        unsigned long long sum = 0, want = 0;
        CK(queue.FillSize(fill));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(&sum, d_sum, sizeof sum, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&taken, d_taken, sizeof taken, cudaMemcpyDeviceToHost));
        for (int v : h_in)
            want += (unsigned long long)v;
        printf("queue round %d: fill %d, tiles taken %d, sum %llu (host %llu)\n", round, fill, taken, sum, want);
    }
    CK(queue.ResetDrain());
    CK(queue.ResetFill());
    int fill = -1;
    CK(queue.FillSize(fill));
    CK(cudaDeviceSynchronize());
    printf("queue after ResetFill: fill %d\n", fill);
    cudaFree(d_counters);
    cudaFree(d_sum);
    cudaFree(d_taken);
}

// What the chain selects: a policy's numbers, read in Invoke.
template <class Pick>
struct ShowOp {
    const char *name;
    template <class ActivePolicyT>
    cudaError_t Invoke()
    {
        using P = typename Pick::template policy<ActivePolicyT>;
        printf("%-28s %4d threads x %2d items, load %d, store %d, scan %d\n", name, P::BLOCK_THREADS,
               P::ITEMS_PER_THREAD, (int)Pick::template load<P>(), (int)Pick::template store<P>(),
               (int)Pick::template algorithm<P>());
        return cudaSuccess;
    }
};

template <class Hub, class Pick>
static void show(const char *name)
{
    ShowOp<Pick> op{name};
    int ptx = 0;
    CK(cub::PtxVersion(ptx));
    CK(Hub::MaxPolicy::Invoke(ptx, op));
}

struct PickReduce {
    template <class A>
    using policy = typename A::ReducePolicy;
    template <class P>
    static constexpr int load() { return P::LOAD_MODIFIER; }
    template <class P>
    static constexpr int store() { return P::VECTOR_LOAD_LENGTH; }
    template <class P>
    static constexpr int algorithm() { return P::BLOCK_ALGORITHM; }
};

struct PickScan {
    template <class A>
    using policy = typename A::ScanPolicyT;
    template <class P>
    static constexpr int load() { return P::LOAD_ALGORITHM; }
    template <class P>
    static constexpr int store() { return P::STORE_ALGORITHM; }
    template <class P>
    static constexpr int algorithm() { return P::SCAN_ALGORITHM; }
};

// The dispatch object, as the document's entry point builds it: the
// arguments and the device's PTX version, invoked through the chain (the
// size query, then the run).
static void dispatch_objects(const int *d_in, const std::vector<int> &h_in)
{
    int n = (int)h_in.size(), ptx = 0;
    CK(cub::PtxVersion(ptx));
    long long *d_sum, *d_scan;
    CK(cudaMalloc(&d_sum, sizeof(long long)));
    CK(cudaMalloc(&d_scan, n * sizeof(long long)));

    using DR = cub::DispatchReduce<const int *, long long *, int, Plus, long long>;
    size_t bytes = 0;
    DR query(nullptr, bytes, d_in, d_sum, n, Plus{}, 3LL, 0, ptx);
    CK(ReduceHub::MaxPolicy::Invoke(ptx, query));
    void *d_temp = nullptr;
    CK(cudaMalloc(&d_temp, bytes));
    DR reduce(d_temp, bytes, d_in, d_sum, n, Plus{}, 3LL, 0, ptx);
    CK(ReduceHub::MaxPolicy::Invoke(ptx, reduce));
    long long sum = 0, want = 3;
    CK(cudaMemcpy(&sum, d_sum, sizeof sum, cudaMemcpyDeviceToHost));
    for (int v : h_in)
        want += v;
    printf("DispatchReduce object: size query %s, sum %lld (host %lld)\n", bytes > 0 ? "asks for storage" : "asks none",
           sum, want);
    cudaFree(d_temp);

    using DS = cub::DispatchScan<const int *, long long *, Plus, cub::detail::InputValue<long long>, unsigned>;
    using ScanHub = cub::detail::scan::policy_hub<int, long long, long long, unsigned, Plus>;
    bytes = 0;
    DS scan_query(nullptr, bytes, d_in, d_scan, (unsigned)n, Plus{}, cub::detail::InputValue<long long>(5LL), 0,
                  ptx);
    CK(ScanHub::MaxPolicy::Invoke(ptx, scan_query));
    CK(cudaMalloc(&d_temp, bytes));
    DS scan(d_temp, bytes, d_in, d_scan, (unsigned)n, Plus{}, cub::detail::InputValue<long long>(5LL), 0, ptx);
    CK(ScanHub::MaxPolicy::Invoke(ptx, scan));
    std::vector<long long> want_scan(n);
    long long run = 5;
    for (int i = 0; i < n; i++) {
        want_scan[i] = run;
        run += h_in[i];
    }
    print_scan("DispatchScan object, exclusive from 5", d_scan, n, want_scan);
    cudaFree(d_temp);
    cudaFree(d_sum);
    cudaFree(d_scan);
}

struct Pair {
    double a, b;
};
struct PairOp {
    __host__ __device__ Pair operator()(Pair x, Pair y) const { return {x.a + y.a, x.b + y.b}; }
};
struct Mul {
    __host__ __device__ int operator()(int x, int y) const { return x * y; }
};

int main()
{
    const int n = 1000003;
    std::vector<int> h_in(n);
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        h_in[i] = (int)(s >> 16) % 2001 - 1000;
    }
    int *d_in;
    long long *d_out;
    CK(cudaMalloc(&d_in, n * sizeof(int)));
    CK(cudaMalloc(&d_out, n * sizeof(long long)));
    CK(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    reduce_test(d_in, h_in);

    using ScanHub = cub::detail::scan::policy_hub<int, long long, long long, unsigned, Plus>;
    ScanOp scan{d_in, d_out, n, &h_in};
    int ptx = 0;
    CK(cub::PtxVersion(ptx));
    CK(ScanHub::MaxPolicy::Invoke(ptx, scan));

    queue_test(d_in, h_in);
    dispatch_objects(d_in, h_in);

    show<cub::detail::reduce::policy_hub<int, int, Plus>, PickReduce>("reduce int plus");
    show<cub::detail::reduce::policy_hub<double, long long, Plus>, PickReduce>("reduce double plus");
    show<cub::detail::reduce::policy_hub<char, int, Plus>, PickReduce>("reduce char plus");
    show<cub::detail::scan::policy_hub<int, int, int, unsigned, Plus>, PickScan>("scan int plus");
    show<cub::detail::scan::policy_hub<float, float, float, unsigned, Plus>, PickScan>("scan float plus");
    show<cub::detail::scan::policy_hub<double, double, double, unsigned, Plus>, PickScan>("scan double plus");
    show<cub::detail::scan::policy_hub<long long, long long, long long, unsigned, cuda::maximum<>>, PickScan>(
        "scan long long max");
    show<cub::detail::scan::policy_hub<char, char, char, unsigned, cuda::minimum<>>, PickScan>("scan char min");
    show<cub::detail::scan::policy_hub<short, short, short, unsigned, Plus>, PickScan>("scan short plus");
    show<cub::detail::scan::policy_hub<int, int, int, unsigned, Mul>, PickScan>("scan int custom op");
    show<cub::detail::scan::policy_hub<Pair, Pair, Pair, unsigned, PairOp>, PickScan>("scan struct");

    CK(cudaDeviceSynchronize());
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
