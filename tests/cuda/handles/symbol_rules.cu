// Which addresses the symbol calls accept: __device__ and __constant__
// variables (whole, by their start), but not a stack array, heap memory
// or a cudaMalloc allocation.
//
// Left out: an H100 answers cudaErrorInvalidSymbol for a host variable
// too (int hv[4] given to cudaMemcpyToSymbol, cudaMemcpyFromSymbol,
// cudaGetSymbolAddress, cudaGetSymbolSize); simt cannot yet tell one from
// a __device__ variable.
#include <cstdio>
#include <cstdlib>

#define E(x) printf("%-70s %s\n", #x, cudaGetErrorName(x))

__device__ int dv[4];
__constant__ int cv[4];
int hv[4];

static void device_variables()
{
    int h[4] = {1, 2, 3, 4}, back[4] = {0};
    void *p = NULL;
    size_t n = 0;
    E(cudaMemcpyToSymbol(dv, h, sizeof h));
    E(cudaMemcpyFromSymbol(back, dv, sizeof back));
    printf("  %d %d %d %d\n", back[0], back[1], back[2], back[3]);
    E(cudaMemcpyToSymbol(cv, h, sizeof h));
    E(cudaMemcpyToSymbolAsync(cv, h, sizeof h, 0, cudaMemcpyHostToDevice, 0));
    E(cudaGetSymbolAddress(&p, dv));
    E(cudaGetSymbolSize(&n, cv));
    printf("  size %zu\n", n);
    E(cudaMemcpyToSymbol(dv, h, 4, 16));
    E(cudaMemcpyToSymbol(dv, h, 8, 12));
    E(cudaGetLastError());
}

static void stack_array()
{
    int h[4] = {1, 2, 3, 4}, local[4] = {0};
    void *p = NULL;
    E(cudaMemcpyToSymbol(local, h, sizeof h));
    E(cudaMemcpyFromSymbol(h, local, sizeof h));
    E(cudaMemcpyToSymbolAsync(local, h, sizeof h, 0, cudaMemcpyHostToDevice, 0));
    E(cudaGetSymbolAddress(&p, local));
    E(cudaGetLastError());
    printf("  local %d\n", local[0]);
}

static void heap_memory()
{
    int h[4] = {1, 2, 3, 4};
    int *heap = (int *)calloc(4, sizeof(int));
    E(cudaMemcpyToSymbol((const void *)heap, h, sizeof h));
    E(cudaMemcpyFromSymbol(h, (const void *)heap, sizeof h));
    E(cudaGetLastError());
    printf("  heap %d\n", heap[0]);
    free(heap);
}

static void device_allocation()
{
    int h[4] = {1, 2, 3, 4};
    int *d = NULL;
    void *p = NULL;
    E(cudaMalloc(&d, sizeof h));
    E(cudaMemcpyToSymbol((const void *)d, h, sizeof h));
    E(cudaMemcpyFromSymbol(h, (const void *)d, sizeof h));
    E(cudaGetSymbolAddress(&p, (const void *)d));
    E(cudaGetLastError());
    E(cudaFree(d));
}

static void (*const cases[])() = {device_variables, stack_array, heap_memory, device_allocation};

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
