/*
 * test_fiber_stack.c: fiber stacks of the size SIMT_STACK_SIZE asks for.
 */
#include <stdlib.h>

#include "cuda_runtime_api.h"
#include "simt.h"
#include "simt/core/device.h"
#include "test.h"

static int out[4 * 256];

static void reverse_in_block(void *arg)
{
    (void)arg;
    int *s = simt_shared_dynamic();
    s[threadIdx.x] = (int)threadIdx.x;
    simt_syncthreads("test_fiber_stack.c:reverse");
    out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

/* Every thread parks at the barrier, so each gets a fiber, and the fibers'
 * stack tops are spread over 128 KiB: a stack smaller than that once put
 * a thread's first frame under its stack. */
TEST(small_stack_size_from_the_environment)
{
    setenv("SIMT_STACK_SIZE", "32k", 1);
    dim3 g = {4, 1, 1}, b = {256, 1, 1};
    ASSERT_EQ(simt_launch(NULL, g, b, 256 * sizeof(int), 0, reverse_in_block, NULL, NULL),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int i = 0; i < 4 * 256; i++)
        ASSERT_EQ(out[i], 255 - i % 256);
}
