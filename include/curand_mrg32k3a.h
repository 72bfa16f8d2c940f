/*
 * curand_mrg32k3a.h: in cuRAND, the MRG32k3a skip-ahead tables that
 * curand_kernel.h uses; here those powers are computed by libsimt, and the
 * header stands for the device API that uses them.
 */
#pragma GCC system_header
#include "curand_kernel.h"
