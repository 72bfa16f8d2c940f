/*
 * hmap.h: the core's one hash table: non-zero word keys (addresses,
 * handles) to word values, open addressing with linear probing.
 *
 * Invariant: at most 3/4 of the slots are used, and every key sits in the
 * run of used slots that starts at its hash (deletion shifts the run back
 * instead of leaving markers).  Not thread-safe: its owner locks.
 */
#ifndef SIMT_BASE_HMAP_H
#define SIMT_BASE_HMAP_H

#include <stddef.h>
#include <stdint.h>

struct hmap {
    uintptr_t *keys;            /* 0: empty slot */
    uintptr_t *vals;
    size_t cap;                 /* a power of two, or 0 */
    size_t n;
};

#define HMAP_INIT {NULL, NULL, 0, 0}

/* The value of key, or NULL when absent; valid until the next change. */
uintptr_t *simt__hmap_find(const struct hmap *m, uintptr_t key);
/* Sets key's value: 0, or -1 when out of memory (m unchanged). */
int simt__hmap_put(struct hmap *m, uintptr_t key, uintptr_t val);
/* Makes room for n entries, so that putting new keys up to n entries
 * cannot fail: 0, or -1 when out of memory. */
int simt__hmap_reserve(struct hmap *m, size_t n);
/* Removes key: 1 when it was present, else 0. */
int simt__hmap_del(struct hmap *m, uintptr_t key);
/* Removes every entry for which keep(val, arg) is 0. */
void simt__hmap_filter(struct hmap *m, int (*keep)(uintptr_t val, void *arg), void *arg);
void simt__hmap_free(struct hmap *m);

#endif
