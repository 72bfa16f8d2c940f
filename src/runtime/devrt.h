/*
 * devrt.h: the device runtime's streams and launch rules (CUDA guide
 * 5.6.4), for work that a kernel's threads submit (devrt.c).
 *
 * A grid is complete once its blocks are, every grid and operation its
 * threads submitted to ordinary, NULL or fire-and-forget streams is, and
 * then each of its tail launches has run, one after another, to its own
 * completion.  Its command (and so the next command of its stream) waits
 * for all of it.  `holds` counts what the grid still waits for before its
 * tail launches: 1 for its blocks, one per child grid or operation.
 *
 * Streams of device code: the NULL stream (and cudaStreamPerThread) is the
 * launching block's own, so launches of different blocks are not ordered;
 * cudaStreamFireAndForget orders a launch after nothing; a tail launch
 * waits in the grid's tail queue.
 */
#ifndef SIMT_RUNTIME_DEVRT_H
#define SIMT_RUNTIME_DEVRT_H

#include "runtime/runtime.h"

struct grid;
struct cmd;
struct op;
struct CUstream_st;

/* Whether h is a named stream of the device runtime (tail launch, fire
 * and forget, and the graph ones) while device code runs. */
int devrt_named(cudaStream_t h);
/* The running block's NULL stream (made at its first use), or NULL when
 * out of memory; stream_resolve's answer for 0 and cudaStreamPerThread in
 * device code. */
struct CUstream_st *devrt_block_stream(void);
/* The running CUDA thread's cudaStreamPerThread in device code: an H100
 * does not order it with the block's NULL stream. */
struct CUstream_st *devrt_thread_stream(void);
/* What stream_resolve gives device code for cudaStreamTailLaunch: a mark,
 * no stream; devrt_submit queues a copy or set in it as a tail launch. */
struct CUstream_st *devrt_tail_mark(void);
/* The stream of the running grid's fire-and-forget copies and sets (they
 * are ordered after nothing else; one stream for all of them orders them
 * among themselves only, which nothing can tell), or NULL. */
struct CUstream_st *devrt_ff_stream(void);
/* Submits op from device code: a kernel's command goes where its stream
 * handle says (devrt_launch); any other operation runs in stream s and
 * the running grid waits for it. */
cudaError_t devrt_submit(struct CUstream_st *s, struct op *op);
/* Grid command c, launched by a thread of `parent` into stream handle h:
 * enqueued, or queued as a tail launch; cudaSuccess, or the launch's
 * error with c still the caller's. */
cudaError_t devrt_launch(struct grid *parent, struct cmd *c, cudaStream_t h);
/* A grid launched from device code (g->parent set) begins: it no longer
 * counts against cudaLimitDevRuntimePendingLaunchCount. */
void devrt_started(struct grid *g);
/* One thing g waited for is done (its blocks, a child); the last one
 * starts its next tail launch or completes it. */
void devrt_release_hold(struct grid *g);

/* cudaGraphLaunch in device code (CUDA guide, "Device Graph Launch"): x,
 * instantiated for device launch and uploaded, launched by a kernel of a
 * graph into one of the graph streams. */
cudaError_t devrt_graph_launch(cudaGraphExec_t x, cudaStream_t h);

/* ---- the device heap (devheap.c) ------------------------------------------ */

/* cudaMalloc in device code: size bytes of the device malloc heap
 * (cudaLimitMallocHeapSize), cudaErrorMemoryAllocation when it is full. */
cudaError_t devheap_malloc(void **out, size_t size, const void *caller);
/* Whether p is an allocation of the device heap. */
int devheap_owns(const void *p);
/* cudaFree in device code: 1 with *e the result when p is the heap's,
 * else 0. */
int devheap_free(void *p, cudaError_t *e);
/* cudaDeviceReset: the heap forgets its allocations (memory.c's go too). */
void devheap_reset(void);

#endif
