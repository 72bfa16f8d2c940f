#pragma once

// Defined in weights.cu, called from stencil.cu's kernel (separable
// compilation: the call crosses translation units).
__device__ float weight(int offset);
