/*
 * handle.c: the handle registry (handle.h): one hash table from handle
 * value to its kind, with a bit for destroyed ones.
 */
#include <assert.h>
#include <pthread.h>

#include "base/hmap.h"
#include "runtime/handle.h"

#define DEAD ((uintptr_t)1 << 8)
/* Tombstones beyond this many more than live handles are dropped. */
#define TOMBSTONE_SLACK 4096

static struct {
    pthread_mutex_t lock;
    struct hmap map;
    size_t dead;
} R = {.lock = PTHREAD_MUTEX_INITIALIZER, .map = HMAP_INIT};

static int live_only(uintptr_t val, void *arg)
{
    (void)arg;
    return !(val & DEAD);
}

int simt__handle_add(enum handle_kind k, uintptr_t h)
{
    pthread_mutex_lock(&R.lock);
    uintptr_t *v = simt__hmap_find(&R.map, h);
    int rc = 0;
    /* A value is live as one kind at most: no live object's address is
     * handed out again. */
    assert(h && !(v && !(*v & DEAD)));
    if (v) {
        /* The allocator handed out a destroyed object's address again. */
        if (*v & DEAD)
            R.dead--;
        *v = (uintptr_t)k;
    } else {
        rc = simt__hmap_put(&R.map, h, (uintptr_t)k);
    }
    pthread_mutex_unlock(&R.lock);
    return rc;
}

static enum handle_state state_of(const uintptr_t *v, enum handle_kind k)
{
    if (!v)
        return HANDLE_FOREIGN;
    if ((*v & ~DEAD) != (uintptr_t)k)
        return HANDLE_MISMATCH;
    return *v & DEAD ? HANDLE_DESTROYED : HANDLE_LIVE;
}

enum handle_state simt__handle_remove(enum handle_kind k, uintptr_t h)
{
    if (h == 0)
        return HANDLE_FOREIGN;
    pthread_mutex_lock(&R.lock);
    uintptr_t *v = simt__hmap_find(&R.map, h);
    enum handle_state st = state_of(v, k);
    if (st == HANDLE_LIVE) {
        *v |= DEAD;
        R.dead++;
        if (R.dead > R.map.n - R.dead + TOMBSTONE_SLACK) {
            simt__hmap_filter(&R.map, live_only, NULL);
            R.dead = 0;
        }
    }
    pthread_mutex_unlock(&R.lock);
    return st;
}

enum handle_state simt__handle_check(enum handle_kind k, uintptr_t h)
{
    if (h == 0)
        return HANDLE_FOREIGN;
    pthread_mutex_lock(&R.lock);
    enum handle_state st = state_of(simt__hmap_find(&R.map, h), k);
    pthread_mutex_unlock(&R.lock);
    return st;
}
