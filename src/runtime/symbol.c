/*
 * symbol.c: copies to and from __device__ and __constant__ variables, and
 * their addresses and sizes.
 *
 * Under simt such a variable is an ordinary global: its address is its
 * device address.  The C++ overloads in cuda_runtime.h pass the address
 * and sizeof (simt__symbol_*); the C entry points taking `const void
 * *symbol` know only the address and accept what simt_register_symbol, or
 * an earlier use through an overload, made known.  A symbol is named by
 * its start only, as on a GPU.
 */
#include <stdint.h>

#include "runtime/memory.h"
#include "runtime/runtime.h"

static char *writable(const void *p)
{
    return (char *)(uintptr_t)p;
}

/* An H200 checks a symbol copy in this order: count 0 succeeds, then the
 * kind (only a copy into the symbol from host or device, or Default:
 * cudaErrorInvalidMemcpyDirection otherwise), then the symbol's bounds;
 * the other side is then checked as cudaMemcpy checks it. */
static cudaError_t copy_to(const void *sym, size_t symsize, const void *src, size_t count,
                           size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream, int async)
{
    if (count == 0)
        return cudaSuccess;
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
        kind != cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (offset > symsize || count > symsize - offset)
        return cudaErrorInvalidValue;
    char *dst = writable(sym) + offset;
    return async ? cudaMemcpyAsync(dst, src, count, kind, stream)
                 : cudaMemcpy(dst, src, count, kind);
}

static cudaError_t copy_from(void *dst, const void *sym, size_t symsize, size_t count,
                             size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream,
                             int async)
{
    if (count == 0)
        return cudaSuccess;
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
        kind != cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (offset > symsize || count > symsize - offset)
        return cudaErrorInvalidValue;
    const char *src = (const char *)sym + offset;
    return async ? cudaMemcpyAsync(dst, src, count, kind, stream)
                 : cudaMemcpy(dst, src, count, kind);
}

/* ---- the C++ overloads' entry points -------------------------------------- */

cudaError_t simt__symbol_copy_to(const void *sym, size_t symsize, const void *src, size_t count,
                                 size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream,
                                 int async)
{
    API_ENTER();
    size_t size;
    cudaError_t e = mem_symbol_note(sym, symsize, &size);
    if (e == cudaSuccess)
        e = copy_to(sym, size, src, count, offset, kind, stream, async);
    return api_return(e);
}

cudaError_t simt__symbol_copy_from(void *dst, const void *sym, size_t symsize, size_t count,
                                   size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream,
                                   int async)
{
    API_ENTER();
    size_t size;
    cudaError_t e = mem_symbol_note(sym, symsize, &size);
    if (e == cudaSuccess)
        e = copy_from(dst, sym, size, count, offset, kind, stream, async);
    return api_return(e);
}

cudaError_t simt__symbol_address(void **devPtr, const void *sym, size_t symsize)
{
    API_ENTER();
    /* A GPU's runtime writes through a NULL devPtr and crashes. */
    if (!devPtr)
        return api_return(cudaErrorInvalidValue);
    size_t size;
    cudaError_t e = mem_symbol_note(sym, symsize, &size);
    if (e != cudaSuccess)
        return api_return(e);
    *devPtr = writable(sym);
    return cudaSuccess;
}

/* ---- the C entry points ---------------------------------------------------- */

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    API_ENTER();
    size_t size;
    if (!mem_symbol_find(symbol, &size))
        return api_return(cudaErrorInvalidSymbol);
    return api_return(copy_to(symbol, size, src, count, offset, kind, NULL, 0));
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    API_ENTER();
    size_t size;
    if (!mem_symbol_find(symbol, &size))
        return api_return(cudaErrorInvalidSymbol);
    return api_return(copy_from(dst, symbol, size, count, offset, kind, NULL, 0));
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    API_ENTER();
    size_t size;
    if (!mem_symbol_find(symbol, &size))
        return api_return(cudaErrorInvalidSymbol);
    return api_return(copy_to(symbol, size, src, count, offset, kind, stream, 1));
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream)
{
    API_ENTER();
    size_t size;
    if (!mem_symbol_find(symbol, &size))
        return api_return(cudaErrorInvalidSymbol);
    return api_return(copy_from(dst, symbol, size, count, offset, kind, stream, 1));
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
    API_ENTER();
    if (!devPtr)
        return api_return(cudaErrorInvalidValue);
    if (!mem_symbol_find(symbol, NULL))
        return api_return(cudaErrorInvalidSymbol);
    *devPtr = writable(symbol);
    return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    API_ENTER();
    if (!size)
        return api_return(cudaErrorInvalidValue);
    size_t n;
    if (!mem_symbol_find(symbol, &n))
        return api_return(cudaErrorInvalidSymbol);
    *size = n;
    return cudaSuccess;
}
