/*
 * curand_mtgp32dc_p_11213.h: where cuRAND keeps its 200 MTGP32 parameter
 * sets for period 2^11213 - 1.  simt does not provide them
 * (docs/COMPATIBILITY.md); the table is declared so that a program naming
 * it stops at compile time with what to do instead.
 */
#ifndef SIMT_CURAND_MTGP32DC_P_11213_H
#define SIMT_CURAND_MTGP32DC_P_11213_H
#define CURAND_MTGP32DC_P_11213_H
#pragma GCC system_header

#include "curand_mtgp32.h"

extern mtgp32_params_fast_t mtgp32dc_params_fast_11213[] __attribute__((
    unavailable("simt does not provide cuRAND's MTGP32 parameter table; pass mtgp32_params_fast_t sets of your own "
                "to curandMakeMTGP32Constants and curandMakeMTGP32KernelState")));

#endif /* SIMT_CURAND_MTGP32DC_P_11213_H */
