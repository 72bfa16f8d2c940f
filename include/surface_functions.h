/*
 * surface_functions.h: surface functions, as CUDA's header of that name
 * provides them since CUDA 12 removed surface references: the surface
 * object forms (surface_indirect_functions.h).
 */
#ifndef SIMT_SURFACE_FUNCTIONS_H
#define SIMT_SURFACE_FUNCTIONS_H
#pragma GCC system_header

#include "surface_indirect_functions.h"

#endif /* SIMT_SURFACE_FUNCTIONS_H */
