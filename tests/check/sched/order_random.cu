#include "order.cu"
