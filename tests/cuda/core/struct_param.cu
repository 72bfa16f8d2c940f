// A kernel taking an 800-byte struct by value, and other by-value
// parameters (vector types, small structs, doubles), each thread reading
// its own copy.
#include <cstdio>

struct Big {
    int values[192];
    double scale;
    float2 offset;
    char tag[16];
};

struct Small {
    char c;
    short s;
    long long l;
};

__global__ void use(Big b, Small s, double d, float4 f, int *out)
{
    int t = threadIdx.x;
    long long acc = b.values[t] + b.values[191 - t];
    acc = acc * (long long)b.scale + (long long)(b.offset.x * 10) + (long long)(b.offset.y * 100);
    acc += s.c + s.s + s.l + (long long)(d * 1000) + (long long)(f.x + f.y + f.z + f.w);
    acc += b.tag[t % 16];
    b.values[t] = -1; /* each thread's own copy */
    out[t] = (int)acc + (b.values[(t + 1) % 192] == -1 ? 1000000 : 0);
}

int main()
{
    static_assert(sizeof(Big) == 800, "the struct is 800 bytes");
    Big b;
    for (int i = 0; i < 192; i++)
        b.values[i] = i * i;
    b.scale = 3.0;
    b.offset = make_float2(1.5f, 2.25f);
    for (int i = 0; i < 16; i++)
        b.tag[i] = (char)('a' + i);
    Small s = {7, -300, 1LL << 40};
    int *d;
    cudaMalloc(&d, 190 * sizeof(int));
    use<<<1, 190>>>(b, s, 0.125, make_float4(1, 2, 3, 4), d);
    int h[190];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    long long sum = 0;
    for (int i = 0; i < 190; i++)
        sum += h[i];
    printf("sizeof(Big) = %zu, out[0] = %d, out[189] = %d, sum = %lld\n", sizeof(Big), h[0],
           h[189], sum);
    return 0;
}
