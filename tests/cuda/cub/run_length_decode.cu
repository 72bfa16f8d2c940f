// cub::BlockRunLengthDecode: a block's runs (two a thread) decoded window by
// window (four items a thread), from run lengths (trailing runs of length
// zero included) and from run offsets; each item's value and offset in its
// run checked against the host's expansion, and the items of the last
// window past the decoded size printed as the block leaves them.
#include <cub/block/block_run_length_decode.cuh>

#include <cstdio>
#include <stdint.h>
#include <vector>

const int THREADS = 128, RUNS = 2, ITEMS = 4, WINDOW = THREADS * ITEMS;
typedef cub::BlockRunLengthDecode<uint64_t, THREADS, RUNS, ITEMS> Decode;

__global__ void decode(const uint64_t *values, const uint32_t *lengths, bool as_offsets, uint64_t *out_items,
                       uint32_t *out_offsets, uint32_t *out_total)
{
    __shared__ typename Decode::TempStorage temp;
    uint64_t run_values[RUNS];
    uint32_t run_lengths[RUNS];
    for (int i = 0; i < RUNS; i++) {
        run_values[i] = values[threadIdx.x * RUNS + i];
        run_lengths[i] = lengths[threadIdx.x * RUNS + i];
    }
    uint32_t total = 0;
    if (as_offsets) {
        // lengths[] holds each run's offset here; the total comes last.
        total = lengths[THREADS * RUNS];
        Decode d(temp, run_values, run_lengths);
        for (uint32_t w = 0; w < total + WINDOW; w += WINDOW) {
            uint64_t items[ITEMS];
            uint32_t offsets[ITEMS];
            d.RunLengthDecode(items, offsets, w);
            for (int i = 0; i < ITEMS; i++) {
                out_items[w + threadIdx.x * ITEMS + i] = items[i];
                out_offsets[w + threadIdx.x * ITEMS + i] = offsets[i];
            }
            __syncthreads();
        }
    } else {
        Decode d(temp, run_values, run_lengths, total);
        for (uint32_t w = 0; w < total; w += WINDOW) {
            uint64_t items[ITEMS];
            uint32_t offsets[ITEMS];
            d.RunLengthDecode(items, offsets, w);
            for (int i = 0; i < ITEMS; i++) {
                out_items[w + threadIdx.x * ITEMS + i] = items[i];
                out_offsets[w + threadIdx.x * ITEMS + i] = offsets[i];
            }
            __syncthreads();
        }
    }
    if (threadIdx.x == 0)
        *out_total = total;
}

static void run(const char *name, const std::vector<uint64_t> &values, const std::vector<uint32_t> &lengths)
{
    std::vector<uint64_t> want_items;
    std::vector<uint32_t> want_offsets, offsets(THREADS * RUNS + 1);
    for (size_t r = 0; r < values.size(); r++) {
        offsets[r] = (uint32_t)want_items.size();
        for (uint32_t k = 0; k < lengths[r]; k++) {
            want_items.push_back(values[r]);
            want_offsets.push_back(k);
        }
    }
    uint32_t total = (uint32_t)want_items.size();
    offsets[THREADS * RUNS] = total;
    size_t cap = total + 2 * WINDOW;

    uint64_t *d_values, *d_items;
    uint32_t *d_lengths, *d_offsets, *d_total;
    cudaMalloc(&d_values, values.size() * sizeof(uint64_t));
    cudaMalloc(&d_lengths, offsets.size() * sizeof(uint32_t));
    cudaMalloc(&d_items, cap * sizeof(uint64_t));
    cudaMalloc(&d_offsets, cap * sizeof(uint32_t));
    cudaMalloc(&d_total, sizeof(uint32_t));
    cudaMemcpy(d_values, values.data(), values.size() * sizeof(uint64_t), cudaMemcpyHostToDevice);
    for (int pass = 0; pass < 2; pass++) {
        const std::vector<uint32_t> &given = pass ? offsets : lengths;
        cudaMemcpy(d_lengths, given.data(), given.size() * sizeof(uint32_t), cudaMemcpyHostToDevice);
        decode<<<1, THREADS>>>(d_values, d_lengths, pass == 1, d_items, d_offsets, d_total);
        std::vector<uint64_t> items(cap);
        std::vector<uint32_t> item_offsets(cap);
        uint32_t got_total = 0;
        cudaMemcpy(items.data(), d_items, cap * sizeof(uint64_t), cudaMemcpyDeviceToHost);
        cudaMemcpy(item_offsets.data(), d_offsets, cap * sizeof(uint32_t), cudaMemcpyDeviceToHost);
        cudaMemcpy(&got_total, d_total, sizeof got_total, cudaMemcpyDeviceToHost);
        int wrong = 0;
        for (uint32_t i = 0; i < total; i++)
            wrong += items[i] != want_items[i] || item_offsets[i] != want_offsets[i];
        printf("%s, from %s: total %u, %d of %u wrong", name, pass ? "offsets" : "lengths", got_total, wrong, total);
        if (pass)
            printf("; past the end: %llu+%u %llu+%u %llu+%u", (unsigned long long)items[total], item_offsets[total],
                   (unsigned long long)items[total + 1], item_offsets[total + 1],
                   (unsigned long long)items[total + 7], item_offsets[total + 7]);
        printf("\n");
    }
    cudaFree(d_values);
    cudaFree(d_lengths);
    cudaFree(d_items);
    cudaFree(d_offsets);
    cudaFree(d_total);
}

int main()
{
    std::vector<uint64_t> values(THREADS * RUNS);
    std::vector<uint32_t> lengths(THREADS * RUNS);
    for (int r = 0; r < THREADS * RUNS; r++) {
        values[r] = 1000003ull * (uint64_t)r;
        lengths[r] = (uint32_t)((r * 7 + 3) % 6); // 0 to 5; zero only in the trailing runs below
        if (lengths[r] == 0)
            lengths[r] = 1;
    }
    run("lengths 1 to 5", values, lengths);
    for (int r = THREADS * RUNS - 9; r < THREADS * RUNS; r++)
        lengths[r] = 0;
    run("nine trailing empty runs", values, lengths);
    for (int r = 0; r < THREADS * RUNS; r++)
        lengths[r] = r % 50 == 0 ? 700 : 1;
    run("long runs across windows", values, lengths);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
