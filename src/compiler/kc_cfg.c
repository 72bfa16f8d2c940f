/*
 * kc_cfg.c: pointer maps, control-flow graphs and post-dominators for the
 * kernel compiler (LLVM's C API has none of them).
 *
 * Post-dominators: Cooper, Harvey and Kennedy's iterative algorithm on the
 * reversed graph, with a virtual exit that every block without successors
 * (return, unreachable) and every block that cannot reach one leads to.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kc.h"

static size_t hash_ptr(const void *p, size_t cap)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0x9e3779b97f4a7c15ull;
    return (size_t)(x >> 7) & (cap - 1);
}

static void map_grow(kc_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    const void **keys = calloc(cap, sizeof *keys);
    int *vals = calloc(cap, sizeof *vals);
    if (!keys || !vals)
        abort(); /* simt-kc is a compiler: out of memory ends the compile */
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        size_t h = hash_ptr(m->keys[i], cap);
        while (keys[h])
            h = (h + 1) & (cap - 1);
        keys[h] = m->keys[i];
        vals[h] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
}

void kc_map_put(kc_map *m, const void *k, int v)
{
    assert(k);
    if ((m->n + 1) * 2 > m->cap)
        map_grow(m);
    size_t h = hash_ptr(k, m->cap);
    while (m->keys[h] && m->keys[h] != k)
        h = (h + 1) & (m->cap - 1);
    if (!m->keys[h])
        m->n++;
    m->keys[h] = k;
    m->vals[h] = v;
}

int kc_map_get(const kc_map *m, const void *k)
{
    if (!m->cap)
        return -1;
    size_t h = hash_ptr(k, m->cap);
    while (m->keys[h]) {
        if (m->keys[h] == k)
            return m->vals[h];
        h = (h + 1) & (m->cap - 1);
    }
    return -1;
}

void kc_map_forget(kc_map *m, const void *k)
{
    if (!m->cap)
        return;
    size_t h = hash_ptr(k, m->cap);
    while (m->keys[h]) {
        if (m->keys[h] == k) {
            m->vals[h] = -1; /* kept as a key: the probe chains stay whole */
            return;
        }
        h = (h + 1) & (m->cap - 1);
    }
}

void kc_map_free(kc_map *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

int kc_block_index(const kc_cfg *g, LLVMBasicBlockRef b)
{
    return kc_map_get(&g->index, b);
}

static int *xalloc_ints(size_t n)
{
    int *p = calloc(n ? n : 1, sizeof *p);
    if (!p)
        abort();
    return p;
}

/* Post-order of the reversed graph from the virtual exit. */
static void rpost(const kc_cfg *g, int v, char *seen, int *order, int *k)
{
    /* Iterative DFS: kernels can have thousands of blocks. */
    int *stack = xalloc_ints((size_t)g->n + 1), *pos = xalloc_ints((size_t)g->n + 1);
    int sp = 0;
    stack[sp] = v;
    pos[sp++] = 0;
    seen[v] = 1;
    while (sp) {
        int u = stack[sp - 1];
        int np = u == g->n ? 0 : g->npred[u];
        /* Reversed edges: u's "successors" are its predecessors; the exit's
         * are the blocks that lead to it (listed in succ[n]). */
        int next = -1;
        while (pos[sp - 1] < (u == g->n ? g->nsucc[g->n] : np)) {
            int w = u == g->n ? g->succ[g->n][pos[sp - 1]] : g->pred[u][pos[sp - 1]];
            pos[sp - 1]++;
            if (!seen[w]) {
                next = w;
                break;
            }
        }
        if (next < 0) {
            order[(*k)++] = u;
            sp--;
        } else {
            seen[next] = 1;
            stack[sp] = next;
            pos[sp++] = 0;
        }
    }
    free(stack);
    free(pos);
}

static int intersect(const int *ipdom, const int *num, int a, int b)
{
    while (a != b) {
        while (num[a] < num[b])
            a = ipdom[a];
        while (num[b] < num[a])
            b = ipdom[b];
    }
    return a;
}

static void post_dominators(kc_cfg *g)
{
    int n = g->n;
    char *seen = calloc((size_t)n + 1, 1);
    int *order = xalloc_ints((size_t)n + 1), *num = xalloc_ints((size_t)n + 1);
    if (!seen)
        abort();
    int k = 0;
    rpost(g, n, seen, order, &k);
    /* Blocks that reach no exit (endless loops): give them an edge to the
     * exit, and walk again. */
    for (int b = 0; b < n; b++) {
        if (!seen[b]) {
            g->succ[n] = realloc(g->succ[n], sizeof(int) * (size_t)(g->nsucc[n] + 1));
            g->succ[n][g->nsucc[n]++] = b;
            memset(seen, 0, (size_t)n + 1);
            k = 0;
            rpost(g, n, seen, order, &k);
        }
    }
    for (int i = 0; i < k; i++)
        num[order[i]] = i;
    for (int b = 0; b <= n; b++)
        g->ipdom[b] = -1;
    g->ipdom[n] = n;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = k - 2; i >= 0; i--) {
            int b = order[i];
            /* b's reversed predecessors: its successors, or the exit. */
            int nd = -1;
            int ns = g->nsucc[b];
            int exit_edge = 0;
            for (int j = 0; j < g->nsucc[n]; j++)
                exit_edge |= g->succ[n][j] == b;
            for (int j = 0; j < ns + exit_edge; j++) {
                int s = j < ns ? g->succ[b][j] : n;
                /* A way that ends in `unreachable` (a trap, a misuse
                 * report: the whole block ends) joins nothing. */
                if (g->ipdom[s] < 0 || (s < n && g->live[b] && !g->live[s]))
                    continue;
                nd = nd < 0 ? s : intersect(g->ipdom, num, s, nd);
            }
            if (nd >= 0 && g->ipdom[b] != nd) {
                g->ipdom[b] = nd;
                changed = 1;
            }
        }
    }
    for (int b = 0; b < n; b++)
        if (g->ipdom[b] < 0)
            g->ipdom[b] = n;
    free(seen);
    free(order);
    free(num);
}

int kc_cfg_build(kc_cfg *g, LLVMValueRef fn)
{
    memset(g, 0, sizeof *g);
    int n = (int)LLVMCountBasicBlocks(fn);
    g->n = n;
    g->bb = calloc((size_t)n + 1, sizeof *g->bb);
    g->succ = calloc((size_t)n + 1, sizeof *g->succ);
    g->pred = calloc((size_t)n + 1, sizeof *g->pred);
    g->nsucc = xalloc_ints((size_t)n + 1);
    g->npred = xalloc_ints((size_t)n + 1);
    g->ipdom = xalloc_ints((size_t)n + 1);
    if (!g->bb || !g->succ || !g->pred)
        abort();
    int i = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        g->bb[i] = b;
        kc_map_put(&g->index, b, i++);
    }
    for (int b = 0; b < n; b++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[b]);
        if (!t)
            return -1;
        int ns = (int)LLVMGetNumSuccessors(t);
        g->succ[b] = xalloc_ints((size_t)ns);
        for (int s = 0; s < ns; s++) {
            int to = kc_block_index(g, LLVMGetSuccessor(t, (unsigned)s));
            g->succ[b][g->nsucc[b]++] = to;
            g->pred[to] = realloc(g->pred[to], sizeof(int) * (size_t)(g->npred[to] + 1));
            g->pred[to][g->npred[to]++] = b;
        }
        if (ns == 0 && LLVMGetInstructionOpcode(t) == LLVMRet) {
            g->succ[n] = realloc(g->succ[n], sizeof(int) * (size_t)(g->nsucc[n] + 1));
            g->succ[n][g->nsucc[n]++] = b;
        }
    }
    /* Live blocks: those from which a return is reachable. */
    g->live = calloc((size_t)n + 1, 1);
    int *stack = xalloc_ints((size_t)n + 1), sp = 0;
    if (!g->live)
        abort();
    for (int j = 0; j < g->nsucc[n]; j++) {
        g->live[g->succ[n][j]] = 1;
        stack[sp++] = g->succ[n][j];
    }
    while (sp) {
        int v = stack[--sp];
        for (int j = 0; j < g->npred[v]; j++) {
            int u = g->pred[v][j];
            if (!g->live[u]) {
                g->live[u] = 1;
                stack[sp++] = u;
            }
        }
    }
    free(stack);
    post_dominators(g);
    return 0;
}

void kc_cfg_free(kc_cfg *g)
{
    for (int b = 0; g->succ && b <= g->n; b++) {
        free(g->succ[b]);
        free(g->pred[b]);
    }
    free(g->succ);
    free(g->pred);
    free(g->nsucc);
    free(g->npred);
    free(g->ipdom);
    free(g->live);
    free(g->bb);
    kc_map_free(&g->index);
}

void kc_reach_from_succs(const kc_cfg *g, int x, int stop, char *out)
{
    memset(out, 0, (size_t)g->n);
    int *stack = xalloc_ints((size_t)g->n + 1);
    int sp = 0;
    for (int j = 0; j < g->nsucc[x]; j++) {
        int s = g->succ[x][j];
        if (s != stop && !out[s]) {
            out[s] = 1;
            stack[sp++] = s;
        }
    }
    while (sp) {
        int u = stack[--sp];
        for (int j = 0; j < g->nsucc[u]; j++) {
            int s = g->succ[u][j];
            if (s != stop && !out[s]) {
                out[s] = 1;
                stack[sp++] = s;
            }
        }
    }
    free(stack);
}
