/*
 * surface_indirect_functions.h: reads and writes through surface objects
 * (surf1Dread<T> ... surf2DLayeredwrite, surfCubemap*), C++ only.  x counts bytes, as
 * on a GPU; the boundary mode decides what an access outside does
 * (cudaBoundaryModeTrap, the default, is an error the core reports).
 */
#ifndef SIMT_SURFACE_INDIRECT_FUNCTIONS_H
#define SIMT_SURFACE_INDIRECT_FUNCTIONS_H
#pragma GCC system_header

#include "simt/core/texture.h"
#include "surface_types.h"

#ifdef __cplusplus

#define SIMT__SURF static __attribute__((always_inline)) inline
#define SIMT__TRAP cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap

template <class T> SIMT__SURF T surf1Dread(cudaSurfaceObject_t surfObject, int x, SIMT__TRAP)
{
    T r;
    simt_surf_read(surfObject, &r, sizeof r, x, 0, 0, 0, boundaryMode);
    return r;
}
template <class T>
SIMT__SURF void surf1Dread(T *ptr, cudaSurfaceObject_t surfObject, int x, SIMT__TRAP)
{
    simt_surf_read(surfObject, ptr, sizeof *ptr, x, 0, 0, 0, boundaryMode);
}
template <class T>
SIMT__SURF T surf2Dread(cudaSurfaceObject_t surfObject, int x, int y, SIMT__TRAP)
{
    T r;
    simt_surf_read(surfObject, &r, sizeof r, x, y, 0, 0, boundaryMode);
    return r;
}
template <class T>
SIMT__SURF void surf2Dread(T *ptr, cudaSurfaceObject_t surfObject, int x, int y, SIMT__TRAP)
{
    simt_surf_read(surfObject, ptr, sizeof *ptr, x, y, 0, 0, boundaryMode);
}
template <class T>
SIMT__SURF T surf3Dread(cudaSurfaceObject_t surfObject, int x, int y, int z, SIMT__TRAP)
{
    T r;
    simt_surf_read(surfObject, &r, sizeof r, x, y, z, 0, boundaryMode);
    return r;
}
template <class T>
SIMT__SURF void surf3Dread(T *ptr, cudaSurfaceObject_t surfObject, int x, int y, int z,
                           SIMT__TRAP)
{
    simt_surf_read(surfObject, ptr, sizeof *ptr, x, y, z, 0, boundaryMode);
}
template <class T>
SIMT__SURF T surf1DLayeredread(cudaSurfaceObject_t surfObject, int x, int layer, SIMT__TRAP)
{
    T r;
    simt_surf_read(surfObject, &r, sizeof r, x, 0, 0, layer, boundaryMode);
    return r;
}
template <class T>
SIMT__SURF void surf1DLayeredread(T *ptr, cudaSurfaceObject_t surfObject, int x, int layer,
                                  SIMT__TRAP)
{
    simt_surf_read(surfObject, ptr, sizeof *ptr, x, 0, 0, layer, boundaryMode);
}
template <class T>
SIMT__SURF T surf2DLayeredread(cudaSurfaceObject_t surfObject, int x, int y, int layer,
                               SIMT__TRAP)
{
    T r;
    simt_surf_read(surfObject, &r, sizeof r, x, y, 0, layer, boundaryMode);
    return r;
}
template <class T>
SIMT__SURF void surf2DLayeredread(T *ptr, cudaSurfaceObject_t surfObject, int x, int y,
                                  int layer, SIMT__TRAP)
{
    simt_surf_read(surfObject, ptr, sizeof *ptr, x, y, 0, layer, boundaryMode);
}

/* Cubemaps: a face is a layer (face, or 6 * cubemap + face). */
template <class T>
SIMT__SURF T surfCubemapread(cudaSurfaceObject_t surfObject, int x, int y, int face, SIMT__TRAP)
{
    T r;
    simt_surf_read(surfObject, &r, sizeof r, x, y, 0, face, boundaryMode);
    return r;
}
template <class T>
SIMT__SURF void surfCubemapread(T *ptr, cudaSurfaceObject_t surfObject, int x, int y, int face,
                                SIMT__TRAP)
{
    simt_surf_read(surfObject, ptr, sizeof *ptr, x, y, 0, face, boundaryMode);
}
template <class T>
SIMT__SURF T surfCubemapLayeredread(cudaSurfaceObject_t surfObject, int x, int y, int layerface,
                                    SIMT__TRAP)
{
    T r;
    simt_surf_read(surfObject, &r, sizeof r, x, y, 0, layerface, boundaryMode);
    return r;
}
template <class T>
SIMT__SURF void surfCubemapLayeredread(T *ptr, cudaSurfaceObject_t surfObject, int x, int y,
                                       int layerface, SIMT__TRAP)
{
    simt_surf_read(surfObject, ptr, sizeof *ptr, x, y, 0, layerface, boundaryMode);
}

template <class T>
SIMT__SURF void surf1Dwrite(T data, cudaSurfaceObject_t surfObject, int x, SIMT__TRAP)
{
    simt_surf_write(surfObject, &data, sizeof data, x, 0, 0, 0, boundaryMode);
}
template <class T>
SIMT__SURF void surf2Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, SIMT__TRAP)
{
    simt_surf_write(surfObject, &data, sizeof data, x, y, 0, 0, boundaryMode);
}
template <class T>
SIMT__SURF void surf3Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int z,
                            SIMT__TRAP)
{
    simt_surf_write(surfObject, &data, sizeof data, x, y, z, 0, boundaryMode);
}
template <class T>
SIMT__SURF void surf1DLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int layer,
                                   SIMT__TRAP)
{
    simt_surf_write(surfObject, &data, sizeof data, x, 0, 0, layer, boundaryMode);
}
template <class T>
SIMT__SURF void surf2DLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int y,
                                   int layer, SIMT__TRAP)
{
    simt_surf_write(surfObject, &data, sizeof data, x, y, 0, layer, boundaryMode);
}

template <class T>
SIMT__SURF void surfCubemapwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int face,
                                 SIMT__TRAP)
{
    simt_surf_write(surfObject, &data, sizeof data, x, y, 0, face, boundaryMode);
}
template <class T>
SIMT__SURF void surfCubemapLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int y,
                                        int layerface, SIMT__TRAP)
{
    simt_surf_write(surfObject, &data, sizeof data, x, y, 0, layerface, boundaryMode);
}

#undef SIMT__TRAP
#undef SIMT__SURF

#endif /* __cplusplus */

#endif /* SIMT_SURFACE_INDIRECT_FUNCTIONS_H */
