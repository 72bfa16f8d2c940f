// Host code may not call a __device__ function.
__device__ int twice(int x) { return 2 * x; }

int main()
{
    int a = twice(21);
    return a == 42 ? 0 : 1;
}
