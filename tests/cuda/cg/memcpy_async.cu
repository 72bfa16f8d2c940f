// cg::memcpy_async with wait and wait_prior: the CUDA guide's two
// examples (with the "work with local_smem" filled in as a checksum),
// byte counts and element layouts, cuda::aligned_size_t, and tiles and
// coalesced groups as the copying group.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cstdio>
namespace cg = cooperative_groups;

// CUDA guide 5.6.3.2.1
__global__ void kernel(int *global_data, unsigned long long *sums)
{
    cg::thread_block tb = cg::this_thread_block();
    const size_t elementsPerThreadBlock = 16 * 1024;
    const size_t elementsInShared = 128;
    __shared__ int local_smem[elementsInShared];
    size_t copy_count;
    size_t index = 0;
    unsigned long long acc = 0;
    global_data += blockIdx.x * elementsPerThreadBlock;
    while (index < elementsPerThreadBlock) {
        cg::memcpy_async(tb, local_smem, elementsInShared, global_data + index,
                         elementsPerThreadBlock - index);
        copy_count = min(elementsInShared, elementsPerThreadBlock - index);
        cg::wait(tb);
        // Work with local_smem
        for (size_t i = tb.thread_rank(); i < copy_count; i += tb.size())
            acc = acc * 3 + (unsigned)local_smem[i];
        tb.sync();
        index += copy_count;
    }
    sums[blockIdx.x * blockDim.x + tb.thread_rank()] = acc;
}

// CUDA guide 5.6.3.2.2
__global__ void kernel2(int *global_data, unsigned long long *sums)
{
    cg::thread_block tb = cg::this_thread_block();
    const size_t elementsPerThreadBlock = 16 * 1024 + 64;
    const size_t elementsInShared = 128;
    __align__(16) __shared__ int local_smem[2][elementsInShared];
    int stage = 0;
    unsigned long long acc = 0;
    global_data += blockIdx.x * elementsPerThreadBlock;
    // First kick off an extra request
    size_t copy_count = elementsInShared;
    size_t index = copy_count;
    cg::memcpy_async(tb, local_smem[stage], elementsInShared, global_data, elementsPerThreadBlock - index);
    while (index < elementsPerThreadBlock) {
        // Now we kick off the next request...
        cg::memcpy_async(tb, local_smem[stage ^ 1], elementsInShared, global_data + index,
                         elementsPerThreadBlock - index);
        // ... but we wait on the one before it
        cg::wait_prior<1>(tb);

        // Its now available and we can work with local_smem[stage] here
        for (size_t i = tb.thread_rank(); i < elementsInShared; i += tb.size())
            acc = acc * 5 + (unsigned)local_smem[stage][i];

        // Calculate the amount fo data that was actually copied, for the next iteration.
        copy_count = min(elementsInShared, elementsPerThreadBlock - index);
        index += copy_count;

        // A cg::sync(tb) might be needed here depending on whether
        // the work done with local_smem[stage] can release threads to race ahead or not
        cg::sync(tb);
        // Wrap to the next stage
        stage ^= 1;
    }
    cg::wait(tb);
    // The last local_smem[stage] can be handled here
    for (size_t i = tb.thread_rank(); i < copy_count; i += tb.size())
        acc = acc * 5 + (unsigned)local_smem[stage][i];
    sums[blockIdx.x * blockDim.x + tb.thread_rank()] = acc;
}

// Byte counts, aligned sizes and element layouts; tiles and coalesced
// groups copy their own parts.
__global__ void shapes(const char *src, unsigned *out)
{
    __shared__ __align__(16) char bytes[4096];
    __shared__ __align__(16) int ints[1024];
    __shared__ __align__(16) double dbl[256];
    cg::thread_block tb = cg::this_thread_block();
    unsigned r = tb.thread_rank();
    for (unsigned i = r; i < 4096; i += tb.size())
        bytes[i] = 0;
    for (unsigned i = r; i < 1024; i += tb.size())
        ints[i] = -1;
    for (unsigned i = r; i < 256; i += tb.size())
        dbl[i] = 0.25;
    tb.sync();
    cg::memcpy_async(tb, (void *)bytes, (const void *)src, 1000);                // bytes, void
    cg::memcpy_async(tb, bytes + 1008, src + 1003, 333);                         // unaligned source
    cg::memcpy_async(tb, bytes + 2048, src + 64, cuda::aligned_size_t<16>(512));  // aligned bytes
    cg::memcpy_async(tb, ints, 700, (const int *)src, 600);                      // min of the layouts
    cg::memcpy_async(tb, dbl, cuda::aligned_size_t<16>(128), (const double *)(src + 2048),
                     cuda::aligned_size_t<16>(200));
    cg::wait(tb);
    // a tile copies its slice; the group waits for it
    auto t32 = cg::tiled_partition<32>(tb);
    cg::memcpy_async(t32, ints + 700 + t32.meta_group_rank() * 40, (const int *)(src + 3000) + t32.meta_group_rank() * 40, 40 * sizeof(int));
    cg::wait_prior<0>(t32);
    if (r % 2 == 0) {
        cg::coalesced_group even = cg::coalesced_threads();
        unsigned w = r / 32;
        cg::memcpy_async(even, bytes + 3072 + w * 64, src + 4000 + w * 64, 64);
        cg::wait(even);
    }
    tb.sync();
    unsigned s = 0;
    for (unsigned i = 0; i < 4096; i++)
        s = s * 31u + (unsigned char)bytes[i];
    unsigned si = 0;
    for (unsigned i = 0; i < 1024; i++)
        si = si * 31u + (unsigned)ints[i];
    unsigned sd = 0;
    for (unsigned i = 0; i < 256; i++)
        sd = sd * 31u + (unsigned)(dbl[i] == dbl[i] ? (long long)(dbl[i] * 1000) : 7);
    if (r == 0) {
        out[0] = s;
        out[1] = si;
        out[2] = sd;
        out[3] = (unsigned char)bytes[999] + (unsigned char)bytes[1000] * 1000 + (unsigned char)bytes[1340] * 1000000;
        out[4] = ints[599] + ints[600] * 7;
    }
}

int main()
{
    const int blocks = 3, n1 = 16 * 1024, n2 = 16 * 1024 + 64;
    int *d_data, *h_data = new int[blocks * n2];
    for (int i = 0; i < blocks * n2; i++)
        h_data[i] = (int)((i * 2654435761u) >> 9);
    cudaMalloc(&d_data, blocks * n2 * sizeof(int));
    cudaMemcpy(d_data, h_data, blocks * n2 * sizeof(int), cudaMemcpyHostToDevice);
    unsigned long long *d_sums, h_sums[blocks * 96];
    cudaMalloc(&d_sums, sizeof h_sums);
    kernel<<<blocks, 96>>>(d_data, d_sums);
    printf("example 1: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_sums, d_sums, sizeof h_sums, cudaMemcpyDeviceToHost);
    unsigned long long s = 0;
    for (int i = 0; i < blocks * 96; i++)
        s = s * 7 + h_sums[i];
    printf("  %llu %llu checksum %llu\n", h_sums[0], h_sums[blocks * 96 - 1], s);
    (void)n1;
    kernel2<<<blocks, 64>>>(d_data, d_sums);
    printf("example 2: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_sums, d_sums, blocks * 64 * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
    s = 0;
    for (int i = 0; i < blocks * 64; i++)
        s = s * 7 + h_sums[i];
    printf("  %llu %llu checksum %llu\n", h_sums[0], h_sums[blocks * 64 - 1], s);

    char *d_src, *h_src = new char[8192];
    for (int i = 0; i < 8192; i++)
        h_src[i] = (char)(i * 37 + (i >> 8));
    double *dd = (double *)(h_src + 2048);
    for (int i = 0; i < 200; i++)
        dd[i] = i * 0.5 - 3;
    cudaMalloc(&d_src, 8192);
    cudaMemcpy(d_src, h_src, 8192, cudaMemcpyHostToDevice);
    unsigned *d_out, h_out[5];
    cudaMalloc(&d_out, sizeof h_out);
    shapes<<<1, 128>>>(d_src, d_out);
    printf("shapes: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    printf("  %08x %08x %08x %u %u\n", h_out[0], h_out[1], h_out[2], h_out[3], h_out[4]);
    return 0;
}
