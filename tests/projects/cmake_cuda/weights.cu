#include "weights.h"

__device__ float weight(int offset)
{
    return offset == 0 ? 0.5f : 0.25f;
}
