// create_errors.cu: what cudaCreateTextureObject, cudaCreateSurfaceObject
// and the object getters return for each invalid argument, and which
// unusual but valid descriptors they accept.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static void report(const char *what, cudaError_t e)
{
    cudaError_t last = cudaGetLastError();
    printf("%-44s %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(last));
}

static cudaResourceDesc linear(void *p, cudaChannelFormatDesc d, size_t bytes)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = p;
    rd.res.linear.desc = d;
    rd.res.linear.sizeInBytes = bytes;
    return rd;
}

static cudaResourceDesc pitch2d(void *p, cudaChannelFormatDesc d, size_t w, size_t h, size_t pitch)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypePitch2D;
    rd.res.pitch2D.devPtr = p;
    rd.res.pitch2D.desc = d;
    rd.res.pitch2D.width = w;
    rd.res.pitch2D.height = h;
    rd.res.pitch2D.pitchInBytes = pitch;
    return rd;
}

static cudaResourceDesc array(cudaArray_t a)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    return rd;
}

static void try_texture(const char *what, const cudaResourceDesc *rd, const cudaTextureDesc *td)
{
    cudaTextureObject_t t = 0;
    cudaError_t e = cudaCreateTextureObject(&t, rd, td, NULL);
    report(what, e);
    if (e == cudaSuccess)
        CHECK(cudaDestroyTextureObject(t));
}

int main()
{
    char *dev;
    CHECK(cudaMalloc(&dev, 1 << 16));
    cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
    cudaChannelFormatDesc i1 = cudaCreateChannelDesc<int>();
    cudaChannelFormatDesc u1 = cudaCreateChannelDesc<unsigned char>();
    cudaChannelFormatDesc f3 = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    cudaTextureObject_t t = 0;

    cudaResourceDesc rd = linear(dev, f1, 1024);
    report("null object pointer", cudaCreateTextureObject(NULL, &rd, &td, NULL));
    report("null resource", cudaCreateTextureObject(&t, NULL, &td, NULL));
    report("null texture descriptor", cudaCreateTextureObject(&t, &rd, NULL, NULL));
    try_texture("linear", &rd, &td);
    rd = linear(dev + 4, f1, 1024);
    try_texture("linear, pointer 4 bytes off", &rd, &td);
    rd = linear(dev + 256, f1, 1024);
    try_texture("linear, pointer 256 bytes off", &rd, &td);
    rd = linear(dev + 512, f1, 1024);
    try_texture("linear, pointer 512 bytes off", &rd, &td);
    rd = linear(dev, f1, 0);
    try_texture("linear, size 0", &rd, &td);
    rd = linear(dev, f1, 1022);
    try_texture("linear, size not a multiple of the texel", &rd, &td);
    rd = linear(NULL, f1, 1024);
    try_texture("linear, null pointer", &rd, &td);
    rd = linear(dev, f3, 1020);
    try_texture("linear, three channels", &rd, &td);
    rd = linear(dev, f1, 1024);
    td.filterMode = cudaFilterModeLinear;
    td.normalizedCoords = 1;
    td.addressMode[0] = cudaAddressModeWrap;
    try_texture("linear, linear filter and normalized", &rd, &td);
    memset(&td, 0, sizeof td);
    rd = linear(dev, i1, 1024);
    td.filterMode = cudaFilterModeLinear;
    try_texture("linear, int texels, linear filter", &rd, &td);
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeNormalizedFloat;
    try_texture("linear, int texels, normalized read", &rd, &td);
    rd = linear(dev, f1, 1024);
    try_texture("linear, float texels, normalized read", &rd, &td);
    memset(&td, 0, sizeof td);

    rd = pitch2d(dev, f1, 16, 8, 64);
    try_texture("pitch2D", &rd, &td);
    rd = pitch2d(dev, f1, 10, 8, 40);
    try_texture("pitch2D, pitch 40", &rd, &td);
    rd = pitch2d(dev + 32, f1, 16, 8, 64);
    try_texture("pitch2D, pointer 32 bytes off", &rd, &td);
    rd = pitch2d(dev + 4, f1, 16, 8, 64);
    try_texture("pitch2D, pointer 4 bytes off", &rd, &td);
    rd = pitch2d(dev, f1, 17, 8, 64);
    try_texture("pitch2D, row wider than the pitch", &rd, &td);
    rd = pitch2d(dev, f1, 16, 0, 64);
    try_texture("pitch2D, height 0", &rd, &td);
    rd = pitch2d(dev, f1, 0, 8, 64);
    try_texture("pitch2D, width 0", &rd, &td);

    cudaArray_t fa, ia, ua, plain;
    CHECK(cudaMallocArray(&fa, &f1, 8, 8, cudaArraySurfaceLoadStore));
    CHECK(cudaMallocArray(&ia, &i1, 8, 8));
    CHECK(cudaMallocArray(&ua, &u1, 8));
    CHECK(cudaMallocArray(&plain, &f1, 8, 8));
    rd = array(ia);
    td.filterMode = cudaFilterModeLinear;
    try_texture("array, int texels, linear filter", &rd, &td);
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeNormalizedFloat;
    try_texture("array, int texels, normalized read", &rd, &td);
    rd = array(ua);
    td.filterMode = cudaFilterModeLinear;
    try_texture("array, uchar texels, normalized read, linear", &rd, &td);
    td.readMode = cudaReadModeElementType;
    try_texture("array, uchar texels, element read, linear", &rd, &td);
    memset(&td, 0, sizeof td);
    rd = array(NULL);
    try_texture("array, null array", &rd, &td);
    rd = array(fa);
    rd.resType = (cudaResourceType)7;
    try_texture("resource type 7", &rd, &td);
    rd = array(fa);
    td.addressMode[0] = (cudaTextureAddressMode)9;
    try_texture("address mode 9", &rd, &td);
    memset(&td, 0, sizeof td);
    td.filterMode = (cudaTextureFilterMode)5;
    try_texture("filter mode 5", &rd, &td);
    memset(&td, 0, sizeof td);
    td.readMode = (cudaTextureReadMode)4;
    try_texture("read mode 4", &rd, &td);
    memset(&td, 0, sizeof td);
    rd.flags = 1;
    try_texture("resource flags 1", &rd, &td);
    rd.flags = 0;

    cudaSurfaceObject_t s = 0;
    rd = array(fa);
    cudaError_t e = cudaCreateSurfaceObject(&s, &rd);
    report("surface", e);
    cudaResourceDesc back;
    memset(&back, 0, sizeof back);
    report("surface resource", cudaGetSurfaceObjectResourceDesc(&back, s));
    printf("  type %d same array %d\n", (int)back.resType, back.res.array.array == fa);
    report("destroy surface", cudaDestroySurfaceObject(s));
    rd = array(plain);
    report("surface, array without load/store",
           cudaCreateSurfaceObject(&s, &rd));
    rd = linear(dev, f1, 1024);
    report("surface, linear memory", cudaCreateSurfaceObject(&s, &rd));
    report("surface, null resource", cudaCreateSurfaceObject(&s, NULL));
    report("surface, null object pointer", cudaCreateSurfaceObject(NULL, &rd));

    report("destroy texture 0", cudaDestroyTextureObject(0));
    report("destroy surface 0", cudaDestroySurfaceObject(0));
    report("resource of texture 0", cudaGetTextureObjectResourceDesc(&back, 0));
    cudaTextureDesc tb;
    report("descriptor of texture 0", cudaGetTextureObjectTextureDesc(&tb, 0));
    rd = array(fa);
    CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    report("resource into null", cudaGetTextureObjectResourceDesc(NULL, t));
    CHECK(cudaDestroyTextureObject(t));

    CHECK(cudaFreeArray(fa));
    CHECK(cudaFreeArray(ia));
    CHECK(cudaFreeArray(ua));
    CHECK(cudaFreeArray(plain));
    CHECK(cudaFree(dev));
    return 0;
}
