/*
 * base.c: growable arrays and allocation helpers (base.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/base.h"

int simt__grow(void **v, size_t *cap, size_t need, size_t elem, size_t first)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : (first ? first : 4);
    while (n < need) {
        if (n > ((size_t)-1 / 2) / elem)
            return -1;
        n *= 2;
    }
    void *p = realloc(*v, n * elem);
    if (!p)
        return -1;
    *v = p;
    *cap = n;
    return 0;
}

void *simt__zalloc(size_t n, size_t size)
{
    return calloc(n ? n : 1, size ? size : 1);
}

void simt__oom(const char *where)
{
    fprintf(stderr, "simt: error: out of memory in %s\n", where);
    abort();
}
