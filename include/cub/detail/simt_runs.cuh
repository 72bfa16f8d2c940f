/*
 * cub/detail/simt_runs.cuh: algorithms over runs of equal keys
 * (ReduceByKey, the ByKey scans, Unique, UniqueByKey, RunLengthEncode).
 *
 * A run begins at a head: item 0, and every item whose key the equality
 * operator finds unequal to its predecessor's, eq(key[i-1], key[i]) being
 * false.  Runs cross chunks, so each algorithm is three steps: every chunk
 * summarizes itself (its heads, the fold of its open tail), one block
 * turns the summaries into what each chunk needs from the chunks before it
 * (the value carried into it, its first output index, the next head after
 * it), and every chunk writes its outputs.  Values are folded left to
 * right; a run spanning chunks is the fold of the chunks' folds.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_RUNS_CUH
#define SIMT_CUB_DETAIL_SIMT_RUNS_CUH
#pragma GCC system_header

#include "simt_core.cuh"

namespace simt_cub {

template <class Keys, class Eq> struct heads {
    Keys keys;
    Eq eq;
    bool operator()(index_t i) { return i == 0 || !eq(keys[i - 1], keys[i]); }
};
template <class Keys, class Eq> heads<Keys, Eq> make_heads(Keys k, Eq e)
{
    return heads<Keys, Eq>{k, e};
}

/* Chunk summaries of a fold over runs: the fold of the chunk's items from
 * its last head (from its start if it has none), whether it has a head,
 * and how many. */
template <class Accum> struct run_summary {
    Accum *tail;
    Accum *carry;
    index_t *nheads;
    index_t *base;
    unsigned char *has_head;
};

template <class Accum>
inline cudaError_t run_summary_alias(void *d_temp, size_t &temp_bytes, const chunks &c, run_summary<Accum> &s)
{
    void *p[5];
    size_t sz[5] = {c.count * sizeof(Accum), c.count * sizeof(Accum), c.count * sizeof(index_t),
                    c.count * sizeof(index_t), c.count};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    s.tail = (Accum *)p[0];
    s.carry = (Accum *)p[1];
    s.nheads = (index_t *)p[2];
    s.base = (index_t *)p[3];
    s.has_head = (unsigned char *)p[4];
    return e;
}

/* Step 1 of a fold over runs: chunk b's summary. */
template <class Accum, class Head, class Get, class Op>
inline cudaError_t summarize_runs(const char *name, const chunks &c, run_summary<Accum> s, Head head, Get get,
                                  Op op, cudaStream_t stream)
{
    return launch(name, c.count, stream, [=](unsigned b) mutable {
        index_t lo = c.lo(b), hi = c.hi(b), count = 0;
        Accum acc(get(lo));
        for (index_t i = lo; i < hi; i++) {
            if (head(i)) {
                count++;
                acc = Accum(get(i));
            } else if (i > lo) {
                acc = op(acc, get(i));
            }
        }
        put(s.tail + b, acc);
        s.nheads[b] = count;
        s.has_head[b] = count != 0;
    });
}

/* ReduceByKey: unique_out[r] is run r's last key (CUB writes each run's
 * key as the run ends; keys the equality operator finds equal may differ),
 * aggregates_out[r] the fold of its values, *num_runs_out the number of
 * runs. */
template <class Accum, class Keys, class UniqueOut, class Get, class AggOut, class NumOut, class Eq, class Op>
inline cudaError_t reduce_by_key(const char *name, void *d_temp, size_t &temp_bytes, Keys keys,
                                 UniqueOut unique_out, Get get, AggOut agg_out, NumOut num_out, Eq eq, Op op,
                                 index_t n, cudaStream_t stream)
{
    chunks c(n);
    run_summary<Accum> s;
    cudaError_t e = run_summary_alias(d_temp, temp_bytes, c, s);
    if (e != cudaSuccess || !d_temp)
        return e;
    auto head = make_heads(keys, eq);
    /* The writing pass over chunk b, given what comes into it. */
    auto write = [=](unsigned b, bool carried, index_t first_run) mutable {
        index_t lo = c.lo(b), hi = c.hi(b), r = first_run - 1;
        if (lo >= hi)
            return;
        Accum acc = carried ? Accum(s.carry[b]) : Accum(get(lo));
        bool h = head(lo);
        for (index_t i = lo; i < hi; i++) {
            bool next = i + 1 == n || head(i + 1);
            if (h) {
                r++;
                acc = Accum(get(i));
            } else {
                acc = op(acc, get(i));
            }
            if (next) {
                unique_out[r] = keys[i];
                agg_out[r] = acc;
            }
            h = next;
        }
    };
    if (c.count == 1)
        return launch(name, 1, stream, [=](unsigned) mutable {
            index_t runs = 0;
            for (index_t i = 0; i < n; i++)
                runs += head(i);
            write(0, false, 0);
            *num_out = runs;
        });
    if ((e = summarize_runs(name, c, s, head, get, op, stream)) != cudaSuccess)
        return e;
    e = launch(name, 1, stream, [=](unsigned) mutable {
        index_t runs = 0;
        for (unsigned b = 0; b < c.count; b++) {
            s.base[b] = runs;
            runs += s.nheads[b];
            if (b + 1 < c.count) {
                if (s.has_head[b] || b == 0)
                    put(s.carry + b + 1, s.tail[b]);
                else
                    put(s.carry + b + 1, op(s.carry[b], s.tail[b]));
            }
        }
        *num_out = runs;
    });
    if (e != cudaSuccess)
        return e;
    return launch(name, c.count, stream, [=](unsigned b) mutable { write(b, b > 0, s.base[b]); });
}

/* The ByKey scans: out[i] is the fold of the values of i's run up to i
 * (inclusive) or before i starting from init (exclusive; a run's first
 * output is init). */
template <class Accum, bool Exclusive, class Keys, class Get, class Out, class Eq, class Op, class Init>
inline cudaError_t scan_by_key(const char *name, void *d_temp, size_t &temp_bytes, Keys keys, Get get,
                               Out out, Eq eq, Op op, Init init, index_t n, cudaStream_t stream)
{
    chunks c(n);
    run_summary<Accum> s;
    cudaError_t e = run_summary_alias(d_temp, temp_bytes, c, s);
    if (e != cudaSuccess || !d_temp || n == 0)
        return e;
    auto head = make_heads(keys, eq);
    /* acc is the serial scan's state after item i: the fold of the run so
     * far, starting from init for an exclusive scan. */
    auto write = [=](unsigned b, bool carried) mutable {
        index_t lo = c.lo(b), hi = c.hi(b);
        Accum acc = carried ? Accum(s.carry[b]) : Accum(get(lo));
        for (index_t i = lo; i < hi; i++) {
            auto x = get(i);
            if (head(i)) {
                if constexpr (Exclusive) {
                    out[i] = init;
                    acc = op(init, x);
                } else {
                    acc = Accum(x);
                    out[i] = acc;
                }
            } else if constexpr (Exclusive) {
                out[i] = acc;
                acc = op(acc, x);
            } else {
                acc = op(acc, x);
                out[i] = acc;
            }
        }
    };
    if (c.count == 1)
        return launch(name, 1, stream, [=](unsigned) mutable { write(0, false); });
    if ((e = summarize_runs(name, c, s, head, get, op, stream)) != cudaSuccess)
        return e;
    e = launch(name, 1, stream, [=](unsigned) mutable {
        for (unsigned b = 0; b + 1 < c.count; b++) {
            if (s.has_head[b]) {
                if constexpr (Exclusive)
                    put(s.carry + b + 1, op(init, s.tail[b]));
                else
                    put(s.carry + b + 1, s.tail[b]);
            } else {
                put(s.carry + b + 1, op(s.carry[b], s.tail[b]));
            }
        }
    });
    if (e != cudaSuccess)
        return e;
    return launch(name, c.count, stream, [=](unsigned b) mutable { write(b, b > 0); });
}

/* Runs without values (Unique, UniqueByKey, RunLengthEncode): for every
 * run whose head h keep(h) accepts, emit(h, k, end) with k its index among
 * the kept runs and end the index after it; *count_out gets their number. */
template <class Head, class Keep, class Emit, class CountOut>
inline cudaError_t runs(const char *name, void *d_temp, size_t &temp_bytes, index_t n, Head head, Keep keep,
                        Emit emit, CountOut count_out, cudaStream_t stream)
{
    chunks c(n);
    void *p[3];
    size_t sz[3] = {c.count * sizeof(index_t), c.count * sizeof(index_t), c.count * sizeof(index_t)};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp)
        return e;
    index_t *kept = (index_t *)p[0], *first = (index_t *)p[1], *next = (index_t *)p[2];
    /* Chunk b's runs, numbered from k, the run after its last head
     * starting at `after`. */
    auto write = [=](unsigned b, index_t k, index_t after) mutable {
        index_t lo = c.lo(b), hi = c.hi(b), open = -1;
        for (index_t i = lo; i < hi; i++) {
            if (!head(i))
                continue;
            if (open >= 0 && keep(open))
                emit(open, k++, i);
            open = i;
        }
        if (open >= 0 && keep(open))
            emit(open, k++, after);
    };
    if (c.count == 1)
        return launch(name, 1, stream, [=](unsigned) mutable {
            index_t total = 0;
            for (index_t i = 0; i < n; i++)
                total += head(i) && keep(i);
            write(0, 0, n);
            *count_out = total;
        });
    e = launch(name, c.count, stream, [=](unsigned b) mutable {
        index_t lo = c.lo(b), hi = c.hi(b), count = 0, f = n;
        for (index_t i = lo; i < hi; i++) {
            if (head(i)) {
                if (f == n)
                    f = i;
                count += keep(i);
            }
        }
        kept[b] = count;
        first[b] = f;
    });
    if (e != cudaSuccess)
        return e;
    e = launch(name, 1, stream, [=](unsigned) mutable {
        index_t after = n, total = 0;
        for (unsigned b = c.count; b-- > 0;) {
            next[b] = after;
            if (first[b] < n)
                after = first[b];
        }
        for (unsigned b = 0; b < c.count; b++) {
            index_t k = kept[b];
            kept[b] = total;
            total += k;
        }
        *count_out = total;
    });
    if (e != cudaSuccess)
        return e;
    return launch(name, c.count, stream, [=](unsigned b) mutable { write(b, kept[b], next[b]); });
}

} /* namespace simt_cub */

#endif
