/*
 * test_sync.c: the engine's seam (src/engine/sync.h): threads parked on a
 * wait list resume in the order the primitives rely on.
 *
 * One block of eight threads: threads 0-6 park on one list (in thread
 * order, as they start), thread 7 wakes them and ends; the woken threads
 * then resume in the order they were woken.  Each thread logs itself as
 * it goes on.
 */
#include "cuda_runtime_api.h"
#include "engine/sync.h"
#include "simt.h"
#include "test.h"

enum { FIFO, STACK, PICK };

struct park_case {
    struct waitq q;
    int mode;
    int log[8];
    int n;
    unsigned woken_odd;
};

static int odd(uintptr_t key, const void *arg)
{
    (void)arg;
    return key & 1;
}

static void k_park(void *a)
{
    struct park_case *c = a;
    unsigned t = threadIdx.x;
    if (t + 1 < blockDim.x) {
        engine_park(engine_thread(), &c->q, "test_sync.c:park", t);
        c->log[c->n++] = (int)t;
        return;
    }
    c->log[c->n++] = (int)t;
    if (c->mode == PICK)
        c->woken_odd = engine_wake_if(&c->q, odd, NULL, 2); /* threads 1 and 3 */
    engine_wake_all(&c->q);
}

static void run_case(struct park_case *c, int mode)
{
    memset(c, 0, sizeof *c);
    c->mode = mode;
    c->q.stack = mode == STACK;
    dim3 g = {1, 1, 1}, b = {8, 1, 1};
    ASSERT_EQ(simt_launch(NULL, g, b, 0, 0, k_park, c, NULL), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(c->n, 8);
    ASSERT_EQ(waitq_empty(&c->q), 1);
}

TEST(wake_all_resumes_a_list_in_parking_order)
{
    struct park_case c;
    run_case(&c, FIFO);
    static const int want[8] = {7, 0, 1, 2, 3, 4, 5, 6};
    for (int i = 0; i < 8; i++)
        ASSERT_EQ(c.log[i], want[i]);
}

TEST(wake_all_resumes_a_stack_last_parked_first)
{
    struct park_case c;
    run_case(&c, STACK);
    static const int want[8] = {7, 6, 5, 4, 3, 2, 1, 0};
    for (int i = 0; i < 8; i++)
        ASSERT_EQ(c.log[i], want[i]);
}

TEST(wake_if_takes_the_picked_threads_at_most_max)
{
    struct park_case c;
    run_case(&c, PICK);
    ASSERT_EQ(c.woken_odd, 2u);
    static const int want[8] = {7, 1, 3, 0, 2, 4, 5, 6};
    for (int i = 0; i < 8; i++)
        ASSERT_EQ(c.log[i], want[i]);
}
