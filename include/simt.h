/*
 * simt.h: the C API of the simt core.
 *
 * This is what code rewritten by simtcc calls, and what a C program can use
 * directly to run a function as a CUDA grid without the driver.  Everything
 * here is stable interface; the runtime's own types stay behind the opaque
 * pointers.
 *
 * Key invariant: a simt_kernel descriptor is statically allocated, one per
 * kernel (per template instantiation), and outlives every launch of it.
 */
#ifndef SIMT_H
#define SIMT_H
#pragma GCC system_header

#include <stddef.h>
#include "driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_VERSION_MAJOR 0
#define SIMT_VERSION_MINOR 1

#if defined(__GNUC__)
#define SIMT_TLS __thread __attribute__((tls_model("initial-exec")))
#define SIMT_LIKELY(x) __builtin_expect(!!(x), 1)
#define SIMT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#error "simt needs GCC or Clang"
#endif

/* ---- kernels --------------------------------------------------------- */

/* One CUDA thread of a launch: runs the kernel body once. */
typedef void (*simt_thread_fn)(void *args);
/* Runs threads of the running block through simt__run until the block has
 * none left to start or the engine must look (see simt_run below). */
typedef void (*simt_range_fn)(void *args);
/* The compiled tier (see simt__kc_block below): runs every thread of the
 * running block, barriers included, and returns 1; returns 0 without
 * running anything when the kernel compiler did not compile it. */
typedef int (*simt_block_fn)(void *args);

typedef struct simt_kernel {
    const char *name;          /* as declared, e.g. "matmul" */
    const char *file;          /* where it is defined */
    int line;
    int max_threads;           /* __launch_bounds__ maxThreadsPerBlock, 0: none */
    int min_blocks;            /* __launch_bounds__ minBlocksPerMultiprocessor */
    unsigned cluster_dims[3];  /* __cluster_dims__, zeros: none */
    const void *fn;            /* the function's address (cudaLaunchKernel key) */
    /* By-pointer launches (cudaLaunchKernel): copy the argument values the
     * caller points to into a new pack, run one thread over a pack, free it. */
    void *(*pack)(void **args);
    void (*run)(const void *fn, void *pack);
    void (*release)(void *pack);
    /* The device runtime's cudaLaunchDevice: a new pack from a parameter
     * buffer, each parameter at the next offset its alignment allows. */
    void *(*pack_params)(const void *buffer);
    struct simt_kernel_state *state; /* owned by the runtime */
} simt_kernel;

/* Makes k known by its function address.  Called at program start by the
 * registration code simtcc emits, possibly before *k is initialized: the
 * registry reads k's fields only when a lookup first needs them. */
void simt_register_kernel(simt_kernel *k);

/* Finds a registered kernel by function address; NULL if none. */
simt_kernel *simt_find_kernel(const void *fn);

/* Launches a grid.  fn(args) runs once per CUDA thread; release(args) runs
 * once after the grid is done (or at once if the launch fails).  k may be
 * NULL for kernels without a descriptor (plain C users).  Returns the
 * cudaError_t of the launch, and records it as CUDA records launch errors. */
cudaError_t simt_launch(simt_kernel *k, dim3 grid, dim3 block, size_t shared_bytes,
                        cudaStream_t stream, simt_thread_fn fn, void *args,
                        void (*release)(void *args));

/* Launch properties beyond <<<>>>'s: clusters (cudaLaunchAttributeClusterDimension
 * or __cluster_dims__) and cooperative launches (grid.sync). */
typedef struct simt_launch_attrs {
    unsigned cluster_dim[3];   /* zeros: the kernel's __cluster_dims__, if any */
    int cooperative;
    simt_range_fn range;       /* a thread loop over args, or NULL: fn per thread */
    simt_block_fn block;       /* the compiled tier's block function, or NULL */
} simt_launch_attrs;

cudaError_t simt_launch_ex(simt_kernel *k, dim3 grid, dim3 block, size_t shared_bytes,
                           cudaStream_t stream, simt_thread_fn fn, void *args,
                           void (*release)(void *args), const simt_launch_attrs *attrs);

/* Memory for a launch's argument pack (launch.hpp), at align; never NULL
 * (without memory for a few bytes the program stops, with a diagnostic).
 * The C library's, not operator new's: see simt_detail::make. */
void *simt__pack_alloc(size_t size, size_t align);
void simt__pack_free(void *p);

/* The kernel probe: a launch through <<<>>> learns which kernel the call
 * expression names by calling it once with simt__probing set; the kernel's
 * prologue answers with its descriptor and returns before its body runs. */
extern SIMT_TLS int simt__probing;
void simt__probe_reply(simt_kernel *k);
void simt__probe_begin(void);
simt_kernel *simt__probe_end(void);

/* The compiled tier's marker.  simtcc's kernel compiler (simt-kc) replaces
 * every call simt__kc_block(thread, args) by a call of a function it builds
 * from thread (one CUDA thread's body, the kernel inlined): loops over the
 * block's threads split at its barriers, returning 1; args NULL asks
 * whether it did, without running anything.  Where it did not (another host
 * compiler, -G, a kernel it cannot prove safe), the call reaches libsimt's
 * definition, which returns 0: the launch runs on the fiber tier. */
int simt__kc_block(void (*thread)(void *), void *args);

/* ---- built-in variables ---------------------------------------------- */

/* Each worker's values for the CUDA thread it is running.  A CUDA thread
 * never changes worker, so the values a thread reads never change under it.
 * Not const: the thread loops of simt/lang/launch.hpp set threadIdx in the
 * program's own code, where the compiler must see the stores. */
extern SIMT_TLS uint3 threadIdx;
extern SIMT_TLS uint3 blockIdx;
extern SIMT_TLS dim3 blockDim;
extern SIMT_TLS dim3 gridDim;

/* The running block's thread loop state, shared between the engine and the
 * loops simt/lang/launch.hpp compiles into each launch (so that a kernel is
 * inlined into the loop that runs its threads).  A loop starts thread
 * `next`, counts returns in `exited`, and hands back to the engine as soon
 * as `events` changed during a thread (it blocked, so other fibers moved
 * on) or after every thread when `notify` is set. */
typedef struct simt_run {
    unsigned next;             /* next thread (linear index) to start */
    unsigned end;              /* threads in the block */
    unsigned bx, by;           /* blockDim.x, blockDim.y */
    unsigned exited;           /* threads that returned since the engine looked */
    unsigned notify;           /* the engine wants each return at once */
    unsigned long events;      /* fiber switches so far */
} simt_run;

extern SIMT_TLS simt_run simt__run;


/* ---- shared memory --------------------------------------------------- */

/* One static __shared__ declaration.  Its offset in the arena is fixed per
 * kernel on first use, in first-use order. */
typedef struct simt_shared_site {
    const void *owner;   /* kernel whose layout offset belongs to */
    size_t offset;
} simt_shared_site;

/* The running block's arena: the dynamic part starts at dynamic_base,
 * statics at static_base + their offset. */
typedef struct simt_block_arena {
    const void *kernel;
    char *static_base;
    char *dynamic_base;
} simt_block_arena;

extern SIMT_TLS simt_block_arena simt__arena;

void *simt__shared_static_slow(simt_shared_site *s, size_t size, size_t align);

#ifdef __SIMT_KC__
/* Under the kernel compiler the lookup is one call it can see: the address
 * is the same for every thread of a block, so a compiled block computes it
 * once; simt-kc turns every call into simt__shared_static_inline's code. */
void *simt_shared_static(simt_shared_site *s, size_t size, size_t align);
#define SIMT__SHARED_INLINE __attribute__((used)) static inline
#else
#define SIMT__SHARED_INLINE static inline
#define simt__shared_static_inline simt_shared_static
#endif

SIMT__SHARED_INLINE void *simt__shared_static_inline(simt_shared_site *s, size_t size, size_t align)
{
    if (SIMT_LIKELY(__atomic_load_n(&s->owner, __ATOMIC_ACQUIRE) == simt__arena.kernel))
        return simt__arena.static_base + s->offset;
    return simt__shared_static_slow(s, size, align);
}

static inline void *simt_shared_dynamic(void)
{
    return simt__arena.dynamic_base;
}

#ifdef __cplusplus
}
#endif

#endif /* SIMT_H */
