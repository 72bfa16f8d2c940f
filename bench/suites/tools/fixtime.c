/* LD_PRELOAD shim: time() returns a constant, so programs that seed their
 * random numbers with srand(time(NULL)) draw the same numbers on every run
 * and on both sides of a comparison. */
#include <time.h>

time_t time(time_t *t)
{
    const time_t fixed = 1000000;
    if (t)
        *t = fixed;
    return fixed;
}
