/*
 * remote.c: NCCL's communicators across processes, over the program's
 * MPI (see remote.h for the protocol and mpi.h for how MPI is reached).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check/hooks.h"
#include "nccl/mpi.h"
#include "nccl/remote.h"
#include "runtime/stream.h"

struct remote;

/* simt's tags on MPI_COMM_WORLD (under 32767, the least MPI_TAG_UB). */
enum { TAG_ANNOUNCE = 32201, TAG_ANSWER = 32202, TAG_COMM = 32203 };

/* This process's part in an operation, held until its group ends. */
struct held {
    struct remote *r;
    enum kind kind;
    struct part p;
    int peer, sending;
    struct CUstream_st *s;
};

/* Operations a stream capture recorded: run by a host node of the graph
 * at each of its launches, kept until their communicator goes. */
struct batch {
    int n;
    struct batch *next;
    struct held ops[];
};

struct remote {
    mpi_comm comm; /* its rank i is the communicator's rank i */
    int rank, nranks;
    atomic_int error;       /* a captured operation failed */
    struct batch *batches;  /* captured operations (under R.lock) */
};

struct announce {
    ncclUniqueId id;
    int rank;
};

/* An answer: the status (and why it failed), then each rank's world rank. */
enum { WHY_DISAGREE, WHY_SHARED };
struct answer {
    ncclUniqueId id;
    int status, why;
    int world[];
};

/* ---- messages received for another communicator, kept until asked for ---- */

struct msg {
    int tag, from;
    size_t bytes;
    struct msg *next;
    _Alignas(8) unsigned char data[];
};

static struct {
    pthread_mutex_t lock;
    struct msg *kept;
} R = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* A message with tag from src (-1: any) about id, received or kept;
 * NULL when none has come yet.  The caller frees it. */
static struct msg *take(int tag, int src, const ncclUniqueId *id)
{
    pthread_mutex_lock(&R.lock);
    struct msg *m = NULL;
    for (struct msg **p = &R.kept; *p; p = &(*p)->next)
        if ((*p)->tag == tag && (src < 0 || (*p)->from == src) &&
            memcmp((*p)->data, id, sizeof *id) == 0) {
            m = *p;
            *p = m->next;
            break;
        }
    int from;
    long bytes;
    while (!m && (bytes = mpi_world_poll(src, tag, &from)) >= 0) {
        struct msg *got = malloc(sizeof *got + (size_t)bytes);
        if (!got)
            break;
        got->tag = tag;
        got->from = from;
        got->bytes = (size_t)bytes;
        if (mpi_world_recv(from, tag, got->data, got->bytes) != 0) {
            free(got);
            break;
        }
        if (got->bytes >= sizeof *id && memcmp(got->data, id, sizeof *id) == 0) {
            m = got;
        } else {
            got->next = R.kept;
            R.kept = got;
        }
    }
    pthread_mutex_unlock(&R.lock);
    return m;
}

static ncclResult_t no_mpi(const char *api)
{
    fprintf(stderr,
            "simt: error: %s: the communicator's unique id was made under MPI, and simt's "
            "NCCL reaches the other processes through the program's MPI, but %s: call "
            "MPI_Init before the first NCCL call, finalize after the last, and link Open MPI "
            "(mpicxx)\n",
            api, mpi_absent_why());
    return ncclInvalidUsage;
}

ncclResult_t remote_announce(const ncclUniqueId *id, int rank)
{
    struct id_body b;
    memcpy(&b, id, sizeof b);
    if (b.creator < 0) {
        fprintf(stderr, "simt: error: ncclCommInitRank: the communicator's unique id was made in "
                        "another process, outside MPI: simt's NCCL joins processes through MPI; "
                        "call MPI_Init before ncclGetUniqueId in every process\n");
        return ncclInvalidUsage;
    }
    if (mpi_world_rank() < 0)
        return no_mpi("ncclCommInitRank");
    struct announce a = {*id, rank};
    if (mpi_world_send(b.creator, TAG_ANNOUNCE, &a, sizeof a) != 0)
        return ncclSystemError;
    return ncclSuccess;
}

/* A pause of a waiting loop begun at t0; 1 once, when the wait passes 30
 * seconds (the caller says what it waits for). */
static int pause_long(const struct timespec *t0, int *warned)
{
    nanosleep(&(struct timespec){0, 100000}, NULL);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (*warned || now.tv_sec - t0->tv_sec < 30)
        return 0;
    *warned = 1;
    return 1;
}

/* Announced ranks, and this process's; the answer to send to the others. */
static ncclResult_t gather(const ncclUniqueId *id, int nranks, int rank, atomic_int *members,
                           struct answer *ans, int *remote_ranks)
{
    int me = mpi_world_rank(), count = 0, warned = 0;
    for (int r = 0; r < nranks; r++)
        ans->world[r] = -1;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        /* All here: no MPI call (the ranks' threads may not be MPI's). */
        if (count == 0 && atomic_load(members) >= nranks)
            break;
        struct msg *m;
        while ((m = take(TAG_ANNOUNCE, -1, id))) {
            struct announce a;
            memcpy(&a, m->data, sizeof a);
            if (m->bytes != sizeof a || a.rank < 0 || a.rank >= nranks || a.rank == rank ||
                ans->world[a.rank] >= 0)
                ans->status = ncclInvalidUsage; /* a rank twice, or out of range */
            else
                ans->world[a.rank] = m->from;
            count++;
            free(m);
        }
        int local = atomic_load(members);
        if (local + count >= nranks) {
            if (local + count > nranks)
                ans->status = ncclInvalidUsage;
            if (count > 0 && local > 1) {
                fprintf(stderr,
                        "simt: error: ncclCommInitRank: a communicator whose ranks are in "
                        "several processes holds %d of its ranks in one process; simt's NCCL "
                        "runs one rank per process there: give each process one rank (or make "
                        "the process's ranks a communicator of their own, ncclCommInitAll)\n",
                        local);
                ans->status = ncclInvalidUsage;
                ans->why = WHY_SHARED;
            }
            break;
        }
        if (pause_long(&t0, &warned))
            fprintf(stderr,
                    "simt: warning: NCCL: rank %d has waited 30 s for %d of the %d ranks of its "
                    "communicator to call ncclCommInitRank with its unique id; each rank must "
                    "call it, and the process that made the id must hold a rank\n",
                    rank, nranks - local - count, nranks);
    }
    *remote_ranks = count;
    ans->world[rank] = me;
    /* Another process holding two ranks announces the same world rank twice. */
    for (int r = 0; r < nranks && !ans->status && count > 0; r++)
        for (int q = r + 1; q < nranks; q++)
            if (ans->world[r] >= 0 && ans->world[r] == ans->world[q]) {
                ans->status = ncclInvalidUsage;
                ans->why = WHY_SHARED;
                fprintf(stderr,
                        "simt: error: ncclCommInitRank: MPI rank %d holds ranks %d and %d of a "
                        "communicator whose ranks are in several processes; simt's NCCL runs "
                        "one rank per process there\n",
                        ans->world[r], r, q);
                break;
            }
    return (ncclResult_t)ans->status;
}

ncclResult_t remote_connect(const ncclUniqueId *id, int nranks, int rank, atomic_int *members,
                            struct remote **out)
{
    struct id_body b;
    memcpy(&b, id, sizeof b);
    *out = NULL;
    if (b.creator < 0)
        return ncclSuccess; /* made without MPI: every rank is here */
    int me = mpi_world_rank();
    if (me < 0)
        return no_mpi("ncclCommInitRank"); /* MPI has ended since */
    int ours = b.creator == me;
    size_t bytes = sizeof(struct answer) + (size_t)nranks * sizeof(int);
    struct answer *ans = calloc(1, bytes);
    if (!ans)
        return ncclSystemError;
    ans->id = *id;
    ncclResult_t e = ncclSuccess;
    if (ours) {
        int remote_ranks = 0;
        e = gather(id, nranks, rank, members, ans, &remote_ranks);
        for (int r = 0; r < nranks && remote_ranks > 0; r++) {
            int first = 1; /* one answer per process */
            for (int q = 0; q < r && first; q++)
                first = ans->world[q] != ans->world[r];
            if (first && ans->world[r] >= 0 && ans->world[r] != me &&
                mpi_world_send(ans->world[r], TAG_ANSWER, ans, bytes) != 0)
                e = ncclSystemError;
        }
        if (remote_ranks == 0) {
            free(ans);
            return e;
        }
    } else {
        struct msg *m;
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int warned = 0;
        while (!(m = take(TAG_ANSWER, b.creator, id)))
            if (pause_long(&t0, &warned))
                fprintf(stderr,
                        "simt: warning: NCCL: rank %d has waited 30 s for MPI rank %d, which made "
                        "its communicator's unique id, to start an operation on it; every rank "
                        "must call ncclCommInitRank and the same operations\n",
                        rank, b.creator);
        if (m->bytes != bytes)
            e = ncclInvalidUsage; /* the ranks disagree on the communicator's size */
        else
            memcpy(ans, m->data, bytes);
        free(m);
        if (!e)
            e = (ncclResult_t)ans->status;
    }
    struct remote *r = NULL;
    if (!e && !(r = calloc(1, sizeof *r)))
        e = ncclSystemError;
    if (!e && !(r->comm = mpi_comm_of(ans->world, nranks, TAG_COMM)))
        e = ncclSystemError;
    int why = ans->why;
    free(ans);
    if (e) {
        if (e == ncclInvalidUsage && why == WHY_SHARED && !ours)
            fprintf(stderr,
                    "simt: error: NCCL: rank %d: a process holds several ranks of this "
                    "communicator across processes, and simt's NCCL runs one rank per process "
                    "there\n",
                    rank);
        else if (e == ncclInvalidUsage && why != WHY_SHARED)
            fprintf(stderr,
                    "simt: error: NCCL: rank %d: the ranks of a communicator across processes "
                    "disagree (a rank given twice, or two sizes): every rank calls "
                    "ncclCommInitRank once, with the same size and unique id\n",
                    rank);
        free(r);
        return e;
    }
    r->rank = rank;
    r->nranks = nranks;
    *out = r;
    return ncclSuccess;
}

void remote_close(struct remote *r)
{
    if (!r)
        return;
    mpi_comm_release(r->comm);
    while (r->batches) {
        struct batch *b = r->batches;
        r->batches = b->next;
        free(b);
    }
    free(r);
}

ncclResult_t remote_error(const struct remote *r)
{
    return (ncclResult_t)atomic_load(&r->error);
}

/* ---- operations ------------------------------------------------------------ */


static SIMT_TLS struct held *held;
static SIMT_TLS int nheld, capheld;

/* Pending transfers of a group's sends and receives. */
struct requests {
    mpi_request *v;
    int n, cap;
};

static int post(struct requests *q, const struct held *h)
{
    size_t bytes = h->p.count * red_type_size(h->p.type);
    for (size_t at = 0; at < bytes || (at == 0 && bytes == 0); at += P2P_PIECE) {
        if (q->n == q->cap) {
            int cap = q->cap ? 2 * q->cap : 16;
            mpi_request *v = realloc(q->v, (size_t)cap * sizeof *v);
            if (!v)
                return -1;
            q->v = v;
            q->cap = cap;
        }
        size_t k = bytes - at < P2P_PIECE ? bytes - at : P2P_PIECE;
        int e = h->sending ? mpi_isend(h->r->comm, (const char *)h->p.send + at, k, h->peer,
                                       &q->v[q->n])
                           : mpi_irecv(h->r->comm, (char *)h->p.recv + at, k, h->peer,
                                       &q->v[q->n]);
        if (e)
            return e;
        q->n++;
        if (bytes == 0)
            break;
    }
    return 0;
}

/* A collective: the ranks' blocks exchanged, then reduced here in rank
 * order (each rank's premultiplier with it). */
static int collective(const struct held *h)
{
    const struct part *p = &h->p;
    mpi_comm c = h->r->comm;
    int n = h->r->nranks, me = h->r->rank;
    size_t es = red_type_size(p->type), bytes = p->count * es;
    int reduces = h->kind == K_ALLREDUCE || h->kind == K_REDUCE || h->kind == K_REDUCESCATTER;
    char *all = NULL;
    const void **in = NULL;
    unsigned char *scalars = NULL;
    int e = 0;
    /* An all-reduce as a reduce-scatter then an all-gather: each process
     * reduces one segment of every rank's input, in rank order as in one
     * process (the same bits), and the segments are gathered back: each
     * process moves and reduces its share, not everyone's. */
    size_t seg = (p->count + (size_t)n - 1) / (size_t)n, sb = seg * es;
    char *pad = NULL, *mine = NULL;
    if (h->kind != K_BROADCAST) {
        all = malloc((size_t)n * (bytes + es) + 1);
        in = malloc(2 * (size_t)n * sizeof *in);
        scalars = calloc((size_t)n, 8);
        if (!all || !in || !scalars) {
            e = -1;
            goto out;
        }
    }
    switch (h->kind) {
    case K_BROADCAST:
        if (me == p->root && p->recv != p->send)
            memmove(p->recv, p->send, bytes);
        e = mpi_bcast(c, p->recv, bytes, p->root);
        break;
    case K_ALLGATHER:
        if (!(e = mpi_allgather(c, p->send, all, bytes)))
            memcpy(p->recv, all, (size_t)n * bytes);
        break;
    case K_ALLREDUCE:
        pad = calloc((size_t)n, sb + 1);
        mine = malloc(sb + 1);
        if (!pad || !mine) {
            e = -1;
            break;
        }
        memcpy(pad, p->send, bytes);
        e = mpi_alltoall(c, pad, all, sb);
        break;
    case K_REDUCE: e = mpi_gather(c, p->send, all, bytes, p->root); break;
    case K_REDUCESCATTER: e = mpi_alltoall(c, p->send, all, bytes); break;
    case K_P2P: break;
    }
    if (e || !reduces)
        goto out;
    if (p->op == RED_PREMULSUM) {
        unsigned char own[8] = {0};
        memcpy(own, nccl_scalar_of(p), es);
        if (h->kind == K_REDUCE)
            e = mpi_gather(c, own, scalars, 8, p->root);
        else
            e = mpi_allgather(c, own, scalars, 8);
        if (e)
            goto out;
    }
    if (h->kind == K_REDUCE && me != p->root)
        goto out;
    size_t block = h->kind == K_ALLREDUCE ? sb : bytes;
    for (int r = 0; r < n; r++) {
        in[r] = all + (size_t)r * block;
        in[n + r] = scalars + 8 * (size_t)r;
    }
    if (h->kind != K_ALLREDUCE) {
        red_apply(p->recv, in, n, p->count, p->type, p->op, in + n);
    } else {
        red_apply(mine, in, n, seg, p->type, p->op, in + n);
        if (!(e = mpi_allgather(c, mine, pad, sb)))
            memcpy(p->recv, pad, bytes);
    }
out:
    free(pad);
    free(mine);
    free(all);
    free(in);
    free(scalars);
    return e;
}

/* The sends and receives start, the collectives run in order, and the
 * transfers end; 0 on success. */
static int run_ops(const struct held *ops, int n)
{
    struct requests q = {0};
    int e = 0;
    for (int i = 0; i < n && !e; i++)
        if (ops[i].kind == K_P2P)
            e = post(&q, &ops[i]);
    for (int i = 0; i < n && !e; i++)
        if (ops[i].kind != K_P2P)
            e = collective(&ops[i]);
    if (mpi_waitall(q.v, q.n) != 0)
        e = -1;
    if (!e && hook_checking())
        for (int i = 0; i < n; i++)
            nccl_mark_written(ops[i].kind, &ops[i].p, ops[i].r->rank, ops[i].r->nranks);
    if (e)
        fprintf(stderr,
                "simt: error: NCCL: an operation across processes failed in MPI (%s of rank %d; "
                "a send and its receive of different sizes, or out of memory)\n",
                nccl_kind_name[ops[0].kind], ops[0].r->rank);
    free(q.v);
    return e;
}

static void run_batch(void *arg)
{
    const struct batch *b = arg;
    if (run_ops(b->ops, b->n))
        atomic_store(&b->ops[0].r->error, ncclSystemError);
}

/* The held operations recorded into the capture of their stream, as one
 * host node (they must all be in that stream). */
static ncclResult_t capture_held(void)
{
    struct CUstream_st *s = held[0].s;
    for (int i = 1; i < nheld; i++)
        if (held[i].s != s) {
            fprintf(stderr, "simt: error: NCCL: a group of operations across processes that a "
                            "stream capture records uses several streams; simt records such a "
                            "group in one stream: give its operations the captured stream\n");
            return ncclInvalidUsage;
        }
    struct batch *b = malloc(sizeof *b + (size_t)nheld * sizeof *b->ops);
    if (!b)
        return ncclSystemError;
    b->n = nheld;
    memcpy(b->ops, held, (size_t)nheld * sizeof *b->ops);
    struct remote *r = held[0].r;
    if (cudaLaunchHostFunc((cudaStream_t)s, run_batch, b) != cudaSuccess) {
        free(b);
        return ncclUnhandledCudaError;
    }
    pthread_mutex_lock(&R.lock);
    b->next = r->batches;
    r->batches = b;
    pthread_mutex_unlock(&R.lock);
    return ncclSuccess;
}

/* Runs the held operations once each stream has passed what came before
 * them; in a stream being captured, records them instead. */
static ncclResult_t run_held(void)
{
    int captured = 0;
    for (int i = 0; i < nheld; i++)
        captured += stream_is_capturing(held[i].s) != 0;
    ncclResult_t r;
    if (captured == nheld) {
        r = capture_held();
    } else if (captured) {
        fprintf(stderr, "simt: error: NCCL: a group of operations across processes mixes "
                        "streams being captured and streams that are not\n");
        r = ncclInvalidUsage;
    } else {
        for (int i = 0; i < nheld; i++)
            stream_sync(held[i].s);
        r = run_ops(held, nheld) ? ncclSystemError : ncclSuccess;
    }
    nheld = 0;
    return r;
}

ncclResult_t remote_op(struct remote *r, enum kind kind, const struct part *p, int peer,
                       int sending, struct CUstream_st *s, int in_group)
{
    if (nheld == capheld) {
        int cap = capheld ? 2 * capheld : 16;
        struct held *v = realloc(held, (size_t)cap * sizeof *v);
        if (!v)
            return ncclSystemError;
        held = v;
        capheld = cap;
    }
    held[nheld++] = (struct held){r, kind, *p, peer, sending, s};
    return in_group ? ncclSuccess : run_held();
}

ncclResult_t remote_group_end(void)
{
    return nheld ? run_held() : ncclSuccess;
}
