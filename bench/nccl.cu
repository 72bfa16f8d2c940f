// bench/nccl.cu: NCCL collectives in one process over every device
// (SIMT_DEVICES=N), against a memcpy of the same bytes measured in the
// same run: an all-reduce (float sum), a broadcast and an all-gather of 1,
// 8 and 64 MiB per rank, bus bandwidth as nccl-tests reports it.
//
//   simtcc -O2 bench/nccl.cu -lnccl -o nccl && SIMT_DEVICES=4 ./nccl
#include <nccl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

enum what { ALLREDUCE, BROADCAST, ALLGATHER };
static const char *name[] = {"all_reduce", "broadcast", "all_gather"};

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    int nd = 0;
    cudaGetDeviceCount(&nd);
    if (nd < 2) {
        printf("bench/nccl: needs two devices or more (SIMT_DEVICES=4)\n");
        return 0;
    }
    std::vector<ncclComm_t> comm(nd);
    std::vector<int> devs(nd);
    for (int d = 0; d < nd; d++)
        devs[d] = d;
    ncclCommInitAll(comm.data(), nd, devs.data());
    const size_t sizes[] = {1u << 20, 8u << 20, 64u << 20};
    printf("%d ranks; bus bandwidth in GB/s, best of %d; memcpy of the same bytes, one thread\n",
           nd, reps);
    for (size_t bytes : sizes) {
        size_t count = bytes / sizeof(float);
        std::vector<float *> send(nd), recv(nd);
        std::vector<cudaStream_t> s(nd);
        for (int d = 0; d < nd; d++) {
            cudaSetDevice(d);
            cudaStreamCreate(&s[d]);
            cudaMalloc(&send[d], bytes);
            cudaMalloc(&recv[d], bytes * nd);
            cudaMemset(send[d], 0, bytes);
        }
        double busbw[3];
        for (int k = 0; k < 3; k++) {
            double best = 1e30;
            for (int rep = 0; rep < reps + 1; rep++) {
                double t0 = now_s();
                ncclGroupStart();
                for (int d = 0; d < nd; d++) {
                    if (k == ALLREDUCE)
                        ncclAllReduce(send[d], recv[d], count, ncclFloat, ncclSum, comm[d], s[d]);
                    else if (k == BROADCAST)
                        ncclBroadcast(send[d], recv[d], count, ncclFloat, 0, comm[d], s[d]);
                    else
                        ncclAllGather(send[d], recv[d], count, ncclFloat, comm[d], s[d]);
                }
                ncclGroupEnd();
                for (int d = 0; d < nd; d++)
                    cudaStreamSynchronize(s[d]);
                double t = now_s() - t0;
                if (rep) /* the first warms up */
                    best = std::min(best, t);
            }
            /* nccl-tests' bus bandwidth: what each link carries. */
            double factor = k == ALLREDUCE   ? 2.0 * (nd - 1) / nd
                            : k == ALLGATHER ? (double)(nd - 1) / nd * nd
                                             : 1.0;
            busbw[k] = bytes * factor / best / 1e9;
        }
        std::vector<char> a(bytes, 1), b(bytes);
        double mbest = 1e30;
        for (int rep = 0; rep < reps + 1; rep++) {
            double t0 = now_s();
            memcpy(b.data(), a.data(), bytes);
            double t = now_s() - t0;
            if (rep)
                mbest = std::min(mbest, t);
        }
        double mem = bytes / mbest / 1e9;
        for (int k = 0; k < 3; k++)
            printf("%-10s %3zu MiB  %7.2f GB/s  memcpy %6.2f GB/s  ratio %.2f\n", name[k],
                   bytes >> 20, busbw[k], mem, busbw[k] / mem);
        for (int d = 0; d < nd; d++) {
            cudaSetDevice(d);
            cudaFree(send[d]);
            cudaFree(recv[d]);
            cudaStreamDestroy(s[d]);
        }
    }
    for (int d = 0; d < nd; d++)
        ncclCommDestroy(comm[d]);
    return 0;
}
