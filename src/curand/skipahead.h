/*
 * skipahead.h: libsimt's skip-ahead for the cuRAND device API, which
 * curand_kernel.h declares and calls (see skipahead.c).
 */
#ifndef SIMT_CURAND_SKIPAHEAD_H
#define SIMT_CURAND_SKIPAHEAD_H

/* v <- M^(n 2^log2_unit) v for XORWOW's xorshift words; log2_unit is 0
 * (steps) or 67 (subsequences). */
void simt_curand_xorwow_jump(unsigned int v[5], unsigned long long n, int log2_unit);

/* s1 <- M1^k s1, s2 <- M2^k s2 with k = n 2^log2_unit; log2_unit is 0
 * (steps), 76 (subsequences) or 127 (sequences). */
void simt_curand_mrg_jump(unsigned int s1[3], unsigned int s2[3], unsigned long long n, int log2_unit);

#endif /* SIMT_CURAND_SKIPAHEAD_H */
