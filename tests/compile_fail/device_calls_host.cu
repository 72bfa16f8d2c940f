// Device code may not call a host function: a kernel or a __device__
// function calling one is rejected, naming both functions.
int host_only(int x) { return x + 1; }

__device__ int helper(int x) { return host_only(x); }

__global__ void kernel(int *p) { p[0] = host_only(p[0]) + helper(1); }

int main() { return 0; }
