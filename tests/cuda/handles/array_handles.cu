// Mipmapped array levels, and texture and surface object handles after
// they are destroyed: destroying twice, describing a destroyed one, and
// one kind's handle given as the other.
//
// Left out: an H100 (CUDA 13, driver 580) crashes (SIGSEGV) on every use
// of a freed array (a second cudaFreeArray, cudaArrayGetInfo, copies, a
// texture object of it) and on a second cudaFreeMipmappedArray; simt
// answers cudaErrorInvalidValue (frees, queries) or
// cudaErrorInvalidResourceHandle (copies, objects).
#include <cstdio>
#include <cstdlib>

#define E(x) printf("%-66s %s\n", #x, cudaGetErrorName(x))

static cudaArray_t make_array(unsigned flags)
{
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a = NULL;
    E(cudaMallocArray(&a, &d, 16, 16, flags));
    return a;
}

static void mipmap_level_freed()
{
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaMipmappedArray_t m;
    cudaArray_t level;
    E(cudaMallocMipmappedArray(&m, &d, make_cudaExtent(16, 16, 0), 3, 0));
    E(cudaGetMipmappedArrayLevel(&level, m, 1));
    E(cudaFreeArray(level));
    E(cudaGetLastError());
    E(cudaGetMipmappedArrayLevel(&level, m, 2));
    E(cudaFreeMipmappedArray(m));
    E(cudaGetLastError());
}

static cudaResourceDesc array_resource(cudaArray_t a)
{
    cudaResourceDesc r = {};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    return r;
}

static void texture_destroy_twice()
{
    cudaArray_t a = make_array(0);
    cudaResourceDesc r = array_resource(a);
    cudaTextureDesc t = {};
    t.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex = 0;
    E(cudaCreateTextureObject(&tex, &r, &t, NULL));
    E(cudaDestroyTextureObject(tex));
    E(cudaDestroyTextureObject(tex));
    E(cudaGetLastError());
    E(cudaGetTextureObjectResourceDesc(&r, tex));
    E(cudaGetTextureObjectTextureDesc(&t, tex));
    E(cudaDestroyTextureObject(0));
    E(cudaGetTextureObjectResourceDesc(&r, 0));
    E(cudaGetLastError());
    E(cudaFreeArray(a));
}

static void surface_destroy_twice()
{
    cudaArray_t a = make_array(cudaArraySurfaceLoadStore);
    cudaResourceDesc r = array_resource(a);
    cudaSurfaceObject_t surf = 0;
    E(cudaCreateSurfaceObject(&surf, &r));
    E(cudaDestroySurfaceObject(surf));
    E(cudaDestroySurfaceObject(surf));
    E(cudaGetLastError());
    E(cudaGetSurfaceObjectResourceDesc(&r, surf));
    E(cudaDestroySurfaceObject(0));
    E(cudaGetSurfaceObjectResourceDesc(&r, 0));
    E(cudaGetLastError());
    E(cudaFreeArray(a));
}

static void object_kinds_crossed()
{
    // A texture object's handle given as a surface object and back.
    cudaArray_t a = make_array(cudaArraySurfaceLoadStore);
    cudaResourceDesc r = array_resource(a);
    cudaTextureDesc t = {};
    cudaTextureObject_t tex = 0;
    cudaSurfaceObject_t surf = 0;
    E(cudaCreateTextureObject(&tex, &r, &t, NULL));
    E(cudaCreateSurfaceObject(&surf, &r));
    E(cudaGetSurfaceObjectResourceDesc(&r, tex));
    E(cudaGetTextureObjectResourceDesc(&r, surf));
    E(cudaGetLastError());
    E(cudaDestroyTextureObject(tex));
    E(cudaDestroySurfaceObject(surf));
    E(cudaFreeArray(a));
}

static void (*const cases[])() = {mipmap_level_freed,     texture_destroy_twice,
                                  surface_destroy_twice, object_kinds_crossed};

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    int n = (int)(sizeof cases / sizeof cases[0]);
    if (argc > 1) {
        int i = atoi(argv[1]);
        if (i < 0 || i >= n)
            return 3;
        cases[i]();
        return 0;
    }
    for (int i = 0; i < n; i++) {
        printf("-- case %d\n", i);
        cases[i]();
    }
    return 0;
}
