/* Schedule exploration's orders (src/engine/explore.c): permutations,
 * reproducible from the seed. */
#include <stdlib.h>
#include <string.h>

#include "engine/explore.h"
#include "test.h"

static void start(const char *schedule)
{
    setenv("SIMT_SCHEDULE", schedule, 1);
    explore_start();
}

static void check_unit_permutation(unsigned long long n, unsigned long long seq)
{
    struct grid g;
    memset(&g, 0, sizeof g);
    g.nunits = n;
    g.seq = seq;
    unsigned char *seen = calloc(n, 1);
    ASSERT(seen);
    for (unsigned long long u = 0; u < n; u++) {
        unsigned long long v = explore_unit(&g, u);
        ASSERT(v < n);
        ASSERT_EQ(seen[v], 0);
        seen[v] = 1;
        ASSERT_EQ(explore_unit(&g, u), v); /* the same draw again */
    }
    free(seen);
}

TEST(explore_block_orders_are_permutations)
{
    static const unsigned long long sizes[] = {1, 2, 3, 4, 5, 7, 64, 100, 1000, 4097, 65537};
    start("random:5");
    ASSERT_EQ(explore_mode, EXPLORE_RANDOM);
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        check_unit_permutation(sizes[i], i + 1);
    start("reverse");
    ASSERT_EQ(explore_mode, EXPLORE_REVERSE);
    check_unit_permutation(1000, 1);
    struct grid g;
    memset(&g, 0, sizeof g);
    g.nunits = 10;
    ASSERT_EQ(explore_unit(&g, 0), 9);
}

TEST(explore_random_block_order_moves_blocks)
{
    start("random:5");
    struct grid g;
    memset(&g, 0, sizeof g);
    g.nunits = 100;
    g.seq = 1;
    unsigned moved = 0;
    for (unsigned long long u = 0; u < 100; u++)
        moved += explore_unit(&g, u) != u;
    ASSERT(moved > 50);
}

TEST(explore_thread_orders_are_reproducible_permutations)
{
    start("random:9");
    struct grid g;
    memset(&g, 0, sizeof g);
    g.seq = 4;
    struct block b;
    memset(&b, 0, sizeof b);
    b.grid = &g;
    b.nthreads = 1000;
    b.linear = 7;
    explore_block_start(&b);
    unsigned short first[1000];
    memcpy(first, b.order, sizeof first);
    unsigned char seen[1000] = {0};
    for (unsigned i = 0; i < 1000; i++) {
        ASSERT(b.order[i] < 1000);
        ASSERT_EQ(seen[b.order[i]], 0);
        seen[b.order[i]] = 1;
        ASSERT_EQ(b.start_rank[b.order[i]], i);
    }
    explore_block_start(&b);
    ASSERT_EQ(memcmp(first, b.order, sizeof first), 0);
    b.linear = 8; /* another block: another order */
    explore_block_start(&b);
    ASSERT(memcmp(first, b.order, sizeof first) != 0);
    free(b.order);
}

TEST(explore_reverse_starts_the_last_thread_first)
{
    start("reverse");
    struct grid g;
    memset(&g, 0, sizeof g);
    struct block b;
    memset(&b, 0, sizeof b);
    b.grid = &g;
    b.nthreads = 64;
    explore_block_start(&b);
    for (unsigned i = 0; i < 64; i++)
        ASSERT_EQ(b.order[i], 63 - i);
    b.next_thread = 1; /* one thread started: the last */
    ASSERT(sched_started(&b, 63));
    ASSERT(!sched_started(&b, 0));
    free(b.order);
}
