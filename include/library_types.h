/*
 * library_types.h: types the CUDA libraries share.  simt's libraries
 * (cuRAND) use the version query's property type.
 */
#ifndef SIMT_LIBRARY_TYPES_H
#define SIMT_LIBRARY_TYPES_H
#pragma GCC system_header

typedef enum libraryPropertyType_t {
    MAJOR_VERSION,
    MINOR_VERSION,
    PATCH_LEVEL
} libraryPropertyType;

#endif /* SIMT_LIBRARY_TYPES_H */
