// Two cooperative grids, one per device, whose leaders meet through pinned
// host memory at every round while the rest of each grid waits at
// grid.sync() (the shape of conjugateGradientMultiDeviceCG).  Each grid
// must run while the other's leader spins: the second grid is launched
// after the first has started, so that every block of the first is
// resident before it.  Run with two devices (SIMT_DEVICES=2).
#include <chrono>
#include <cooperative_groups.h>
#include <cstdio>
#include <thread>

namespace cg = cooperative_groups;

#define ROUNDS 4

struct meet {
    volatile int flag[2];
    volatile double val[2][ROUNDS];
};

__global__ void rounds(int rank, meet *m, double *acc, double *out)
{
    cg::grid_group grid = cg::this_grid();
    for (int r = 1; r <= ROUNDS; r++) {
        if (grid.thread_rank() == 0)
            *acc = 0;
        grid.sync();
        atomicAdd(acc, (double)(threadIdx.x + blockIdx.x * r + rank));
        grid.sync();
        if (grid.thread_rank() == 0) {
            m->val[rank][r - 1] = *acc;
            __threadfence_system();
            m->flag[rank] = r;
            while (m->flag[1 - rank] < r)
                ;
            __threadfence_system();
            out[r - 1] = m->val[0][r - 1] + m->val[1][r - 1];
        }
        grid.sync();
    }
}

int main()
{
    meet *m;
    cudaHostAlloc(&m, sizeof *m, cudaHostAllocPortable);
    double *acc[2], *out[2];
    for (int d = 0; d < 2; d++) {
        cudaSetDevice(d);
        cudaMalloc(&acc[d], sizeof(double));
        cudaMalloc(&out[d], ROUNDS * sizeof(double));
    }
    // Twice: the kernel's second pair of launches meets as the first did.
    for (int rep = 0; rep < 2; rep++) {
        m->flag[0] = m->flag[1] = 0;
        for (int d = 0; d < 2; d++) {
            cudaSetDevice(d);
            int rank = d;
            void *args[] = {&rank, &m, &acc[d], &out[d]};
            cudaError_t e =
                cudaLaunchCooperativeKernel((void *)rounds, dim3(4), dim3(64), args, 0, 0);
            printf("launch %d on device %d: %s\n", rep, d, cudaGetErrorName(e));
            // The first grid reaches its first meeting before the second starts.
            if (d == 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        for (int d = 0; d < 2; d++) {
            cudaSetDevice(d);
            printf("device %d synchronize: %s\n", d, cudaGetErrorName(cudaDeviceSynchronize()));
            double h[ROUNDS];
            cudaMemcpy(h, out[d], sizeof h, cudaMemcpyDeviceToHost);
            for (int r = 0; r < ROUNDS; r++)
                printf("device %d round %d: %.1f\n", d, r + 1, h[r]);
        }
        printf("flags %d %d\n", m->flag[0], m->flag[1]);
    }
    for (int d = 0; d < 2; d++) {
        cudaSetDevice(d);
        cudaFree(acc[d]);
        cudaFree(out[d]);
    }
    cudaFreeHost(m);
    return 0;
}
