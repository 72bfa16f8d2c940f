// Loops that poll memory: those that wait for another thread keep their
// kernel on the fiber tier (simtcc --resource-usage names the loop), those
// that make progress by themselves stay on the compiled tier.

// waits: a test-and-set lock, an atomic or of 0
__global__ void tas_lock(int *lock, int *counter)
{
    while (atomicExch(lock, 1) != 0)
        ;
    counter[0]++;
    __threadfence();
    atomicExch(lock, 0);
}

__global__ void or_poll(unsigned *flag, unsigned *out)
{
    if (threadIdx.x == 0)
        while (atomicOr(flag, 0) == 0)
            ;
    if (threadIdx.x == blockDim.x - 1)
        atomicOr(flag, 1);
    out[threadIdx.x] = threadIdx.x;
}

// progress by themselves: a compare-and-swap retried with what it read, a
// warp's tagged update of volatile shared memory, a search over volatile
// memory, a work counter
__global__ void retry_add(double *sum, const double *in)
{
    unsigned long long *p = (unsigned long long *)sum, old = *p, assumed;
    double v = in[blockIdx.x * blockDim.x + threadIdx.x];
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(v + __longlong_as_double(assumed)));
    } while (assumed != old);
}

__device__ void tagged_add(volatile unsigned *hist, unsigned bin, unsigned tag)
{
    unsigned count;
    do {
        count = (hist[bin] & 0x07FFFFFFu) + 1;
        count |= tag;
        hist[bin] = count;
    } while (hist[bin] != count);
}

__global__ void tagged_histogram(const unsigned *in, unsigned *out, int n)
{
    volatile __shared__ unsigned hist[8 * 64];
    for (int i = threadIdx.x; i < 8 * 64; i += blockDim.x)
        hist[i] = 0;
    __syncthreads();
    volatile unsigned *mine = hist + (threadIdx.x / 32) * 64;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        tagged_add(mine, in[i] % 64, threadIdx.x << 27);
    __syncthreads();
    if (threadIdx.x < 64) {
        unsigned s = 0;
        for (int w = 0; w < 8; w++)
            s += hist[w * 64 + threadIdx.x] & 0x07FFFFFFu;
        atomicAdd(&out[threadIdx.x], s);
    }
}

__global__ void search(const volatile int *keys, int n, int key, int *at)
{
    int i = 0;
    while (i < n && keys[i] != key)
        i++;
    at[threadIdx.x] = i;
}

__global__ void work_queue(unsigned *next, float *data, int n)
{
    for (unsigned i; (i = atomicAdd(next, 1)) < (unsigned)n;)
        data[i] *= 2.0f;
}

int main()
{
    int *lock, *counter, *at;
    unsigned *flag, *out, *next;
    double *sum, *in;
    float *data;
    cudaMalloc(&lock, 4);
    cudaMalloc(&counter, 4);
    cudaMalloc(&at, 256);
    cudaMalloc(&flag, 4);
    cudaMalloc(&out, 1024);
    cudaMalloc(&next, 4);
    cudaMalloc(&sum, 8);
    cudaMalloc(&in, 2048);
    cudaMalloc(&data, 4096);
    tas_lock<<<2, 32>>>(lock, counter);
    or_poll<<<1, 64>>>(flag, out);
    retry_add<<<2, 128>>>(sum, in);
    tagged_histogram<<<2, 256>>>(out, out, 256);
    search<<<1, 64>>>(at, 64, 3, at);
    work_queue<<<4, 64>>>(next, data, 1024);
    return cudaDeviceSynchronize() != cudaSuccess;
}
