// Out-of-line constructors in a file with two views: a complete-object
// constructor is an alias of the base-object one in both views' code, and
// each side keeps its own (Thrust's unit-test framework registers its
// tests with such a constructor).  A host-only class, and a
// __host__ __device__ one whose constructor branches on __CUDA_ARCH__,
// built on the host and in a kernel.
#include <cstdio>

struct Registered {
    const char *name;
    int order;
    Registered(const char *n);
};

static int registered = 0;
Registered::Registered(const char *n) : name(n), order(++registered) {}

static Registered first("first"), second("second");

struct Sided {
    int side;
    int value;
    __host__ __device__ Sided(int v);
    __host__ __device__ ~Sided();
};

__host__ __device__ Sided::Sided(int v) : value(v * 3)
{
#ifdef __CUDA_ARCH__
    side = 1;
#else
    side = 0;
#endif
}

__host__ __device__ Sided::~Sided() {}

struct Derived : Sided {
    int extra;
    __host__ __device__ Derived(int v);
};

__host__ __device__ Derived::Derived(int v) : Sided(v + 1), extra(v) {}

__global__ void build(int *out)
{
    Sided s((int)threadIdx.x);
    Derived d((int)threadIdx.x);
    out[threadIdx.x] = s.side * 1000 + s.value + d.side * 100000 + d.value * 10 + d.extra;
}

int main()
{
    Registered third("third");
    printf("%s %d, %s %d, %s %d\n", first.name, first.order, second.name, second.order, third.name,
           third.order);
    Sided h(7);
    Derived hd(7);
    printf("host: side %d value %d; derived side %d value %d extra %d\n", h.side, h.value, hd.side,
           hd.value, hd.extra);
    int *out;
    cudaMallocManaged(&out, 4 * sizeof(int));
    build<<<1, 4>>>(out);
    cudaDeviceSynchronize();
    printf("device: %d %d %d %d\n", out[0], out[1], out[2], out[3]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
