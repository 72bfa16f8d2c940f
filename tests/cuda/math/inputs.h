// inputs.h: the fixed arguments of the math tests (edge cases, then a
// deterministic spread), shared by every program of this folder.
#ifndef MATH_TEST_INPUTS_H
#define MATH_TEST_INPUTS_H
#include <cstdio>
#include <cstring>

static const unsigned int float_edge_bits[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u, 0x80800000u,
    0x3f800000u, 0xbf800000u, 0x3f000000u, 0xbf000000u, 0x40000000u, 0x40490fdbu, 0x3fc90fdbu,
    0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fffffffu, 0x3f7fffffu, 0x3f800001u,
    0x2f800000u, 0x3a83126fu, 0x3dcccccdu, 0x3e99999au, 0x3f333333u, 0x3f666666u, 0x3fa00000u,
    0x40200000u, 0x40400000u, 0x40a00000u, 0x41200000u, 0x41a00000u, 0x42200000u, 0x42b17218u,
    0x42c80000u, 0x447a0000u, 0x47c35000u, 0x49742400u, 0x4b800000u, 0x4e6e6b28u, 0x5d5e0b6bu,
    0xc2c80000u, 0xc0a00000u, 0xbfc00000u, 0xbdcccccdu, 0x42fe0000u, 0xc2fe0000u, 0xc2ff0000u,
    0x43000000u, 0xc3160000u, 0x3f8ccccdu, 0x3eaaaaabu, 0x40b4a3d7u, 0x3f3504f3u, 0x3fb504f3u,
    0x3c23d70au, 0xbf7fffffu, 0x4b000001u, 0x4afffffeu, 0x3effffffu, 0x40c90fdbu, 0x4616c000u,
    0xc2b00000u,
};
enum { N_EDGE = sizeof(float_edge_bits) / sizeof(float_edge_bits[0]) };
enum { N_SPREAD = 40, NF = N_EDGE + N_SPREAD };

static unsigned int lcg_state = 12345u;
static unsigned int lcg()
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state;
}
// NF floats: the edge cases, 20 values in [-12, 12], 20 random patterns
// with exponents in [2^-30, 2^30].
static void make_float_inputs(float *v)
{
    lcg_state = 12345u;
    for (int i = 0; i < N_EDGE; i++)
        memcpy(&v[i], &float_edge_bits[i], 4);
    for (int i = 0; i < 20; i++)
        v[N_EDGE + i] = ((float)(lcg() >> 8) / 16777216.0f) * 24.0f - 12.0f;
    for (int i = 0; i < 20; i++) {
        unsigned int u = lcg();
        unsigned int bits = (u & 0x807fffffu) | ((97u + (u >> 8) % 60u) << 23);
        memcpy(&v[N_EDGE + 20 + i], &bits, 4);
    }
}
static void make_double_inputs(double *v)
{
    float f[NF];
    make_float_inputs(f);
    for (int i = 0; i < NF; i++)
        v[i] = (double)f[i];
    // a few double-only patterns in place of float duplicates
    unsigned long long extra[] = {0x0000000000000001ull, 0x7fefffffffffffffull, 0x3ff0000000000001ull,
                                  0x400921fb54442d18ull, 0x3fe6a09e667f3bcdull, 0x40862e42fefa39efull,
                                  0xc0874385446d71c3ull, 0x7fffffffffffffffull, 0x3fb999999999999aull,
                                  0x4415af1d78b58c40ull};
    for (unsigned i = 0; i < sizeof extra / sizeof extra[0]; i++)
        memcpy(&v[N_EDGE + i * 4], &extra[i], 8);
}
static unsigned int fbits(float x) { unsigned int u; memcpy(&u, &x, 4); return u; }
static unsigned long long dbits(double x) { unsigned long long u; memcpy(&u, &x, 8); return u; }
#endif
