/*
 * mpi.c: the program's MPI, found at run time.
 *
 * A program that runs NCCL across processes links an MPI itself (it
 * broadcasts the unique id with it).  simt's NCCL must not link one: most
 * programs have none, and a second MPI in one process would not work.  So
 * it looks the functions up in the program (dlsym), and speaks Open MPI's
 * ABI, which the MPI standard leaves to each implementation: handles are
 * pointers, the predefined ones are the addresses of exported objects
 * (ompi_mpi_comm_world, ompi_mpi_byte), MPI_STATUS_IGNORE is NULL, and a
 * status begins with its source and tag.  An MPI without those objects is
 * not used (mpi_absent_why says so).
 */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "nccl/mpi.h"

struct mpi_status {
    int source, tag, error, cancelled;
    size_t ucount;
};

typedef void *handle;

static struct {
    pthread_once_t once;
    const char *why;
    handle world, byte;
    int (*initialized)(int *);
    int (*finalized)(int *);
    int (*comm_rank)(handle, int *);
    int (*comm_size)(handle, int *);
    int (*send)(const void *, int, handle, int, int, handle);
    int (*recv)(void *, int, handle, int, int, handle, struct mpi_status *);
    int (*iprobe)(int, int, handle, int *, struct mpi_status *);
    int (*get_count)(const struct mpi_status *, handle, int *);
    int (*isend)(const void *, int, handle, int, int, handle, handle *);
    int (*irecv)(void *, int, handle, int, int, handle, handle *);
    int (*waitall)(int, handle *, struct mpi_status *);
    int (*comm_group)(handle, handle *);
    int (*group_incl)(handle, int, const int *, handle *);
    int (*group_free)(handle *);
    int (*comm_create_group)(handle, handle, int, handle *);
    int (*comm_free)(handle *);
    int (*allgather)(const void *, int, handle, void *, int, handle, handle);
    int (*alltoall)(const void *, int, handle, void *, int, handle, handle);
    int (*gather)(const void *, int, handle, void *, int, handle, int, handle);
    int (*bcast)(void *, int, handle, int, handle);
} M = {.once = PTHREAD_ONCE_INIT};

#define FIND(field, name)                                                                     \
    do {                                                                                     \
        *(void **)&M.field = dlsym(RTLD_DEFAULT, name);                                      \
        if (!M.field) {                                                                      \
            M.why = "the program's MPI lacks " name;                                         \
            return;                                                                          \
        }                                                                                    \
    } while (0)

static void find(void)
{
    M.world = dlsym(RTLD_DEFAULT, "ompi_mpi_comm_world");
    M.byte = dlsym(RTLD_DEFAULT, "ompi_mpi_byte");
    if (!dlsym(RTLD_DEFAULT, "MPI_Init")) {
        M.why = "the program does not link an MPI";
        return;
    }
    if (!M.world || !M.byte) {
        M.why = "the program's MPI is not Open MPI, the one simt's NCCL speaks to";
        return;
    }
    FIND(initialized, "MPI_Initialized");
    FIND(finalized, "MPI_Finalized");
    FIND(comm_rank, "MPI_Comm_rank");
    FIND(comm_size, "MPI_Comm_size");
    FIND(send, "MPI_Send");
    FIND(recv, "MPI_Recv");
    FIND(iprobe, "MPI_Iprobe");
    FIND(get_count, "MPI_Get_count");
    FIND(isend, "MPI_Isend");
    FIND(irecv, "MPI_Irecv");
    FIND(waitall, "MPI_Waitall");
    FIND(comm_group, "MPI_Comm_group");
    FIND(group_incl, "MPI_Group_incl");
    FIND(group_free, "MPI_Group_free");
    FIND(comm_create_group, "MPI_Comm_create_group");
    FIND(comm_free, "MPI_Comm_free");
    FIND(allgather, "MPI_Allgather");
    FIND(alltoall, "MPI_Alltoall");
    FIND(gather, "MPI_Gather");
    FIND(bcast, "MPI_Bcast");
}

/* Whether MPI may be called now. */
static int running(void)
{
    pthread_once(&M.once, find);
    if (M.why)
        return 0;
    int init = 0, fin = 0;
    M.initialized(&init);
    M.finalized(&fin);
    return init && !fin;
}

int mpi_world_rank(void)
{
    int r = -1, n = 0;
    if (!running() || M.comm_size(M.world, &n) != 0 || n < 2 || M.comm_rank(M.world, &r) != 0)
        return -1;
    return r;
}

const char *mpi_absent_why(void)
{
    pthread_once(&M.once, find);
    return M.why ? M.why : "MPI is not initialized (MPI_Init) or already finalized";
}

int mpi_world_send(int dst, int tag, const void *buf, size_t bytes)
{
    if (bytes > INT_MAX)
        return -1;
    return M.send(buf, (int)bytes, M.byte, dst, tag, M.world);
}

int mpi_world_recv(int src, int tag, void *buf, size_t bytes)
{
    if (bytes > INT_MAX)
        return -1;
    return M.recv(buf, (int)bytes, M.byte, src, tag, M.world, NULL);
}

long mpi_world_poll(int src, int tag, int *from)
{
    int flag = 0, n = 0;
    struct mpi_status st;
    if (M.iprobe(src, tag, M.world, &flag, &st) != 0 || !flag)
        return -1;
    if (M.get_count(&st, M.byte, &n) != 0)
        return -1;
    *from = st.source;
    return n;
}

mpi_comm mpi_comm_of(const int *world, int n, int tag)
{
    handle all = NULL, group = NULL, comm = NULL;
    if (M.comm_group(M.world, &all) == 0 && M.group_incl(all, n, world, &group) == 0 &&
        M.comm_create_group(M.world, group, tag, &comm) != 0)
        comm = NULL;
    if (group)
        M.group_free(&group);
    if (all)
        M.group_free(&all);
    return comm;
}

void mpi_comm_release(mpi_comm c)
{
    if (c && running())
        M.comm_free(&c);
}

/* MPI's counts are ints: a block of more than PIECE bytes per rank goes in
 * pieces, each rank's k-th piece packed beside the others' (blocks of n
 * ranks, rank-major, in `send` for alltoall and in `recv`). */
#define PIECE ((size_t)1 << 30)

enum shape { ALLGATHER, ALLTOALL, GATHER };

static int exchange(enum shape shape, mpi_comm c, const void *send, void *recv, size_t bytes,
                    int root)
{
    int n = 0, me = 0;
    M.comm_size(c, &n);
    M.comm_rank(c, &me);
    if (bytes <= PIECE) {
        int b = (int)bytes;
        switch (shape) {
        case ALLGATHER: return M.allgather(send, b, M.byte, recv, b, M.byte, c);
        case ALLTOALL: return M.alltoall(send, b, M.byte, recv, b, M.byte, c);
        case GATHER: return M.gather(send, b, M.byte, recv, b, M.byte, root, c);
        }
    }
    char *in = malloc((size_t)n * PIECE), *out = malloc((size_t)n * PIECE);
    int e = !in || !out;
    for (size_t at = 0; !e && at < bytes; at += PIECE) {
        size_t k = bytes - at < PIECE ? bytes - at : PIECE;
        const char *from = (const char *)send + at;
        if (shape == ALLTOALL)
            for (int r = 0; r < n; r++)
                memcpy(in + (size_t)r * k, (const char *)send + (size_t)r * bytes + at, k);
        e = shape == ALLGATHER ? M.allgather(from, (int)k, M.byte, out, (int)k, M.byte, c)
            : shape == ALLTOALL ? M.alltoall(in, (int)k, M.byte, out, (int)k, M.byte, c)
                                : M.gather(from, (int)k, M.byte, out, (int)k, M.byte, root, c);
        if (!e && (shape != GATHER || me == root))
            for (int r = 0; r < n; r++)
                memcpy((char *)recv + (size_t)r * bytes + at, out + (size_t)r * k, k);
    }
    free(in);
    free(out);
    return e;
}

int mpi_allgather(mpi_comm c, const void *send, void *recv, size_t bytes)
{
    return exchange(ALLGATHER, c, send, recv, bytes, 0);
}

int mpi_alltoall(mpi_comm c, const void *send, void *recv, size_t bytes)
{
    return exchange(ALLTOALL, c, send, recv, bytes, 0);
}

int mpi_gather(mpi_comm c, const void *send, void *recv, size_t bytes, int root)
{
    return exchange(GATHER, c, send, recv, bytes, root);
}

int mpi_bcast(mpi_comm c, void *buf, size_t bytes, int root)
{
    for (size_t at = 0; at < bytes; at += PIECE) {
        size_t k = bytes - at < PIECE ? bytes - at : PIECE;
        int e = M.bcast((char *)buf + at, (int)k, M.byte, root, c);
        if (e)
            return e;
    }
    return 0;
}

int mpi_isend(mpi_comm c, const void *buf, size_t bytes, int peer, mpi_request *r)
{
    if (bytes > P2P_PIECE)
        return -1;
    return M.isend(buf, (int)bytes, M.byte, peer, 0, c, r);
}

int mpi_irecv(mpi_comm c, void *buf, size_t bytes, int peer, mpi_request *r)
{
    if (bytes > P2P_PIECE)
        return -1;
    return M.irecv(buf, (int)bytes, M.byte, peer, 0, c, r);
}

int mpi_waitall(mpi_request *r, int n)
{
    return n ? M.waitall(n, r, NULL) : 0;
}
