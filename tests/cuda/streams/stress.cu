// Stress: 8 host threads, each with a blocking stream, a non-blocking
// stream and its per-thread default stream, issue a random (but seeded,
// per thread) mix of kernels, host functions, copies, sets, event records
// and cross-thread event waits, then check that every ordering CUDA
// guarantees held and nothing was lost.
//
// Every operation of a stream has a sequence number q and a slot
// done[stream][q]: it checks that slot q-1 is set and q is not, then sets
// q.  A wait for another stream's event checks the slot that stream had
// reached when it recorded the event.  Each slot is written once, so the
// checks need no atomics and have no data races; a result is an error
// code per slot.  The mix is the same on every run; which recording of an
// event a wait sees is not, but every check holds whichever it is.
#include <pthread.h>
#include "spin.h"

#define THREADS 8
#define OPS 1000
#define ROUNDS 3
#define NSTREAMS (3 * THREADS + 1) // + the legacy stream, used by thread 0
#define M (OPS + 2)

static int *done, *errs, *dsnap;
static cudaStream_t streams[NSTREAMS];

struct slot {
    cudaEvent_t event;
    int stream, q;  // the stream's last operation when recorded (-1: none)
};
static struct slot mailbox[THREADS];
static pthread_mutex_t mail_lock = PTHREAD_MUTEX_INITIALIZER;

__device__ __host__ inline int step_check(int *done, int *errs, int s, int q)
{
    int *row = done + s * M, e = 0;
    if (q > 0 && ((volatile int *)row)[q - 1] != 1)
        e |= 1;
    if (((volatile int *)row)[q] != 0)
        e |= 2;
    ((volatile int *)row)[q] = 1;
    return e;
}

__global__ void k_step(int *done, int *errs, int s, int q)
{
    errs[s * M + q] = step_check(done, errs, s, q);
}

__global__ void k_step_snap(int *done, int *errs, int s, int q, const int *snap, int want)
{
    int e = step_check(done, errs, s, q);
    if (*snap != want)
        e |= 4;
    errs[s * M + q] = e;
}

__global__ void k_step_wait(int *done, int *errs, int s, int q, int other, int oq)
{
    int e = step_check(done, errs, s, q);
    if (oq >= 0 && ((volatile int *)done)[other * M + oq] != 1)
        e |= 8;
    errs[s * M + q] = e;
}

struct host_op {
    int s, q;
};
static struct host_op host_ops[NSTREAMS][M];

static void CUDART_CB h_step(void *arg)
{
    struct host_op *op = (struct host_op *)arg;
    errs[op->s * M + op->q] = step_check(done, errs, op->s, op->q) | 16;
}

static unsigned lcg(unsigned *x)
{
    *x = *x * 1103515245u + 12345u;
    return (*x >> 16) & 0x7fff;
}

static long long kinds[THREADS][8];
static cudaEvent_t rings[THREADS][4]; // events a thread records and publishes
static int seqs[NSTREAMS];

static void *worker(void *arg)
{
    int t = (int)(size_t)arg;
    unsigned rng = 0x9e3779b9u * (unsigned)(t + 1);
    int mine[3] = {3 * t, 3 * t + 1, 3 * t + 2};
    streams[mine[2]] = cudaStreamPerThread;
    cudaEvent_t *ring = rings[t];
    int next_event = 0;
    for (int n = 0; n < OPS; n++) {
        int which = (int)(lcg(&rng) % 3);
        int s = mine[which];
        if (t == 0 && n % 50 == 49)
            s = NSTREAMS - 1; // the legacy stream
        cudaStream_t st = streams[s];
        int q = seqs[s];
        if (q >= OPS)
            continue;
        int kind = (int)(lcg(&rng) % 8);
        kinds[t][kind]++;
        switch (kind) {
        case 0:
        case 1:
            k_step<<<1, 1, 0, st>>>(done, errs, s, q);
            break;
        case 2:
            host_ops[s][q].s = s;
            host_ops[s][q].q = q;
            cudaLaunchHostFunc(st, h_step, &host_ops[s][q]);
            break;
        case 3: // copy the previous slot, then check the copy
            cudaMemcpyAsync(dsnap + s, done + s * M + (q > 0 ? q - 1 : q), sizeof(int),
                            cudaMemcpyDefault, st);
            k_step_snap<<<1, 1, 0, st>>>(done, errs, s, q, dsnap + s, q > 0 ? 1 : 0);
            break;
        case 4: // set, then check the set
            cudaMemsetAsync(dsnap + s, 0x7f, sizeof(int), st);
            k_step_snap<<<1, 1, 0, st>>>(done, errs, s, q, dsnap + s, 0x7f7f7f7f);
            break;
        case 5: { // publish: record an event after the last operation
            cudaEvent_t e = ring[next_event++ % 4];
            cudaEventRecord(e, st);
            pthread_mutex_lock(&mail_lock);
            mailbox[t].event = e;
            mailbox[t].stream = s;
            mailbox[t].q = q - 1;
            pthread_mutex_unlock(&mail_lock);
            k_step<<<1, 1, 0, st>>>(done, errs, s, q);
            break;
        }
        case 6: { // wait for another thread's published event
            int from = (int)(lcg(&rng) % THREADS);
            pthread_mutex_lock(&mail_lock);
            struct slot m = mailbox[from];
            // the event may be recorded again meanwhile: a later point of
            // the same stream, which satisfies the same check
            cudaStreamWaitEvent(st, m.event, 0);
            pthread_mutex_unlock(&mail_lock);
            k_step_wait<<<1, 1, 0, st>>>(done, errs, s, q, m.stream, m.q);
            break;
        }
        case 7: // synchronize, then check on the host
            k_step<<<1, 1, 0, st>>>(done, errs, s, q);
            cudaStreamSynchronize(st);
            if (((volatile int *)done)[s * M + q] != 1)
                errs[s * M + q] |= 32;
            cudaStreamQuery(st);
            break;
        }
        seqs[s] = q + 1;
    }
    for (int i = 0; i < 3; i++)
        cudaStreamSynchronize(streams[mine[i]]);
    return NULL;
}

int main()
{
    preload_spin_kernels();
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, k_step);
    cudaFuncGetAttributes(&fa, k_step_snap);
    cudaFuncGetAttributes(&fa, k_step_wait);
    size_t slots = (size_t)NSTREAMS * M;
    CHECK(cudaHostAlloc(&done, slots * sizeof(int), cudaHostAllocMapped));
    CHECK(cudaHostAlloc(&errs, slots * sizeof(int), cudaHostAllocMapped));
    CHECK(cudaMalloc(&dsnap, NSTREAMS * sizeof(int)));
    long long total_errors = 0, total_ops = 0;
    for (int round = 0; round < ROUNDS; round++) {
        memset(done, 0, slots * sizeof(int));
        memset(errs, 0, slots * sizeof(int));
        memset(seqs, 0, sizeof seqs);
        for (int t = 0; t < THREADS; t++) {
            CHECK(cudaStreamCreate(&streams[3 * t]));
            CHECK(cudaStreamCreateWithFlags(&streams[3 * t + 1], cudaStreamNonBlocking));
        }
        streams[NSTREAMS - 1] = 0;
        // every mailbox starts with an event that marks nothing
        static cudaEvent_t start_events[THREADS];
        for (int t = 0; t < THREADS; t++) {
            CHECK(cudaEventCreate(&start_events[t]));
            CHECK(cudaEventRecord(start_events[t], streams[3 * t]));
            mailbox[t].event = start_events[t];
            mailbox[t].stream = 3 * t;
            mailbox[t].q = -1;
        }
        for (int t = 0; t < THREADS; t++)
            for (int i = 0; i < 4; i++)
                CHECK(cudaEventCreateWithFlags(&rings[t][i], i % 2 ? cudaEventDisableTiming
                                                                   : cudaEventBlockingSync));
        pthread_t th[THREADS];
        for (int t = 0; t < THREADS; t++)
            pthread_create(&th[t], NULL, worker, (void *)(size_t)t);
        for (int t = 0; t < THREADS; t++)
            pthread_join(th[t], NULL);
        CHECK(cudaDeviceSynchronize());
        long long errors = 0, ops = 0, missing = 0;
        for (int s = 0; s < NSTREAMS; s++) {
            for (int q = 0; q < seqs[s]; q++) {
                errors += (errs[s * M + q] & ~16) != 0;
                missing += done[s * M + q] != 1;
            }
            ops += seqs[s];
        }
        printf("round %d: %lld operations, %lld ordering errors, %lld lost\n", round, ops, errors,
               missing);
        total_errors += errors + missing;
        total_ops += ops;
        for (int t = 0; t < THREADS; t++) {
            // destroyed with work possibly still queued in other threads' waits
            CHECK(cudaStreamDestroy(streams[3 * t]));
            CHECK(cudaStreamDestroy(streams[3 * t + 1]));
            CHECK(cudaEventDestroy(start_events[t]));
            for (int i = 0; i < 4; i++)
                CHECK(cudaEventDestroy(rings[t][i]));
        }
    }
    long long per_kind[8] = {0};
    for (int t = 0; t < THREADS; t++)
        for (int k = 0; k < 8; k++)
            per_kind[k] += kinds[t][k];
    printf("kinds: kernel %lld, host function %lld, copy %lld, set %lld, record %lld, wait %lld, "
           "synchronize %lld\n",
           per_kind[0] + per_kind[1], per_kind[2], per_kind[3], per_kind[4], per_kind[5],
           per_kind[6], per_kind[7]);
    printf("total: %lld operations, %lld errors\n", total_ops, total_errors);
    CHECK(cudaFreeHost(done));
    CHECK(cudaFreeHost(errs));
    CHECK(cudaFree(dsnap));
    return total_errors != 0;
}
