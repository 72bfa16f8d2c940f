// FNV-1a over bytes: the checksum the core tests print for whole buffers.
#ifndef TESTS_CORE_FNV_H
#define TESTS_CORE_FNV_H
#include <cstddef>

static unsigned fnv(const void *p, size_t n)
{
    const unsigned char *c = (const unsigned char *)p;
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 16777619u;
    return h;
}

#endif
