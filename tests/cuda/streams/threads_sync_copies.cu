// Host threads that each copy in, launch a small kernel and copy out,
// synchronously, a thousand times, all on the legacy default stream: the
// copies of one thread queue behind those of the others, so a copy that
// its own thread waits for (and runs itself) is often behind another
// thread's, or ahead of it.  Each thread's chain of values must come out
// whole, in order, and no copy may wait for ever.
#include <cstdio>
#include <pthread.h>

#define THREADS 6
#define STEPS 1000
#define N 64

__global__ void step(int *v, int add)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N)
        v[i] = v[i] * 3 % 1000003 + add + i;
}

static int *dev[THREADS];
static unsigned sums[THREADS];
static int bad[THREADS];

static void *run(void *arg)
{
    int t = (int)(long)arg;
    int h[N], want[N];
    for (int i = 0; i < N; i++)
        want[i] = h[i] = t * 100 + i;
    for (int s = 0; s < STEPS; s++) {
        if (cudaMemcpy(dev[t], h, sizeof h, cudaMemcpyHostToDevice) != cudaSuccess)
            bad[t]++;
        step<<<2, 32>>>(dev[t], s + t);
        if (cudaMemcpy(h, dev[t], sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess)
            bad[t]++;
        for (int i = 0; i < N; i++) {
            want[i] = want[i] * 3 % 1000003 + s + t + i;
            bad[t] += h[i] != want[i];
        }
    }
    unsigned sum = 0;
    for (int i = 0; i < N; i++)
        sum = sum * 31 + (unsigned)h[i];
    sums[t] = sum;
    return NULL;
}

int main()
{
    for (int t = 0; t < THREADS; t++)
        cudaMalloc(&dev[t], N * sizeof(int));
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, run, (void *)(long)t);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    for (int t = 0; t < THREADS; t++)
        printf("thread %d: %08x, %d wrong\n", t, sums[t], bad[t]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
