/*
 * vector_types.h: CUDA's built-in vector types (char1 ... double4, dim3).
 *
 * Usable from C and C++.  Sizes and alignments are those the CUDA
 * programming guide tabulates ("Built-in Vector Types"), so structures that
 * embed them have the layout they have under nvcc.
 */
#ifndef SIMT_VECTOR_TYPES_H
#define SIMT_VECTOR_TYPES_H
/* NVIDIA's guard macro: programs test it to know the header is in. */
#define __VECTOR_TYPES_H__
#pragma GCC system_header

#define SIMT__VEC1(name, T, al) \
    typedef struct __attribute__((aligned(al))) name { T x; } name
#define SIMT__VEC2(name, T, al) \
    typedef struct __attribute__((aligned(al))) name { T x, y; } name
#define SIMT__VEC3(name, T) \
    typedef struct name { T x, y, z; } name
#define SIMT__VEC4(name, T, al) \
    typedef struct __attribute__((aligned(al))) name { T x, y, z, w; } name

SIMT__VEC1(char1, signed char, 1);
SIMT__VEC2(char2, signed char, 2);
SIMT__VEC3(char3, signed char);
SIMT__VEC4(char4, signed char, 4);
SIMT__VEC1(uchar1, unsigned char, 1);
SIMT__VEC2(uchar2, unsigned char, 2);
SIMT__VEC3(uchar3, unsigned char);
SIMT__VEC4(uchar4, unsigned char, 4);
SIMT__VEC1(short1, short, 2);
SIMT__VEC2(short2, short, 4);
SIMT__VEC3(short3, short);
SIMT__VEC4(short4, short, 8);
SIMT__VEC1(ushort1, unsigned short, 2);
SIMT__VEC2(ushort2, unsigned short, 4);
SIMT__VEC3(ushort3, unsigned short);
SIMT__VEC4(ushort4, unsigned short, 8);
SIMT__VEC1(int1, int, 4);
SIMT__VEC2(int2, int, 8);
SIMT__VEC3(int3, int);
SIMT__VEC4(int4, int, 16);
SIMT__VEC1(uint1, unsigned int, 4);
SIMT__VEC2(uint2, unsigned int, 8);
SIMT__VEC4(uint4, unsigned int, 16);
SIMT__VEC1(long1, long, 8);
SIMT__VEC2(long2, long, 16);
SIMT__VEC3(long3, long);
SIMT__VEC4(long4, long, 16);
SIMT__VEC4(long4_16a, long, 16);
SIMT__VEC4(long4_32a, long, 32);
SIMT__VEC1(ulong1, unsigned long, 8);
SIMT__VEC2(ulong2, unsigned long, 16);
SIMT__VEC3(ulong3, unsigned long);
SIMT__VEC4(ulong4, unsigned long, 16);
SIMT__VEC4(ulong4_16a, unsigned long, 16);
SIMT__VEC4(ulong4_32a, unsigned long, 32);
SIMT__VEC1(longlong1, long long, 8);
SIMT__VEC2(longlong2, long long, 16);
SIMT__VEC3(longlong3, long long);
SIMT__VEC4(longlong4, long long, 16);
SIMT__VEC4(longlong4_16a, long long, 16);
SIMT__VEC4(longlong4_32a, long long, 32);
SIMT__VEC1(ulonglong1, unsigned long long, 8);
SIMT__VEC2(ulonglong2, unsigned long long, 16);
SIMT__VEC3(ulonglong3, unsigned long long);
SIMT__VEC4(ulonglong4, unsigned long long, 16);
SIMT__VEC4(ulonglong4_16a, unsigned long long, 16);
SIMT__VEC4(ulonglong4_32a, unsigned long long, 32);
SIMT__VEC1(float1, float, 4);
SIMT__VEC2(float2, float, 8);
SIMT__VEC3(float3, float);
SIMT__VEC4(float4, float, 16);
SIMT__VEC1(double1, double, 8);
SIMT__VEC2(double2, double, 16);
SIMT__VEC3(double3, double);
SIMT__VEC4(double4, double, 16);
SIMT__VEC4(double4_16a, double, 16);
SIMT__VEC4(double4_32a, double, 32);

/* uint3 and dim3 carry the built-in index variables; dim3 defaults unset
 * components to 1 (CUDA guide, "dim3"). */
typedef struct uint3 {
    unsigned int x, y, z;
#ifdef __cplusplus
    /* Aggregate in C++ too, as nvcc has it: uint3{1, 2, 3}. */
#endif
} uint3;

typedef struct dim3 {
    unsigned int x, y, z;
#ifdef __cplusplus
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
#endif
} dim3;

#undef SIMT__VEC1
#undef SIMT__VEC2
#undef SIMT__VEC3
#undef SIMT__VEC4

#endif /* SIMT_VECTOR_TYPES_H */
