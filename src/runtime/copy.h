/*
 * copy.h: transfers as copy.c describes and runs them (struct xfer, in
 * op.h), for the copy calls and for graph memcpy and memset nodes.
 */
#ifndef SIMT_RUNTIME_COPY_H
#define SIMT_RUNTIME_COPY_H

#include "runtime/op.h"

void xfer_run(void *x);
/* The validated transfer of a memcpy node (cudaGraphAddMemcpyNode*): the
 * rules of the asynchronous calls, and count 0 is invalid. */
cudaError_t copy_describe_3d(const struct cudaMemcpy3DParms *p, struct xfer *x);
cudaError_t copy_describe_1d(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                             struct xfer *x);
cudaError_t copy_describe_set(const struct cudaMemsetParams *p, struct xfer *x);

#endif
