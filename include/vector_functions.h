/*
 * vector_functions.h: the make_<type> constructors of the vector types.
 */
#ifndef SIMT_VECTOR_FUNCTIONS_H
#define SIMT_VECTOR_FUNCTIONS_H
#pragma GCC system_header

#include "vector_types.h"

#define SIMT__MK1(name, T) \
    static inline name make_##name(T x) { name r; r.x = x; return r; }
#define SIMT__MK2(name, T) \
    static inline name make_##name(T x, T y) { name r; r.x = x; r.y = y; return r; }
#define SIMT__MK3(name, T) \
    static inline name make_##name(T x, T y, T z) \
    { name r; r.x = x; r.y = y; r.z = z; return r; }
#define SIMT__MK4(name, T) \
    static inline name make_##name(T x, T y, T z, T w) \
    { name r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
#define SIMT__MKALL(base, T) \
    SIMT__MK1(base##1, T) SIMT__MK2(base##2, T) SIMT__MK3(base##3, T) SIMT__MK4(base##4, T)

SIMT__MKALL(char, signed char)
SIMT__MKALL(uchar, unsigned char)
SIMT__MKALL(short, short)
SIMT__MKALL(ushort, unsigned short)
SIMT__MKALL(int, int)
SIMT__MK1(uint1, unsigned int)
SIMT__MK2(uint2, unsigned int)
SIMT__MK4(uint4, unsigned int)
SIMT__MKALL(long, long)
SIMT__MKALL(ulong, unsigned long)
SIMT__MKALL(longlong, long long)
SIMT__MKALL(ulonglong, unsigned long long)
SIMT__MKALL(float, float)
SIMT__MKALL(double, double)
SIMT__MK4(long4_16a, long) SIMT__MK4(long4_32a, long)
SIMT__MK4(ulong4_16a, unsigned long) SIMT__MK4(ulong4_32a, unsigned long)
SIMT__MK4(longlong4_16a, long long) SIMT__MK4(longlong4_32a, long long)
SIMT__MK4(ulonglong4_16a, unsigned long long) SIMT__MK4(ulonglong4_32a, unsigned long long)
SIMT__MK4(double4_16a, double) SIMT__MK4(double4_32a, double)

static inline uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z)
{
    uint3 r;
    r.x = x; r.y = y; r.z = z;
    return r;
}

#undef SIMT__MK1
#undef SIMT__MK2
#undef SIMT__MK3
#undef SIMT__MK4
#undef SIMT__MKALL

#endif /* SIMT_VECTOR_FUNCTIONS_H */
