// surfaces.cu: surface objects over arrays: surf1D/2D/3D and layered
// reads and writes (x in bytes), clamp and zero boundary modes for reads
// and writes out of range, reads of another type, uchar4 texels.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static cudaSurfaceObject_t surface_of(cudaArray_t a)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaSurfaceObject_t s = 0;
    CHECK(cudaCreateSurfaceObject(&s, &rd));
    return s;
}

__global__ void fill2d(cudaSurfaceObject_t s)
{
    int x = threadIdx.x, y = threadIdx.y;
    surf2Dwrite(x + 10.0f * y, s, x * 4, y);
}

struct Access { int x, y; float v; };

// One thread, in order: the writes land where the boundary mode puts them.
__global__ void write_list(cudaSurfaceObject_t s, const Access *a, int n, int mode)
{
    for (int i = 0; i < n; i++)
        surf2Dwrite(a[i].v, s, a[i].x, a[i].y, (cudaSurfaceBoundaryMode)mode);
}

__global__ void read_list(cudaSurfaceObject_t s, const Access *a, int n, int mode, float *out,
                          int *bits)
{
    for (int i = 0; i < n; i++) {
        out[i] = surf2Dread<float>(s, a[i].x, a[i].y, (cudaSurfaceBoundaryMode)mode);
        surf2Dread(&bits[i], s, a[i].x, a[i].y, (cudaSurfaceBoundaryMode)mode);
    }
}

__global__ void surf1d(cudaSurfaceObject_t s, unsigned *out)
{
    int i = threadIdx.x;
    surf1Dwrite(0x1000u + i, s, i * 4);
    __syncthreads();
    if (i == 0) {
        surf1Dwrite(0xaaaau, s, -4, cudaBoundaryModeClamp);
        surf1Dwrite(0xbbbbu, s, 8 * 4, cudaBoundaryModeClamp);
        surf1Dwrite(0xccccu, s, 9 * 4, cudaBoundaryModeZero);
    }
    __syncthreads();
    out[i] = surf1Dread<unsigned>(s, i * 4);
    out[8 + i] = surf1Dread<unsigned>(s, (i - 4) * 4, cudaBoundaryModeClamp);
    out[16 + i] = surf1Dread<unsigned>(s, (i + 4) * 4, cudaBoundaryModeZero);
}

__global__ void surf3d(cudaSurfaceObject_t s, int *out)
{
    int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    surf3Dwrite(x + 10 * y + 100 * z, s, x * 4, y, z);
    __syncthreads();
    if (x == 0 && y == 0 && z == 0)
        surf3Dwrite(-1, s, 0, 0, 5, cudaBoundaryModeClamp);
    __syncthreads();
    int i = (z * 3 + y) * 4 + x;
    out[i] = surf3Dread<int>(s, x * 4, y, z);
    out[24 + i] = surf3Dread<int>(s, x * 4 + 8, y + 1, z - 1, cudaBoundaryModeZero);
}

__global__ void layered(cudaSurfaceObject_t s, unsigned char *out)
{
    int x = threadIdx.x, y = threadIdx.y, l = threadIdx.z;
    surf2DLayeredwrite((unsigned char)(x + 8 * y + 64 * l), s, x, y, l);
    __syncthreads();
    int i = (l * 4 + y) * 8 + x;
    out[i] = surf2DLayeredread<unsigned char>(s, x, y, l);
    out[96 + i] = surf2DLayeredread<unsigned char>(s, x + 3, y, l + 1, cudaBoundaryModeClamp);
}

__global__ void rgba(cudaSurfaceObject_t s, uchar4 *out)
{
    int x = threadIdx.x, y = threadIdx.y;
    surf2Dwrite(make_uchar4(x, y, x + y, 255), s, x * 4, y);
    __syncthreads();
    out[y * 4 + x] = surf2Dread<uchar4>(s, (3 - x) * 4, y);
}

int main()
{
    const int W = 8, H = 4;
    cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &f1, W, H, cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t s = surface_of(a);
    fill2d<<<1, dim3(W, H)>>>(s);
    CHECK(cudaDeviceSynchronize());
    float back[W * H];
    CHECK(cudaMemcpy2DFromArray(back, W * 4, a, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
    dump("surf2Dwrite", back, W * H, 4, 4, W);

    const Access list[] = {{-4, 0, 100}, {-8, 1, 101}, {32, 0, 102}, {44, 2, 103}, {8, -1, 104},
                           {12, 4, 105}, {-4, -1, 106}, {40, 9, 107}, {4, 1, 108}};
    const int n = sizeof list / sizeof list[0];
    Access *dl;
    float *dout;
    int *dbits;
    CHECK(cudaMalloc(&dl, sizeof list));
    CHECK(cudaMalloc(&dout, n * 4));
    CHECK(cudaMalloc(&dbits, n * 4));
    CHECK(cudaMemcpy(dl, list, sizeof list, cudaMemcpyHostToDevice));
    for (int mode = cudaBoundaryModeZero; mode <= cudaBoundaryModeClamp; mode++) {
        fill2d<<<1, dim3(W, H)>>>(s);
        write_list<<<1, 1>>>(s, dl, n, mode);
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaMemcpy2DFromArray(back, W * 4, a, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
        dump(mode == cudaBoundaryModeZero ? "writes out of range, zero" : "writes out of range, clamp",
             back, W * H, 4, 4, W);
        fill2d<<<1, dim3(W, H)>>>(s);
        read_list<<<1, 1>>>(s, dl, n, mode, dout, dbits);
        float r[n];
        int b[n];
        CHECK(cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost));
        CHECK(cudaMemcpy(b, dbits, sizeof b, cudaMemcpyDeviceToHost));
        dump(mode == cudaBoundaryModeZero ? "reads out of range, zero" : "reads out of range, clamp",
             r, n, 4, 4, n);
        dump("as int", b, n, 4, 4, n);
    }
    CHECK(cudaDestroySurfaceObject(s));
    CHECK(cudaFreeArray(a));

    {
        cudaChannelFormatDesc u = cudaCreateChannelDesc<unsigned>();
        cudaArray_t a1;
        CHECK(cudaMallocArray(&a1, &u, 8, 0, cudaArraySurfaceLoadStore));
        cudaSurfaceObject_t s1 = surface_of(a1);
        unsigned *d;
        CHECK(cudaMalloc(&d, 24 * 4));
        surf1d<<<1, 8>>>(s1, d);
        unsigned h[24];
        CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
        dump("surf1D", h, 24, 4, 4, 8);
        CHECK(cudaDestroySurfaceObject(s1));
        CHECK(cudaFreeArray(a1));
        CHECK(cudaFree(d));
    }
    {
        cudaChannelFormatDesc i1 = cudaCreateChannelDesc<int>();
        cudaArray_t a3;
        CHECK(cudaMalloc3DArray(&a3, &i1, make_cudaExtent(4, 3, 2), cudaArraySurfaceLoadStore));
        cudaSurfaceObject_t s3 = surface_of(a3);
        int *d;
        CHECK(cudaMalloc(&d, 48 * 4));
        surf3d<<<1, dim3(4, 3, 2)>>>(s3, d);
        int h[48];
        CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
        dump("surf3D", h, 48, 4, 4, 12);
        CHECK(cudaDestroySurfaceObject(s3));
        CHECK(cudaFreeArray(a3));
        CHECK(cudaFree(d));
    }
    {
        cudaChannelFormatDesc u1 = cudaCreateChannelDesc<unsigned char>();
        cudaArray_t al;
        CHECK(cudaMalloc3DArray(&al, &u1, make_cudaExtent(8, 4, 3),
                                cudaArrayLayered | cudaArraySurfaceLoadStore));
        cudaSurfaceObject_t sl = surface_of(al);
        unsigned char *d;
        CHECK(cudaMalloc(&d, 192));
        layered<<<1, dim3(8, 4, 3)>>>(sl, d);
        unsigned char h[192];
        CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
        dump("surf2DLayered", h, 192, 1, 1, 32);
        CHECK(cudaDestroySurfaceObject(sl));
        CHECK(cudaFreeArray(al));
        CHECK(cudaFree(d));
    }
    {
        cudaChannelFormatDesc c4 = cudaCreateChannelDesc<uchar4>();
        cudaArray_t a4;
        CHECK(cudaMallocArray(&a4, &c4, 4, 4, cudaArraySurfaceLoadStore));
        cudaSurfaceObject_t s4 = surface_of(a4);
        uchar4 *d;
        CHECK(cudaMalloc(&d, 16 * 4));
        rgba<<<1, dim3(4, 4)>>>(s4, d);
        uchar4 h[16];
        CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
        dump("uchar4", h, 16, 4, 1, 4);
        CHECK(cudaDestroySurfaceObject(s4));
        CHECK(cudaFreeArray(a4));
        CHECK(cudaFree(d));
    }
    return 0;
}
