/*
 * comm.c: NCCL's communicators and operations over emulated devices.
 *
 * A communicator's ranks share a clique: the ranks' communicators, found
 * by the unique id they were made with.  An operation is the k-th of its
 * kind on its clique (collectives: the k-th collective; a send and a
 * receive: the k-th between the two ranks), and meets the other ranks'
 * k-th at a rendezvous.  No call waits for another rank: a rank's call
 * puts a host command in its stream, which runs when the rank's inputs
 * are ready, and makes the stream's next command wait for the
 * rendezvous's gate (stream.h).  The rank whose command runs last does
 * the operation for all ranks and opens the gate.  So the ranks may call
 * from one thread or several, in any order, as NCCL allows, and each
 * stream goes on once the operation is done, as after a GPU's kernels.
 * In a group (ncclGroupStart), the waits are added at ncclGroupEnd, after
 * all the group's commands: a ring of sends and receives, each rank's
 * receive queued behind its send, would otherwise wait for itself.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check/hooks.h"
#include "engine/engine.h"
#include "nccl.h"
#include "nccl/comm.h"
#include "nccl/reduce.h"
#include "nccl/remote.h"
#include "nccl/waits.h"
#include "nccl/mpi.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

const char *const nccl_kind_name[] = {"ncclAllReduce", "ncclBroadcast", "ncclReduce",
                                     "ncclAllGather", "ncclReduceScatter", "ncclSend/ncclRecv"};

/* The k-th operation of a clique (or of a pair of ranks). */
struct rendezvous {
    enum kind kind;
    int src, dst;           /* K_P2P: the sender and the receiver */
    unsigned long long seq;
    int arrived, expected;  /* calls so far, under the clique's lock */
    int first;              /* the slot that called first */
    atomic_int ran;         /* ranks' commands run so far */
    struct cmd *gate;       /* opened once the operation is done (a reference) */
    struct part *parts;     /* by rank (K_P2P: [0] the sender, [1] the receiver) */
    struct CUstream_st **streams; /* each arrived rank's */
    int mismatch;           /* the ranks disagree: reported once the work runs */
    atomic_int broken;      /* in a cycle of waits (waits.h): its gate opened, no work */
    struct clique *clique;  /* referenced until the rendezvous is freed */
    struct rendezvous *next;
};

struct clique {
    ncclUniqueId id;
    int nranks, refs;
    atomic_int members;     /* ranks joined in this process */
    pthread_mutex_t connect_lock;
    atomic_int connected;   /* where the ranks are is known: */
    ncclResult_t connect_error;
    struct remote *remote;  /* NULL: all in this process */
    atomic_int error;       /* an operation failed: every rank's async error */
    pthread_mutex_t lock;
    struct rendezvous *pending;
    struct clique *next;
};

struct premul {
    int live, type, on_device;
    _Alignas(8) unsigned char scalar[8];
};

#define MAX_PREMUL 64

struct ncclComm {
    struct clique *clique;
    int rank, nranks, device;
    unsigned long long coll_seq;
    unsigned long long *send_seq, *recv_seq; /* by peer */
    atomic_int async_error;
    int aborted;
    struct premul premul[MAX_PREMUL];
};

static struct {
    pthread_mutex_t lock;
    struct clique *cliques;
    atomic_ullong next_id;
} N = {.lock = PTHREAD_MUTEX_INITIALIZER};

static SIMT_TLS int group_depth;
static SIMT_TLS char last_error[256];

static ncclResult_t fail(ncclResult_t r, const char *what)
{
    snprintf(last_error, sizeof last_error, "%s", what);
    return r;
}

/* ---- versions, ids, errors ---------------------------------------------------- */

ncclResult_t ncclGetVersion(int *version)
{
    if (!version)
        return fail(ncclInvalidArgument, "ncclGetVersion: version is NULL");
    *version = NCCL_VERSION_CODE;
    return ncclSuccess;
}

/* This host's name, hashed (FNV-1a): a pid is unique on one host only. */
static unsigned long long host_hash(void)
{
    char name[256] = "";
    gethostname(name, sizeof name - 1);
    unsigned long long h = 0xcbf29ce484222325ull;
    for (const char *p = name; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
    return h;
}

/* Whether another process made the id. */
static int id_foreign(const ncclUniqueId *id)
{
    struct id_body b;
    memcpy(&b, id, sizeof b);
    return b.pid != (unsigned long long)getpid() || b.host != host_hash();
}

ncclResult_t ncclGetUniqueId(ncclUniqueId *uniqueId)
{
    if (!uniqueId)
        return fail(ncclInvalidArgument, "ncclGetUniqueId: uniqueId is NULL");
    /* The process and a counter: ids of one process never repeat, and an
     * id made in another process is told apart; under MPI, the maker's
     * rank, which the ranks elsewhere announce themselves to (remote.h). */
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    struct id_body b = {0x73696d746e63636cull, (unsigned long long)getpid(),
                        atomic_fetch_add(&N.next_id, 1) + 1, host_hash(), t.tv_sec, t.tv_nsec,
                        mpi_world_rank()};
    memset(uniqueId, 0, sizeof *uniqueId);
    memcpy(uniqueId->internal, &b, sizeof b);
    return ncclSuccess;
}

const char *ncclGetErrorString(ncclResult_t r)
{
    switch (r) {
    case ncclSuccess: return "no error";
    case ncclUnhandledCudaError: return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
    case ncclSystemError: return "unhandled system error (run with NCCL_DEBUG=INFO for details)";
    case ncclInternalError: return "internal error - please report this issue to the NCCL developers";
    case ncclInvalidArgument: return "invalid argument (run with NCCL_DEBUG=WARN for details)";
    case ncclInvalidUsage: return "invalid usage (run with NCCL_DEBUG=WARN for details)";
    case ncclRemoteError: return "remote process exited or there was a network error";
    case ncclInProgress: return "NCCL operation in progress";
    default: return "unknown result code";
    }
}

const char *ncclGetLastError(ncclComm_t comm)
{
    (void)comm;
    return last_error;
}

/* ---- communicators ------------------------------------------------------------ */

/* The clique of id, made or joined; NULL when out of memory or when the
 * id names a clique of another size. */
static struct clique *clique_join(const ncclUniqueId *id, int nranks)
{
    pthread_mutex_lock(&N.lock);
    struct clique *c = N.cliques;
    while (c && memcmp(&c->id, id, sizeof *id) != 0)
        c = c->next;
    if (c && c->nranks != nranks)
        c = NULL;
    else if (!c && (c = calloc(1, sizeof *c))) {
        c->id = *id;
        c->nranks = nranks;
        pthread_mutex_init(&c->lock, NULL);
        pthread_mutex_init(&c->connect_lock, NULL);
        c->next = N.cliques;
        N.cliques = c;
    }
    if (c)
        c->refs++;
    pthread_mutex_unlock(&N.lock);
    return c;
}

static void clique_ref(struct clique *c)
{
    pthread_mutex_lock(&N.lock);
    c->refs++;
    pthread_mutex_unlock(&N.lock);
}

static void clique_leave(struct clique *c)
{
    pthread_mutex_lock(&N.lock);
    if (--c->refs == 0) {
        struct clique **p = &N.cliques;
        while (*p != c)
            p = &(*p)->next;
        *p = c->next;
        remote_close(c->remote);
        pthread_mutex_destroy(&c->lock);
        pthread_mutex_destroy(&c->connect_lock);
        free(c);
    }
    pthread_mutex_unlock(&N.lock);
}

static ncclResult_t init_rank(ncclComm_t *out, int nranks, const ncclUniqueId *id, int rank,
                              int device)
{
    if (!out)
        return fail(ncclInvalidArgument, "ncclCommInitRank: comm is NULL");
    if (nranks < 1 || rank < 0 || rank >= nranks)
        return fail(ncclInvalidArgument, "ncclCommInitRank: rank is not in [0, nranks)");
    struct ncclComm *c = calloc(1, sizeof *c);
    if (c) {
        c->send_seq = calloc((size_t)nranks, sizeof *c->send_seq);
        c->recv_seq = calloc((size_t)nranks, sizeof *c->recv_seq);
    }
    if (!c || !c->send_seq || !c->recv_seq) {
        if (c) {
            free(c->send_seq);
            free(c->recv_seq);
        }
        free(c);
        return fail(ncclSystemError, "ncclCommInitRank: out of memory");
    }
    c->clique = clique_join(id, nranks);
    if (!c->clique) {
        free(c->send_seq);
        free(c->recv_seq);
        free(c);
        return fail(ncclInvalidArgument, "ncclCommInitRank: the unique id belongs to a "
                                         "communicator of another size");
    }
    ncclResult_t r = id_foreign(id) ? remote_announce(id, rank) : ncclSuccess;
    if (r != ncclSuccess) {
        clique_leave(c->clique);
        free(c->send_seq);
        free(c->recv_seq);
        free(c);
        return fail(r, "ncclCommInitRank: the ranks in other processes cannot be reached");
    }
    atomic_fetch_add(&c->clique->members, 1);
    c->rank = rank;
    c->nranks = nranks;
    c->device = device;
    *out = c;
    return ncclSuccess;
}

ncclResult_t ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId commId, int rank)
{
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess)
        return fail(ncclUnhandledCudaError, "ncclCommInitRank: cudaGetDevice failed");
    return init_rank(comm, nranks, &commId, rank, dev);
}

ncclResult_t ncclCommInitRankConfig(ncclComm_t *comm, int nranks, ncclUniqueId commId, int rank,
                                    ncclConfig_t *config)
{
    (void)config; /* every call completes before it returns, blocking or not */
    return ncclCommInitRank(comm, nranks, commId, rank);
}

ncclResult_t ncclCommInitAll(ncclComm_t *comms, int ndev, const int *devlist)
{
    if (!comms)
        return fail(ncclInvalidArgument, "ncclCommInitAll: comms is NULL");
    if (ndev < 1)
        return fail(ncclInvalidArgument, "ncclCommInitAll: ndev is less than 1");
    int count = 0;
    cudaGetDeviceCount(&count);
    for (int i = 0; i < ndev; i++) {
        int d = devlist ? devlist[i] : i;
        if (d < 0 || d >= count)
            return fail(ncclInvalidArgument, "ncclCommInitAll: a device does not exist");
        for (int j = 0; j < i && devlist; j++)
            if (devlist[j] == d)
                return fail(ncclInvalidUsage, "ncclCommInitAll: a device is listed twice");
    }
    ncclUniqueId id;
    ncclGetUniqueId(&id);
    for (int i = 0; i < ndev; i++) {
        ncclResult_t r = init_rank(&comms[i], ndev, &id, i, devlist ? devlist[i] : i);
        if (r != ncclSuccess) {
            while (i--)
                ncclCommDestroy(comms[i]);
            return r;
        }
    }
    return ncclSuccess;
}

/* Collectives and point-to-point operations are in stream order: the
 * rank's work is done once its stream has passed them. */
ncclResult_t ncclCommFinalize(ncclComm_t comm)
{
    return comm ? ncclSuccess : fail(ncclInvalidArgument, "ncclCommFinalize: comm is NULL");
}

ncclResult_t ncclCommDestroy(ncclComm_t comm)
{
    if (!comm)
        return fail(ncclInvalidArgument, "ncclCommDestroy: comm is NULL");
    clique_leave(comm->clique);
    free(comm->send_seq);
    free(comm->recv_seq);
    free(comm);
    return ncclSuccess;
}

ncclResult_t ncclCommAbort(ncclComm_t comm)
{
    if (!comm)
        return ncclSuccess;
    return ncclCommDestroy(comm);
}

ncclResult_t ncclCommSplit(ncclComm_t comm, int color, int key, ncclComm_t *newcomm,
                           ncclConfig_t *config)
{
    (void)comm; (void)color; (void)key; (void)config;
    if (newcomm)
        *newcomm = NCCL_COMM_NULL;
    fprintf(stderr, "simt: error: ncclCommSplit is not provided by simt's NCCL; make the "
                    "communicators of the split with ncclCommInitRank and their own unique ids\n");
    return fail(ncclInvalidUsage, "ncclCommSplit is not provided");
}

ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t *asyncError)
{
    if (!comm || !asyncError)
        return fail(ncclInvalidArgument, "ncclCommGetAsyncError: NULL argument");
    int e = atomic_load(&comm->clique->error);
    if (!e && comm->clique->remote)
        e = remote_error(comm->clique->remote);
    *asyncError = (ncclResult_t)(e ? e : atomic_load(&comm->async_error));
    return ncclSuccess;
}

ncclResult_t ncclCommCount(const ncclComm_t comm, int *count)
{
    if (!comm || !count)
        return fail(ncclInvalidArgument, "ncclCommCount: NULL argument");
    *count = comm->nranks;
    return ncclSuccess;
}

ncclResult_t ncclCommCuDevice(const ncclComm_t comm, int *device)
{
    if (!comm || !device)
        return fail(ncclInvalidArgument, "ncclCommCuDevice: NULL argument");
    *device = comm->device;
    return ncclSuccess;
}

ncclResult_t ncclCommUserRank(const ncclComm_t comm, int *rank)
{
    if (!comm || !rank)
        return fail(ncclInvalidArgument, "ncclCommUserRank: NULL argument");
    *rank = comm->rank;
    return ncclSuccess;
}

ncclResult_t ncclMemAlloc(void **ptr, size_t size)
{
    if (!ptr)
        return fail(ncclInvalidArgument, "ncclMemAlloc: ptr is NULL");
    return cudaMalloc(ptr, size) == cudaSuccess ? ncclSuccess
                                                : fail(ncclUnhandledCudaError, "cudaMalloc failed");
}

ncclResult_t ncclMemFree(void *ptr)
{
    return cudaFree(ptr) == cudaSuccess ? ncclSuccess
                                        : fail(ncclUnhandledCudaError, "cudaFree failed");
}

/* Registration speeds a GPU's transfers up; there is nothing to map here. */
ncclResult_t ncclCommRegister(const ncclComm_t comm, void *buff, size_t size, void **handle)
{
    (void)buff; (void)size;
    if (!comm || !handle)
        return fail(ncclInvalidArgument, "ncclCommRegister: NULL argument");
    *handle = comm;
    return ncclSuccess;
}

ncclResult_t ncclCommDeregister(const ncclComm_t comm, void *handle)
{
    return comm && handle ? ncclSuccess
                          : fail(ncclInvalidArgument, "ncclCommDeregister: NULL argument");
}

/* A window's handle: the communicator (nothing to map either). */
ncclResult_t ncclCommWindowRegister(ncclComm_t comm, void *buff, size_t size, ncclWindow_t *win,
                                    int winFlags)
{
    (void)buff; (void)size;
    if (!comm || !win || (winFlags & ~(NCCL_WIN_DEFAULT | NCCL_WIN_COLL_SYMMETRIC)))
        return fail(ncclInvalidArgument, "ncclCommWindowRegister: invalid argument");
    *win = (ncclWindow_t)(void *)comm;
    return ncclSuccess;
}

ncclResult_t ncclCommWindowDeregister(ncclComm_t comm, ncclWindow_t win)
{
    return comm && win ? ncclSuccess
                       : fail(ncclInvalidArgument, "ncclCommWindowDeregister: NULL argument");
}

ncclResult_t ncclGroupStart(void)
{
    group_depth++;
    return ncclSuccess;
}

static void wait_deferred(void);

/* The group's streams wait for its operations (see the top). */
ncclResult_t ncclGroupEnd(void)
{
    if (group_depth == 0)
        return fail(ncclInvalidUsage, "ncclGroupEnd: no ncclGroupStart to end");
    if (--group_depth > 0)
        return ncclSuccess;
    wait_deferred();
    return remote_group_end();
}

/* ---- reduction operators -------------------------------------------------------- */

ncclResult_t ncclRedOpCreatePreMulSum(ncclRedOp_t *op, void *scalar, ncclDataType_t datatype,
                                      ncclScalarResidence_t residence, ncclComm_t comm)
{
    if (!op || !scalar || !comm || !red_type_size(datatype) ||
        (residence != ncclScalarDevice && residence != ncclScalarHostImmediate))
        return fail(ncclInvalidArgument, "ncclRedOpCreatePreMulSum: invalid argument");
    for (int i = 0; i < MAX_PREMUL; i++) {
        struct premul *p = &comm->premul[i];
        if (p->live)
            continue;
        p->live = 1;
        p->type = datatype;
        p->on_device = residence == ncclScalarDevice;
        memset(p->scalar, 0, sizeof p->scalar);
        /* A host scalar is read now; a device scalar when the operation runs. */
        if (p->on_device)
            memcpy(p->scalar, &scalar, sizeof scalar);
        else
            memcpy(p->scalar, scalar, red_type_size(datatype));
        *op = (ncclRedOp_t)(ncclNumOps + i);
        return ncclSuccess;
    }
    return fail(ncclSystemError, "ncclRedOpCreatePreMulSum: too many operators");
}

ncclResult_t ncclRedOpDestroy(ncclRedOp_t op, ncclComm_t comm)
{
    int i = (int)op - ncclNumOps;
    if (!comm || i < 0 || i >= MAX_PREMUL || !comm->premul[i].live)
        return fail(ncclInvalidArgument, "ncclRedOpDestroy: not an operator of the communicator");
    comm->premul[i].live = 0;
    return ncclSuccess;
}

/* ---- the work ------------------------------------------------------------------- */

static void report_mismatch(const struct rendezvous *z)
{
    fprintf(stderr,
            "simt: error: NCCL: the ranks' operation %llu of their communicator differ (kind, "
            "count, type, operator or root; the first is %s of %zu elements): every rank must "
            "call the same collectives in the same order\n",
            z->seq + 1, nccl_kind_name[z->kind], z->parts[z->first].count);
}

void nccl_mark_written(enum kind kind, const struct part *p, int rank, int nranks)
{
    size_t bytes = p->count * red_type_size(p->type);
    if (kind == K_ALLGATHER)
        bytes *= (size_t)nranks;
    if (p->recv && bytes && (kind != K_REDUCE || rank == p->root))
        check_written(p->recv, bytes);
}

const void *nccl_scalar_of(const struct part *p)
{
    if (!p->scalar_on_device)
        return p->scalar;
    const void *at;
    memcpy(&at, p->scalar, sizeof at);
    return at;
}

/* An operation's work is cut into slices of each result, run on the idle
 * workers beside the thread that performs it (engine_parallel): every
 * element is still the reduction of the ranks' inputs in rank order, the
 * same bits as in one piece.  About two slices per worker, of SLICE_MIN
 * to SLICE_MAX bytes (a slice's scratch stays in a core's cache). */
#define SLICE_MIN ((size_t)32 << 10)
#define SLICE_MAX ((size_t)256 << 10)

struct sliced {
    const struct rendezvous *z;
    size_t es, count, per;   /* element size, elements per rank, per slice */
    size_t slice;            /* bytes per slice: per * es */
    size_t slices;           /* slices of one rank's result (or one copy) */
    size_t bytes;            /* one rank's result (or one copy) */
    atomic_int failed;       /* a slice found no memory */
};

/* out = the reduction of the ranks' inputs from element offset on (in:
 * room for the inputs and the scalars). */
static void do_reduce(const struct rendezvous *z, void *out, const void **in, size_t count,
                      size_t offset)
{
    const struct part *p0 = &z->parts[0];
    size_t es = red_type_size(p0->type);
    int n = z->expected;
    for (int r = 0; r < n; r++) {
        in[r] = (const char *)z->parts[r].send + offset * es;
        in[n + r] = nccl_scalar_of(&z->parts[r]);
    }
    red_apply(out, in, n, count, p0->type, p0->op, in + n);
}

/* Slice i of the result of rank r (a reduce-scatter's; else every rank's):
 * reduced into scratch, then copied where it goes (a rank's result may be
 * its own input). */
static void reduce_slice(void *arg, size_t i)
{
    struct sliced *s = arg;
    const struct rendezvous *z = s->z;
    const struct part *p = z->parts;
    int n = z->expected;
    size_t r = z->kind == K_REDUCESCATTER ? i / s->slices : 0;
    size_t off = (i % s->slices) * s->per;
    size_t len = s->count - off < s->per ? s->count - off : s->per;
    const void **in = malloc(2 * (size_t)n * sizeof *in + len * s->es);
    if (!in) {
        atomic_store(&s->failed, 1);
        return;
    }
    void *tmp = in + 2 * (size_t)n;
    do_reduce(z, tmp, in, len, r * s->count + off);
    if (z->kind == K_REDUCESCATTER)
        memcpy((char *)p[r].recv + off * s->es, tmp, len * s->es);
    else
        for (int q = 0; q < n; q++)
            if (z->kind == K_ALLREDUCE || q == p[0].root)
                memcpy((char *)p[q].recv + off * s->es, tmp, len * s->es);
    free(in);
}

/* Slice i of copy c (a broadcast's to rank c, an all-gather's of rank
 * c % n to rank c / n), unless the copy is in place. */
static void copy_slice(void *arg, size_t i)
{
    struct sliced *s = arg;
    const struct rendezvous *z = s->z;
    const struct part *p = z->parts;
    int n = z->expected;
    size_t c = i / s->slices, off = (i % s->slices) * s->slice;
    size_t len = s->bytes - off < s->slice ? s->bytes - off : s->slice;
    const char *from;
    char *to;
    if (z->kind == K_BROADCAST) {
        from = p[p[0].root].send;
        to = p[c].recv;
    } else {
        from = p[c % (size_t)n].send;
        to = (char *)p[c / (size_t)n].recv + (c % (size_t)n) * s->bytes;
    }
    if (to != from)
        memmove(to + off, from + off, len);
}

static void run_work(void *arg)
{
    struct rendezvous *z = arg;
    int n = z->expected;
    if (z->mismatch) {
        report_mismatch(z);
        atomic_store(&z->clique->error, ncclInvalidUsage);
        return;
    }
    const struct part *p = z->parts;
    struct sliced s = {.z = z, .es = red_type_size(p[0].type), .count = p[0].count};
    s.bytes = s.count * s.es;
    size_t slice = s.bytes / (2 * (size_t)engine_workers());
    slice = slice < SLICE_MIN ? SLICE_MIN : slice > SLICE_MAX ? SLICE_MAX : slice;
    s.per = slice / s.es;
    s.slice = s.per * s.es;
    atomic_init(&s.failed, 0);
    switch (z->kind) {
    case K_P2P:
        memmove(p[1].recv, p[0].send, s.bytes); /* the two may overlap */
        break;
    case K_BROADCAST:
    case K_ALLGATHER:
        s.slices = (s.bytes + s.slice - 1) / s.slice;
        engine_parallel(copy_slice, &s, s.slices * (size_t)n * (z->kind == K_ALLGATHER ? n : 1));
        break;
    case K_ALLREDUCE:
    case K_REDUCE:
    case K_REDUCESCATTER:
        s.slices = (s.count + s.per - 1) / s.per;
        engine_parallel(reduce_slice, &s, s.slices * (z->kind == K_REDUCESCATTER ? (size_t)n : 1));
        break;
    }
    if (atomic_load(&s.failed)) {
        fprintf(stderr, "simt: error: NCCL: out of memory for %s of %zu bytes\n",
                nccl_kind_name[z->kind], s.bytes);
        atomic_store(&z->clique->error, ncclSystemError);
        return;
    }
    /* A checking build's initcheck learns what the host wrote. */
    if (hook_checking())
        for (int r = 0; r < (z->kind == K_P2P ? 2 : n); r++)
            nccl_mark_written(z->kind, &p[r], r, n);
}

static void rendezvous_free(struct rendezvous *z)
{
    waits_remove(z);
    cmd_unref(z->gate);
    clique_leave(z->clique);
    free(z->streams);
    free(z->parts);
    free(z);
}

/* One rank's command: its inputs are ready.  The last one does the work. */
static void rank_ready(void *arg)
{
    struct rendezvous *z = arg;
    if (atomic_fetch_add(&z->ran, 1) + 1 < z->expected)
        return;
    if (!atomic_load(&z->broken)) {
        run_work(z);
        cmd_complete(z->gate, 0);
    }
    rendezvous_free(z);
}

/* Whether two ranks' calls agree (their scalars are their own). */
static int same_part(const struct part *a, const struct part *b)
{
    return a->count == b->count && a->type == b->type && a->op == b->op && a->root == b->root;
}

/* The waits a group adds at its end: each stream waits for a gate
 * (referenced). */
struct deferred {
    struct CUstream_st *s;
    struct cmd *gate;
};
static SIMT_TLS struct deferred *deferred;
static SIMT_TLS size_t ndeferred, capdeferred;

static ncclResult_t wait_gate(struct CUstream_st *s, struct cmd *gate)
{
    if (group_depth > 0) {
        if (ndeferred == capdeferred) {
            size_t cap = capdeferred ? 2 * capdeferred : 16;
            struct deferred *d = realloc(deferred, cap * sizeof *d);
            if (!d)
                goto now; /* out of memory: wait at once (a ring may then stall) */
            deferred = d;
            capdeferred = cap;
        }
        deferred[ndeferred++] = (struct deferred){s, gate};
        return ncclSuccess;
    }
now:
    waits_stream(s, gate);
    stream_wait_cmd(s, gate);
    cmd_unref(gate);
    return ncclSuccess;
}

static void wait_deferred(void)
{
    for (size_t i = 0; i < ndeferred; i++) {
        waits_stream(deferred[i].s, deferred[i].gate);
        stream_wait_cmd(deferred[i].s, deferred[i].gate);
        cmd_unref(deferred[i].gate);
    }
    ndeferred = 0;
}

/* Operations that wait for each other forever (waits.h): reported, their
 * gates opened with no work done, their cliques' asynchronous error set,
 * so that the streams go on and the program can fail instead of hang. */
static void break_ring(void **ring, int n)
{
    fprintf(stderr,
            "simt: error: NCCL: %d operations wait for each other forever (a GPU hangs here): "
            "each needs a rank's command queued in a stream behind the next one\n",
            n);
    for (int i = 0; i < n; i++) {
        struct rendezvous *x = ring[i];
        if (x->kind == K_P2P)
            fprintf(stderr, "simt:     ncclSend from rank %d to rank %d and its ncclRecv (the "
                            "pair's operation %llu)\n",
                    x->src, x->dst, x->seq + 1);
        else
            fprintf(stderr, "simt:     %s, the communicator's collective %llu\n",
                    nccl_kind_name[x->kind], x->seq + 1);
    }
    fprintf(stderr, "simt:     put each rank's sends and receives in one ncclGroupStart/"
                    "ncclGroupEnd, or give its receives a stream of their own; the operations "
                    "were not done, and the communicators' asynchronous error is set\n");
    for (int i = 0; i < n; i++) {
        struct rendezvous *x = ring[i];
        atomic_store(&x->clique->error, ncclInvalidUsage);
        if (atomic_exchange(&x->broken, 1) == 0)
            cmd_complete(x->gate, 0);
    }
}

/* The rank `slot` of rendezvous (kind, src, dst, seq) arrives with its
 * part, in stream s. */
static ncclResult_t arrive(ncclComm_t comm, enum kind kind, int src, int dst,
                           unsigned long long seq, int slot, int expected,
                           const struct part *part, struct CUstream_st *s)
{
    struct clique *c = comm->clique;
    struct cmd *ready = cmd_new(CMD_HOST);
    if (!ready)
        return fail(ncclSystemError, "out of memory");
    pthread_mutex_lock(&c->lock);
    struct rendezvous *z = c->pending, **link = &c->pending;
    while (z && !(z->kind == kind && z->seq == seq && z->src == src && z->dst == dst)) {
        link = &z->next;
        z = z->next;
    }
    if (!z) {
        z = calloc(1, sizeof *z);
        if (z) {
            z->parts = calloc((size_t)expected, sizeof *z->parts);
            z->streams = calloc((size_t)expected, sizeof *z->streams);
            z->gate = cmd_gate_new();
        }
        if (!z || !z->parts || !z->streams || !z->gate) {
            if (z) {
                free(z->parts);
                free(z->streams);
                if (z->gate)
                    cmd_complete(z->gate, 0);
                cmd_unref(z->gate);
            }
            free(z);
            pthread_mutex_unlock(&c->lock);
            cmd_unref(ready);
            return fail(ncclSystemError, "out of memory");
        }
        z->kind = kind;
        z->src = src;
        z->dst = dst;
        z->seq = seq;
        z->expected = expected;
        waits_add(z, z->gate, expected); /* out of memory: no cycle found through it */
        z->clique = c;
        clique_ref(c); /* N.lock after c->lock: never the other way */
        z->next = c->pending;
        c->pending = z;
        link = &c->pending;
    }
    /* One stream for two ranks: the first's wait would hold back the
     * second's command, and the operation would never run.  (A rank's
     * send to itself is its own two parts: fine in a group.) */
    for (int i = 0; i < expected; i++)
        if (z->streams[i] == s && !(kind == K_P2P && src == dst)) {
            pthread_mutex_unlock(&c->lock);
            cmd_unref(ready);
            fprintf(stderr,
                    "simt: error: %s: ranks %d and %d of a communicator pass the same stream: "
                    "each rank's operations need a stream of its own device\n",
                    nccl_kind_name[kind], i, slot);
            return fail(ncclInvalidUsage, "two ranks use one stream");
        }
    if (z->arrived == 0)
        z->first = slot;
    else if (kind != K_P2P && !same_part(&z->parts[z->first], part))
        z->mismatch = 1;
    z->parts[slot] = *part;
    z->streams[slot] = s;
    if (kind == K_P2P && z->arrived > 0 &&
        (z->parts[0].count * red_type_size(z->parts[0].type) !=
         z->parts[1].count * red_type_size(z->parts[1].type)))
        z->mismatch = 1;
    if (++z->arrived == expected)
        *link = z->next; /* off the pending list: every rank has called */
    /* Ours until the wait is added: z may be freed once our command ran. */
    struct cmd *gate = z->gate;
    cmd_ref(gate);
    pthread_mutex_unlock(&c->lock);

    /* z needs its ready commands, each behind what its stream waits for. */
    void *ring[8];
    int nring = waits_arrive(z, slot, s, ring, 8);
    if (nring > 0)
        break_ring(ring, nring);
    ready->fn = rank_ready;
    ready->arg = z;
    stream_enqueue(s, ready, NULL);
    cmd_unref(ready);
    ncclResult_t r = wait_gate(s, gate);
    return nring > 0 ? fail(ncclInvalidUsage, "the operations wait for each other forever") : r;
}

/* ---- operations ------------------------------------------------------------------- */

/* NCCL's buffers are memory the device reaches: device, managed, pinned
 * or registered, the whole range inside one allocation. */
static int device_buffer(const void *p, size_t bytes)
{
    enum mem_type t;
    return bytes == 0 || (mem_check_range(p, bytes, 1, &t) == cudaSuccess && t != MEM_NONE);
}

static ncclResult_t resolve_op(ncclComm_t comm, ncclRedOp_t op, int type, struct part *p)
{
    if ((int)op >= 0 && (int)op < ncclNumOps) {
        p->op = (enum red_op)op; /* ncclSum .. ncclAvg are RED_SUM .. RED_AVG */
        return ncclSuccess;
    }
    int i = (int)op - ncclNumOps;
    if (i < 0 || i >= MAX_PREMUL || !comm->premul[i].live || comm->premul[i].type != type)
        return fail(ncclInvalidArgument, "invalid reduction operator");
    p->op = RED_PREMULSUM;
    memcpy(p->scalar, comm->premul[i].scalar, sizeof p->scalar);
    p->scalar_on_device = comm->premul[i].on_device;
    return ncclSuccess;
}

/* Where the communicator's ranks are: known at its first operation, when
 * every rank has joined (remote.h). */
static ncclResult_t connect(ncclComm_t comm)
{
    struct clique *c = comm->clique;
    if (!atomic_load_explicit(&c->connected, memory_order_acquire)) {
        pthread_mutex_lock(&c->connect_lock);
        if (!atomic_load_explicit(&c->connected, memory_order_relaxed)) {
            c->connect_error =
                remote_connect(&c->id, c->nranks, comm->rank, &c->members, &c->remote);
            atomic_store_explicit(&c->connected, 1, memory_order_release);
        }
        pthread_mutex_unlock(&c->connect_lock);
    }
    ncclResult_t r = c->connect_error;
    return r ? fail(r, "the communicator's ranks in other processes cannot be reached") : r;
}

/* Checks an operation's arguments and finds its stream. */
static ncclResult_t enter(ncclComm_t comm, const char *api, int type, cudaStream_t stream,
                          struct CUstream_st **s)
{
    if (!comm)
        return fail(ncclInvalidArgument, "comm is NULL");
    if (!red_type_size(type))
        return fail(ncclInvalidArgument, "invalid data type");
    /* The default streams are the communicator's device's. */
    *s = stream_resolve_on(stream, comm->device);
    if (!*s)
        return fail(ncclInvalidArgument, "invalid stream");
    ncclResult_t r = connect(comm);
    if (r == ncclSuccess && stream_is_capturing(*s) && !comm->clique->remote) {
        fprintf(stderr,
                "simt: error: %s in a stream being captured into a CUDA graph: simt's NCCL "
                "captures the operations of communicators across processes only; call it "
                "outside the capture\n",
                api);
        return fail(ncclInvalidUsage, "stream capture is not supported");
    }
    return r;
}

static ncclResult_t collective(enum kind kind, const void *send, void *recv, size_t count,
                               ncclDataType_t type, ncclRedOp_t op, int root, ncclComm_t comm,
                               cudaStream_t stream)
{
    struct CUstream_st *s;
    ncclResult_t r = enter(comm, nccl_kind_name[kind], type, stream, &s);
    if (r)
        return r;
    struct part p = {.send = send, .recv = recv, .count = count, .type = type, .root = root};
    if (kind == K_ALLREDUCE || kind == K_REDUCE || kind == K_REDUCESCATTER) {
        r = resolve_op(comm, op, type, &p);
        if (r)
            return r;
    }
    if ((kind == K_BROADCAST || kind == K_REDUCE) && (root < 0 || root >= comm->nranks))
        return fail(ncclInvalidArgument, "root is not a rank");
    size_t es = red_type_size(type);
    size_t in_bytes = count * es * (kind == K_REDUCESCATTER ? (size_t)comm->nranks : 1);
    size_t out_bytes = count * es * (kind == K_ALLGATHER ? (size_t)comm->nranks : 1);
    int sends = kind != K_BROADCAST || comm->rank == root;
    int receives = kind != K_REDUCE || comm->rank == root;
    if ((sends && !device_buffer(send, in_bytes)) || (receives && !device_buffer(recv, out_bytes)))
        return fail(ncclInvalidArgument, "a buffer is not device memory");
    if (comm->clique->remote)
        return remote_op(comm->clique->remote, kind, &p, -1, 0, s, group_depth > 0);
    return arrive(comm, kind, -1, -1, comm->coll_seq++, comm->rank, comm->nranks, &p, s);
}

ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count,
                           ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                           cudaStream_t stream)
{
    return collective(K_ALLREDUCE, sendbuff, recvbuff, count, datatype, op, 0, comm, stream);
}

ncclResult_t ncclReduce(const void *sendbuff, void *recvbuff, size_t count,
                        ncclDataType_t datatype, ncclRedOp_t op, int root, ncclComm_t comm,
                        cudaStream_t stream)
{
    return collective(K_REDUCE, sendbuff, recvbuff, count, datatype, op, root, comm, stream);
}

ncclResult_t ncclBroadcast(const void *sendbuff, void *recvbuff, size_t count,
                           ncclDataType_t datatype, int root, ncclComm_t comm,
                           cudaStream_t stream)
{
    return collective(K_BROADCAST, sendbuff, recvbuff, count, datatype, ncclSum, root, comm,
                      stream);
}

ncclResult_t ncclBcast(void *buff, size_t count, ncclDataType_t datatype, int root,
                       ncclComm_t comm, cudaStream_t stream)
{
    return ncclBroadcast(buff, buff, count, datatype, root, comm, stream);
}

ncclResult_t ncclAllGather(const void *sendbuff, void *recvbuff, size_t sendcount,
                           ncclDataType_t datatype, ncclComm_t comm, cudaStream_t stream)
{
    return collective(K_ALLGATHER, sendbuff, recvbuff, sendcount, datatype, ncclSum, 0, comm,
                      stream);
}

ncclResult_t ncclReduceScatter(const void *sendbuff, void *recvbuff, size_t recvcount,
                               ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                               cudaStream_t stream)
{
    return collective(K_REDUCESCATTER, sendbuff, recvbuff, recvcount, datatype, op, 0, comm,
                      stream);
}

static ncclResult_t p2p(int sending, void *buf, size_t count, ncclDataType_t type, int peer,
                        ncclComm_t comm, cudaStream_t stream)
{
    struct CUstream_st *s;
    ncclResult_t r = enter(comm, sending ? "ncclSend" : "ncclRecv", type, stream, &s);
    if (r)
        return r;
    if (peer < 0 || peer >= comm->nranks)
        return fail(ncclInvalidArgument, "peer is not a rank");
    if (!device_buffer(buf, count * red_type_size(type)))
        return fail(ncclInvalidArgument, "the buffer is not device memory");
    struct part p = {.count = count, .type = type};
    if (sending)
        p.send = buf;
    else
        p.recv = buf;
    if (comm->clique->remote)
        return remote_op(comm->clique->remote, K_P2P, &p, peer, sending, s, group_depth > 0);
    int src = sending ? comm->rank : peer, dst = sending ? peer : comm->rank;
    unsigned long long seq = sending ? comm->send_seq[peer]++ : comm->recv_seq[peer]++;
    return arrive(comm, K_P2P, src, dst, seq, sending ? 0 : 1, 2, &p, s);
}

ncclResult_t ncclSend(const void *sendbuff, size_t count, ncclDataType_t datatype, int peer,
                      ncclComm_t comm, cudaStream_t stream)
{
    return p2p(1, (void *)(uintptr_t)sendbuff, count, datatype, peer, comm, stream);
}

ncclResult_t ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype, int peer,
                      ncclComm_t comm, cudaStream_t stream)
{
    return p2p(0, recvbuff, count, datatype, peer, comm, stream);
}
