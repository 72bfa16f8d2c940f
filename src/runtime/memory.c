/*
 * memory.c: the tracked allocator and the allocation API: device, managed,
 * pinned and registered host memory, pitched allocations, pointer
 * attributes, prefetch and advice.
 *
 * One table, sorted by start address, holds every live allocation; a second
 * holds the known symbols.  One rwlock guards both: every copy and set looks
 * its ranges up under the read lock, allocation and free take the write
 * lock.  The lock is never held while memory is copied nor while waiting
 * for the device.
 *
 * The error codes and their order follow what an H200 returned for the
 * same calls (docs/gpu-facts/memory-api.txt and the probes quoted below).
 */
#include <assert.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/base.h"
#include "base/symbolize.h"
#include "check/hooks.h"
#include "engine/engine.h"
#include "engine/fault.h"
#include "engine/sync.h"
#include "runtime/devrt.h"
#include "runtime/graph_mem.h"
#include "runtime/memory.h"
#include "runtime/runtime.h"
#include "runtime/stream.h"

#if defined(__SANITIZE_ADDRESS__)
#define MEM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEM_ASAN 1
#endif
#endif
#ifndef MEM_ASAN
#define MEM_ASAN 0
#endif

/* cudaMalloc's alignment guarantee (CUDA guide, "Device Memory"). */
#define ALIGNMENT 256
/* Allocations this large are mapped, not taken from the heap: their pages
 * are never touched before the program touches them, and they go back to
 * the system (and fault when used) once freed.  Under AddressSanitizer the
 * heap is used throughout so that its redzones surround every allocation. */
#define MAP_THRESHOLD ((size_t)1 << 20)
/* Mapped allocations this large are placed and advised for huge pages. */
#define HUGE_PAGE ((size_t)2 << 20)
/* ...and start at one of STAGGER_COLORS offsets into their first huge page,
 * STAGGER_STEP bytes apart (a multiple of ALIGNMENT and of a texture's
 * 512-byte alignment), taken in turn.  From one huge-page boundary, a
 * program's arrays (and the planes of one array whose size is a power of
 * two) would all meet in the same sets of the second-level cache, which is
 * indexed by the physical address that huge pages keep from the virtual
 * one, and their elements of one index in the same first-level sets, whose
 * loads then wait on unrelated stores (4 KiB aliasing).  Eight KiB and a
 * little apart, sixteen arrays fill the 128 KiB over which a 2 MiB 16-way
 * cache's sets repeat, each at another offset into its pages. */
#define STAGGER_STEP ((size_t)8704)
#define STAGGER_COLORS 16u
#define STAGGER_MAX (STAGGER_STEP * (STAGGER_COLORS - 1))
/* cudaMallocPitch and cudaMalloc3D round rows up to this (an H200 gives
 * 100 -> 512, 1000 -> 1024, 5000 -> 5120). */
#define PITCH_ALIGNMENT 512
#define FREED_RING 64
/* Freed mapped allocations stay reserved (inaccessible, their pages given
 * back) while they are in the ring, so that a kernel using one faults and
 * the fault names it, instead of hitting whatever the system maps there
 * next.  At most this much address space is held so. */
#define QUARANTINE_MAX ((size_t)64 << 30)
/* Freed device memory whose pages stay resident (inaccessible) for the
 * next cudaMalloc of the same mapped length, at most this share of the
 * machine's memory and this many bytes.  A GPU's memory is physically
 * there when cudaMalloc returns it; a fresh mapping is not: its first
 * touches fault and the system zeroes every page, which made a Thrust
 * sort's temporary buffer a tenth of the sort (docs/PERFORMANCE.md,
 * "Freed device memory kept resident"). */
#define RESIDENT_SHARE 8
#define RESIDENT_MAX ((size_t)4 << 30)

struct alloc {
    uintptr_t start;
    size_t size;          /* what the program asked for */
    size_t mapped;        /* mmap length; 0 for heap or program memory */
    size_t lead;          /* mapped bytes before start (STAGGER_STEP) */
    enum mem_type type;
    unsigned flags;
    const char *api;      /* the call that made it */
    const void *caller;   /* its return address, for leak reports */
    int ordinal;          /* the device current when it was made */
    int owned;            /* another module's (pools, arrays, graphs, the
                             device heap): it frees it, and it survives one
                             device's reset among several */
};

struct symbol {
    uintptr_t start;
    size_t size;
    const char *name;
    int registered;       /* by simt_register_symbol, not inferred */
};

struct freed {
    uintptr_t start;
    size_t size;
    const char *api, *by;
    size_t reserved;      /* bytes still mapped inaccessible at start - lead */
    size_t lead;
    int resident;         /* those bytes keep their pages, for reuse */
    size_t pages;         /* then the part of them with pages: the budget's */
};

static struct {
    pthread_rwlock_t lock;
    struct alloc *allocs;
    size_t nallocs, capallocs;
    struct symbol *syms;
    size_t nsyms, capsyms;
    size_t device_bytes[DEVICE_MAX]; /* cudaMalloc'd, per device */
    size_t capacity;
    struct freed ring[FREED_RING]; /* recently freed, newest at ring_next-1 */
    unsigned ring_next;
    size_t quarantined;   /* sum of the ring's `reserved` */
    size_t resident;      /* the part of it whose pages are kept */
} M = {.lock = PTHREAD_RWLOCK_INITIALIZER};

/* ---- the tables ----------------------------------------------------------- */

/* The two searches of a table sorted by start, written once for both
 * tables: upto(a), how many records start at or before a; at_locked(a),
 * the record whose [start, start + size) holds a, or NULL. */
#define SORTED_TABLE(type, v, n, upto, at_locked)                                            \
    static size_t upto(uintptr_t a)                                                          \
    {                                                                                        \
        size_t lo = 0, hi = n;                                                               \
        while (lo < hi) {                                                                    \
            size_t mid = lo + (hi - lo) / 2;                                                 \
            if (v[mid].start <= a)                                                           \
                lo = mid + 1;                                                                \
            else                                                                             \
                hi = mid;                                                                    \
        }                                                                                    \
        return lo;                                                                           \
    }                                                                                        \
    static type *at_locked(uintptr_t a)                                                      \
    {                                                                                        \
        size_t i = upto(a);                                                                  \
        if (i == 0)                                                                          \
            return NULL;                                                                     \
        type *r = &v[i - 1];                                                                 \
        return a - r->start < r->size ? r : NULL;                                            \
    }

SORTED_TABLE(struct alloc, M.allocs, M.nallocs, allocs_upto, alloc_at_locked)
SORTED_TABLE(struct symbol, M.syms, M.nsyms, syms_upto, symbol_at_locked)

static int grow(void **v, size_t *cap, size_t need, size_t elem)
{
    return simt__grow(v, cap, need, elem, 64);
}

/* Inserts b, which overlaps no block. */
static int alloc_insert_locked(const struct alloc *b)
{
    if (grow((void **)&M.allocs, &M.capallocs, M.nallocs + 1, sizeof *M.allocs))
        return -1;
    size_t i = allocs_upto(b->start);
    assert(i == 0 || M.allocs[i - 1].start + M.allocs[i - 1].size <= b->start);
    assert(i == M.nallocs || b->start + b->size <= M.allocs[i].start);
    memmove(&M.allocs[i + 1], &M.allocs[i], (M.nallocs - i) * sizeof *M.allocs);
    M.allocs[i] = *b;
    M.nallocs++;
    return 0;
}

static void alloc_remove_locked(struct alloc *b)
{
    size_t i = (size_t)(b - M.allocs);
    assert(i < M.nallocs);
    memmove(&M.allocs[i], &M.allocs[i + 1], (M.nallocs - i - 1) * sizeof *M.allocs);
    M.nallocs--;
}

/* Records b as freed.  Returns the entry it pushes out of the ring, whose
 * quarantined mapping the caller unmaps once it has dropped the lock, and
 * sets *keep when b's own mapping is to be quarantined (never unless
 * may_keep): 2 when its pages are to stay resident for reuse, 1 when they
 * go back to the system. */
static size_t resident_max(void);

/* The bytes of b's mapping that can hold pages, which is what the resident
 * budget counts: its mapping runs past the allocation into address space
 * that is never touched (a huge-page mapping, STAGGER_MAX and the rounding
 * to 2 MiB: up to 2 MiB more), but a touched huge page is whole. */
static size_t touched_bytes(const struct alloc *b)
{
    size_t end = b->lead + b->size;
    if (b->mapped >= HUGE_PAGE)
        end = (end + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    return end < b->mapped ? end : b->mapped;
}

static struct freed remember_freed_locked(const struct alloc *b, const char *by, int may_keep,
                                          int *keep)
{
    struct freed *f = &M.ring[M.ring_next++ % FREED_RING];
    struct freed old = *f;
    M.quarantined -= old.reserved;
    M.resident -= old.pages;
    *keep = may_keep && b->mapped && M.quarantined + b->mapped <= QUARANTINE_MAX;
    size_t pages = touched_bytes(b);
    /* Made inaccessible here, under the lock: once the entry is in the
     * ring another thread's cudaMalloc may take it and open it again. */
    if (*keep && b->type == MEM_DEVICE && !hook_checking() &&
        M.resident + pages <= resident_max() &&
        mprotect((void *)(b->start - b->lead), b->mapped, PROT_NONE) == 0)
        *keep = 2;
    *f = (struct freed){.start = b->start, .size = b->size, .api = b->api, .by = by,
                        .reserved = *keep ? b->mapped : 0, .lead = b->lead, .resident = *keep == 2,
                        .pages = *keep == 2 ? pages : 0};
    M.quarantined += f->reserved;
    M.resident += f->pages;
    return old;
}

/* Takes from the ring a resident mapping of exactly `mapped` bytes, the
 * newest first; returns its start or 0, and in *lead the offset at which
 * its allocation started.  Its entry stops describing the address, which
 * is about to be live again. */
static uintptr_t take_resident(size_t mapped, size_t *lead)
{
    uintptr_t start = 0;
    pthread_rwlock_wrlock(&M.lock);
    for (unsigned k = 1; k <= FREED_RING && M.resident && !start; k++) {
        struct freed *f = &M.ring[(M.ring_next - k) % FREED_RING];
        if (f->resident && f->reserved == mapped) {
            start = f->start - f->lead;
            *lead = f->lead;
            M.quarantined -= mapped;
            M.resident -= f->pages;
            *f = (struct freed){0};
        }
    }
    pthread_rwlock_unlock(&M.lock);
    return start;
}

/* ---- raw memory ----------------------------------------------------------- */

static size_t physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), ps = sysconf(_SC_PAGESIZE);
    return pages > 0 && ps > 0 ? (size_t)pages * (size_t)ps : (size_t)16 << 30;
}

static int describe(const void *addr, char *buf, size_t len);

static size_t resident_max(void)
{
    size_t share = physical_memory() / RESIDENT_SHARE;
    return share < RESIDENT_MAX ? share : RESIDENT_MAX;
}

/* The device's memory, and the fault reports' hook: set up by the first
 * allocation, which may come before this file's constructor runs (a C++
 * static initializer calling cudaMalloc). */
static size_t capacity(void)
{
    size_t c = __atomic_load_n(&M.capacity, __ATOMIC_RELAXED);
    if (c == 0) {
        c = physical_memory();
        __atomic_store_n(&M.capacity, c, __ATOMIC_RELAXED);
        fault_describe_address = describe;
    }
    return c;
}

/* A resident freed mapping of `rounded` bytes made accessible again, or
 * NULL; the allocation starts `*lead` bytes into it, where the freed one
 * did (a GPU gives the same address back). */
static void *reuse_resident(size_t rounded, size_t *mapped, size_t *lead)
{
    uintptr_t kept = take_resident(rounded, lead);
    if (!kept)
        return NULL;
    if (mprotect((void *)kept, rounded, PROT_READ | PROT_WRITE) != 0) {
        munmap((void *)kept, rounded);
        return NULL;
    }
    *mapped = rounded;
    return (void *)kept;
}

/* The next allocation's offset into its first huge page. */
static size_t stagger_next(void)
{
    static unsigned turn;
    unsigned k = __atomic_fetch_add(&turn, 1, __ATOMIC_RELAXED);
    return STAGGER_STEP * (k % STAGGER_COLORS);
}

static void *raw_alloc(size_t size, size_t *mapped, size_t *lead)
{
    size_t rounded = (size + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1);
    *mapped = 0;
    *lead = 0;
    if (!MEM_ASAN && rounded >= MAP_THRESHOLD) {
        if (rounded >= HUGE_PAGE) {
            /* Mapped from a huge-page boundary and advised to use huge
             * pages, as a GPU maps its memory in 2 MiB pages: a kernel's
             * first touches fault once per 2 MiB instead of once per 4 KiB
             * (a 64 MiB scratch buffer: 32 faults, not 16384, which all
             * workers took in turn), and random reads over a large array
             * miss the TLB far less.  Where the system gives no huge pages
             * the advice is ignored.  The mapping's length does not depend
             * on the stagger, so that a freed one serves any later
             * allocation of the same size (at the freed one's offset: the
             * same address comes back); the huge pages stop where the
             * allocation's last one would be mostly empty, and the few
             * bytes it runs past them take small pages. */
            size_t len = (rounded + STAGGER_MAX + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
            char *start = reuse_resident(len, mapped, lead);
            if (start)
                return start + *lead;
            size_t off = stagger_next();
            size_t huge = (off + rounded + HUGE_PAGE / 2) & ~(HUGE_PAGE - 1);
            char *p = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                           -1, 0);
            if (p == MAP_FAILED)
                return NULL;
            start = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
            if (start > p)
                munmap(p, (size_t)(start - p));
            if (start + len < p + len + HUGE_PAGE)
                munmap(start + len, (size_t)(p + len + HUGE_PAGE - (start + len)));
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
            madvise(start, huge, MADV_HUGEPAGE);
            madvise(start + huge, len - huge, MADV_NOHUGEPAGE);
#endif
            *mapped = len;
            *lead = off;
            return start + off;
        }
        char *kept = reuse_resident(rounded, mapped, lead);
        if (kept)
            return kept + *lead;
        void *p = mmap(NULL, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        *mapped = rounded;
        return p;
    }
    return aligned_alloc(ALIGNMENT, rounded);
}

/* Frees b's memory; a mapping to keep stays reserved, inaccessible, and
 * with keep == 2 keeps its pages. */
static void raw_free(const struct alloc *b, int keep)
{
    if (b->type == MEM_REGISTERED)
        return; /* the program's own memory */
    if (hook_checking() && check_dev_owns((void *)b->start)) {
        check_dev_free((void *)b->start);
        return;
    }
    if (!b->mapped)
        free((void *)b->start);
    else if (keep == 2)
        return; /* inaccessible already, its pages kept */
    else if (!keep || mmap((void *)(b->start - b->lead), b->mapped, PROT_NONE,
                           MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
                           0) == MAP_FAILED)
        munmap((void *)(b->start - b->lead), b->mapped);
}

static void unquarantine(const struct freed *f)
{
    if (f->reserved)
        munmap((void *)(f->start - f->lead), f->reserved);
}

/* Allocates and tracks size > 0 bytes; *out receives the memory. */
/* In track_alloc's flags: the allocation is another module's (owned). */
#define OWNED 0x40000000u

static cudaError_t track_alloc_on(void **out, size_t size, enum mem_type type, unsigned flags,
                                  const char *api, const void *caller, int d)
{
    if (size > capacity())
        return cudaErrorMemoryAllocation;
    if (type == MEM_DEVICE) {
        /* Reserve first so that concurrent allocations cannot together
         * pass the device's capacity. */
        pthread_rwlock_wrlock(&M.lock);
        int full = M.device_bytes[d] + size > capacity();
        if (!full)
            M.device_bytes[d] += size;
        pthread_rwlock_unlock(&M.lock);
        if (full)
            return cudaErrorMemoryAllocation;
    }
    struct alloc b = {.size = size, .type = type, .flags = flags & ~OWNED, .api = api,
                      .caller = caller, .ordinal = d, .owned = !!(flags & OWNED)};
    /* A checking build's device memory comes from the checker's arena
     * (redzones, addresses never reused). */
    void *p = type == MEM_DEVICE && hook_checking() && simt__check_dev_span
                  ? check_dev_alloc(size, d)
                  : raw_alloc(size, &b.mapped, &b.lead);
    b.start = (uintptr_t)p;
    pthread_rwlock_wrlock(&M.lock);
    int failed = !p || alloc_insert_locked(&b);
    if (failed && type == MEM_DEVICE)
        M.device_bytes[d] -= size;
    pthread_rwlock_unlock(&M.lock);
    if (failed) {
        if (p)
            raw_free(&b, 0);
        return cudaErrorMemoryAllocation;
    }
    *out = p;
    /* The device runtime's cudaMalloc stores into device memory. */
    if (hook_checking())
        check_written(out, sizeof *out);
    return cudaSuccess;
}

static cudaError_t track_alloc(void **out, size_t size, enum mem_type type, unsigned flags,
                               const char *api, const void *caller)
{
    return track_alloc_on(out, size, type, flags, api, caller, device_current());
}

/* Frees the block starting exactly at p if its type is one of a or b. */
static cudaError_t release(const void *p, enum mem_type a, enum mem_type b, const char *by)
{
    pthread_rwlock_wrlock(&M.lock);
    struct alloc *blk = alloc_at_locked((uintptr_t)p);
    if (!blk || blk->start != (uintptr_t)p || (blk->type != a && blk->type != b)) {
        pthread_rwlock_unlock(&M.lock);
        return cudaErrorInvalidValue;
    }
    struct alloc copy = *blk;
    if (copy.type == MEM_DEVICE)
        M.device_bytes[copy.ordinal] -= copy.size;
    int keep;
    struct freed out = remember_freed_locked(&copy, by, 1, &keep);
    alloc_remove_locked(blk);
    pthread_rwlock_unlock(&M.lock);
    raw_free(&copy, keep);
    unquarantine(&out);
    return cudaSuccess;
}

/* Set in an allocation's flags while a memory pool holds it for reuse. */
#define POOLED 0x80000000u

cudaError_t mem_alloc_tracked(void **out, size_t size, enum mem_type type, const char *api,
                              const void *caller)
{
    return mem_alloc_tracked_on(out, size, type, api, caller, device_current());
}

cudaError_t mem_alloc_tracked_on(void **out, size_t size, enum mem_type type, const char *api,
                                 const void *caller, int device)
{
    assert(size > 0 && (type == MEM_DEVICE || type == MEM_PINNED) && device_valid(device));
    return track_alloc_on(out, size, type, OWNED, api, caller, device);
}

cudaError_t mem_free_tracked(void *p, const char *by)
{
    return release(p, MEM_DEVICE, MEM_PINNED, by);
}

void mem_set_pooled(void *p, int pooled)
{
    pthread_rwlock_wrlock(&M.lock);
    struct alloc *b = alloc_at_locked((uintptr_t)p);
    if (b && b->start == (uintptr_t)p)
        b->flags = pooled ? b->flags | POOLED : b->flags & ~POOLED;
    pthread_rwlock_unlock(&M.lock);
}

/* Rounds a row width up to the pitch; 0 when that overflows. */
static size_t pitch_of(size_t width)
{
    if (width > SIZE_MAX - (PITCH_ALIGNMENT - 1))
        return 0;
    return (width + PITCH_ALIGNMENT - 1) / PITCH_ALIGNMENT * PITCH_ALIGNMENT;
}

/* ---- the interface for other modules -------------------------------------- */

static void fill_range(struct mem_range *out, uintptr_t start, size_t size, enum mem_type type,
                       unsigned flags, int ordinal)
{
    if (!out)
        return;
    out->start = (char *)start;
    out->size = size;
    out->type = type;
    out->flags = flags;
    out->ordinal = ordinal;
}

static int lookup_locked(uintptr_t a, struct mem_range *out)
{
    const struct alloc *b = alloc_at_locked(a);
    if (b) {
        fill_range(out, b->start, b->size, b->type, b->flags, b->ordinal);
        return 1;
    }
    const struct symbol *s = symbol_at_locked(a);
    if (s) {
        fill_range(out, s->start, s->size, MEM_SYMBOL, 0, device_current());
        return 1;
    }
    fill_range(out, 0, 0, MEM_NONE, 0, -2);
    return 0;
}

int mem_lookup(const void *p, struct mem_range *out)
{
    pthread_rwlock_rdlock(&M.lock);
    int found = lookup_locked((uintptr_t)p, out);
    pthread_rwlock_unlock(&M.lock);
    return found;
}

cudaError_t mem_check_range(const void *p, size_t n, int want_device, enum mem_type *type)
{
    struct mem_range r;
    if (type)
        *type = MEM_NONE;
    if (n == 0)
        return cudaSuccess;
    if (!p)
        return cudaErrorInvalidValue;
    if (!mem_lookup(p, &r))
        return want_device ? cudaErrorInvalidValue : cudaSuccess;
    if (type)
        *type = r.type;
    /* The runtime checks every range it knows against its allocation, even
     * the host side of an explicit copy (an H200: cudaMemcpy(d, pinned,
     * 128, H2D) from a 64-byte pinned block is cudaErrorInvalidValue). */
    size_t off = (size_t)((const char *)p - r.start);
    return n <= r.size - off ? cudaSuccess : cudaErrorInvalidValue;
}

size_t mem_device_bytes_in_use(void)
{
    pthread_rwlock_rdlock(&M.lock);
    size_t n = M.device_bytes[device_current()];
    pthread_rwlock_unlock(&M.lock);
    return n;
}

size_t mem_device_capacity(void)
{
    return capacity();
}

/* One device's reset among several: its allocations go, the others' and
 * the owned ones stay.  Out of memory, nothing is freed (a leak, never a
 * pointer freed twice). */
static void reset_device(int d)
{
    pthread_rwlock_wrlock(&M.lock);
    struct alloc *gone = malloc((M.nallocs + 1) * sizeof *gone);
    struct freed *out = malloc((M.nallocs + 1) * sizeof *out);
    size_t n = 0, kept = 0;
    for (size_t i = 0; gone && out && i < M.nallocs; i++) {
        struct alloc b = M.allocs[i];
        if (b.ordinal != d || b.owned) {
            M.allocs[kept++] = b;
            continue;
        }
        if (b.type == MEM_DEVICE)
            M.device_bytes[d] -= b.size;
        int keep;
        out[n] = remember_freed_locked(&b, "cudaDeviceReset", 0, &keep);
        gone[n++] = b;
    }
    if (gone && out)
        M.nallocs = kept;
    pthread_rwlock_unlock(&M.lock);
    for (size_t i = 0; i < n; i++) {
        raw_free(&gone[i], 0);
        unquarantine(&out[i]);
    }
    free(gone);
    free(out);
}

void mem_reset(int d)
{
    if (d >= 0) {
        reset_device(d);
        return;
    }
    struct freed ring[FREED_RING];
    pthread_rwlock_wrlock(&M.lock);
    struct alloc *v = M.allocs;
    size_t n = M.nallocs;
    M.allocs = NULL;
    M.nallocs = M.capallocs = 0;
    memset(M.device_bytes, 0, sizeof M.device_bytes);
    /* Everything goes back at once; the ring keeps describing what was
     * freed (the last FREED_RING allocations), without reservations. */
    memcpy(ring, M.ring, sizeof ring);
    for (unsigned k = 0; k < FREED_RING; k++) {
        M.ring[k].reserved = M.ring[k].pages = 0;
        M.ring[k].resident = 0;
    }
    M.quarantined = M.resident = 0;
    int keep;
    for (size_t i = 0; i < n; i++)
        remember_freed_locked(&v[i], "cudaDeviceReset", 0, &keep);
    pthread_rwlock_unlock(&M.lock);
    for (unsigned k = 0; k < FREED_RING; k++)
        unquarantine(&ring[k]);
    for (size_t i = 0; i < n; i++)
        raw_free(&v[i], 0);
    free(v);
}

static const char *type_name(enum mem_type t)
{
    switch (t) {
    case MEM_DEVICE: return "device";
    case MEM_MANAGED: return "managed";
    case MEM_PINNED: return "pinned host";
    case MEM_REGISTERED: return "registered host";
    case MEM_SYMBOL: return "symbol";
    case MEM_NONE: break;
    }
    return "host";
}

/* "file.cu:12 (main)" where line tables say (pc is a return address: its
 * call is the byte before), else "main+0x2a (./a.out)" or "./a.out+0x11a3"
 * (for addr2line), or the bare address. */
static void describe_caller(const void *pc, char *buf, size_t len)
{
    char loc[400], fn[400];
    if (pc && simt__symbolize((const char *)pc - 1, loc, sizeof loc, fn, sizeof fn) > 0) {
        if (fn[0])
            snprintf(buf, len, "%s (%s)", loc, fn);
        else
            snprintf(buf, len, "%s", loc);
        return;
    }
    Dl_info info;
    if (pc && dladdr(pc, &info) && info.dli_fname) {
        if (info.dli_sname && info.dli_saddr)
            snprintf(buf, len, "%s+0x%zx (%s)", info.dli_sname,
                     (size_t)((const char *)pc - (const char *)info.dli_saddr), info.dli_fname);
        else
            snprintf(buf, len, "%s+0x%zx", info.dli_fname,
                     (size_t)((const char *)pc - (const char *)info.dli_fbase));
        return;
    }
    snprintf(buf, len, "%p", pc);
}

int mem_report_leaks(FILE *f)
{
    pthread_rwlock_rdlock(&M.lock);
    int count = 0;
    size_t bytes = 0;
    for (size_t i = 0; i < M.nallocs; i++) {
        if (M.allocs[i].type != MEM_REGISTERED && !(M.allocs[i].flags & POOLED)) {
            count++;
            bytes += M.allocs[i].size;
        }
    }
    if (count > 0) {
        fprintf(f, "simt: warning: %d allocation%s (%zu bytes) never freed — free them with "
                   "cudaFree/cudaFreeHost before the program exits\n",
                count, count == 1 ? "" : "s", bytes);
        for (size_t i = 0; i < M.nallocs; i++) {
            const struct alloc *b = &M.allocs[i];
            if (b->type == MEM_REGISTERED || (b->flags & POOLED))
                continue;
            char who[1024];
            describe_caller(b->caller, who, sizeof who);
            fprintf(f, "simt:   %zu bytes of %s memory at %p, from %s called at %s\n", b->size,
                    type_name(b->type), (void *)b->start, b->api, who);
        }
    }
    pthread_rwlock_unlock(&M.lock);
    return count;
}

/* fault_describe_address: runs in a signal handler on a worker, so it
 * never waits for the lock (a writer might be the interrupted thread). */
static int describe(const void *addr, char *buf, size_t len)
{
    uintptr_t a = (uintptr_t)addr;
    if (a < 65536 || pthread_rwlock_tryrdlock(&M.lock) != 0)
        return 0;
    int done = 1;
    size_t i = allocs_upto(a);
    const struct alloc *before = i > 0 ? &M.allocs[i - 1] : NULL;
    const struct alloc *after = i < M.nallocs ? &M.allocs[i] : NULL;
    const struct freed *gone = NULL;
    for (unsigned k = 1; k <= FREED_RING && !gone; k++) {
        const struct freed *f = &M.ring[(M.ring_next - k) % FREED_RING];
        if (f->size && a - f->start < f->size)
            gone = f;
    }
    if (before && a - before->start < before->size) {
        snprintf(buf, len, "address %p is at offset %zu of a live %zu-byte allocation at %p (%s)",
                 addr, (size_t)(a - before->start), before->size, (void *)before->start,
                 before->api);
    } else if (gone) {
        snprintf(buf, len, "address %p is inside a %zu-byte allocation at %p (%s) freed by %s",
                 addr, gone->size, (void *)gone->start, gone->api, gone->by);
    } else {
        /* The nearest live allocation, if it is near enough to be the
         * one the index was meant for. */
        const uintptr_t near = (uintptr_t)1 << 36;
        uintptr_t past = before ? a - (before->start + before->size) : UINTPTR_MAX;
        uintptr_t ahead = after ? after->start - a : UINTPTR_MAX;
        if (past <= ahead && past < near)
            snprintf(buf, len, "address %p is %zu bytes after the end of a %zu-byte allocation at %p (%s)",
                     addr, (size_t)past, before->size, (void *)before->start, before->api);
        else if (ahead < past && ahead < near)
            snprintf(buf, len, "address %p is %zu bytes before a %zu-byte allocation at %p (%s)",
                     addr, (size_t)ahead, after->size, (void *)after->start, after->api);
        else
            done = 0;
    }
    pthread_rwlock_unlock(&M.lock);
    return done;
}

__attribute__((constructor)) static void mem_init(void)
{
    capacity();
}

/* ---- symbols -------------------------------------------------------------- */

/* Replaces the symbols overlapping [start, start+size) by one. */
static int symbol_put_locked(uintptr_t start, size_t size, const char *name, int registered)
{
    size_t i = syms_upto(start);
    if (i > 0 && M.syms[i - 1].start + M.syms[i - 1].size > start)
        i--;
    size_t j = i;
    while (j < M.nsyms && M.syms[j].start < start + size)
        j++;
    if (j == i && grow((void **)&M.syms, &M.capsyms, M.nsyms + 1, sizeof *M.syms))
        return -1;
    /* [i, j) overlap: keep one slot, drop the rest. */
    if (j > i) {
        memmove(&M.syms[i + 1], &M.syms[j], (M.nsyms - j) * sizeof *M.syms);
        M.nsyms -= j - i - 1;
    } else {
        memmove(&M.syms[i + 1], &M.syms[i], (M.nsyms - i) * sizeof *M.syms);
        M.nsyms++;
    }
    M.syms[i] = (struct symbol){.start = start, .size = size, .name = name, .registered = registered};
    return 0;
}

void simt_register_symbol(const void *addr, size_t size, const char *name)
{
    if (!addr || size == 0)
        return;
    pthread_rwlock_wrlock(&M.lock);
    /* Out of memory, the variable stays unknown: the symbol calls naming
     * it return cudaErrorInvalidSymbol. */
    if (symbol_put_locked((uintptr_t)addr, size, name, 1))
        fprintf(stderr, "simt: warning: out of memory registering symbol %s\n",
                name ? name : "?");
    pthread_rwlock_unlock(&M.lock);
}

int mem_symbol_find(const void *addr, size_t *size)
{
    uintptr_t a = (uintptr_t)addr;
    pthread_rwlock_rdlock(&M.lock);
    const struct symbol *s = symbol_at_locked(a);
    int found = s && s->start == a;
    if (found && size)
        *size = s->size;
    pthread_rwlock_unlock(&M.lock);
    return found;
}

cudaError_t mem_symbol_note(const void *addr, size_t symsize, size_t *size)
{
    uintptr_t a = (uintptr_t)addr;
    *size = symsize;
    pthread_rwlock_rdlock(&M.lock);
    const struct symbol *s = symbol_at_locked(a);
    int known = s && s->start == a && s->size >= symsize;
    /* An H200: cudaMemcpyToSymbol((const void *)&sym[1], ...) is
     * cudaErrorInvalidSymbol: only a variable's start names it. */
    int interior = s && s->start != a && s->registered;
    if (s && s->start == a && s->registered)
        *size = s->size;
    pthread_rwlock_unlock(&M.lock);
    if (interior)
        return cudaErrorInvalidSymbol;
    if (known || (s && s->registered))
        return cudaSuccess;
    /* Unknown (or known smaller): remember it, so that the address works
     * as a device pointer as cudaGetSymbolAddress's result does.  The
     * union of overlapping inferred ranges is one object's extent. */
    pthread_rwlock_wrlock(&M.lock);
    uintptr_t lo = a, hi = a + symsize;
    size_t i = syms_upto(a);
    if (i > 0 && M.syms[i - 1].start + M.syms[i - 1].size > a)
        i--;
    int clash = 0;
    for (size_t j = i; j < M.nsyms && M.syms[j].start < a + symsize; j++) {
        clash |= M.syms[j].registered;
        lo = M.syms[j].start < lo ? M.syms[j].start : lo;
        hi = M.syms[j].start + M.syms[j].size > hi ? M.syms[j].start + M.syms[j].size : hi;
    }
    int failed = !clash && symbol_put_locked(lo, hi - lo, NULL, 0);
    pthread_rwlock_unlock(&M.lock);
    return failed ? cudaErrorMemoryAllocation : cudaSuccess;
}

/* ---- allocation API -------------------------------------------------------- */

/* Allocations and frees are potentially unsafe calls during stream
 * capture (capture_check_unsafe; an H200 refuses cudaMalloc, cudaFree,
 * even of NULL, cudaMallocHost, cudaMallocManaged and cudaHostRegister). */

/* What the allocation calls check first: the capture, then out (args_ok:
 * the call's other pointers), and *out is NULL from then on: an H200
 * leaves NULL behind on failure and for size 0. */
static cudaError_t alloc_enter(void **out, int args_ok)
{
    cudaError_t e = capture_check_unsafe();
    if (e != cudaSuccess)
        return e;
    if (!out || !args_ok)
        return cudaErrorInvalidValue;
    *out = NULL;
    return cudaSuccess;
}

/* cudaFree, cudaFreeHost and cudaHostUnregister synchronize the device
 * first (CUDA runtime API, "API synchronization behavior"): work still
 * using the memory finishes, and its failure is what the call returns.
 * Called from a kernel (the device runtime's cudaFree, which dynamic
 * parallelism programs use), they free at once: the calling grid is part
 * of the work a wait would wait for. */
static cudaError_t sync_device(void)
{
    if (!engine_self())
        timeline_wait_all();
    return api_sticky();
}

int mem_free_enter(const void *p, cudaError_t if_null, cudaError_t *e)
{
    *e = capture_check_unsafe();
    if (*e == cudaSuccess)
        *e = p ? sync_device() : if_null;
    return p && api_return(*e) == cudaSuccess;
}

/* cudaMalloc and cudaMallocHost: size bytes of type t at *out, made by
 * api called from caller. */
static cudaError_t alloc_plain(void **out, size_t size, enum mem_type t, const char *api,
                               const void *caller)
{
    cudaError_t e = alloc_enter(out, 1);
    if (e != cudaSuccess || size == 0)
        return api_return(e);
    return api_return(track_alloc(out, size, t, 0, api, caller));
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
    API_ENTER();
    if (engine_in_kernel()) /* the device malloc heap */
        return api_return(devheap_malloc(devPtr, size, __builtin_return_address(0)));
    return alloc_plain(devPtr, size, MEM_DEVICE, "cudaMalloc", __builtin_return_address(0));
}

cudaError_t cudaFree(void *devPtr)
{
    API_ENTER();
    cudaError_t e;
    if (!mem_free_enter(devPtr, cudaSuccess, &e))
        return e;
    /* The device heap's memory is device code's to free; an H100 frees
     * nothing else there, and says cudaSuccess. */
    if (engine_in_kernel())
        return api_return(devheap_free(devPtr, &e) ? e : cudaSuccess);
    if (devheap_owns(devPtr))
        return api_return(cudaErrorInvalidValue);
    /* A graph's allocation is freed, its address kept for the graph. */
    int g = graph_mem_free(devPtr);
    if (g >= 0)
        return g == cudaSuccess ? cudaSuccess : api_return((cudaError_t)g);
    /* An H200 frees memory from cudaMallocAsync here too. */
    e = mempool_forget(devPtr);
    if (e != cudaSuccess)
        return api_return(e);
    e = release(devPtr, MEM_DEVICE, MEM_MANAGED, "cudaFree");
    if (e == cudaErrorInvalidValue && hook_checking())
        check_bad_free(devPtr, "cudaFree", __builtin_return_address(0));
    return api_return(e);
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    API_ENTER();
    return alloc_plain(ptr, size, MEM_PINNED, "cudaMallocHost", __builtin_return_address(0));
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
    API_ENTER();
    cudaError_t e = alloc_enter(pHost, 1);
    if (e != cudaSuccess)
        return api_return(e);
    if (flags & ~(unsigned)(cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined))
        return api_return(cudaErrorInvalidValue);
    if (size == 0)
        return cudaSuccess;
    return api_return(track_alloc(pHost, size, MEM_PINNED, flags, "cudaHostAlloc",
                                  __builtin_return_address(0)));
}

cudaError_t cudaFreeHost(void *ptr)
{
    API_ENTER();
    cudaError_t e;
    return mem_free_enter(ptr, cudaSuccess, &e)
               ? api_return(release(ptr, MEM_PINNED, MEM_PINNED, "cudaFreeHost"))
               : e;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    API_ENTER();
    cudaError_t unsafe = capture_check_unsafe();
    if (unsafe != cudaSuccess)
        return api_return(unsafe);
    if (!ptr || size == 0)
        return api_return(cudaErrorInvalidValue);
    if (flags & ~(unsigned)(cudaHostRegisterPortable | cudaHostRegisterMapped |
                            cudaHostRegisterIoMemory | cudaHostRegisterReadOnly))
        return api_return(cudaErrorInvalidValue);
    /* I/O memory is a device's BAR mapped into the process: ordinary memory
     * registered with the flag fails on an H200, and there is no other. */
    if (flags & cudaHostRegisterIoMemory)
        return api_return(cudaErrorInvalidValue);
    uintptr_t a = (uintptr_t)ptr;
    if (size > UINTPTR_MAX - a)
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = cudaSuccess;
    pthread_rwlock_wrlock(&M.lock);
    size_t i = allocs_upto(a);
    if (i > 0 && M.allocs[i - 1].start + M.allocs[i - 1].size > a)
        i--;
    /* An H200: any byte already registered -> AlreadyRegistered; memory
     * the runtime allocated (device, managed, pinned) -> InvalidValue. */
    for (size_t j = i; j < M.nallocs && M.allocs[j].start < a + size; j++) {
        if (M.allocs[j].type != MEM_REGISTERED) {
            e = cudaErrorInvalidValue;
            break;
        }
        e = cudaErrorHostMemoryAlreadyRegistered;
    }
    if (e == cudaSuccess) {
        struct alloc b = {.start = a, .size = size, .type = MEM_REGISTERED, .flags = flags,
                          .api = "cudaHostRegister", .caller = __builtin_return_address(0)};
        if (alloc_insert_locked(&b))
            e = cudaErrorMemoryAllocation;
    }
    pthread_rwlock_unlock(&M.lock);
    return api_return(e);
}

cudaError_t cudaHostUnregister(void *ptr)
{
    API_ENTER();
    cudaError_t e;
    if (!mem_free_enter(ptr, cudaErrorInvalidValue, &e))
        return e;
    pthread_rwlock_wrlock(&M.lock);
    struct alloc *b = alloc_at_locked((uintptr_t)ptr);
    /* An H200: memory it knows but did not register (device, managed,
     * pinned, or inside a registered range) -> InvalidValue; memory it
     * does not know -> NotRegistered. */
    if (!b)
        e = cudaErrorHostMemoryNotRegistered;
    else if (b->type != MEM_REGISTERED || b->start != (uintptr_t)ptr)
        e = cudaErrorInvalidValue;
    else
        alloc_remove_locked(b);
    pthread_rwlock_unlock(&M.lock);
    return api_return(e);
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)
{
    API_ENTER();
    if (!pDevice || flags != 0)
        return api_return(cudaErrorInvalidValue);
    struct mem_range r;
    mem_lookup(pHost, &r);
    /* Unified addressing: a pinned or registered host address is its own
     * device address. */
    if (r.type != MEM_PINNED && r.type != MEM_REGISTERED) {
        *pDevice = NULL;
        return api_return(cudaErrorInvalidValue);
    }
    *pDevice = pHost;
    return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost)
{
    API_ENTER();
    if (!pFlags)
        return api_return(cudaErrorInvalidValue);
    struct mem_range r;
    mem_lookup(pHost, &r);
    /* An H200 adds Mapped to every flags word (all pinned memory is mapped
     * under unified addressing), keeps only Portable of cudaHostRegister's
     * flags, and answers Mapped for managed memory. */
    switch (r.type) {
    case MEM_PINNED:
        *pFlags = r.flags | cudaHostAllocMapped;
        return cudaSuccess;
    case MEM_REGISTERED:
        *pFlags = (r.flags & cudaHostRegisterPortable) | cudaHostAllocMapped;
        return cudaSuccess;
    case MEM_MANAGED:
        *pFlags = cudaHostAllocMapped;
        return cudaSuccess;
    default:
        return api_return(cudaErrorInvalidValue);
    }
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
    API_ENTER();
    cudaError_t e = alloc_enter(devPtr, 1);
    if (e != cudaSuccess)
        return api_return(e);
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
        return api_return(cudaErrorInvalidValue);
    /* The documentation says InvalidValue for size 0; an H200 says success
     * with NULL, as cudaMalloc does. */
    if (size == 0)
        return cudaSuccess;
    return api_return(track_alloc(devPtr, size, MEM_MANAGED, flags, "cudaMallocManaged",
                                  __builtin_return_address(0)));
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
    API_ENTER();
    cudaError_t e = alloc_enter(devPtr, pitch != NULL);
    if (e != cudaSuccess)
        return api_return(e);
    if (width == 0 || height == 0) {
        *pitch = 0;
        return cudaSuccess;
    }
    /* An H200 reports the pitch even when the allocation then fails. */
    size_t p = pitch_of(width);
    *pitch = p;
    if (p == 0 || height > SIZE_MAX / p)
        return api_return(cudaErrorMemoryAllocation);
    return api_return(track_alloc(devPtr, p * height, MEM_DEVICE, 0, "cudaMallocPitch",
                                  __builtin_return_address(0)));
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent)
{
    API_ENTER();
    cudaError_t unsafe = capture_check_unsafe();
    if (unsafe != cudaSuccess)
        return api_return(unsafe);
    if (!pitchedDevPtr)
        return api_return(cudaErrorInvalidValue);
    struct cudaPitchedPtr r = {NULL, 0, extent.width, extent.height};
    cudaError_t e = cudaSuccess;
    if (extent.width && extent.height && extent.depth) {
        r.pitch = pitch_of(extent.width);
        size_t rows = extent.height;
        if (r.pitch == 0 || extent.depth > SIZE_MAX / rows || rows * extent.depth > SIZE_MAX / r.pitch)
            e = cudaErrorMemoryAllocation;
        else
            e = track_alloc(&r.ptr, r.pitch * rows * extent.depth, MEM_DEVICE, 0, "cudaMalloc3D",
                            __builtin_return_address(0));
    }
    *pitchedDevPtr = r;
    return api_return(e);
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr)
{
    API_ENTER();
    if (!attributes)
        return api_return(cudaErrorInvalidValue);
    struct mem_range r;
    mem_lookup(ptr, &r);
    void *p = (void *)(uintptr_t)ptr;
    memset(attributes, 0, sizeof *attributes);
    attributes->device = r.ordinal;
    switch (r.type) {
    case MEM_NONE:
        /* An H200: device -2, hostPointer = ptr (NULL for NULL). */
        attributes->type = cudaMemoryTypeUnregistered;
        attributes->device = cudaInvalidDeviceId;
        attributes->hostPointer = p;
        break;
    case MEM_DEVICE:
    case MEM_SYMBOL:
        attributes->type = cudaMemoryTypeDevice;
        attributes->devicePointer = p;
        break;
    case MEM_MANAGED:
    case MEM_PINNED:
    case MEM_REGISTERED:
        attributes->type = r.type == MEM_MANAGED ? cudaMemoryTypeManaged : cudaMemoryTypeHost;
        attributes->devicePointer = p;
        attributes->hostPointer = p;
        break;
    }
    return cudaSuccess;
}

/* [p, p+count) inside one managed allocation: what prefetch and advice
 * accept (the emulated device has no pageableMemoryAccess). */
static cudaError_t check_managed(const void *p, size_t count)
{
    struct mem_range r;
    if (count == 0 || !mem_lookup(p, &r) || r.type != MEM_MANAGED)
        return cudaErrorInvalidValue;
    size_t off = (size_t)((const char *)p - r.start);
    return count <= r.size - off ? cudaSuccess : cudaErrorInvalidValue;
}

static int is_host_location(enum cudaMemLocationType t)
{
    return t == cudaMemLocationTypeHost || t == cudaMemLocationTypeHostNuma ||
           t == cudaMemLocationTypeHostNumaCurrent;
}

/* Memory is already where the CPU can use it: both calls validate and do
 * nothing else. */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream)
{
    API_ENTER();
    cudaError_t e = check_managed(devPtr, count);
    if (e == cudaSuccess && location.type == cudaMemLocationTypeDevice &&
        !device_valid(location.id))
        e = cudaErrorInvalidDevice;
    else if (e == cudaSuccess && location.type != cudaMemLocationTypeDevice &&
             !is_host_location(location.type))
        e = cudaErrorInvalidValue;
    if (e == cudaSuccess && flags != 0)
        e = cudaErrorInvalidValue;
    struct CUstream_st *s = NULL;
    if (e == cudaSuccess && !(s = stream_resolve(stream)))
        e = stream_error(stream);
    /* An H200: not in a capturing stream. */
    if (e == cudaSuccess && stream_is_capturing(s))
        e = capture_forbid(s);
    return api_return(e);
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location)
{
    API_ENTER();
    if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy)
        return api_return(cudaErrorInvalidValue);
    cudaError_t e = check_managed(devPtr, count);
    if (e != cudaSuccess)
        return api_return(e);
    /* Read-mostly ignores the location; the others name a device or the
     * host (an H200: a device that does not exist -> InvalidValue, not
     * InvalidDevice). */
    if (advice != cudaMemAdviseSetReadMostly && advice != cudaMemAdviseUnsetReadMostly) {
        int ok = (location.type == cudaMemLocationTypeDevice && device_valid(location.id)) ||
                 is_host_location(location.type);
        if (!ok)
            return api_return(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}
