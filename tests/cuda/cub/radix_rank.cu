// cub::BlockRadixRank and cub::BlockRadixRankMatch: each key's rank in the
// tile by one 5-bit digit (BFEDigitExtractor), ascending and descending,
// and the tracked digits' exclusive prefixes; keys in the arrangement each
// ranker's callers load (blocked for BlockRadixRank, warp-striped for
// BlockRadixRankMatch), with many equal digits, so that the ranks show
// the order ties are broken in.  Then a scatter by rank: the tile sorted
// by the digit, stably.
#include <cub/block/block_radix_rank.cuh>
#include <cub/block/radix_rank_sort_operations.cuh>

#include <cstdio>
#include <vector>

const int THREADS = 96, KEYS = 3, TILE = THREADS * KEYS, BITS = 5;

template <bool DESCENDING, bool MATCH>
__global__ void rank(const unsigned *in, int *ranks_out, int *prefix_out, unsigned *sorted)
{
    typedef typename std::conditional<MATCH, cub::BlockRadixRankMatch<THREADS, BITS, DESCENDING>,
                                      cub::BlockRadixRank<THREADS, BITS, DESCENDING>>::type Rank;
    __shared__ typename Rank::TempStorage temp;
    __shared__ unsigned tile[TILE];
    int t = threadIdx.x, warp = t / 32, lane = t % 32;
    unsigned keys[KEYS];
    int at[KEYS];
    for (int i = 0; i < KEYS; i++) {
        at[i] = MATCH ? warp * 32 * KEYS + i * 32 + lane : t * KEYS + i;
        keys[i] = in[blockIdx.x * TILE + at[i]];
    }
    int ranks[KEYS], prefix[Rank::BINS_TRACKED_PER_THREAD];
    cub::BFEDigitExtractor<unsigned> digits(3, BITS);
    Rank(temp).RankKeys(keys, ranks, digits, prefix);
    for (int i = 0; i < KEYS; i++) {
        ranks_out[blockIdx.x * TILE + at[i]] = ranks[i];
        tile[ranks[i]] = keys[i];
    }
    for (int b = 0; b < Rank::BINS_TRACKED_PER_THREAD; b++)
        if (t * Rank::BINS_TRACKED_PER_THREAD + b < (1 << BITS))
            prefix_out[blockIdx.x * 32 + t * Rank::BINS_TRACKED_PER_THREAD + b] = prefix[b];
    __syncthreads();
    for (int i = t; i < TILE; i += THREADS)
        sorted[blockIdx.x * TILE + i] = tile[i];
}

static unsigned long long digest(const std::vector<int> &v)
{
    unsigned long long h = 1469598103934665603ull;
    for (int x : v)
        h = (h ^ (unsigned)x) * 1099511628211ull;
    return h;
}

template <bool DESCENDING, bool MATCH>
static void run(const char *name, const unsigned *d_in, const std::vector<unsigned> &h, int blocks)
{
    int *d_ranks, *d_prefix;
    unsigned *d_sorted;
    cudaMalloc(&d_ranks, blocks * TILE * sizeof(int));
    cudaMalloc(&d_prefix, blocks * 32 * sizeof(int));
    cudaMalloc(&d_sorted, blocks * TILE * sizeof(unsigned));
    cudaMemset(d_prefix, 0xff, blocks * 32 * sizeof(int));
    rank<DESCENDING, MATCH><<<blocks, THREADS>>>(d_in, d_ranks, d_prefix, d_sorted);
    std::vector<int> ranks(blocks * TILE), prefix(blocks * 32);
    std::vector<unsigned> sorted(blocks * TILE);
    cudaMemcpy(ranks.data(), d_ranks, ranks.size() * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(prefix.data(), d_prefix, prefix.size() * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(sorted.data(), d_sorted, sorted.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    int unsorted = 0;
    for (int b = 0; b < blocks; b++)
        for (int i = 1; i < TILE; i++) {
            unsigned a = (sorted[b * TILE + i - 1] >> 3) & 31, c = (sorted[b * TILE + i] >> 3) & 31;
            unsorted += DESCENDING ? a < c : a > c;
        }
    printf("%s: ranks %d %d %d %d, prefixes %d %d %d %d, out of digit order %d, ranks %016llx, sorted %016llx\n",
           name, ranks[0], ranks[1], ranks[2], ranks[TILE - 1], prefix[0], prefix[1], prefix[16], prefix[31],
           unsorted, digest(ranks), digest(std::vector<int>(sorted.begin(), sorted.end())));
    cudaFree(d_ranks);
    cudaFree(d_prefix);
    cudaFree(d_sorted);
}

int main()
{
    const int blocks = 4;
    std::vector<unsigned> h(blocks * TILE);
    for (int i = 0; i < blocks * TILE; i++)
        h[i] = (unsigned)(i * 2654435761u) >> 7 & 0x3ff; // digits repeat: about 9 keys a digit
    unsigned *d_in;
    cudaMalloc(&d_in, h.size() * sizeof(unsigned));
    cudaMemcpy(d_in, h.data(), h.size() * sizeof(unsigned), cudaMemcpyHostToDevice);
    run<false, false>("BlockRadixRank ascending", d_in, h, blocks);
    run<true, false>("BlockRadixRank descending", d_in, h, blocks);
    run<false, true>("BlockRadixRankMatch ascending", d_in, h, blocks);
    run<true, true>("BlockRadixRankMatch descending", d_in, h, blocks);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
