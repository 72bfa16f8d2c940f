/*
 * hmap.c: the word-keyed hash table (hmap.h).
 */
#include <assert.h>
#include <stdlib.h>

#include "base/hmap.h"

static size_t slot_of(uintptr_t key, size_t cap)
{
    uint64_t x = (uint64_t)key;
    x ^= x >> 29;
    return (size_t)(x * 0x9E3779B97F4A7C15ULL >> 32) & (cap - 1);
}

uintptr_t *simt__hmap_find(const struct hmap *m, uintptr_t key)
{
    assert(key != 0);
    if (m->n == 0)
        return NULL;
    for (size_t i = slot_of(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key)
            return &m->vals[i];
        if (m->keys[i] == 0)
            return NULL;
    }
}

static void insert(uintptr_t *keys, uintptr_t *vals, size_t cap, uintptr_t key, uintptr_t val)
{
    size_t i = slot_of(key, cap);
    while (keys[i] != 0 && keys[i] != key)
        i = (i + 1) & (cap - 1);
    keys[i] = key;
    vals[i] = val;
}

static int resize(struct hmap *m, size_t cap)
{
    uintptr_t *keys = calloc(cap, sizeof *keys), *vals = calloc(cap, sizeof *vals);
    if (!keys || !vals) {
        free(keys);
        free(vals);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i])
            insert(keys, vals, cap, m->keys[i], m->vals[i]);
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
    return 0;
}

int simt__hmap_reserve(struct hmap *m, size_t n)
{
    size_t cap = m->cap ? m->cap : 16;
    while (n * 4 > cap * 3)
        cap *= 2;
    return cap == m->cap ? 0 : resize(m, cap);
}

int simt__hmap_put(struct hmap *m, uintptr_t key, uintptr_t val)
{
    assert(key != 0);
    uintptr_t *v = simt__hmap_find(m, key);
    if (v) {
        *v = val;
        return 0;
    }
    if ((m->n + 1) * 4 > m->cap * 3 && resize(m, m->cap ? 2 * m->cap : 16) != 0)
        return -1;
    insert(m->keys, m->vals, m->cap, key, val);
    m->n++;
    return 0;
}

/* Empties slot i and moves the entries after it that probed past it back,
 * so that every key stays reachable from its hash. */
static void remove_at(struct hmap *m, size_t i)
{
    size_t mask = m->cap - 1;
    for (size_t j = (i + 1) & mask; m->keys[j]; j = (j + 1) & mask) {
        size_t home = slot_of(m->keys[j], m->cap);
        /* j's entry may fill the hole at i unless its home lies in (i, j]. */
        if (((j - home) & mask) >= ((j - i) & mask)) {
            m->keys[i] = m->keys[j];
            m->vals[i] = m->vals[j];
            i = j;
        }
    }
    m->keys[i] = 0;
    m->vals[i] = 0;
    m->n--;
}

int simt__hmap_del(struct hmap *m, uintptr_t key)
{
    uintptr_t *v = simt__hmap_find(m, key);
    if (!v)
        return 0;
    remove_at(m, (size_t)(v - m->vals));
    return 1;
}

void simt__hmap_filter(struct hmap *m, int (*keep)(uintptr_t val, void *arg), void *arg)
{
    for (size_t i = 0; i < m->cap;) {
        /* remove_at may move a later entry into slot i: look at it again. */
        if (m->keys[i] && !keep(m->vals[i], arg))
            remove_at(m, i);
        else
            i++;
    }
}

void simt__hmap_free(struct hmap *m)
{
    free(m->keys);
    free(m->vals);
    *m = (struct hmap)HMAP_INIT;
}
