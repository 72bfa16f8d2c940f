/*
 * check.h: simt's checker (simtcc --check=LIST): racecheck, memcheck and
 * initcheck over shadow memory of simt's own.
 *
 * A checking build compiles the program's .cu files with clang's
 * ThreadSanitizer instrumentation and links libsimt-check.a, whose entry
 * points (__tsan_read4, __tsan_atomic32_fetch_add, ...; src/check/abi/)
 * pass every access that may touch device or shared memory to
 * simt__check_access.  The engine and the runtime tell the checker what
 * only they know (allocations, block starts, shared variables, warp
 * synchronizations, copies) through src/check/hooks.h, whose calls test
 * simt__check_on first: a normal build never enables it and pays one
 * untaken branch at each of those rare points.
 *
 * Invariants: the device arena holds every MEM_DEVICE allocation of a
 * checking run, each followed by a redzone, and its addresses are never
 * reused (a freed allocation stays known for use-after-free reports);
 * a shadow cell describes 4 bytes; a block's shared shadow is reset as the
 * block starts.
 */
#ifndef SIMT_CHECK_CHECK_H
#define SIMT_CHECK_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* What a build checks (simtcc --check=LIST; SIMT_CHECK narrows it). */
enum {
    CHECK_RACE = 1,
    CHECK_MEMORY = 2,
    CHECK_INIT = 4,
    CHECK_SYNC = 8,
    CHECK_ALL = 15
};

/* Kinds of access the entry points pass. */
enum { ACC_READ = 0, ACC_WRITE = 1, ACC_ATOMIC = 2, ACC_RANGE = 4,
       ACC_RMW = 8 /* a write that reads first (x += 1): checked as both */,
       ACC_ALIGNED = 16 /* the compiler assumed natural alignment */ };

/* One access: where (pc, as an offset in the program), who (the thread's
 * linear id in its launch, the top bit for atomics), when (launch, the
 * block's barrier generation, the thread's own warp clock).  launch 0: no
 * access. */
struct rec {
    uint32_t tid, launch;
    uint16_t epoch, clock;
    uint32_t pc : 28;         /* offset in the program (256 MiB of code) */
    uint32_t bytes : 4;       /* which of the cell's bytes it touched */
    uint32_t atoms;           /* the thread's atomics in its epoch before it */
};
/* A shadow cell: the last write, and a read not ordered before the others. */
struct cell {
    struct rec w, r;
};

/* Exported to libsimt-check.a (kept global by the Makefile's API_SYMS). */
extern int simt__check_on;              /* the enabled CHECK_ bits, 0 when off */
extern uintptr_t simt__check_dev_lo;    /* the device arena */
extern uintptr_t simt__check_dev_span;  /* its size; 0 when off */
extern uint8_t *simt__check_dev_meta;   /* its meta bytes, one per 4 bytes */
/* simt__check_dev_span without racecheck, else 0: the entry points check
 * an access from the meta bytes alone below it. */
extern uintptr_t simt__check_fast_span;
/* Counts cudaFree's of device memory: what was addressable and written
 * stays so until the next (tsan_abi.c caches such runs). */
extern unsigned long simt__check_free_gen;
/* An x loop's test that missed its site's first cached run (tsan_abi.c);
 * a site holds CHECK_SITE_RUNS runs (src/compiler/kc_version.c). */
enum { CHECK_SITE_RUNS = 8 };
int simt__check_span_fill(uintptr_t *site, uintptr_t lo, uintptr_t hi, uintptr_t a1, uint64_t n);
/* The running block's shared-memory meta bytes, for the same use (per
 * worker; NULL outside a checked block and with racecheck). */
extern __thread __attribute__((tls_model("initial-exec"))) uint8_t *simt__check_shared_meta;
extern uintptr_t simt__check_sym_lo;    /* the program's data: __device__ variables */
extern uintptr_t simt__check_sym_span;
/* Reads of launch parameters the kernel never writes
 * (src/compiler/kc_readonly.c): the device arena's cells; the span (less
 * 16 bytes) where such a read may skip its check, 0 where it may not
 * (racecheck off, or peers to check); whether the meta bytes must say
 * written too (memcheck or initcheck on); the running block's launch as
 * its read records name it (per worker). */
extern struct cell *simt__check_dev_cells;
extern uintptr_t simt__check_ro_span;
extern int simt__check_ro_meta;
extern __thread __attribute__((tls_model("initial-exec"))) uint32_t simt__check_ro_launch;
/* Whether p is device memory in another allocation than w (w NULL: any
 * device memory). */
int simt__check_apart(const void *p, const void *w);
void simt__check_enable(unsigned mask, int exitcode);
void simt__check_access(uintptr_t a, size_t size, unsigned kind, const void *pc);
/* The same, for the entry points inlined into the program: the access's
 * site is the caller's return address. */
void simt__check_access_here(uintptr_t a, size_t size, unsigned kind);
/* A read of a launch's read-only parameter that simt-kc found apart from
 * what the launch writes (kc_readonly.c), not yet recorded for the
 * launch: recorded (pc NULL: the site is the caller). */
void simt__check_ro_read(uintptr_t a, size_t size, unsigned kind, const void *pc);
void simt__check_kc_barrier(void);
void simt__check_fence(void);
/* An atomic at a done by the running thread (after its own check; load:
 * an atomic load): it may have synchronized with threads of its block, and
 * with other blocks if a is not shared memory. */
void simt__check_atomic(uintptr_t a, int load);
/* An index past a declared array's bound (clang's -fsanitize=array-bounds,
 * src/check/abi/ubsan_abi.c): type is the array's type as clang spells it. */
void simt__check_bounds(const char *file, unsigned line, long long index, const char *type,
                        const void *pc);
/* A pointer p not aligned to align for its type (-fsanitize=alignment);
 * kind: 0 a load, 1 a store, else another use.  Reported in kernels. */
void simt__check_misaligned(const char *file, unsigned line, uintptr_t p, const char *type,
                            size_t align, unsigned kind);
/* cudaFree (api) called from caller with p, which is no live allocation's
 * start: a double or invalid free. */
void check_bad_free(const void *p, const char *api, const void *caller);

struct block;

/* For the runtime and the engine (through hooks.h). */
void *check_dev_alloc(size_t size, int device);
int check_dev_owns(const void *p);
void check_dev_free(const void *p);
void check_written(const void *p, size_t n);
void check_block_start(struct block *b);
void check_block_enter(const struct block *b);
void check_block_release(struct block *b);
/* A static __shared__ variable placed at off; returns its offset in a
 * checking build (after a redzone). */
size_t check_shared_var(const void *ks, size_t off, size_t size, size_t align);
void check_grid_sync(void);
void check_phase(void);
void check_group_sync(struct block *b, unsigned first, unsigned count);
void check_warp_sync(struct block *b, unsigned wi, unsigned mask);
/* Bytes left unused between shared-memory parts, as redzones. */
#define CHECK_SHARED_REDZONE 128

/* report.c */
struct check_where {
    const char *kernel;
    unsigned tid[3], bid[3];
};
void report_lock(void);
void report_unlock(void);
/* Whether the key was not seen before (so: report it). */
int report_first(uint64_t k1, uint64_t k2);
/* file:line of pc in the program's code (the innermost frame not in
 * simt's headers), into buf. */
void report_site(const void *pc, char *buf, size_t len);
/* Whether pc's innermost frame is in simt's headers or the system's
 * (Thrust's host algorithms over device memory). */
int report_in_library(const void *pc);
void report_count(void);
const void *report_pc(uint32_t off);
uint32_t report_pc_off(const void *pc);
/* The name of the program's variable holding addr, into buf ("" if none
 * is known). */
void report_data_name(uintptr_t addr, char *buf, size_t len);

/* Stream races with kernels.  A transfer running for a command with a
 * key (streamrace_running) records its rows in the shadow and is compared
 * with the kernels' records there; check_forget clears the records of
 * memory handed out again (a pool's block). */
void check_transfer(const void *p, size_t n, int write, uint32_t key);
void check_forget(const void *p, size_t n);

/* The runtime's answers (runtime/streamrace.c): whether the command keyed
 * `before` is ordered before the one keyed `after` (1 also when either is
 * unknown), the command a key names with the thread tid of a kernel's
 * (0 when unknown), and the key of the transfer the calling thread runs. */
int streamrace_ordered(uint32_t before, uint32_t after);
int streamrace_describe(uint32_t key, uint32_t tid, char *buf, size_t len);
uint32_t streamrace_running(void);

#endif
