// nvcc 13 no longer builds for sm_70 (Volta): -arch=sm_70 is rejected.
__global__ void k(int *p) { p[0] = 1; }

int main() { return 0; }
