/*
 * test_compat.c: what classic programs (PolyBench-ACC, Rodinia) need beyond
 * CUDA 13's surface: symbols named by a string (CUDA 4's
 * cudaMemcpyToSymbol("name", ...)).
 */
#include <string.h>

#include "cuda_runtime_api.h"
#include "test.h"

#define EXPECT(call, code) ASSERT_EQ((call), (code))

/* Variables the tests name by string; not static, so the names are in the
 * symbol table as a __constant__ variable's are. */
float compat_c_table[4];
int compat_counter;
static const char not_an_identifier[] = "no name here";

TEST(symbol_by_name_copies)
{
    float in[4] = {1.5f, 2.5f, 3.5f, 4.5f}, out[4] = {0};
    EXPECT(cudaMemcpyToSymbol("compat_c_table", in, sizeof in, 0, cudaMemcpyHostToDevice),
           cudaSuccess);
    ASSERT(memcmp(compat_c_table, in, sizeof in) == 0);
    EXPECT(cudaMemcpyFromSymbol(out, "compat_c_table", 2 * sizeof(float), 2 * sizeof(float),
                                cudaMemcpyDeviceToHost),
           cudaSuccess);
    ASSERT(out[0] == 3.5f && out[1] == 4.5f);
    /* The variable's size bounds the copy, as for a symbol by address. */
    EXPECT(cudaMemcpyToSymbol("compat_c_table", in, sizeof in, 4, cudaMemcpyHostToDevice),
           cudaErrorInvalidValue);
    int v = 42;
    EXPECT(cudaMemcpyToSymbolAsync("compat_counter", &v, sizeof v, 0, cudaMemcpyHostToDevice, 0),
           cudaSuccess);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(compat_counter, 42);
}

TEST(symbol_by_name_address_and_size)
{
    void *p = NULL;
    size_t n = 0;
    EXPECT(cudaGetSymbolAddress(&p, "compat_c_table"), cudaSuccess);
    ASSERT(p == (void *)compat_c_table);
    EXPECT(cudaGetSymbolSize(&n, "compat_c_table"), cudaSuccess);
    ASSERT_EQ(n, sizeof compat_c_table);
    /* Found by name once, the variable is known by its address too. */
    EXPECT(cudaGetSymbolSize(&n, compat_c_table), cudaSuccess);
    ASSERT_EQ(n, sizeof compat_c_table);
}

TEST(symbol_by_name_unknown)
{
    float in[1] = {0};
    void *p;
    cudaGetLastError();
    EXPECT(cudaMemcpyToSymbol("compat_no_such_variable", in, sizeof in, 0,
                              cudaMemcpyHostToDevice),
           cudaErrorInvalidSymbol);
    EXPECT(cudaGetLastError(), cudaErrorInvalidSymbol);
    EXPECT(cudaGetSymbolAddress(&p, "compat_no_such_variable"), cudaErrorInvalidSymbol);
    /* Read-only memory that holds no identifier is no name: it is looked
     * up by address, and no variable starts there. */
    EXPECT(cudaMemcpyToSymbol(not_an_identifier, in, sizeof in, 0, cudaMemcpyHostToDevice),
           cudaErrorInvalidSymbol);
}

/* ---- graphics interop: no graphics device, no resource ------------------- */

/* cuda_gl_interop.h needs OpenGL's headers, as CUDA's does. */
#if defined(__has_include)
#if __has_include(<GL/gl.h>)
#define HAVE_GL_HEADERS 1
#endif
#endif

#ifdef HAVE_GL_HEADERS
#include "cuda_gl_interop.h"

TEST(gl_interop_has_no_resources)
{
    struct cudaGraphicsResource *r = NULL;
    void *p = NULL;
    size_t n = 0;
    unsigned count = 7;
    int devs[4];
    cudaGetLastError();
    EXPECT(cudaGraphicsGLRegisterBuffer(&r, 1, cudaGraphicsRegisterFlagsNone),
           cudaErrorInvalidGraphicsContext);
    EXPECT(cudaGraphicsGLRegisterImage(&r, 1, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsNone),
           cudaErrorInvalidGraphicsContext);
    ASSERT(r == NULL);
    EXPECT(cudaGLGetDevices(&count, devs, 4, cudaGLDeviceListAll), cudaErrorNoDevice);
    ASSERT_EQ(count, 0);
    cudaGraphicsResource_t none = (cudaGraphicsResource_t)&count;
    EXPECT(cudaGraphicsMapResources(1, &none, 0), cudaErrorInvalidResourceHandle);
    EXPECT(cudaGraphicsResourceGetMappedPointer(&p, &n, none), cudaErrorInvalidResourceHandle);
    EXPECT(cudaGraphicsUnregisterResource(none), cudaErrorInvalidResourceHandle);
    EXPECT(cudaGraphicsMapResources(0, NULL, 0), cudaErrorInvalidValue);
    EXPECT(cudaGLSetGLDevice(0), cudaSuccess);
    EXPECT(cudaGetLastError(), cudaErrorInvalidValue);
}
#endif
