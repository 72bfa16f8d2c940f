/*
 * explore.c: the orders schedule exploration picks (see explore.h).
 *
 * Every choice is a function of the seed, the grid's submission number
 * and the block's index, never of which worker runs the block or when:
 * a block's interleaving is the same in every run with the same seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/explore.h"

int explore_mode;
static unsigned long long seed;

/* splitmix64's finalizer: a well-mixed 64-bit function of x. */
static unsigned long long mix(unsigned long long x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void explore_start(void)
{
    const char *v = getenv("SIMT_SCHEDULE");
    if (!v || !*v || !strcmp(v, "default"))
        return;
    if (!strcmp(v, "reverse")) {
        explore_mode = EXPLORE_REVERSE;
        return;
    }
    if (!strncmp(v, "random", 6) && (v[6] == 0 || v[6] == ':')) {
        char *end = NULL;
        seed = v[6] ? strtoull(v + 7, &end, 0) : 1;
        if (!v[6] || (end != v + 7 && !*end)) {
            explore_mode = EXPLORE_RANDOM;
            return;
        }
    }
    fprintf(stderr, "simt: warning: SIMT_SCHEDULE=%s is none of 'random:SEED', 'reverse' or "
                    "'default': the default schedule is used\n", v);
}

/* A permutation of [0, 2^(2h)) keyed by key: a four-round Feistel network. */
static unsigned long long feistel(unsigned long long x, unsigned h, unsigned long long key)
{
    unsigned long long mask = (1ULL << h) - 1, l = x >> h, r = x & mask;
    for (unsigned i = 0; i < 4; i++) {
        unsigned long long f = mix(r ^ key ^ (unsigned long long)i << 60) & mask;
        unsigned long long t = l ^ f;
        l = r;
        r = t;
    }
    return l << h | r;
}

unsigned long long explore_unit(const struct grid *g, unsigned long long u)
{
    unsigned long long n = g->nunits;
    if (explore_mode == EXPLORE_REVERSE)
        return n - 1 - u;
    /* Cycle walking keeps the permutation of the enclosing power of four
     * within [0, n): fewer than four steps on average. */
    unsigned h = 1;
    while (h < 32 && (1ULL << (2 * h)) < n)
        h++;
    unsigned long long key = mix(seed ^ mix(g->seq));
    do
        u = feistel(u, h, key);
    while (u >= n);
    return u;
}

unsigned explore_below(struct block *b, unsigned n)
{
    b->rng = mix(b->rng);
    return (unsigned)((b->rng >> 32) * n >> 32);
}

void explore_block_start(struct block *b)
{
    if (!b->order) {
        b->order = malloc(2 * 1024 * sizeof *b->order);
        if (!b->order) {
            fprintf(stderr, "simt: error: out of memory for a block's thread order\n");
            abort();
        }
        b->start_rank = b->order + 1024;
    }
    unsigned n = b->nthreads;
    b->rng = mix(seed ^ mix(b->grid->seq ^ mix(b->linear)));
    for (unsigned i = 0; i < n; i++)
        b->order[i] = (unsigned short)(explore_mode == EXPLORE_REVERSE ? n - 1 - i : i);
    if (explore_mode == EXPLORE_RANDOM) {
        for (unsigned i = n - 1; i > 0; i--) {
            unsigned j = explore_below(b, i + 1);
            unsigned short t = b->order[i];
            b->order[i] = b->order[j];
            b->order[j] = t;
        }
    }
    for (unsigned i = 0; i < n; i++)
        b->start_rank[b->order[i]] = (unsigned short)i;
}

struct sthread *explore_wake_order(struct block *b, struct sthread *head, struct sthread **tail)
{
    static SIMT_TLS struct sthread *buf[1024];
    unsigned n = 0;
    struct sthread *t = head;
    for (;; t = t->next) {
        if (n == 1024)
            return head; /* a cluster's list: longer than one block's, left as it is */
        buf[n++] = t;
        if (t == *tail)
            break;
    }
    for (unsigned i = n - 1; i > 0; i--) {
        unsigned j = explore_below(b, i + 1);
        struct sthread *s = buf[i];
        buf[i] = buf[j];
        buf[j] = s;
    }
    for (unsigned i = 0; i + 1 < n; i++)
        buf[i]->next = buf[i + 1];
    buf[n - 1]->next = NULL;
    *tail = buf[n - 1];
    return buf[0];
}
