#include "neighbor.cu"
