/*
 * fuzz_diagmap.c: libFuzzer target for simtcc's diagnostic remapping
 * (src/driver/diagmap.c), the part of simtcc that reads the compiler's
 * stderr.  An input is three texts separated by NUL bytes: the rewriter's
 * input, its output, and the compiler's stderr; the map is built from
 * the first two and the third filtered through it.
 *
 *   clang-16 -g -O1 -fsanitize=fuzzer,address,undefined -Isrc \
 *       tests/fuzz/fuzz_diagmap.c src/driver/diagmap.c -o fuzz_diagmap
 *   ./fuzz_diagmap -max_total_time=120
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/diagmap.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const char *p = (const char *)data, *end = p + size;
    const char *in = p, *out, *diag;
    const char *z = memchr(p, 0, size);
    if (!z)
        return 0;
    out = z + 1;
    z = memchr(out, 0, (size_t)(end - out));
    if (!z)
        return 0;
    diag = z + 1;
    size_t inlen = (size_t)(out - 1 - in), outlen = (size_t)(z - out);
    simt__dm m = {0};
    if (simt__dm_build(&m, in, inlen, out, outlen, "f.cu") == 0) {
        FILE *from = fmemopen((void *)diag, (size_t)(end - diag), "r");
        FILE *to = fopen("/dev/null", "w");
        if (from && to && end > diag)
            simt__dm_filter(&m, from, to);
        if (from)
            fclose(from);
        if (to)
            fclose(to);
        for (size_t i = 0; i < m.n; i++)
            for (size_t c = 0; c <= strlen(m.v[i].out) + 1; c += 3)
                (void)simt__dm_col(m.v[i].in, m.v[i].out, c);
    }
    simt__dm_free(&m);
    return 0;
}
