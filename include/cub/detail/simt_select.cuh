/*
 * cub/detail/simt_select.cuh: stream compaction (DeviceSelect,
 * DevicePartition).
 *
 * Three steps: each chunk evaluates its selection once per item into a
 * bitmap in temporary storage (64 items a word; chunks are multiples of 64
 * long, so no word is shared) and counts; one block turns the counts into
 * each chunk's first output positions and writes the totals; each chunk
 * copies its items out.  A predicate with side effects therefore runs
 * exactly once per item, as on a GPU.
 *
 * The in-place forms compact each chunk within itself (a write never
 * passes the read), then one block moves the compacted pieces down in
 * chunk order.
 */
#ifndef SIMT_CUB_DETAIL_SIMT_SELECT_CUH
#define SIMT_CUB_DETAIL_SIMT_SELECT_CUH
#pragma GCC system_header

#include "simt_core.cuh"

namespace simt_cub {

/* Kinds of output.  select: selected items in order; partition: selected
 * items in order at the front, the rejected ones from the back in reverse
 * order (DevicePartition::If/Flagged). */
enum { OUT_SELECT, OUT_PARTITION };

template <int Kind, class In, class Out, class Pick, class NumOut>
inline cudaError_t select(const char *name, void *d_temp, size_t &temp_bytes, In in, Out out, Pick pick,
                          NumOut num_out, index_t n, cudaStream_t stream)
{
    chunks c(n);
    void *p[2];
    size_t sz[2] = {(size_t)((n + 63) / 64) * 8, c.count * sizeof(index_t)};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp)
        return e;
    uint64_t *bits = (uint64_t *)p[0];
    index_t *base = (index_t *)p[1];
    auto mark = [=](unsigned b) mutable {
        index_t count = 0;
        for (index_t w = c.lo(b); w < c.hi(b); w += 64) {
            uint64_t word = 0;
            index_t end = w + 64 < c.hi(b) ? w + 64 : c.hi(b);
            for (index_t i = w; i < end; i++)
                if (pick(i))
                    word |= uint64_t(1) << (i - w);
            bits[w / 64] = word;
            count += __builtin_popcountll(word);
        }
        return count;
    };
    auto write = [=](unsigned b, index_t k) mutable {
        for (index_t i = c.lo(b); i < c.hi(b); i++) {
            if (bits[i / 64] >> (i % 64) & 1)
                out[k++] = in[i];
            else if (Kind == OUT_PARTITION)
                out[n - 1 - (i - k)] = in[i];
        }
    };
    if (c.count == 1)
        return launch(name, 1, stream, [=](unsigned) mutable {
            index_t total = mark(0);
            write(0, 0);
            *num_out = total;
        });
    e = launch(name, c.count, stream, [=](unsigned b) mutable { base[b] = mark(b); });
    if (e != cudaSuccess)
        return e;
    e = launch(name, 1, stream, [=](unsigned) mutable {
        index_t total = 0;
        for (unsigned b = 0; b < c.count; b++) {
            index_t t = base[b];
            base[b] = total;
            total += t;
        }
        *num_out = total;
    });
    if (e != cudaSuccess)
        return e;
    return launch(name, c.count, stream, [=](unsigned b) mutable { write(b, base[b]); });
}

/* DevicePartition::If with two predicates: items the first accepts go to
 * first_out, of the rest those the second accepts to second_out, the
 * others to unselected_out, each in input order; num_out[0] and
 * num_out[1] get the first two counts. */
template <class In, class First, class Second, class Rest, class P1, class P2, class NumOut>
inline cudaError_t partition3(const char *name, void *d_temp, size_t &temp_bytes, In in, First first,
                              Second second, Rest rest, P1 p1, P2 p2, NumOut num_out, index_t n,
                              cudaStream_t stream)
{
    chunks c(n);
    void *p[4];
    size_t words = (size_t)((n + 63) / 64) * 8;
    size_t sz[4] = {words, words, c.count * sizeof(index_t), c.count * sizeof(index_t)};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp)
        return e;
    uint64_t *bits1 = (uint64_t *)p[0], *bits2 = (uint64_t *)p[1];
    index_t *base1 = (index_t *)p[2], *base2 = (index_t *)p[3];
    auto mark = [=](unsigned b) mutable {
        index_t n1 = 0, n2 = 0;
        for (index_t w = c.lo(b); w < c.hi(b); w += 64) {
            uint64_t w1 = 0, w2 = 0;
            index_t end = w + 64 < c.hi(b) ? w + 64 : c.hi(b);
            for (index_t i = w; i < end; i++) {
                auto x = in[i];
                if (p1(x))
                    w1 |= uint64_t(1) << (i - w);
                else if (p2(x))
                    w2 |= uint64_t(1) << (i - w);
            }
            bits1[w / 64] = w1;
            bits2[w / 64] = w2;
            n1 += __builtin_popcountll(w1);
            n2 += __builtin_popcountll(w2);
        }
        base1[b] = n1;
        base2[b] = n2;
    };
    auto write = [=](unsigned b) mutable {
        index_t k1 = base1[b], k2 = base2[b], k3 = c.lo(b) - k1 - k2;
        for (index_t i = c.lo(b); i < c.hi(b); i++) {
            if (bits1[i / 64] >> (i % 64) & 1)
                first[k1++] = in[i];
            else if (bits2[i / 64] >> (i % 64) & 1)
                second[k2++] = in[i];
            else
                rest[k3++] = in[i];
        }
    };
    auto bases = [=]() mutable {
        index_t t1 = 0, t2 = 0;
        for (unsigned b = 0; b < c.count; b++) {
            index_t a1 = base1[b], a2 = base2[b];
            base1[b] = t1;
            base2[b] = t2;
            t1 += a1;
            t2 += a2;
        }
        num_out[0] = t1;
        num_out[1] = t2;
    };
    if (c.count == 1)
        return launch(name, 1, stream, [=](unsigned) mutable {
            mark(0);
            bases();
            write(0);
        });
    if ((e = launch(name, c.count, stream, [=](unsigned b) mutable { mark(b); })) != cudaSuccess)
        return e;
    if ((e = launch(name, 1, stream, [=](unsigned) mutable { bases(); })) != cudaSuccess)
        return e;
    return launch(name, c.count, stream, [=](unsigned b) mutable { write(b); });
}

/* In-place selection over data[0..n): pick(i) is evaluated before item i
 * can be overwritten. */
template <class Data, class Pick, class NumOut>
inline cudaError_t select_in_place(const char *name, void *d_temp, size_t &temp_bytes, Data data, Pick pick,
                                   NumOut num_out, index_t n, cudaStream_t stream)
{
    chunks c(n);
    void *p[1];
    size_t sz[1] = {c.count * sizeof(index_t)};
    cudaError_t e = alias(d_temp, temp_bytes, p, sz);
    if (e != cudaSuccess || !d_temp)
        return e;
    index_t *kept = (index_t *)p[0];
    e = launch(name, c.count, stream, [=](unsigned b) mutable {
        index_t k = c.lo(b);
        for (index_t i = c.lo(b); i < c.hi(b); i++)
            if (pick(i)) {
                if (k != i)
                    data[k] = data[i];
                k++;
            }
        kept[b] = k - c.lo(b);
    });
    if (e != cudaSuccess)
        return e;
    return launch(name, 1, stream, [=](unsigned) mutable {
        index_t to = 0;
        for (unsigned b = 0; b < c.count; b++) {
            index_t from = c.lo(b);
            if (to != from)
                for (index_t j = 0; j < kept[b]; j++)
                    data[to + j] = data[from + j];
            to += kept[b];
        }
        *num_out = to;
    });
}

} /* namespace simt_cub */

#endif
