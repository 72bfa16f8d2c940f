/*
 * waits.c: the graph of NCCL operations waiting for each other (waits.h).
 *
 * Nodes are the operations not yet completed, edges the gates their
 * ranks' commands were queued behind.  The graph is small (the
 * operations in flight) and changes at each call, so a cycle is looked
 * for from the edge a call adds, by depth-first search, under one lock.
 */
#include <pthread.h>
#include <stdlib.h>

#include "nccl/waits.h"
#include "runtime/stream.h"

struct node {
    void *op;
    struct cmd *gate;    /* referenced */
    int slots;
    struct cmd **behind; /* per slot: the gate its command waits behind (referenced) */
    unsigned mark;       /* visited in search number `mark` */
    struct node *next;
};

/* The newest operation gate a stream waits for. */
struct stream_wait {
    struct CUstream_st *s;
    struct cmd *gate; /* referenced */
    struct stream_wait *next;
};

static struct {
    pthread_mutex_t lock;
    struct node *nodes;
    struct stream_wait *streams;
    unsigned search;
} W = {.lock = PTHREAD_MUTEX_INITIALIZER};

static struct node *find_op(const void *op)
{
    struct node *n = W.nodes;
    while (n && n->op != op)
        n = n->next;
    return n;
}

static struct node *find_gate(const struct cmd *g)
{
    struct node *n = W.nodes;
    while (n && n->gate != g)
        n = n->next;
    return n;
}

int waits_add(void *op, struct cmd *gate, int slots)
{
    struct node *n = calloc(1, sizeof *n);
    if (n)
        n->behind = calloc((size_t)slots, sizeof *n->behind);
    if (!n || !n->behind) {
        free(n);
        return -1;
    }
    n->op = op;
    n->gate = gate;
    n->slots = slots;
    cmd_ref(gate);
    pthread_mutex_lock(&W.lock);
    n->next = W.nodes;
    W.nodes = n;
    pthread_mutex_unlock(&W.lock);
    return 0;
}

void waits_remove(void *op)
{
    pthread_mutex_lock(&W.lock);
    struct node **p = &W.nodes;
    while (*p && (*p)->op != op)
        p = &(*p)->next;
    struct node *n = *p;
    if (n)
        *p = n->next;
    pthread_mutex_unlock(&W.lock);
    if (!n)
        return;
    for (int i = 0; i < n->slots; i++)
        if (n->behind[i])
            cmd_unref(n->behind[i]);
    cmd_unref(n->gate);
    free(n->behind);
    free(n);
}

/* The unopened gate stream s waits for, or NULL; entries whose gates have
 * opened are dropped on the way. */
static struct cmd *gate_of_locked(const struct CUstream_st *s)
{
    struct cmd *g = NULL;
    struct stream_wait **p = &W.streams;
    while (*p) {
        struct stream_wait *w = *p;
        if (cmd_done(w->gate)) {
            *p = w->next;
            cmd_unref(w->gate);
            free(w);
            continue;
        }
        if (w->s == s)
            g = w->gate;
        p = &w->next;
    }
    return g;
}

void waits_stream(struct CUstream_st *s, struct cmd *gate)
{
    pthread_mutex_lock(&W.lock);
    gate_of_locked(s);
    struct stream_wait *w = W.streams;
    while (w && w->s != s)
        w = w->next;
    if (!w && (w = calloc(1, sizeof *w))) {
        w->s = s;
        w->next = W.streams;
        W.streams = w;
    }
    if (w) {
        cmd_ref(gate);
        if (w->gate)
            cmd_unref(w->gate);
        w->gate = gate;
    }
    pthread_mutex_unlock(&W.lock);
}

/* The path from y to target along unopened gates, in ring[depth..]: its
 * length counted from ring[0], or 0 when target is not reached. */
static int search(struct node *y, const struct node *target, void **ring, int depth, int max)
{
    if (depth < max)
        ring[depth] = y->op;
    if (y == target)
        return depth;
    if (y->mark == W.search)
        return 0;
    y->mark = W.search;
    for (int i = 0; i < y->slots; i++) {
        struct cmd *g = y->behind[i];
        struct node *x = g && !cmd_done(g) ? find_gate(g) : NULL;
        int n = x ? search(x, target, ring, depth + 1, max) : 0;
        if (n)
            return n;
    }
    return 0;
}

int waits_arrive(void *op, int slot, struct CUstream_st *s, void **ring, int max)
{
    int n = 0;
    pthread_mutex_lock(&W.lock);
    struct node *z = find_op(op);
    struct cmd *g = gate_of_locked(s);
    struct node *y = g ? find_gate(g) : NULL;
    if (z && slot < z->slots && g && g != z->gate && !z->behind[slot]) {
        cmd_ref(g);
        z->behind[slot] = g;
        if (y && max > 0) {
            W.search++;
            ring[0] = op;
            n = search(y, z, ring, 1, max);
            if (n > max)
                n = max;
        }
    }
    pthread_mutex_unlock(&W.lock);
    return n;
}
