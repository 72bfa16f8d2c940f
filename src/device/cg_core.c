/*
 * cg_core.c: call sites and the multi-warp scratch area of
 * cooperative_groups.h (include/simt/core/cg_core.h).
 *
 * Invariants: an interned site string is never freed or changed; a block
 * record maps to one scratch area for as long as the worker lives (records
 * are reused, and a scratch area's contents never outlive one collective,
 * so a reused record may keep its area).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"
#include "engine/sync.h"
#include "simt/core/cg_core.h"

static void oom(void) __attribute__((noreturn));
static void oom(void)
{
    simt__oom("cooperative groups");
}

/* ---- call sites -------------------------------------------------------------- */

struct site {
    const char *file;
    unsigned line;
    const char *text;
    struct site *next;
};

#define SITE_BUCKETS 1024
#define SITE_CACHE 256

static struct site *sites[SITE_BUCKETS];
static pthread_mutex_t sites_lock = PTHREAD_MUTEX_INITIALIZER;

/* Each OS thread's recent sites: the common case takes no lock. */
static SIMT_TLS struct {
    const char *file;
    unsigned line;
    const char *text;
} cache[SITE_CACHE];

static unsigned hash(const char *file, unsigned line)
{
    uint64_t h = (uint64_t)(uintptr_t)file * 0x9e3779b97f4a7c15ull ^ (uint64_t)line * 0xff51afd7ed558ccdull;
    return (unsigned)(h >> 40);
}

const char *simt_cg_site(const char *file, unsigned line)
{
    unsigned h = hash(file, line);
    unsigned c = h % SITE_CACHE;
    if (cache[c].file == file && cache[c].line == line)
        return cache[c].text;
    pthread_mutex_lock(&sites_lock);
    struct site *s = sites[h % SITE_BUCKETS];
    while (s && !(s->file == file && s->line == line))
        s = s->next;
    if (!s) {
        size_t n = strlen(file) + 16;
        char *text = malloc(n);
        s = malloc(sizeof *s);
        if (!text || !s)
            oom();
        snprintf(text, n, "%s:%u", file, line);
        s->file = file;
        s->line = line;
        s->text = text;
        s->next = sites[h % SITE_BUCKETS];
        sites[h % SITE_BUCKETS] = s;
    }
    pthread_mutex_unlock(&sites_lock);
    cache[c].file = file;
    cache[c].line = line;
    cache[c].text = s->text;
    return s->text;
}

/* Misuse reports (simt_cg_misuse) are the engine's engine_misuse
 * (src/engine/diag.c): one report for every device API. */

/* ---- scratch ------------------------------------------------------------------- */

struct scratch_slot {
    const struct block *blk;
    struct simt_cg_scratch *area;
};

/* Per worker: block records seen so far and their areas. */
static SIMT_TLS struct scratch_slot *slots;
static SIMT_TLS size_t nslots, cap_slots;
static SIMT_TLS size_t last_slot;

struct simt_cg_scratch *simt_cg_scratch_area(void)
{
    const struct block *b = engine_stamp_now().blk;
    if (!b) {
        fprintf(stderr, "simt: error: a collective of a tile wider than a warp ran outside a "
                        "kernel — groups exist only in device code\n");
        abort();
    }
    if (last_slot < nslots && slots[last_slot].blk == b)
        return slots[last_slot].area;
    for (size_t i = 0; i < nslots; i++) {
        if (slots[i].blk == b) {
            last_slot = i;
            return slots[i].area;
        }
    }
    if (VEC_RESERVE(slots, cap_slots, nslots + 1) != 0)
        oom();
    struct simt_cg_scratch *area = calloc(1, sizeof *area);
    if (!area)
        oom();
    slots[nslots].blk = b;
    slots[nslots].area = area;
    last_slot = nslots++;
    return area;
}
