/*
 * op.c: op_submit, where every asynchronous operation meets the choice
 * between a capturing stream's graph and the stream timeline (op.h).
 */
#include "engine/sync.h"
#include "runtime/devrt.h"
#include "runtime/graph.h"
#include "runtime/op.h"
#include "runtime/stream.h"
#include "trace/trace.h"

static enum cudaGraphNodeType node_type(const struct op *op)
{
    switch (op->kind) {
    case OP_KERNEL: return cudaGraphNodeTypeKernel;
    case OP_TRANSFER:
        return op->u.transfer.x.src ? cudaGraphNodeTypeMemcpy : cudaGraphNodeTypeMemset;
    case OP_HOST: return cudaGraphNodeTypeHost;
    case OP_EVENT_RECORD: return cudaGraphNodeTypeEventRecord;
    case OP_EVENT_WAIT: return cudaGraphNodeTypeWaitEvent;
    case OP_ALLOC: return cudaGraphNodeTypeMemAlloc;
    case OP_FREE: return cudaGraphNodeTypeMemFree;
    case OP_MARK: break;
    }
    return cudaGraphNodeTypeEmpty;
}

cudaError_t op_submit(struct CUstream_st *s, struct op *op)
{
    /* Device code captures nothing; its streams follow the device
     * runtime's rules. */
    if (engine_in_kernel())
        return devrt_submit(s, op);
    cudaGraphNode_t node;
    cudaError_t e = capture_op(s, node_type(op), &node);
    if (node) {
        /* capture_op holds the capture until capture_done. */
        if (e == cudaSuccess && (e = graph_node_fill(node, op)) != cudaSuccess)
            capture_op_failed(s, node);
        capture_done();
        return e;
    }
    if (e != cudaSuccess || !op->enqueue)
        return e;
    return trace_submit(s, op);
}
