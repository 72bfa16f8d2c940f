/*
 * driver_functions.h: CUDA's constructors of the 3D copy structures
 * (make_cudaPitchedPtr, make_cudaPos, make_cudaExtent), usable from C and
 * C++.
 */
#ifndef SIMT_DRIVER_FUNCTIONS_H
#define SIMT_DRIVER_FUNCTIONS_H
#pragma GCC system_header

#include <stddef.h>
#include "driver_types.h"

static inline struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz)
{
    struct cudaPitchedPtr s;
    s.ptr = d;
    s.pitch = p;
    s.xsize = xsz;
    s.ysize = ysz;
    return s;
}

static inline struct cudaPos make_cudaPos(size_t x, size_t y, size_t z)
{
    struct cudaPos p;
    p.x = x;
    p.y = y;
    p.z = z;
    return p;
}

static inline struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d)
{
    struct cudaExtent e;
    e.width = w;
    e.height = h;
    e.depth = d;
    return e;
}

#endif /* SIMT_DRIVER_FUNCTIONS_H */
