/* builtin_types.h: the runtime's built-in types, as CUDA's header groups them. */
#ifndef SIMT_BUILTIN_TYPES_H
#define SIMT_BUILTIN_TYPES_H
#include "driver_types.h"
#include "vector_types.h"
#endif
