// Host code in a .cpp file of a target that also has .cu files.
#include "stencil.h"

#include <cmath>
#include <cstdio>
#include <vector>

int main()
{
    const int n = 1000;
    std::vector<float> in(n), out(n);
    for (int i = 0; i < n; i++)
        in[i] = (float)(i % 7);
    if (run_stencil(in.data(), out.data(), n) != 0) {
        std::printf("stencil failed\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        float left = i > 0 ? in[i - 1] : 0.0f, right = i + 1 < n ? in[i + 1] : 0.0f;
        float want = 0.25f * left + 0.5f * in[i] + 0.25f * right;
        if (std::fabs(out[i] - want) > 1e-6f) {
            std::printf("stencil: out[%d] = %f, expected %f\n", i, out[i], want);
            return 1;
        }
    }
    std::printf("stencil ok\n");
    return 0;
}
