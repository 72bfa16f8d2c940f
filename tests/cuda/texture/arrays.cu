// arrays.cu: CUDA arrays: channel descriptors, cudaMallocArray and
// cudaMalloc3DArray in every shape with cudaArrayGetInfo, their errors,
// and copies in and out: cudaMemcpy2DToArray/FromArray (and Async),
// cudaMemcpy2DArrayToArray, cudaMemcpy3D(Async) with array sides.
// CUDA: valid for nvcc; expected output recorded on a GPU.
#include "tex_common.h"

static void desc(const char *name, cudaChannelFormatDesc d)
{
    printf("%-14s %2d %2d %2d %2d kind %d\n", name, d.x, d.y, d.z, d.w, (int)d.f);
}

static void info(const char *name, cudaArray_t a)
{
    cudaChannelFormatDesc d;
    cudaExtent e;
    unsigned flags = 99;
    cudaError_t r = cudaArrayGetInfo(&d, &e, &flags, a);
    printf("%-12s %s desc %d %d %d %d kind %d extent %zu %zu %zu flags %u\n", name,
           cudaGetErrorName(r), d.x, d.y, d.z, d.w, (int)d.f, e.width, e.height, e.depth, flags);
    cudaChannelFormatDesc c;
    r = cudaGetChannelDesc(&c, a);
    printf("%-12s cudaGetChannelDesc %s %d %d %d %d kind %d\n", name, cudaGetErrorName(r), c.x,
           c.y, c.z, c.w, (int)c.f);
}

static void err(const char *what, cudaError_t e)
{
    printf("%s: %s\n", what, cudaGetErrorName(e));
    cudaGetLastError();
}

static void bytes(const char *label, const unsigned char *p, int n, int per_line)
{
    printf("%s\n", label);
    for (int i = 0; i < n; i++)
        printf("%02x%s", p[i], i % per_line == per_line - 1 || i == n - 1 ? "\n" : " ");
}

int main()
{
    desc("char", cudaCreateChannelDesc<char>());
    desc("signed char", cudaCreateChannelDesc<signed char>());
    desc("unsigned char", cudaCreateChannelDesc<unsigned char>());
    desc("char1", cudaCreateChannelDesc<char1>());
    desc("char2", cudaCreateChannelDesc<char2>());
    desc("uchar4", cudaCreateChannelDesc<uchar4>());
    desc("short", cudaCreateChannelDesc<short>());
    desc("ushort2", cudaCreateChannelDesc<ushort2>());
    desc("int", cudaCreateChannelDesc<int>());
    desc("uint4", cudaCreateChannelDesc<uint4>());
    desc("float", cudaCreateChannelDesc<float>());
    desc("float2", cudaCreateChannelDesc<float2>());
    desc("float4", cudaCreateChannelDesc<float4>());
    desc("half", cudaCreateChannelDescHalf());
    desc("half2", cudaCreateChannelDescHalf2());
    desc("half4", cudaCreateChannelDescHalf4());
    desc("explicit", cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned));

    cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
    cudaChannelFormatDesc u1 = cudaCreateChannelDesc<unsigned char>();
    cudaChannelFormatDesc u4 = cudaCreateChannelDesc<uchar4>();
    cudaChannelFormatDesc s2 = cudaCreateChannelDesc<short2>();
    cudaArray_t a1, a2, a3, l1, l2, cube;
    CHECK(cudaMallocArray(&a1, &f1, 100));
    CHECK(cudaMallocArray(&a2, &u4, 33, 17, cudaArraySurfaceLoadStore));
    CHECK(cudaMalloc3DArray(&a3, &s2, make_cudaExtent(5, 6, 7)));
    CHECK(cudaMalloc3DArray(&l1, &f1, make_cudaExtent(8, 0, 3), cudaArrayLayered));
    CHECK(cudaMalloc3DArray(&l2, &u1, make_cudaExtent(8, 4, 5), cudaArrayLayered | cudaArraySurfaceLoadStore));
    CHECK(cudaMalloc3DArray(&cube, &f1, make_cudaExtent(4, 4, 6), cudaArrayCubemap));
    info("1D", a1);
    info("2D", a2);
    info("3D", a3);
    info("1D layered", l1);
    info("2D layered", l2);
    info("cubemap", cube);

    cudaArray_t bad = 0;
    cudaChannelFormatDesc d3 = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    cudaChannelFormatDesc d12 = cudaCreateChannelDesc(12, 0, 0, 0, cudaChannelFormatKindUnsigned);
    cudaChannelFormatDesc dmix = cudaCreateChannelDesc(8, 16, 0, 0, cudaChannelFormatKindUnsigned);
    cudaChannelFormatDesc dnone = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindNone);
    cudaChannelFormatDesc df8 = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaChannelFormatDesc dgap = cudaCreateChannelDesc(8, 0, 8, 0, cudaChannelFormatKindSigned);
    err("three channels", cudaMallocArray(&bad, &d3, 16));
    err("12-bit channel", cudaMallocArray(&bad, &d12, 16));
    err("mixed sizes", cudaMallocArray(&bad, &dmix, 16));
    err("kind none", cudaMallocArray(&bad, &dnone, 16));
    err("8-bit float", cudaMallocArray(&bad, &df8, 16));
    err("channel gap", cudaMallocArray(&bad, &dgap, 16));
    err("width 0", cudaMallocArray(&bad, &f1, 0));
    err("null desc", cudaMallocArray(&bad, NULL, 16));
    err("layered flag in cudaMallocArray", cudaMallocArray(&bad, &f1, 16, 0, cudaArrayLayered));
    err("depth without height", cudaMalloc3DArray(&bad, &f1, make_cudaExtent(4, 0, 3)));
    err("layered without layers", cudaMalloc3DArray(&bad, &f1, make_cudaExtent(4, 4, 0), cudaArrayLayered));
    err("cubemap not square", cudaMalloc3DArray(&bad, &f1, make_cudaExtent(4, 5, 6), cudaArrayCubemap));
    err("free NULL", cudaFreeArray(NULL));

    // 2D copies, with windows.
    {
        unsigned char h[16 * 8], back[16 * 8];
        for (int i = 0; i < 16 * 8; i++)
            h[i] = (unsigned char)i;
        cudaArray_t a;
        CHECK(cudaMallocArray(&a, &u1, 16, 8));
        CHECK(cudaMemcpy2DToArray(a, 0, 0, h, 16, 16, 8, cudaMemcpyHostToDevice));
        unsigned char w[7 * 3];
        for (int i = 0; i < 21; i++)
            w[i] = (unsigned char)(0xa0 + i);
        CHECK(cudaMemcpy2DToArray(a, 3, 2, w, 7, 5, 3, cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy2DFromArray(back, 16, a, 0, 0, 16, 8, cudaMemcpyDeviceToHost));
        bytes("window written", back, 128, 16);
        memset(back, 0, sizeof back);
        CHECK(cudaMemcpy2DFromArray(back, 6, a, 10, 5, 6, 3, cudaMemcpyDeviceToHost));
        bytes("window read", back, 18, 6);
        err("row past the end", cudaMemcpy2DToArray(a, 12, 0, h, 16, 5, 1, cudaMemcpyHostToDevice));
        err("rows past the end", cudaMemcpy2DToArray(a, 0, 6, h, 16, 16, 3, cudaMemcpyHostToDevice));
        err("source pitch below width", cudaMemcpy2DToArray(a, 0, 0, h, 8, 16, 2, cudaMemcpyHostToDevice));
        err("null array", cudaMemcpy2DToArray(NULL, 0, 0, h, 16, 16, 1, cudaMemcpyHostToDevice));
        err("read past the end", cudaMemcpy2DFromArray(back, 16, a, 1, 0, 16, 1, cudaMemcpyDeviceToHost));
        err("zero width", cudaMemcpy2DToArray(a, 0, 0, h, 16, 0, 1, cudaMemcpyHostToDevice));

        cudaArray_t b;
        CHECK(cudaMallocArray(&b, &u1, 16, 8));
        unsigned char z[128] = {0};
        CHECK(cudaMemcpy2DToArray(b, 0, 0, z, 16, 16, 8, cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy2DArrayToArray(b, 1, 1, a, 2, 3, 4, 2, cudaMemcpyDeviceToDevice));
        CHECK(cudaMemcpy2DFromArray(back, 16, b, 0, 0, 16, 8, cudaMemcpyDeviceToHost));
        bytes("array to array", back, 64, 16);

        cudaStream_t s;
        CHECK(cudaStreamCreate(&s));
        unsigned char *pinned;
        CHECK(cudaMallocHost(&pinned, 128));
        for (int i = 0; i < 128; i++)
            pinned[i] = (unsigned char)(255 - i);
        CHECK(cudaMemcpy2DToArrayAsync(b, 0, 0, pinned, 16, 16, 8, cudaMemcpyHostToDevice, s));
        CHECK(cudaMemcpy2DFromArrayAsync(pinned, 8, b, 4, 4, 8, 4, cudaMemcpyDeviceToHost, s));
        CHECK(cudaStreamSynchronize(s));
        bytes("async round trip", pinned, 32, 8);
        CHECK(cudaFreeHost(pinned));
        CHECK(cudaStreamDestroy(s));
        CHECK(cudaFreeArray(a));
        CHECK(cudaFreeArray(b));
    }

    // 3D copies with array sides.
    {
        const int W = 5, H = 6, D = 7;
        std::vector<short2> h(W * H * D), back(W * H * D);
        for (int i = 0; i < W * H * D; i++)
            h[i] = make_short2(i, -i);
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(h.data(), W * 4, W, H);
        p.dstArray = a3;
        p.extent = make_cudaExtent(W, H, D);
        p.kind = cudaMemcpyHostToDevice;
        CHECK(cudaMemcpy3D(&p));
        // A box inside: 2x3x2 elements from (1,2,3) to host at (0,0,0).
        short2 box[2 * 3 * 2];
        memset(&p, 0, sizeof p);
        p.srcArray = a3;
        p.srcPos = make_cudaPos(1, 2, 3);
        p.dstPtr = make_cudaPitchedPtr(box, 2 * 4, 2, 3);
        p.extent = make_cudaExtent(2, 3, 2);
        p.kind = cudaMemcpyDeviceToHost;
        CHECK(cudaMemcpy3D(&p));
        bytes("3D box", (unsigned char *)box, sizeof box, 16);
        // Array to array, then to pitched device memory, then home.
        cudaArray_t c3;
        CHECK(cudaMalloc3DArray(&c3, &s2, make_cudaExtent(W, H, D)));
        std::vector<short2> zero(W * H * D);
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(zero.data(), W * 4, W, H);
        p.dstArray = c3;
        p.extent = make_cudaExtent(W, H, D);
        p.kind = cudaMemcpyHostToDevice;
        CHECK(cudaMemcpy3D(&p));
        memset(&p, 0, sizeof p);
        p.srcArray = a3;
        p.srcPos = make_cudaPos(2, 1, 0);
        p.dstArray = c3;
        p.dstPos = make_cudaPos(0, 3, 4);
        p.extent = make_cudaExtent(3, 2, 3);
        p.kind = cudaMemcpyDeviceToDevice;
        CHECK(cudaMemcpy3D(&p));
        cudaPitchedPtr dp;
        CHECK(cudaMalloc3D(&dp, make_cudaExtent(W * 4, H, D)));
        memset(&p, 0, sizeof p);
        p.srcArray = c3;
        p.dstPtr = dp;
        p.extent = make_cudaExtent(W, H, D);
        p.kind = cudaMemcpyDeviceToDevice;
        CHECK(cudaMemcpy3D(&p));
        memset(&p, 0, sizeof p);
        p.srcPtr = dp;
        p.dstPtr = make_cudaPitchedPtr(back.data(), W * 4, W, H);
        p.extent = make_cudaExtent(W * 4, H, D);
        p.kind = cudaMemcpyDeviceToHost;
        CHECK(cudaMemcpy3D(&p));
        int nonzero = 0;
        unsigned sum = 0;
        for (int i = 0; i < W * H * D; i++) {
            nonzero += back[i].x != 0 || back[i].y != 0;
            sum = sum * 31 + (unsigned short)back[i].x * 7 + (unsigned short)back[i].y;
        }
        printf("array to array to pitched: %d nonzero, hash %08x\n", nonzero, sum);
        // Errors.
        memset(&p, 0, sizeof p);
        p.srcArray = a3;
        p.srcPos = make_cudaPos(4, 0, 0);
        p.dstPtr = make_cudaPitchedPtr(back.data(), W * 4, W, H);
        p.extent = make_cudaExtent(2, 1, 1);
        p.kind = cudaMemcpyDeviceToHost;
        err("3D box past the array", cudaMemcpy3D(&p));
        p.srcPos = make_cudaPos(0, 0, 6);
        p.extent = make_cudaExtent(1, 1, 2);
        err("3D box past the last slice", cudaMemcpy3D(&p));
        p.srcPos = make_cudaPos(0, 0, 0);
        p.srcPtr = make_cudaPitchedPtr(back.data(), W * 4, W, H);
        err("array and pointer on one side", cudaMemcpy3D(&p));
        memset(&p, 0, sizeof p);
        p.srcArray = a3;
        p.dstArray = l2;
        p.extent = make_cudaExtent(1, 1, 1);
        p.kind = cudaMemcpyDeviceToDevice;
        err("arrays of different element sizes", cudaMemcpy3D(&p));
        // Async, into a 2D array (depth 1) and a layered one.
        cudaStream_t s;
        CHECK(cudaStreamCreate(&s));
        std::vector<float> lv(8 * 3);
        for (int i = 0; i < 24; i++)
            lv[i] = i * 0.5f;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(lv.data(), 8 * 4, 8, 1);
        p.dstArray = l1;
        p.extent = make_cudaExtent(8, 1, 3);
        p.kind = cudaMemcpyHostToDevice;
        CHECK(cudaMemcpy3DAsync(&p, s));
        std::vector<float> lb(6);
        memset(&p, 0, sizeof p);
        p.srcArray = l1;
        p.srcPos = make_cudaPos(5, 0, 1);
        p.dstPtr = make_cudaPitchedPtr(lb.data(), 3 * 4, 3, 1);
        p.extent = make_cudaExtent(3, 1, 2);
        p.kind = cudaMemcpyDeviceToHost;
        CHECK(cudaMemcpy3DAsync(&p, s));
        CHECK(cudaStreamSynchronize(s));
        printf("layered:");
        for (float x : lb)
            printf(" %a", x);
        printf("\n");
        std::vector<uchar4> t2(33 * 17);
        for (size_t i = 0; i < t2.size(); i++)
            t2[i] = make_uchar4(i, i >> 8, 7, 9);
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(t2.data(), 33 * 4, 33, 17);
        p.dstArray = a2;
        p.extent = make_cudaExtent(33, 17, 1);
        p.kind = cudaMemcpyHostToDevice;
        CHECK(cudaMemcpy3D(&p));
        uchar4 row[4];
        CHECK(cudaMemcpy2DFromArray(row, 16, a2, 30 * 4, 16, 12, 1, cudaMemcpyDeviceToHost));
        bytes("2D array by cudaMemcpy3D", (unsigned char *)row, 12, 12);
        CHECK(cudaStreamDestroy(s));
        CHECK(cudaFree(dp.ptr));
        CHECK(cudaFreeArray(c3));
    }
    CHECK(cudaFreeArray(a1));
    CHECK(cudaFreeArray(a2));
    CHECK(cudaFreeArray(a3));
    CHECK(cudaFreeArray(l1));
    CHECK(cudaFreeArray(l2));
    CHECK(cudaFreeArray(cube));
    return 0;
}
