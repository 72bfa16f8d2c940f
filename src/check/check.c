/*
 * check.c: the checker's shadow memory and its three checks.
 *
 * Every access the instrumented program makes to device or shared memory
 * arrives here with its size, kind and return address.  A shadow cell
 * covers 4 bytes: a meta byte (which bytes are addressable, which were
 * written) and two access records (the last write; a read not ordered
 * before the others).  Happens-before is CUDA's, with the engine's own
 * counts: two accesses of one block are ordered when a block barrier
 * completed between them (the block's barrier generation differs), two
 * lanes of one warp when a warp collective joined them (a vector clock per
 * thread over its warp's lanes), two accesses of different launches by
 * the launches' order; threads of different blocks of one launch are not
 * ordered, except that a block which has executed an atomic or a fence
 * may have synchronized (no report: the price of not tracking each
 * atomic's release and acquire).  Two atomic accesses never race.
 *
 * Because the relation is computed, not observed, the order in which the
 * fiber tier runs the threads does not hide a race.
 */
#include <assert.h>
#include <ctype.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/base.h"
#include "check/check.h"
#include "engine/engine.h"
#include "engine/kstate.h"
#include "engine/shared.h"
#include "engine/watchdog.h"
#include "runtime/runtime.h"

/* The program's first address: access sites are kept as 32-bit offsets
 * from it (report.c turns them back). */
extern char __executable_start[] __attribute__((weak));

int simt__check_on;
uintptr_t simt__check_dev_lo;
uintptr_t simt__check_dev_span;
uint8_t *simt__check_dev_meta;
uintptr_t simt__check_fast_span;
unsigned long simt__check_free_gen;
__thread __attribute__((tls_model("initial-exec"))) uint8_t *simt__check_shared_meta;
uintptr_t simt__check_sym_lo;
uintptr_t simt__check_sym_span;

struct cell *simt__check_dev_cells;
uintptr_t simt__check_ro_span;
int simt__check_ro_meta;
__thread __attribute__((tls_model("initial-exec"))) uint32_t simt__check_ro_launch;
/* The running block's first thread's record id (its linear index times
 * its threads), for simt__check_ro_read. */
static __thread uint32_t ro_base;
#define ATOMIC_BIT 0x80000000u

/* Meta byte: bits 0-3 addressable bytes, 4-7 written bytes. */
#define META_OK(m, i) ((m) >> (i) & 1)
#define META_INIT(m, i) ((m) >> (4 + (i)) & 1)

/* The device arena: bump-allocated, never reused. */
#define DEV_ALIGN 256
#define DEV_REDZONE 256

struct dalloc {
    uintptr_t start;
    size_t size;
    int freed;
    int device;               /* the device it belongs to */
};

/* The device arena's 64 KiB regions, each marked with the device whose
 * allocations it holds (device + 1; 0: none yet; MIXED: several). */
#define REGION_SHIFT 16
#define MIXED 0xff

/* A static __shared__ variable of a kernel's layout. */
struct svar {
    const void *ks;
    size_t off, size;
};

/* The checker's state of a block record (block->check). */
struct bstate {
    uint32_t launch;          /* the launch's id, shifted left 8 */
    unsigned nthreads;
    unsigned extra;           /* syncs of multi-warp groups, counted as barriers */
    size_t hi;                /* shadow cells used since the block started */
    int fenced;               /* a thread executed an atomic or a fence */
    uint8_t *meta;            /* [SHARED_ARENA_BYTES / 4] */
    struct cell *cells;
    uint16_t *vc;             /* [1024][32]: each thread's clocks of its warp's lanes */
    uint16_t *acq;            /* [1024]: 1 + the barrier epoch of each thread's last atomic */
    uint32_t *natom;          /* [1024]: each thread's atomics in that epoch */
};

static struct {
    pthread_mutex_t lock;
    uint8_t *meta;
    uintptr_t next;
    struct dalloc *allocs;    /* by start: the arena is bumped upward */
    size_t nallocs, cap;
    struct svar *vars;
    size_t nvars, capvars;
    struct cell *data_cells;  /* the program's data segment's race records */
    struct block **blocks;    /* every block record with a shadow */
    size_t nblocks, capblocks;
    uint8_t *region_dev;      /* by region of the arena: its device (see REGION_SHIFT) */
    int multi;                /* memory of a device other than 0 exists: peers are checked */
} C = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void data_init(void);
/* Grid-wide syncs completed (all grids): the low 8 bits of a record's
 * launch, so that accesses on two sides of a grid.sync() are ordered. */
static unsigned gsyncs;

/* A record's launch for block state s now: its launch's key and the grid
 * syncs so far. */
static inline uint32_t launch_now(const struct bstate *s)
{
    return s->launch | (__atomic_load_n(&gsyncs, __ATOMIC_RELAXED) & 0xff);
}

/* Forgets the running thread's cached context (below). */
static void tc_clear(void);

static size_t align_up(size_t n, size_t a)
{
    return (n + a - 1) & ~(a - 1);
}

static void *reserve(size_t n)
{
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* Reserves the arena and its shadow: the largest of 16, 8, 4 ... GiB the
 * system grants (pages are touched only as used). */
static int arena_init(int mask_race)
{
    for (size_t size = (size_t)16 << 30; size >= ((size_t)256 << 20); size /= 2) {
        char *dev = reserve(size);
        uint8_t *meta = dev ? reserve(size / 4) : NULL;
        struct cell *cells = meta ? reserve(size / 4 * sizeof(struct cell)) : NULL;
        uint8_t *regions = cells ? reserve(size >> REGION_SHIFT) : NULL;
        if (cells && !regions)
            munmap(cells, size / 4 * sizeof(struct cell));
        if (regions) {
#ifdef MADV_HUGEPAGE
            /* The race records are ten times the memory they describe,
             * and a kernel's accesses read a cell before they write it:
             * each 4 KiB page would fault twice (the zero page, then its
             * copy, with a flush of every core's TLB). */
            if (mask_race)
                madvise(cells, size / 4 * sizeof(struct cell), MADV_HUGEPAGE);
#endif
            C.region_dev = regions;
            C.meta = meta;
            simt__check_dev_meta = meta;
            simt__check_dev_cells = cells;
            C.next = (uintptr_t)dev + DEV_REDZONE;
            simt__check_dev_lo = (uintptr_t)dev;
            simt__check_dev_span = size;
            return 0;
        }
        if (meta)
            munmap(meta, size / 4);
        if (dev)
            munmap(dev, size);
    }
    return -1;
}

void simt__check_enable(unsigned mask, int exitcode)
{
    static int done;
    pthread_mutex_lock(&C.lock);
    if (done) {
        pthread_mutex_unlock(&C.lock);
        return;
    }
    done = 1;
    const char *env = getenv("SIMT_CHECK");
    if (env && *env) {
        /* SIMT_CHECK narrows what the build checks: a list of race,
         * memory, init, sync, all; none or 0 turns checking off. */
        unsigned want = 0;
        char buf[128];
        snprintf(buf, sizeof buf, "%s", env);
        for (char *s = strtok(buf, ", "); s; s = strtok(NULL, ", ")) {
            if (!strcmp(s, "race") || !strcmp(s, "racecheck"))
                want |= CHECK_RACE;
            else if (!strcmp(s, "memory") || !strcmp(s, "memcheck"))
                want |= CHECK_MEMORY;
            else if (!strcmp(s, "init") || !strcmp(s, "initcheck"))
                want |= CHECK_INIT;
            else if (!strcmp(s, "sync") || !strcmp(s, "synccheck"))
                want |= CHECK_SYNC;
            else if (!strcmp(s, "all"))
                want |= CHECK_ALL;
            else if (strcmp(s, "none") && strcmp(s, "0"))
                fprintf(stderr, "simt: warning: SIMT_CHECK names '%s', which is none of race, "
                                "memory, init, sync, all, none — ignored\n", s);
        }
        mask &= want;
    }
    const char *ec = getenv("SIMT_ERROR_EXITCODE");
    if (ec && *ec)
        exitcode = atoi(ec);
    extern void report_init(int exitcode);
    report_init(exitcode);
    if (mask & CHECK_RACE)
        data_init();
    if ((mask & (CHECK_RACE | CHECK_MEMORY | CHECK_INIT)) && arena_init(mask & CHECK_RACE) < 0) {
        fprintf(stderr, "simt: warning: no address space for the checker's shadow memory — "
                        "this run checks nothing\n");
        mask = 0;
    }
    if (!(mask & CHECK_RACE))
        simt__check_fast_span = simt__check_dev_span;
    else if (simt__check_dev_span)
        simt__check_ro_span = simt__check_dev_span - 16;
    simt__check_ro_meta = (mask & (CHECK_MEMORY | CHECK_INIT)) != 0;
    __atomic_store_n(&simt__check_on, (int)mask, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&C.lock);
}

/* ---- the device arena --------------------------------------------------- */

static uint8_t *dmeta(uintptr_t a)
{
    return C.meta + ((a - simt__check_dev_lo) >> 2);
}

static struct cell *dcells(uintptr_t a)
{
    return simt__check_dev_cells + ((a - simt__check_dev_lo) >> 2);
}

/* Sets the addressable bits of [a, a+n) in meta (base: the shadowed
 * memory's start) to ok, clearing the written bits.  Without initcheck
 * nothing asks whether memory was written, and addressable bytes count as
 * written from the start: the fast paths, which take written bytes only
 * (one compare with 0xff), and the x loops' tests (runs of them) then see
 * every allocation as one run, however little of it a program writes. */
static void mark(uint8_t *meta, uintptr_t base, uintptr_t a, size_t n, int ok)
{
    uintptr_t end = a + n;
    unsigned w = simt__check_on & CHECK_INIT ? 0 : 1;
    while (a < end && (a & 3)) {
        uint8_t *m = meta + ((a - base) >> 2);
        unsigned bit = 1u << (a & 3);
        *m = ok ? (uint8_t)(((*m | bit) & ~(bit << 4)) | (w * bit) << 4) : (uint8_t)(*m & ~(bit | bit << 4));
        a++;
    }
    size_t full = (end - a) / 4;
    if (full) {
        memset(meta + ((a - base) >> 2), ok ? (w ? 0xff : 0x0f) : 0, full);
        a += 4 * full;
    }
    while (a < end) {
        uint8_t *m = meta + ((a - base) >> 2);
        unsigned bit = 1u << (a & 3);
        *m = ok ? (uint8_t)(((*m | bit) & ~(bit << 4)) | (w * bit) << 4) : (uint8_t)(*m & ~(bit | bit << 4));
        a++;
    }
}

void *check_dev_alloc(size_t size, int device)
{
    pthread_mutex_lock(&C.lock);
    uintptr_t p = align_up(C.next, DEV_ALIGN);
    /* Each device's allocations in regions of their own where they can be:
     * the owner of an address is then one load. */
    uint8_t here = C.region_dev[(p - simt__check_dev_lo) >> REGION_SHIFT];
    if (here && here != device + 1)
        p = align_up(p, (uintptr_t)1 << REGION_SHIFT) + DEV_REDZONE;
    uintptr_t end = p + align_up(size, DEV_ALIGN) + DEV_REDZONE;
    if (size > simt__check_dev_span || end > simt__check_dev_lo + simt__check_dev_span) {
        pthread_mutex_unlock(&C.lock);
        return NULL;
    }
    if (VEC_RESERVE(C.allocs, C.cap, C.nallocs + 1) != 0) {
        pthread_mutex_unlock(&C.lock);
        return NULL;
    }
    C.allocs[C.nallocs] = (struct dalloc){p, size, 0, device};
    __atomic_store_n(&C.nallocs, C.nallocs + 1, __ATOMIC_RELEASE);
    C.next = end;
    for (uintptr_t r = (p - simt__check_dev_lo) >> REGION_SHIFT;
         r <= (p + (size ? size : 1) - 1 - simt__check_dev_lo) >> REGION_SHIFT; r++)
        C.region_dev[r] = C.region_dev[r] == 0 || C.region_dev[r] == device + 1
                              ? (uint8_t)(device + 1)
                              : MIXED;
    if (device != 0 && !C.multi) {
        /* From now on every device access is looked at here (peer access):
         * the compiled tier's inline checks and the clean runs it caches
         * per site are off. */
        __atomic_store_n(&C.multi, 1, __ATOMIC_RELAXED);
        __atomic_store_n(&simt__check_fast_span, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&simt__check_ro_span, 0, __ATOMIC_RELAXED);
        __atomic_fetch_add(&simt__check_free_gen, 1, __ATOMIC_RELEASE);
    }
    mark(C.meta, simt__check_dev_lo, p, size, 1);
    pthread_mutex_unlock(&C.lock);
    return (void *)p;
}

int check_dev_owns(const void *p)
{
    return (uintptr_t)p - simt__check_dev_lo < simt__check_dev_span;
}

/* The allocation containing a, or else the nearest one before it (NULL if
 * none).  Under C.lock. */
static struct dalloc *nearest(uintptr_t a)
{
    size_t lo = 0, hi = C.nallocs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (C.allocs[mid].start <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &C.allocs[lo - 1] : NULL;
}

/* Whether p is device memory in another allocation than w (w NULL: any).
 * Allocations only ever come after the last one, so an answer holds
 * until the next allocation; each worker keeps its last few. */
int simt__check_apart(const void *p, const void *w)
{
    enum { KEPT = 4 };
    static __thread struct {
        const void *p, *w;
        size_t gen;
        int apart;
    } kept[KEPT];
    static __thread unsigned next_kept;
    uintptr_t a = (uintptr_t)p, b = (uintptr_t)w;
    if (a - simt__check_dev_lo >= simt__check_dev_span)
        return 0;
    if (!w || b - simt__check_dev_lo >= simt__check_dev_span)
        return 1;
    size_t gen = __atomic_load_n(&C.nallocs, __ATOMIC_ACQUIRE);
    for (unsigned i = 0; i < KEPT; i++)
        if (kept[i].p == p && kept[i].w == w && kept[i].gen == gen)
            return kept[i].apart;
    pthread_mutex_lock(&C.lock);
    const struct dalloc *da = nearest(a), *db = nearest(b);
    int apart = da && db && da != db && a < da->start + da->size;
    gen = C.nallocs;
    pthread_mutex_unlock(&C.lock);
    unsigned i = next_kept++ % KEPT;
    kept[i].p = p;
    kept[i].w = w;
    kept[i].gen = gen;
    kept[i].apart = apart;
    return apart;
}

void check_dev_free(const void *p)
{
    pthread_mutex_lock(&C.lock);
    struct dalloc *d = nearest((uintptr_t)p);
    assert(d && d->start == (uintptr_t)p && !d->freed);
    d->freed = 1;
    mark(C.meta, simt__check_dev_lo, d->start, d->size, 0);
    __atomic_fetch_add(&simt__check_free_gen, 1, __ATOMIC_RELEASE);
    /* The pages go back to the system; the addresses stay reserved. */
    size_t ps = 4096;
    uintptr_t a = align_up(d->start, ps), e = (d->start + d->size) & ~(ps - 1);
    if (e > a)
        madvise((void *)a, e - a, MADV_DONTNEED);
    uintptr_t ca = align_up((uintptr_t)dcells(d->start), ps);
    uintptr_t ce = (uintptr_t)dcells(d->start + d->size) & ~(ps - 1);
    if (ce > ca)
        madvise((void *)ca, ce - ca, MADV_DONTNEED);
    pthread_mutex_unlock(&C.lock);
}

static struct block *arena_block(uintptr_t a);
static void shared_landed(struct block *b, size_t off, size_t n);

void check_written(const void *p, size_t n)
{
    uintptr_t a = (uintptr_t)p;
    if (n == 0)
        return;
    /* An asynchronous copy landing in shared memory: in the block of the
     * thread that lands it, or (an mbarrier of a cluster's distributed
     * shared memory completing its phase) in another block, maybe on
     * another worker. */
    struct block *b = arena_block(a);
    if (b) {
        shared_landed(b, a - (uintptr_t)b->arena, n);
        return;
    }
    if (a - simt__check_dev_lo >= simt__check_dev_span)
        return;
    if (n > simt__check_dev_lo + simt__check_dev_span - a)
        n = simt__check_dev_lo + simt__check_dev_span - a;
    /* Addressable bytes become written; others stay as they are. */
    for (uintptr_t e = a + n; a < e;) {
        uint8_t *m = dmeta(a);
        if (!(a & 3) && e - a >= 4) {
            *m = (uint8_t)(*m | (*m & 0x0f) << 4);
            a += 4;
        } else {
            unsigned bit = 1u << (a & 3);
            if (*m & bit)
                *m = (uint8_t)(*m | bit << 4);
            a++;
        }
    }
}

/* ---- __device__ variables ------------------------------------------------- */

/* A kernel reaches no host variable legally, so the program's writable
 * data in a kernel is __device__ variables (and static variables of device
 * code): their accesses get race records.  simtcc keeps no table of them,
 * so the whole data segment of the program is shadowed (pages touched
 * only as used). */
static int find_data(struct dl_phdr_info *info, size_t size, void *arg)
{
    uintptr_t *range = arg;
    (void)size;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W))
            continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
        if (!range[0] || lo < range[0])
            range[0] = lo;
        if (hi > range[1])
            range[1] = hi;
    }
    return 1; /* the first object is the program */
}

static void data_init(void)
{
    uintptr_t range[2] = {0, 0};
    dl_iterate_phdr(find_data, range);
    range[0] &= ~(uintptr_t)3;
    if (range[1] <= range[0])
        return;
    C.data_cells = reserve((range[1] - range[0]) / 4 * sizeof(struct cell) + sizeof(struct cell));
    if (!C.data_cells)
        return;
    simt__check_sym_lo = range[0];
    simt__check_sym_span = range[1] - range[0];
}

/* ---- blocks and shared memory -------------------------------------------- */

#define SCELLS (SHARED_ARENA_BYTES / 4)

static void smark(struct bstate *s, const struct block *b, size_t off, size_t n)
{
    if (off + n > b->arena_cap)
        n = off < b->arena_cap ? b->arena_cap - off : 0;
    mark(s->meta, 0, off, n, 1);
    size_t hi = (off + n + 3) / 4;
    if (hi > s->hi)
        s->hi = hi;
}

void check_block_start(struct block *b)
{
    struct bstate *s = b->check;
    if (!s) {
        s = calloc(1, sizeof *s);
        if (s) {
            s->meta = reserve(SCELLS);
            s->cells = reserve(SCELLS * sizeof(struct cell));
            s->vc = reserve(1024 * 32 * sizeof(uint16_t));
            s->acq = reserve(1024 * sizeof(uint16_t));
            s->natom = reserve(1024 * sizeof(uint32_t));
        }
        int grown = -1;
        if (s && s->meta && s->cells && s->vc && s->acq && s->natom) {
            b->check = s;
            pthread_mutex_lock(&C.lock);
            grown = VEC_RESERVE(C.blocks, C.capblocks, C.nblocks + 1);
            if (grown == 0)
                C.blocks[C.nblocks++] = b;
            pthread_mutex_unlock(&C.lock);
        }
        if (grown != 0) {
            fprintf(stderr, "simt: error: out of memory for the checker's shadow of a block\n");
            abort();
        }
    }
    tc_clear();
    /* The race records and clocks only racecheck reads: a memcheck or
     * initcheck run leaves them (16 KiB of clocks a block of 256). */
    int race = simt__check_on & CHECK_RACE;
    memset(s->meta, 0, s->hi);
    if (race)
        memset(s->cells, 0, s->hi * sizeof(struct cell));
    s->hi = 0;
    simt__check_shared_meta = race ? NULL : s->meta;
    /* The launch's key (runtime/streamrace.c), or one from the engine's
     * count that no command has (bit 23: ordered with every other). */
    uint32_t key = b->grid->race_key;
    if (!key)
        key = 0x800000u | ((uint32_t)(b->grid->seq + 1) & 0x7fffffu);
    s->launch = key << 8;
    simt__check_ro_launch = launch_now(s);
    ro_base = (uint32_t)b->linear * b->nthreads;
    s->extra = 0;
    s->nthreads = b->nthreads;
    s->fenced = 0;
    if (race) {
        memset(s->vc, 0, (size_t)b->nthreads * 32 * sizeof(uint16_t));
        memset(s->acq, 0, (size_t)b->nthreads * sizeof(uint16_t));
        for (unsigned t = 0; t < b->nthreads; t++)
            s->vc[t * 32 + t % 32] = 1;
    }
    smark(s, b, 0, b->grid->dyn_shmem);
    size_t sbase = (size_t)(b->static_base - b->arena);
    pthread_mutex_lock(&C.lock);
    for (size_t i = 0; i < C.nvars; i++)
        if (C.vars[i].ks == b->grid->ks)
            smark(s, b, sbase + C.vars[i].off, C.vars[i].size);
    pthread_mutex_unlock(&C.lock);
}

void check_block_enter(const struct block *b)
{
    const struct bstate *s = b->check;
    tc_clear();
    simt__check_shared_meta = s && !(simt__check_on & CHECK_RACE) ? s->meta : NULL;
    simt__check_ro_launch = s ? launch_now(s) : 0;
    ro_base = s ? (uint32_t)b->linear * s->nthreads : 0;
}

size_t check_shared_var(const void *ks, size_t off, size_t size, size_t align)
{
    pthread_mutex_lock(&C.lock);
    /* A redzone before each variable: the offsets move, the kernel's
     * static size (cudaFuncGetAttributes) does not. */
    size_t before = 1;
    for (size_t i = 0; i < C.nvars; i++)
        before += C.vars[i].ks == ks;
    size_t shift = before * CHECK_SHARED_REDZONE;
    if (align > 1)
        shift = align_up(shift, align);
    off += shift;
    if (VEC_RESERVE(C.vars, C.capvars, C.nvars + 1) != 0) {
        pthread_mutex_unlock(&C.lock);
        return off;
    }
    C.vars[C.nvars++] = (struct svar){ks, off, size};
    pthread_mutex_unlock(&C.lock);
    /* The block placing it uses it now; other blocks of the kernel that
     * run already learn of it when they touch it (shared_known). */
    struct worker *w = engine_self();
    if (w && w->cur && w->cur->check && w->cur->grid->ks == ks)
        smark(w->cur->check, w->cur, (size_t)(w->cur->static_base - w->cur->arena) + off, size);
    return off;
}

/* Whether offset off of b's arena lies in a static variable another block
 * laid out while b ran; if so it becomes addressable in b too. */
static __attribute__((noinline, cold)) int shared_known(struct block *b, size_t off)
{
    size_t sbase = (size_t)(b->static_base - b->arena);
    int found = 0;
    pthread_mutex_lock(&C.lock);
    for (size_t i = 0; i < C.nvars && !found; i++) {
        const struct svar *v = &C.vars[i];
        if (v->ks == b->grid->ks && off >= sbase + v->off && off < sbase + v->off + v->size) {
            smark(b->check, b, sbase + v->off, v->size);
            found = 1;
        }
    }
    pthread_mutex_unlock(&C.lock);
    return found;
}

/* The block whose shared memory holds a (NULL if none): the running
 * block first, else any block record the checker knows (records are
 * never freed, only reused). */
static struct block *arena_block(uintptr_t a)
{
    struct worker *w = engine_self();
    struct block *b = w ? w->cur : NULL;
    if (b && b->check && a - (uintptr_t)b->arena < b->arena_cap)
        return b;
    b = NULL;
    pthread_mutex_lock(&C.lock);
    for (size_t i = 0; i < C.nblocks && !b; i++)
        if (a - (uintptr_t)C.blocks[i]->arena < C.blocks[i]->arena_cap)
            b = C.blocks[i];
    pthread_mutex_unlock(&C.lock);
    return b;
}

/* Bytes [off, off+n) of b's shared memory were written by a copy.  A
 * static variable another block laid out while b ran is not addressable
 * in b until b learns of it (shared_known): learnt here, or the landing
 * would be lost and the variable's first read reported as uninitialized.
 * The bytes are set atomically: the lander may be another worker. */
static void shared_landed(struct block *b, size_t off, size_t n)
{
    struct bstate *s = b->check;
    if (off >= b->arena_cap)
        return;
    if (n > b->arena_cap - off)
        n = b->arena_cap - off;
    for (size_t i = off; i < off + n; i++) {
        uint8_t *m = &s->meta[i / 4];
        unsigned bit = 1u << (i & 3);
        if (!(__atomic_load_n(m, __ATOMIC_RELAXED) & bit) && !shared_known(b, i))
            continue;
        __atomic_fetch_or(m, (uint8_t)(bit << 4), __ATOMIC_RELAXED);
    }
}

void check_warp_sync(struct block *b, unsigned wi, unsigned mask)
{
    struct bstate *s = b->check;
    if (!s || !(simt__check_on & CHECK_RACE))
        return;
    tc_clear();
    uint16_t join[32] = {0};
    for (unsigned l = 0; l < 32; l++) {
        if (!(mask >> l & 1) || wi * 32 + l >= b->nthreads)
            continue;
        const uint16_t *v = &s->vc[(wi * 32 + l) * 32];
        for (unsigned k = 0; k < 32; k++)
            if (v[k] > join[k])
                join[k] = v[k];
    }
    for (unsigned l = 0; l < 32; l++) {
        if (!(mask >> l & 1) || wi * 32 + l >= b->nthreads)
            continue;
        uint16_t *v = &s->vc[(wi * 32 + l) * 32];
        memcpy(v, join, sizeof join);
        v[l] = (uint16_t)(join[l] + 1);
    }
}


void check_grid_sync(void)
{
    __atomic_fetch_add(&gsyncs, 1, __ATOMIC_RELAXED);
}

/* An mbarrier (cuda::barrier, pipelines' barriers, TMA transactions)
 * completed a phase.  Its arrivals and waits are not tracked one by one:
 * the phase orders everything before it with everything after, in every
 * block (races across a phase are missed, no false one is reported). */
void check_phase(void)
{
    __atomic_fetch_add(&gsyncs, 1, __ATOMIC_RELAXED);
}

void check_group_sync(struct block *b, unsigned first, unsigned count)
{
    struct bstate *s = b->check;
    if (!s || !count)
        return;
    tc_clear();
    unsigned last = first + count - 1;
    if (first / 32 == last / 32) {
        unsigned lanes = count == 32 ? ~0u : ((1u << count) - 1) << (first % 32);
        check_warp_sync(b, first / 32, lanes);
    } else {
        /* A group of several warps: counted as a block barrier (members
         * and the rest alike: races of the rest across it are missed, no
         * false one is reported). */
        s->extra++;
    }
}

/* The block's synchronization count: barrier generations, syncs of wide
 * groups, cluster barrier phases. */
static inline uint16_t epoch_of(const struct block *b, const struct bstate *s)
{
    return (uint16_t)(b->bar_gen + s->extra + (b->cluster ? b->cluster->phase : 0));
}

/* other_blocks: the synchronization may reach other blocks; in_block: the
 * running thread's later accesses may be ordered after its block's. */
static void synchronized(int other_blocks, int in_block)
{
    struct worker *w = engine_self();
    struct block *b = w ? w->cur : NULL;
    if (!b || !b->check || !gridDim.x)
        return;
    struct bstate *s = b->check;
    dim3 bd = b->grid->block_dim;
    unsigned t = threadIdx.x + bd.x * (threadIdx.y + bd.y * threadIdx.z);
    tc_clear();
    if (other_blocks)
        s->fenced = 1;
    if (in_block && t < s->nthreads) {
        uint16_t e = (uint16_t)(epoch_of(b, s) + 1);
        s->natom[t] = s->acq[t] == e ? s->natom[t] + 1 : 1;
        s->acq[t] = e;
    }
}

/* A barrier of a compiled block (simt-kc --check-race calls this once for
 * the block, after its threads' loop up to the barrier): the block's
 * accesses after it are of the next generation, as the fiber tier's
 * barrier makes them. */
void simt__check_kc_barrier(void)
{
    struct worker *w = engine_self();
    struct block *b = w ? w->cur : NULL;
    if (!b || !b->check)
        return;
    struct bstate *s = b->check;
    s->extra++;
    tc_clear();
    watchdog_progress(w);
}

void simt__check_fence(void)
{
    synchronized(1, 1);
}

void simt__check_atomic(uintptr_t a, int load)
{
    /* An atomic on shared memory reaches only the block; one on the
     * program's data (__device__ variables) counts for other blocks only,
     * and not the atomic loads there (simt's own headers load a __shared__
     * variable's placement so in every kernel). */
    if (a - simt__check_sym_lo < simt__check_sym_span) {
        if (!load)
            synchronized(1, 0);
    } else
        synchronized(a - (uintptr_t)simt__arena.dynamic_base >= SHARED_ARENA_BYTES, 1);
}

/* ---- the checks ----------------------------------------------------------- */

enum space { SP_GLOBAL, SP_SHARED };

/* The running access. */
struct cur {
    struct block *b;
    struct bstate *s;
    uintptr_t addr;
    size_t size;
    unsigned kind;
    enum space space;
    int data;                 /* a __device__ variable (the program's data) */
    const void *pc;
    unsigned t;               /* linear thread index in the block */
    uint32_t base;            /* the block's first thread id in the launch */
    const uint16_t *vc;       /* the thread's clocks of its warp's lanes */
    struct rec r;
};

/* Whether o is the running thread's access at the same point of its
 * synchronization (the pc aside). */
static inline int same_point(const struct rec *o, const struct rec *r)
{
    uint64_t a, b;
    memcpy(&a, o, 8);
    memcpy(&b, r, 8);
    return a == b && o->epoch == r->epoch && o->clock == r->clock;
}

static void thread_of(const struct block *b, unsigned t, unsigned *xyz)
{
    dim3 bd = b->grid->block_dim;
    xyz[0] = t % bd.x;
    xyz[1] = t / bd.x % bd.y;
    xyz[2] = t / (bd.x * bd.y);
}

static const char *space_name(enum space sp)
{
    return sp == SP_SHARED ? "__shared__" : "__global__";
}

/* Where addr lies, for a report: an allocation or the shared arena. */
static void describe(const struct cur *c, uintptr_t addr, char *buf, size_t len)
{
    if (c->space == SP_SHARED) {
        const struct block *b = c->b;
        size_t off = addr - (uintptr_t)b->arena, dyn = b->grid->dyn_shmem;
        size_t sbase = (size_t)(b->static_base - b->arena);
        if (off < dyn) {
            snprintf(buf, len, "is %zu bytes into the block's dynamic shared memory of %zu bytes",
                     off, dyn);
            return;
        }
        if (off < sbase) {
            snprintf(buf, len, "is %zu bytes after the block's dynamic shared memory of %zu bytes",
                     off - dyn + 1, dyn);
            return;
        }
        const struct svar *best = NULL;
        pthread_mutex_lock(&C.lock);
        for (size_t i = 0; i < C.nvars; i++) {
            const struct svar *v = &C.vars[i];
            if (v->ks != b->grid->ks || sbase + v->off > off)
                continue;
            if (!best || v->off > best->off)
                best = v;
        }
        const struct svar *next = NULL;
        for (size_t i = 0; i < C.nvars && !best; i++) {
            const struct svar *v = &C.vars[i];
            if (v->ks == b->grid->ks && sbase + v->off > off && (!next || v->off < next->off))
                next = v;
        }
        if (!best && next)
            snprintf(buf, len, "is %zu bytes before a __shared__ variable of %zu bytes (offset %zu)",
                     sbase + next->off - off, next->size, next->off);
        else if (!best)
            snprintf(buf, len, "is outside every __shared__ variable of the kernel");
        else if (off < sbase + best->off + best->size)
            snprintf(buf, len, "is %zu bytes into a __shared__ variable of %zu bytes (offset %zu)",
                     off - sbase - best->off, best->size, best->off);
        else
            snprintf(buf, len, "is %zu bytes after a __shared__ variable of %zu bytes (offset %zu)",
                     off - sbase - best->off - best->size + 1, best->size, best->off);
        pthread_mutex_unlock(&C.lock);
        return;
    }
    if (c->data) {
        char name[200];
        report_data_name(addr, name, sizeof name);
        snprintf(buf, len, "is in __device__ variable %s", name[0] ? name : "(unnamed)");
        return;
    }
    pthread_mutex_lock(&C.lock);
    const struct dalloc *d = nearest(addr);
    if (!d)
        snprintf(buf, len, "is before every allocation");
    else if (addr < d->start + d->size)
        snprintf(buf, len, "is %zu bytes into an allocation of %zu bytes at %#lx%s",
                 (size_t)(addr - d->start), d->size, (unsigned long)d->start,
                 d->freed ? ", freed by cudaFree" : "");
    else
        snprintf(buf, len, "is %zu bytes after the nearest allocation at %#lx of size %zu bytes%s",
                 (size_t)(addr - d->start - d->size + 1), (unsigned long)d->start, d->size,
                 d->freed ? " (freed)" : "");
    pthread_mutex_unlock(&C.lock);
}

static const char *acc_name(unsigned kind)
{
    return kind & ACC_ATOMIC ? (kind & ACC_WRITE ? "atomic" : "atomic read")
                             : (kind & ACC_WRITE ? "write" : "read");
}

/* A site's text as a key: the compiler copies one line's access into
 * several instructions (unrolled, vectorized loops); one report each. */
static uint64_t site_key(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* The running thread's last array-bounds report (simt__check_bounds): a
 * __shared__ array's index past its bound is also an access to a redzone,
 * reported once. */
static __thread const char *bounds_file;
static __thread unsigned bounds_line;

static int bounds_reported_here(const char *site)
{
    if (!bounds_file)
        return 0;
    const char *base = strrchr(bounds_file, '/');
    base = base ? base + 1 : bounds_file;
    char tail[300];
    snprintf(tail, sizeof tail, "%s:%u", base, bounds_line);
    const char *at = strstr(site, tail);
    return at && (at == site || at[-1] == '/') && !isdigit((unsigned char)at[strlen(tail)]);
}

/* compute-sanitizer's shape: what; at FILE:LINE in kernel K; by thread
 * in block; where the address lies (for an invalid access: "access to A
 * is out of bounds" and then where it lies, counting bytes after an end
 * from 1, as compute-sanitizer does). */
static void report_head(const struct cur *c, const char *what, uintptr_t addr, const char *site,
                        int invalid)
{
    char where[256];
    unsigned t[3];
    thread_of(c->b, c->t, t);
    describe(c, addr, where, sizeof where);
    fprintf(stderr,
            "simt: error: %s\n"
            "simt:     at %s in kernel %s\n"
            "simt:     by thread (%u,%u,%u) in block (%u,%u,%u)\n",
            what, site, c->b->grid->name ? c->b->grid->name : "?", t[0], t[1], t[2],
            c->b->idx.x, c->b->idx.y, c->b->idx.z);
    if (invalid)
        fprintf(stderr, "simt:     access to %#lx is out of bounds\nsimt:     and %s\n",
                (unsigned long)addr, where);
    else
        fprintf(stderr, "simt:     address %#lx %s\n", (unsigned long)addr, where);
}

static __attribute__((noinline, cold)) void report_memory(const struct cur *c, uintptr_t bad, int uninit)
{
    if (!report_first((uint64_t)(uintptr_t)c->pc, uninit ? 2 : 1))
        return;
    char what[160], site[512];
    report_site(c->pc, site, sizeof site);
    if (!uninit && bounds_reported_here(site))
        return;
    if (!report_first(site_key(site), (uninit ? 2 : 1) | (uint64_t)c->space << 8 | 1u << 16))
        return;
    if (uninit)
        snprintf(what, sizeof what, "uninitialized %s memory read of size %zu bytes",
                 space_name(c->space), c->size);
    else
        snprintf(what, sizeof what, "invalid %s %s of size %zu bytes", space_name(c->space),
                 c->kind & ACC_WRITE ? "write" : "read", c->size);
    report_lock();
    report_head(c, what, bad, site, !uninit);
    report_count();
    report_unlock();
}

/* The device whose allocation holds a (in the arena), or -1. */
static int owner_of(uintptr_t a)
{
    uint8_t v = C.region_dev[(a - simt__check_dev_lo) >> REGION_SHIFT];
    if (v != MIXED)
        return (int)v - 1;
    pthread_mutex_lock(&C.lock);
    struct dalloc *d = nearest(a);
    int dev = d && a - d->start < d->size + DEV_REDZONE ? d->device : -1;
    pthread_mutex_unlock(&C.lock);
    return dev;
}

/* A kernel reaching another device's memory needs peer access from its
 * device (cudaDeviceEnablePeerAccess): a GPU faults without it. */
static void check_peer(const struct cur *c)
{
    int mine = c->b->grid->device, owner = owner_of(c->addr);
    if (owner < 0 || owner == mine || device_peer_enabled(mine, owner))
        return;
    if (!report_first((uint64_t)(uintptr_t)c->pc, 12))
        return;
    char what[200], site[512];
    report_site(c->pc, site, sizeof site);
    if (!report_first(site_key(site), 12 | 1u << 16))
        return;
    snprintf(what, sizeof what,
             "invalid %s %s of size %zu bytes: device %d's memory, from a kernel on device %d "
             "without peer access",
             space_name(c->space), c->kind & ACC_WRITE ? "write" : "read", c->size, owner, mine);
    report_lock();
    report_head(c, what, c->addr, site, 0);
    fprintf(stderr, "simt:     call cudaDeviceEnablePeerAccess(%d, 0) with device %d current "
                    "before the launch\n",
            owner, mine);
    report_count();
    report_unlock();
}

static __attribute__((noinline, cold)) void report_misaligned(const struct cur *c)
{
    if (!report_first((uint64_t)(uintptr_t)c->pc, 8))
        return;
    char what[160], site[512], where[256];
    report_site(c->pc, site, sizeof site);
    if (!report_first(site_key(site), 8 | 1u << 16))
        return;
    if (bounds_reported_here(site))
        return;
    snprintf(what, sizeof what, "invalid %s %s of size %zu bytes", space_name(c->space),
             c->kind & ACC_WRITE ? "write" : "read", c->size);
    describe(c, c->addr, where, sizeof where);
    unsigned t[3];
    thread_of(c->b, c->t, t);
    report_lock();
    fprintf(stderr,
            "simt: error: %s\n"
            "simt:     at %s in kernel %s\n"
            "simt:     by thread (%u,%u,%u) in block (%u,%u,%u)\n"
            "simt:     address %#lx is misaligned (a %zu-byte access needs a multiple of %zu)\n"
            "simt:     and %s\n",
            what, site, c->b->grid->name ? c->b->grid->name : "?", t[0], t[1], t[2],
            c->b->idx.x, c->b->idx.y, c->b->idx.z, (unsigned long)c->addr, c->size,
            c->size > 8 ? (size_t)8 : c->size, where);
    report_count();
    report_unlock();
}

/* A record of a transfer (check_transfer): no thread, no site. */
static int is_transfer(const struct rec *o)
{
    return o->launch && o->pc == 0;
}

static const char *stream_race_advice =
    "with nothing ordering the two (no stream order, event or host synchronization between "
    "them) — record an event after the first and make the second's stream wait for it "
    "(cudaStreamWaitEvent), or synchronize";

/* A race between two commands: the running kernel's access and o, made
 * by another kernel or a transfer. */
static __attribute__((noinline, cold)) void report_stream_race(const struct cur *c, const struct rec *o,
                                                               int o_write)
{
    uint32_t a = c->r.pc, b = o->pc;
    if (!report_first((uint64_t)(a < b ? a : b) << 32 | (a < b ? b : a), 16 + c->space))
        return;
    char what[700], site[512], osite[512], other[300], mine[300];
    report_site(c->pc, site, sizeof site);
    if (!streamrace_describe(o->launch >> 8, o->tid & ~ATOMIC_BIT, other, sizeof other))
        snprintf(other, sizeof other, "another command");
    if (!streamrace_describe(c->r.launch >> 8, 0, mine, sizeof mine))
        snprintf(mine, sizeof mine, "kernel %s", c->b->grid->name ? c->b->grid->name : "?");
    /* The running kernel's stream: the end of its description. */
    const char *in = NULL;
    for (const char *f = mine; (f = strstr(f, " in ")); f++)
        in = f;
    unsigned okind = (o_write ? ACC_WRITE : 0) | (o->tid & ATOMIC_BIT ? ACC_ATOMIC : 0);
    if (is_transfer(o))
        snprintf(what, sizeof what, "stream race on __global__ memory: %s of size %zu bytes%s, "
                 "and an earlier %s by %s, %s", acc_name(c->kind), c->size, in ? in : "",
                 o_write ? "write" : "read", other, stream_race_advice);
    else
        snprintf(what, sizeof what, "stream race on __global__ memory: %s of size %zu bytes%s, "
                 "and an earlier %s by another kernel, %s", acc_name(c->kind), c->size,
                 in ? in : "", acc_name(okind), stream_race_advice);
    report_lock();
    report_head(c, what, c->addr, site, 0);
    if (!is_transfer(o)) {
        report_site(report_pc(o->pc), osite, sizeof osite);
        fprintf(stderr, "simt:     and %s at %s by %s\n", acc_name(okind), osite, other);
    }
    report_count();
    report_unlock();
}

static __attribute__((noinline, cold)) void report_race(const struct cur *c, const struct rec *o, int o_write)
{
    if ((o->launch ^ c->r.launch) >= 256) {
        report_stream_race(c, o, o_write);
        return;
    }
    uint32_t a = c->r.pc, b = o->pc;
    if (!report_first((uint64_t)(a < b ? a : b) << 32 | (a < b ? b : a), 3 + c->space))
        return;
    uint32_t ot = o->tid & ~ATOMIC_BIT;
    unsigned n = c->s->nthreads, t[3];
    thread_of(c->b, ot % n, t);
    uint3 ob;
    grid_block_index(c->b->grid, ot / n, &ob);
    char what[200], site[512], osite[512];
    report_site(c->pc, site, sizeof site);
    report_site(report_pc(o->pc), osite, sizeof osite);
    uint64_t k1 = site_key(site), k2 = site_key(osite);
    if (!report_first(k1 < k2 ? k1 : k2, (k1 < k2 ? k2 : k1) ^ (3 + c->space)))
        return;
    unsigned okind = (o_write ? ACC_WRITE : 0) | (o->tid & ATOMIC_BIT ? ACC_ATOMIC : 0);
    snprintf(what, sizeof what, "race on %s memory: %s of size %zu bytes and an earlier %s by "
             "another thread, with no synchronization between them",
             space_name(c->space), acc_name(c->kind), c->size, acc_name(okind));
    report_lock();
    report_head(c, what, c->addr, site, 0);
    fprintf(stderr, "simt:     and %s at %s by thread (%u,%u,%u) in block (%u,%u,%u)\n",
            acc_name(okind), osite, t[0], t[1], t[2], ob.x, ob.y, ob.z);
    report_count();
    report_unlock();
}

/* Whether the command keyed `before` is ordered before the one keyed
 * `after`.  The answers are kept per worker by `before` (a kernel's
 * accesses meet the records of a few earlier commands, its inputs' copies
 * and the kernels before it, in turn): an answer never changes. */
#define KNOWN 16
static __thread struct {
    uint32_t before, after;
    int ordered;
} known[KNOWN];

static inline int launches_ordered(uint32_t before, uint32_t after)
{
    unsigned i = before % KNOWN;
    if (known[i].before != before || known[i].after != after) {
        known[i].ordered = streamrace_ordered(before, after);
        known[i].before = before;
        known[i].after = after;
    }
    return known[i].ordered;
}

/* Whether the recorded access o happens before the running one, or may:
 * no race between them. */
static inline __attribute__((always_inline)) int ordered(const struct cur *c, const struct rec *o)
{
    if (!(o->bytes & c->r.bytes))
        return 1;
    if (o->launch != c->r.launch)
        return !o->launch || (o->launch ^ c->r.launch) < 256 || ((o->tid & c->r.tid) & ATOMIC_BIT) ||
               launches_ordered(o->launch >> 8, c->r.launch >> 8);
    uint32_t otl = (o->tid & ~ATOMIC_BIT) - c->base;
    if ((o->tid & c->r.tid) & ATOMIC_BIT)
        return 1;
    if (otl >= c->s->nthreads)       /* another block */
        return c->s->fenced;
    if (otl == c->t || o->epoch != c->r.epoch)
        return 1;
    /* Both threads executed an atomic (or a fence) since the block's last
     * barrier, the other one after its access: the other may have released
     * it and the running one acquired it (a latch, a flag, a semaphore of
     * libcu++), so no report.  Atomics and fences are not matched by
     * location: races hidden so are missed, none is invented. */
    uint16_t e1 = (uint16_t)(c->r.epoch + 1);
    if (c->s->acq[c->t] == e1 && c->s->acq[otl] == e1 && c->s->natom[otl] > o->atoms)
        return 1;
    /* One warp: ordered if a collective joined the lanes since. */
    return (otl ^ c->t) < 32 && c->vc[otl & 31] >= o->clock;
}

static inline void race(struct cur *c, struct cell *cell)
{
    if (c->kind & ACC_WRITE) {
        /* The thread writing again where it last wrote, nothing between
         * but maybe its own read (x += ...): another thread's write would
         * have taken w, another's read r. */
        if (same_point(&cell->w, &c->r) && (!cell->r.launch || same_point(&cell->r, &c->r))) {
            cell->w.bytes |= c->r.bytes;
            return;
        }
        if (!ordered(c, &cell->w)) {
            report_race(c, &cell->w, 1);
        } else if (!ordered(c, &cell->r)) {
            report_race(c, &cell->r, 0);
        }
        cell->w = c->r;
        cell->r.launch = 0;
    } else {
        /* A read recorded at this point already: any write since would
         * have cleared it, but the thread's own. */
        if (same_point(&cell->r, &c->r)) {
            cell->r.bytes |= c->r.bytes;
            return;
        }
        if (!ordered(c, &cell->w))
            report_race(c, &cell->w, 1);
        /* A read ordered before this one is replaced; a concurrent one is
         * kept, so that a later write races with the first reader. */
        if (ordered(c, &cell->r))
            cell->r = c->r;
    }
}

/* A transfer's rows against the kernels' records (transfers against each
 * other are runtime/streamrace.c's): the same rules as an access, the
 * transfer's record naming its command only. */
static __attribute__((noinline, cold)) void report_transfer_race(uint32_t key, int write, uintptr_t a,
                                                                 const struct rec *o, int o_write)
{
    if (!report_first((uint64_t)o->pc << 32 | key, 18 + write))
        return;
    char mine[300], other[300], osite[512], where[256];
    if (!streamrace_describe(key, 0, mine, sizeof mine) ||
        !streamrace_describe(o->launch >> 8, o->tid & ~ATOMIC_BIT, other, sizeof other))
        return;
    char what[320];
    snprintf(what, sizeof what, "%s %s", mine, write ? "writing" : "reading");
    if (!report_first(site_key(what) ^ o->pc, 18 + write))
        return;
    report_site(report_pc(o->pc), osite, sizeof osite);
    struct cur c = {.space = SP_GLOBAL};
    describe(&c, a, where, sizeof where);
    unsigned okind = (o_write ? ACC_WRITE : 0) | (o->tid & ATOMIC_BIT ? ACC_ATOMIC : 0);
    report_lock();
    fprintf(stderr,
            "simt: error: stream race on __global__ memory: %s, and an earlier %s by another "
            "kernel, %s\n"
            "simt:     address %#lx %s\n"
            "simt:     and %s at %s by %s\n",
            what, acc_name(okind), stream_race_advice, (unsigned long)a, where, acc_name(okind),
            osite, other);
    report_count();
    report_unlock();
}

/* [*a, *e): the cells' part of [p, p+n) in the device arena, from a cell's
 * start; 0 when racecheck keeps no cells there. */
static int race_span(const void *p, size_t n, uintptr_t *a, uintptr_t *e)
{
    if (!(simt__check_on & CHECK_RACE) || !simt__check_dev_cells || (uintptr_t)p - simt__check_dev_lo >= simt__check_dev_span)
        return 0;
    *a = (uintptr_t)p & ~(uintptr_t)3;
    *e = (uintptr_t)p + n;
    if (*e > simt__check_dev_lo + simt__check_dev_span)
        *e = simt__check_dev_lo + simt__check_dev_span;
    return 1;
}

void check_transfer(const void *p, size_t n, int write, uint32_t key)
{
    uintptr_t a, e;
    if (!key || !race_span(p, n, &a, &e))
        return;
    struct rec r = {.launch = key << 8, .bytes = 0xf};
    struct cell *cell = dcells(a);
    for (; a < e; a += 4, cell++) {
        /* A kernel's record of another command not ordered before this
         * one; transfers' own records are the window's (streamrace.c). */
        const struct rec *w = &cell->w, *rd = &cell->r;
        int wrace = w->launch && !is_transfer(w) && (w->launch >> 8) != key &&
                    !launches_ordered(w->launch >> 8, key);
        if (write) {
            if (wrace)
                report_transfer_race(key, 1, a, w, 1);
            else if (rd->launch && !is_transfer(rd) && (rd->launch >> 8) != key &&
                     !launches_ordered(rd->launch >> 8, key))
                report_transfer_race(key, 1, a, rd, 0);
            cell->w = r;
            cell->r.launch = 0;
        } else {
            if (wrace)
                report_transfer_race(key, 0, a, w, 1);
            if (!rd->launch || (rd->launch >> 8) == key || launches_ordered(rd->launch >> 8, key))
                cell->r = r;
        }
    }
}

void check_forget(const void *p, size_t n)
{
    uintptr_t a, e;
    if (!race_span(p, n, &a, &e))
        return;
    memset(dcells(a), 0, ((e - a + 3) >> 2) * sizeof(struct cell));
}

static __attribute__((noinline, cold)) void host_deref(uintptr_t a, size_t n, unsigned kind, const void *pc)
{
    if (!(simt__check_on & CHECK_MEMORY) || !report_first((uint64_t)(uintptr_t)pc, 6))
        return;
    /* simt's Thrust runs its host algorithms over device memory. */
    report_lock();
    int lib = report_in_library(pc);
    report_unlock();
    if (lib)
        return;
    char site[512], where[256];
    report_site(pc, site, sizeof site);
    if (!report_first(site_key(site), 6 | 1u << 16))
        return;
    struct cur c = {.space = SP_GLOBAL};
    describe(&c, a, where, sizeof where);
    report_lock();
    fprintf(stderr,
            "simt: error: invalid host %s of size %zu bytes: the address is device memory\n"
            "simt:     at %s\n"
            "simt:     address %#lx %s — host code reaches device memory through cudaMemcpy, "
            "or allocates it with cudaMallocManaged\n",
            kind & ACC_WRITE ? "write" : "read", n, site, (unsigned long)a, where);
    report_count();
    report_unlock();
}

/* The running CUDA thread's context, cached per worker: a worker runs
 * one thread's accesses after another's, so the block record, the
 * thread's indexes and the race record's who and when are found once per
 * thread and synchronization, not per access.  Valid for the threadIdx it
 * was made for, while its block's synchronization count (barriers, wide
 * groups, cluster phases) and the grid syncs stay as they were; entering a
 * block, a warp collective, a group sync, an atomic or a fence of the
 * running thread clears it (tc_clear).  Outside a kernel gridDim.x is 0. */
struct tctx {
    struct block *b;          /* NULL: not known */
    unsigned x, y, z;         /* the threadIdx it is for */
    uint16_t epoch;           /* epoch_of() when made */
    unsigned gs;              /* gsyncs when made */
    unsigned bdx, bdy;        /* the block's blockDim.x and .y */
    struct cur c;             /* all but the access's own fields */
};
static __thread __attribute__((tls_model("initial-exec"))) struct tctx tc;

static void tc_clear(void)
{
    tc.b = NULL;
}

/* The running thread's own fields of tc: the rest holds for every thread
 * of its block between two synchronizations, so a compiled loop walking
 * the block's threads (a column walk changes thread at every access)
 * pays only this. */
static inline void thread_fields(void)
{
    struct cur *c = &tc.c;
    const struct bstate *s = c->s;
    unsigned t = threadIdx.x + tc.bdx * (threadIdx.y + tc.bdy * threadIdx.z);
    tc.x = threadIdx.x;
    tc.y = threadIdx.y;
    tc.z = threadIdx.z;
    c->t = t;
    c->vc = &s->vc[t * 32];
    c->r.tid = (c->base + t) & ~ATOMIC_BIT;
    c->r.clock = c->vc[t % 32];
    c->r.atoms = s->acq[t] == (uint16_t)(tc.epoch + 1) ? s->natom[t] : 0;
}

static __attribute__((noinline)) struct block *running_slow(void)
{
    struct worker *w = engine_self();
    struct block *b = w ? w->cur : NULL;
    tc.b = NULL;
    if (!b || !b->check || !gridDim.x)
        return NULL;
    struct bstate *s = b->check;
    struct cur *c = &tc.c;
    tc.bdx = b->grid->block_dim.x;
    tc.bdy = b->grid->block_dim.y;
    tc.epoch = epoch_of(b, s);
    tc.gs = __atomic_load_n(&gsyncs, __ATOMIC_RELAXED);
    c->b = b;
    c->s = s;
    c->space = SP_GLOBAL;
    c->data = 0;
    c->base = (uint32_t)b->linear * s->nthreads;
    c->r.launch = s->launch | (tc.gs & 0xff);
    c->r.epoch = tc.epoch;
    thread_fields();
    tc.b = b;
    return b;
}

/* The running kernel thread's block (NULL in host code), with tc made
 * for it. */
static inline __attribute__((always_inline)) struct block *running(void)
{
    if (!gridDim.x)
        return NULL;
    struct block *b = tc.b;
    if (__builtin_expect(!b || epoch_of(b, tc.c.s) != tc.epoch ||
                             __atomic_load_n(&gsyncs, __ATOMIC_RELAXED) != tc.gs,
                         0))
        return running_slow();
    if (threadIdx.x != tc.x || threadIdx.y != tc.y || threadIdx.z != tc.z)
        thread_fields();
    return b;
}

/* A kernel's aligned access of whole cells (4 or 8 bytes) to the device
 * arena that finds nothing to report: checked here from the thread's
 * cached context.  0: the general path must look (it reports, or the
 * access is of another kind); the cells it has updated already read as
 * this thread's own access there, so looking again changes nothing. */
static inline __attribute__((always_inline)) int access_fast(uintptr_t a, size_t n, unsigned kind, const void *pc, int on)
{
    if ((a & (n - 1)) || (n != 4 && n != 8) || (kind & ACC_ATOMIC))
        return 0;
    struct block *b = running();
    if (!b)
        return 0;
    uint8_t *meta;
    struct cell *cell;
    if (a - simt__check_dev_lo < simt__check_dev_span) {
        if (n > simt__check_dev_lo + simt__check_dev_span - a)
            return 0;
        /* Another device's memory (or a region shared by several): the
         * general path looks at peer access. */
        if (__builtin_expect(C.multi, 0) &&
            C.region_dev[(a - simt__check_dev_lo) >> REGION_SHIFT] != b->grid->device + 1)
            return 0;
        meta = dmeta(a);
        cell = dcells(a);
    } else if (a - (uintptr_t)b->arena < b->arena_cap && n <= b->arena_cap - (a - (uintptr_t)b->arena)) {
        /* The block's shared memory (its arena is page-aligned, so the
         * access covers whole cells too). */
        struct bstate *s = tc.c.s;
        size_t off = a - (uintptr_t)b->arena, hi = (off + n) / 4;
        if (hi > s->hi)
            s->hi = hi;
        meta = s->meta + off / 4;
        cell = s->cells + off / 4;
    } else {
        return 0;
    }
    unsigned ncells = (unsigned)n / 4;
    int write = (kind & (ACC_WRITE | ACC_RMW)) == ACC_WRITE;
    if (on & (CHECK_MEMORY | CHECK_INIT)) {
        /* Addressable; a read's bytes written. */
        for (unsigned i = 0; i < ncells; i++)
            if (write ? (meta[i] & 0x0f) != 0x0f : meta[i] != 0xff)
                return 0;
        if (kind & ACC_WRITE)
            for (unsigned i = 0; i < ncells; i++)
                meta[i] = 0xff;
    }
    if (!(on & CHECK_RACE))
        return 1;
    struct cur *c = &tc.c;
    c->kind = kind;
    c->r.pc = (uint32_t)((uintptr_t)pc - (uintptr_t)__executable_start) & 0x0fffffffu;
    c->r.bytes = 0xf;
    for (unsigned i = 0; i < ncells; i++, cell++) {
        if (kind & ACC_WRITE) {
            if (same_point(&cell->w, &c->r) && (!cell->r.launch || same_point(&cell->r, &c->r))) {
                if (cell->w.bytes != 0xf)
                    cell->w.bytes = 0xf;
                continue;
            }
            if (!ordered(c, &cell->w) || !ordered(c, &cell->r))
                return 0;
            cell->w = c->r;
            cell->r.launch = 0;
        } else {
            if (same_point(&cell->r, &c->r))
                continue;
            if (!ordered(c, &cell->w))
                return 0;
            if (ordered(c, &cell->r))
                cell->r = c->r;
        }
    }
    return 1;
}

static void access_slow(uintptr_t a, size_t n, unsigned kind, const void *pc, int on);

void simt__check_access(uintptr_t a, size_t n, unsigned kind, const void *pc)
{
    int on = simt__check_on;
    if (!on || n == 0)
        return;
    if (access_fast(a, n, kind, pc, on))
        return;
    access_slow(a, n, kind, pc, on);
}

__attribute__((noinline)) void simt__check_access_here(uintptr_t a, size_t n, unsigned kind)
{
    simt__check_access(a, n, kind, __builtin_return_address(0));
}

/* Whether a record of another launch (or of this one before a grid sync)
 * is ordered before the running launch's reads. */
static inline int ro_ordered(const struct rec *o, uint32_t launch)
{
    return !o->launch || !o->bytes ||
           (o->launch != launch && ((o->launch ^ launch) < 256 || launches_ordered(o->launch >> 8, launch >> 8)));
}

/* A read of a parameter that the launch never writes, in an allocation
 * none of its written parameters is in (kc_readonly.c), that the entry
 * point did not find recorded for the launch: nothing of the launch can
 * race with it, so all it needs is the launch's read record, for other
 * commands to meet, and the check that the cell's last write and kept
 * read are ordered before the launch.  That is made here, without the
 * general path's context; anything else (a record of a concurrent
 * command to report or keep, bytes not addressable or not written, an
 * access not of whole cells) goes the general way. */
__attribute__((noinline)) void simt__check_ro_read(uintptr_t a, size_t n, unsigned kind, const void *pc)
{
    if (!pc)
        pc = __builtin_return_address(0);
    uint32_t launch = simt__check_ro_launch;
    uintptr_t off = a - simt__check_dev_lo;
    if (!launch || n < 4 || (n & 3) || (a & 3) || off >= simt__check_ro_span || !gridDim.x) {
        simt__check_access(a, n, kind, pc);
        return;
    }
    struct cell *c = simt__check_dev_cells + (off >> 2);
    const uint8_t *m = simt__check_dev_meta + (off >> 2);
    for (size_t i = 0; i < n / 4; i++)
        if ((simt__check_ro_meta && m[i] != 0xff) || !ro_ordered(&c[i].w, launch) ||
            (c[i].r.launch != launch && !ro_ordered(&c[i].r, launch))) {
            simt__check_access(a, n, kind, pc);
            return;
        }
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    struct rec r = {
        .tid = (ro_base + t) & ~ATOMIC_BIT,
        .launch = launch,
        .pc = (uint32_t)((uintptr_t)pc - (uintptr_t)__executable_start) & 0x0fffffffu,
        .bytes = 0xf,
    };
    for (size_t i = 0; i < n / 4; i++)
        c[i].r = r;
}

static __attribute__((noinline)) void access_slow(uintptr_t a, size_t n, unsigned kind,
                                                  const void *pc, int on)
{
    struct worker *w = engine_self();
    struct block *b = w ? w->cur : NULL;
    int in_kernel = b && b->check && gridDim.x;
    struct cur c;
    uint8_t *meta;
    struct cell *cells;
    c.data = 0;
    if (a - simt__check_dev_lo < simt__check_dev_span) {
        if (!in_kernel) {
            host_deref(a, n, kind, pc);
            /* Reported or not (Thrust's host algorithms, simt's headers),
             * what the host stored is written. */
            if (kind & ACC_WRITE)
                check_written((const void *)a, n);
            return;
        }
        if (n > simt__check_dev_lo + simt__check_dev_span - a)
            return;
        c.space = SP_GLOBAL;
        meta = dmeta(a);
        cells = dcells(a);
    } else if (in_kernel && a - (uintptr_t)b->arena < b->arena_cap) {
        struct bstate *s = b->check;
        size_t off = a - (uintptr_t)b->arena;
        if (n > b->arena_cap - off)
            n = b->arena_cap - off;
        size_t hi = (off + n + 3) / 4;
        if (hi > s->hi)
            s->hi = hi;
        c.space = SP_SHARED;
        meta = s->meta + off / 4;
        cells = s->cells + off / 4;
    } else if (in_kernel && a - simt__check_sym_lo < simt__check_sym_span) {
        if (n > simt__check_sym_lo + simt__check_sym_span - a)
            return;
        c.space = SP_GLOBAL;
        c.data = 1;
        meta = NULL;
        cells = C.data_cells + ((a - simt__check_sym_lo) >> 2);
    } else {
        return;
    }
    c.b = b;
    c.s = b->check;
    c.addr = a;
    c.size = n;
    c.kind = kind;
    c.pc = pc;
    dim3 bd = b->grid->block_dim;
    c.t = threadIdx.x + bd.x * (threadIdx.y + bd.y * threadIdx.z);
    if (C.multi && c.space == SP_GLOBAL && !c.data && (on & CHECK_MEMORY))
        check_peer(&c);

    /* An access the compiler emitted for a naturally aligned address (a
     * GPU's loads and stores need it; 16-byte ones count from 8, as
     * ThreadSanitizer's entry points do). */
    if ((kind & ACC_ALIGNED) && (on & CHECK_MEMORY) && (a & ((n > 8 ? 8 : n) - 1)))
        report_misaligned(&c);

    if (!meta) {
        /* A __device__ variable: races only. */
    } else if ((on & (CHECK_MEMORY | CHECK_INIT)) && n <= 4 && (a & 3) + n <= 4) {
        /* Within one cell: the usual access. */
        unsigned bits = ((1u << n) - 1) << (a & 3), m = *meta;
        if ((m & bits) != bits)
            goto slow;
        if ((kind & (ACC_WRITE | ACC_RMW)) != ACC_WRITE && ((m >> 4) & bits) != bits)
            goto slow;
        if (kind & ACC_WRITE)
            *meta = (uint8_t)(m | bits << 4);
    } else if (on & (CHECK_MEMORY | CHECK_INIT)) {
    slow:;
        uintptr_t end = a + n;
        uint8_t *m = meta;
        int uninit = 0, written = 0;
        uintptr_t first_uninit = 0;
        for (uintptr_t p = a; p < end; p++) {
            if (p != a && !(p & 3))
                m++;
            unsigned i = p & 3;
            if (!META_OK(*m, i)) {
                if (c.space == SP_SHARED &&
                    shared_known(b, (size_t)(p - (uintptr_t)b->arena)) && META_OK(*m, i))
                    goto ok;
                if (on & CHECK_MEMORY)
                    report_memory(&c, p, 0);
                return;
            }
        ok:
            if (META_INIT(*m, i))
                written = 1;
            else if ((kind & (ACC_WRITE | ACC_RMW)) != ACC_WRITE && !uninit) {
                uninit = 1;
                first_uninit = p;
            }
        }
        /* A read of which some bytes were written is taken as a copy of a
         * structure with padding, not reported. */
        if (uninit && !written && (on & CHECK_INIT) && !(kind & ACC_RANGE && kind & ACC_WRITE))
            report_memory(&c, first_uninit, 1);
        if (kind & ACC_WRITE) {
            /* Written now (a read-modify-write's read was reported). */
            m = meta;
            for (uintptr_t p = a; p < end; p++) {
                if (p != a && !(p & 3))
                    m++;
                *m = (uint8_t)(*m | 16u << (p & 3));
            }
        } else if (uninit) {
            /* Reported once: the bytes count as written from now on. */
            m = meta;
            for (uintptr_t p = a; p < end; p++) {
                if (p != a && !(p & 3))
                    m++;
                *m = (uint8_t)(*m | (*m & 0x0f) << 4);
            }
        }
    }
    if (on & CHECK_RACE) {
        c.r.pc = (uint32_t)((uintptr_t)pc - (uintptr_t)__executable_start) & 0x0fffffffu;
        c.base = (uint32_t)b->linear * c.s->nthreads;
        c.vc = &c.s->vc[c.t * 32];
        c.r.tid = (c.base + c.t) & ~ATOMIC_BIT;
        if (kind & ACC_ATOMIC)
            c.r.tid |= ATOMIC_BIT;
        c.r.launch = launch_now(c.s);
        c.r.epoch = epoch_of(b, c.s);
        /* An atomic may synchronize what follows it, not itself: the
         * entry points call simt__check_atomic after this check. */
        c.r.clock = c.vc[c.t % 32];
        c.r.atoms = c.s->acq[c.t] == (uint16_t)(c.r.epoch + 1) ? c.s->natom[c.t] : 0;
        if (!(a & 3) && !(n & 3)) {
            /* Whole cells: the usual access. */
            c.r.bytes = 0xf;
            for (size_t i = 0; i < n / 4; i++)
                race(&c, &cells[i]);
            return;
        }
        size_t ncells = ((a + n + 3) >> 2) - (a >> 2);
        uintptr_t end = a + n;
        for (size_t i = 0; i < ncells; i++) {
            /* The bytes of cell i this access touches. */
            uintptr_t lo = ((a >> 2) + i) << 2, from = lo < a ? a : lo;
            uintptr_t to = lo + 4 < end ? lo + 4 : end;
            c.r.bytes = ((1u << (to - from)) - 1) << (from & 3);
            race(&c, &cells[i]);
        }
    }
}

/* ---- array bounds and frees ------------------------------------------------- */

void simt__check_bounds(const char *file, unsigned line, long long index, const char *type,
                        const void *pc)
{
    /* simtcc's __shared__ arrays (typedefs named simt__sht_N) are left to
     * the shadow's redzones, whose report names the variable and the
     * address. */
    if (!(simt__check_on & CHECK_MEMORY) || strstr(type, "'simt__sht_"))
        return;
    bounds_file = file;
    bounds_line = line;
    char site[512];
    snprintf(site, sizeof site, "%s:%u", file ? file : "?", line);
    if (!report_first(site_key(site), 7 | 1u << 16))
        return;
    struct worker *w = engine_self();
    struct block *b = w ? w->cur : NULL;
    report_lock();
    fprintf(stderr, "simt: error: invalid index %lld of an array of type %s: out of bounds\n",
            index, type);
    if (b && gridDim.x) {
        dim3 bd = b->grid->block_dim;
        fprintf(stderr,
                "simt:     at %s in kernel %s\n"
                "simt:     by thread (%u,%u,%u) in block (%u,%u,%u)\n",
                site, b->grid->name ? b->grid->name : "?", threadIdx.x % bd.x, threadIdx.y,
                threadIdx.z, b->idx.x, b->idx.y, b->idx.z);
    } else {
        fprintf(stderr, "simt:     at %s in host code\n", site);
    }
    (void)pc;
    report_count();
    report_unlock();
}

void check_bad_free(const void *p, const char *api, const void *caller)
{
    if (!(simt__check_on & CHECK_MEMORY))
        return;
    char site[512], where[256];
    report_site(caller, site, sizeof site);
    if (!report_first(site_key(site), 9 | 1u << 16))
        return;
    uintptr_t a = (uintptr_t)p;
    const char *what = "invalid";
    if (a - simt__check_dev_lo < simt__check_dev_span) {
        pthread_mutex_lock(&C.lock);
        const struct dalloc *d = nearest(a);
        if (d && d->start == a && d->freed) {
            what = "double";
            snprintf(where, sizeof where, "is an allocation of %zu bytes freed already",
                     d->size);
        } else if (d && a < d->start + d->size) {
            snprintf(where, sizeof where, "is %zu bytes into an allocation of %zu bytes at %#lx, "
                     "not its start", (size_t)(a - d->start), d->size, (unsigned long)d->start);
        } else {
            snprintf(where, sizeof where, "is in no allocation");
        }
        pthread_mutex_unlock(&C.lock);
    } else {
        snprintf(where, sizeof where, "is not device memory from cudaMalloc");
    }
    report_lock();
    fprintf(stderr,
            "simt: error: %s free: %s(%p)\n"
            "simt:     at %s\n"
            "simt:     address %#lx %s\n",
            what, api, p, site, (unsigned long)a, where);
    report_count();
    report_unlock();
}

void simt__check_misaligned(const char *file, unsigned line, uintptr_t p, const char *type,
                            size_t align, unsigned kind)
{
    struct worker *w = engine_self();
    struct block *b = w ? w->cur : NULL;
    /* Host code may lay data out as it likes (x86 loads anything). */
    if (!(simt__check_on & CHECK_MEMORY) || !b || !gridDim.x)
        return;
    bounds_file = file;
    bounds_line = line;
    char site[512];
    snprintf(site, sizeof site, "%s:%u", file ? file : "?", line);
    if (!report_first(site_key(site), 8 | 1u << 16))
        return;
    const char *space = p - simt__check_dev_lo < simt__check_dev_span ? "__global__ "
                        : p - (uintptr_t)b->arena < b->arena_cap     ? "__shared__ "
                                                                     : "";
    dim3 bd = b->grid->block_dim;
    report_lock();
    fprintf(stderr,
            "simt: error: invalid %s%s of %s: misaligned address\n"
            "simt:     at %s in kernel %s\n"
            "simt:     by thread (%u,%u,%u) in block (%u,%u,%u)\n"
            "simt:     address %#lx is misaligned (%s needs a multiple of %zu)\n",
            space, kind == 0 ? "read" : kind == 1 ? "write" : "use", type, site,
            b->grid->name ? b->grid->name : "?", threadIdx.x % bd.x, threadIdx.y, threadIdx.z,
            b->idx.x, b->idx.y, b->idx.z, (unsigned long)p, type, align);
    report_count();
    report_unlock();
}
