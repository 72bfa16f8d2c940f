// A virtual __host__ __device__ function: an object made in a kernel calls
// the device's version, one made on the host the host's.
#include <cstdio>

struct Shape {
    __host__ __device__ virtual int sides() const { return 0; }
    __host__ __device__ virtual ~Shape() {}
};

struct Square : Shape {
    __host__ __device__ int sides() const override
    {
#ifdef __CUDA_ARCH__
        return 400;
#else
        return 4;
#endif
    }
};

__host__ __device__ int count(const Shape &s) { return s.sides(); }

__global__ void kernel(int *out)
{
    Square sq;
    Shape plain;
    out[0] = count(sq);
    out[1] = count(plain);
}

int main()
{
    int *out;
    cudaMallocManaged(&out, 2 * sizeof(int));
    kernel<<<1, 1>>>(out);
    cudaDeviceSynchronize();
    Square sq;
    Shape plain;
    printf("host:   square %d shape %d\n", count(sq), count(plain));
    printf("device: square %d shape %d\n", out[0], out[1]);
    cudaFree(out);
    return 0;
}
