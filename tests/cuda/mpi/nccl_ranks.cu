// NCCL across processes: one rank per MPI process, the unique id made by
// rank 0 and broadcast with MPI, as NCCL's examples do.  An all-reduce for
// every data type and operation (out of place and in place), then a
// broadcast, a reduce, an all-gather, a reduce-scatter, a ring of sends
// and receives in a group, and a premultiplied sum.  Each rank compares
// its buffers with the host's result; rank 0 prints the ranks' findings.
// Exits with 1 on any difference.
#include "common.h"

// The ranks' differences, summed; rank 0 prints them under name.
static int report(const char *name, int bad, int rank)
{
    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %s\n", name, total ? "differs" : "matches on every rank");
    return total;
}

int main(int argc, char **argv)
{
    int rank, size;
    mpi_start(&argc, &argv, &rank, &size);
    ncclComm_t comm = nccl_over_mpi(rank, size);
    int nranks, me;
    NCCL_OK(ncclCommCount(comm, &nranks));
    NCCL_OK(ncclCommUserRank(comm, &me));
    if (rank == 0)
        printf("%d ranks\n", nranks);
    report("rank numbering", nranks != size || me != rank, rank);

    cudaStream_t stream;
    CUDA_OK(cudaStreamCreate(&stream));
    const size_t count = 1000;
    void *buf, *out;
    CUDA_OK(cudaMalloc(&buf, count * 8 * size));
    CUDA_OK(cudaMalloc(&out, count * 8 * size));
    unsigned char *host = (unsigned char *)malloc(count * 8 * size);
    int failures = 0;

    for (int ti = 0; ti < ntypes; ti++) {
        ncclDataType_t t = all_types[ti];
        int bad = 0;
        for (int oi = 0; oi < 5; oi++) {
            ncclRedOp_t op = allreduce_ops[oi];
            for (int pass = 0; pass < 2; pass++) {
                for (size_t i = 0; i < count; i++)
                    put(host, i, t, allreduce_input(rank, i, op));
                CUDA_OK(cudaMemcpy(buf, host, count * type_size(t), cudaMemcpyHostToDevice));
                NCCL_OK(ncclAllReduce(buf, pass ? buf : out, count, t, op, comm, stream));
                CUDA_OK(cudaStreamSynchronize(stream));
                CUDA_OK(cudaMemcpy(host, pass ? buf : out, count * type_size(t),
                                   cudaMemcpyDeviceToHost));
                for (size_t i = 0; i < count; i++) {
                    double want = allreduce_result(size, i, op, t);
                    bad += get(host, i, t) != want;
                }
            }
        }
        char name[64];
        snprintf(name, sizeof name, "all-reduce, type %d", (int)t);
        failures += report(name, bad, rank);
    }

    // Broadcast from the last rank, in place.
    int root = size - 1, bad = 0;
    int *ib = (int *)host;
    for (size_t i = 0; i < count; i++)
        ib[i] = rank == root ? (int)(i * 31 + 5) : -1;
    CUDA_OK(cudaMemcpy(buf, host, count * 4, cudaMemcpyHostToDevice));
    NCCL_OK(ncclBroadcast(buf, buf, count, ncclInt32, root, comm, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(host, buf, count * 4, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; i++)
        bad += ib[i] != (int)(i * 31 + 5);
    failures += report("broadcast", bad, rank);

    // Reduce (maximum) to rank 1 of 64-bit integers.
    root = 1 % size;
    bad = 0;
    long long *lb = (long long *)host;
    for (size_t i = 0; i < count; i++)
        lb[i] = (long long)((i + (size_t)rank * 17) % 101) << 33;
    CUDA_OK(cudaMemcpy(buf, host, count * 8, cudaMemcpyHostToDevice));
    NCCL_OK(ncclReduce(buf, out, count, ncclInt64, ncclMax, root, comm, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    if (rank == root) {
        CUDA_OK(cudaMemcpy(host, out, count * 8, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < count; i++) {
            long long want = 0;
            for (int q = 0; q < size; q++) {
                long long v = (long long)((i + (size_t)q * 17) % 101) << 33;
                want = v > want ? v : want;
            }
            bad += lb[i] != want;
        }
    }
    failures += report("reduce", bad, rank);

    // All-gather of floats, in place (each rank's block already in place).
    bad = 0;
    float *fb = (float *)host;
    for (size_t i = 0; i < count; i++)
        fb[rank * count + i] = rank * 0.25f + (float)i;
    CUDA_OK(cudaMemcpy((float *)buf + rank * count, fb + rank * count, count * 4,
                       cudaMemcpyHostToDevice));
    NCCL_OK(ncclAllGather((float *)buf + rank * count, buf, count, ncclFloat32, comm, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(host, buf, count * 4 * size, cudaMemcpyDeviceToHost));
    for (int q = 0; q < size; q++)
        for (size_t i = 0; i < count; i++)
            bad += fb[q * count + i] != q * 0.25f + (float)i;
    failures += report("all-gather", bad, rank);

    // Reduce-scatter (sum) of 32-bit unsigned integers.
    bad = 0;
    unsigned *ub = (unsigned *)host;
    for (size_t i = 0; i < count * size; i++)
        ub[i] = (unsigned)(i * 3 + (size_t)rank);
    CUDA_OK(cudaMemcpy(buf, host, count * 4 * size, cudaMemcpyHostToDevice));
    NCCL_OK(ncclReduceScatter(buf, out, count, ncclUint32, ncclSum, comm, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(host, out, count * 4, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; i++) {
        unsigned want = 0;
        for (int q = 0; q < size; q++)
            want += (unsigned)((rank * count + i) * 3 + (size_t)q);
        bad += ub[i] != want;
    }
    failures += report("reduce-scatter", bad, rank);

    // A ring both ways in one group: to the right from buf, to the left
    // from out.
    bad = 0;
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    int *rb;
    CUDA_OK(cudaMalloc(&rb, 2 * count * 4));
    for (size_t i = 0; i < count; i++)
        ib[i] = rank * 100000 + (int)i;
    CUDA_OK(cudaMemcpy(buf, host, count * 4, cudaMemcpyHostToDevice));
    NCCL_OK(ncclGroupStart());
    NCCL_OK(ncclSend(buf, count, ncclInt32, right, comm, stream));
    NCCL_OK(ncclSend(buf, count, ncclInt32, left, comm, stream));
    NCCL_OK(ncclRecv(rb, count, ncclInt32, left, comm, stream));
    NCCL_OK(ncclRecv(rb + count, count, ncclInt32, right, comm, stream));
    NCCL_OK(ncclGroupEnd());
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(host, rb, 2 * count * 4, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; i++)
        bad += (ib[i] != left * 100000 + (int)i) + (ib[count + i] != right * 100000 + (int)i);
    failures += report("send and receive ring", bad, rank);

    // A sum of each rank's input times its own scalar (rank + 1).
    bad = 0;
    double scalar = rank + 1, *db = (double *)host;
    ncclRedOp_t premul;
    NCCL_OK(ncclRedOpCreatePreMulSum(&premul, &scalar, ncclFloat64, ncclScalarHostImmediate, comm));
    for (size_t i = 0; i < count; i++)
        db[i] = (double)(i % 10) + rank;
    CUDA_OK(cudaMemcpy(buf, host, count * 8, cudaMemcpyHostToDevice));
    NCCL_OK(ncclAllReduce(buf, out, count, ncclFloat64, premul, comm, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(host, out, count * 8, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < count; i++) {
        double want = 0;
        for (int q = 0; q < size; q++)
            want += ((double)(i % 10) + q) * (q + 1);
        bad += db[i] != want;
    }
    NCCL_OK(ncclRedOpDestroy(premul, comm));
    failures += report("premultiplied sum", bad, rank);

    ncclResult_t async;
    NCCL_OK(ncclCommGetAsyncError(comm, &async));
    failures += report("asynchronous errors", async != ncclSuccess, rank);
    NCCL_OK(ncclCommDestroy(comm));
    CUDA_OK(cudaFree(buf));
    CUDA_OK(cudaFree(out));
    CUDA_OK(cudaFree(rb));
    free(host);
    MPI_Finalize();
    return failures != 0;
}
