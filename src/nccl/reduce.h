/*
 * reduce.h: NCCL's element-wise reductions over every ncclDataType_t, on
 * the host (device memory is host memory).
 */
#ifndef SIMT_NCCL_REDUCE_H
#define SIMT_NCCL_REDUCE_H

#include <stddef.h>

/* The operations a reduction applies: NCCL's four, its average, and a
 * sum of the inputs each multiplied by a scalar (ncclRedOpCreatePreMulSum). */
enum red_op { RED_SUM, RED_PROD, RED_MAX, RED_MIN, RED_AVG, RED_PREMULSUM };

/* Bytes of one element of an ncclDataType_t, 0 when it is none. */
size_t red_type_size(int type);

/* out[i] = in[0][i] op in[1][i] op ... op in[n-1][i] for i < count, in
 * rank order, each step rounded to the type as on a GPU.  out aliases no
 * input.  RED_AVG divides the sum of integers by n and multiplies floating
 * inputs by 1/n before summing; RED_PREMULSUM multiplies input r by
 * *scalar[r] (one element of the type: each rank's own). */
void red_apply(void *out, const void *const *in, int n, size_t count, int type, enum red_op op,
               const void *const *scalar);

#endif
