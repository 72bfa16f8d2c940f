/*
 * surface_types.h: CUDA's surface types.  The boundary and format mode
 * enumerations and cudaSurfaceObject_t are in driver_types.h.
 */
#ifndef SIMT_SURFACE_TYPES_H
#define SIMT_SURFACE_TYPES_H
#pragma GCC system_header

#include "driver_types.h"

#define cudaSurfaceType1D              0x01
#define cudaSurfaceType2D              0x02
#define cudaSurfaceType3D              0x03
#define cudaSurfaceTypeCubemap         0x0C
#define cudaSurfaceType1DLayered       0xF1
#define cudaSurfaceType2DLayered       0xF2
#define cudaSurfaceTypeCubemapLayered  0xFC

#ifdef __cplusplus
extern "C" {
#endif

struct surfaceReference {
    struct cudaChannelFormatDesc channelDesc;
};

#ifdef __cplusplus
}
#endif

#endif /* SIMT_SURFACE_TYPES_H */
