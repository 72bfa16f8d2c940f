/*
 * fuzz_rewrite.c: libFuzzer target for the rewriter (not run in CI).
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc/driver \
 *       tests/driver/fuzz_rewrite.c src/driver/lex.c src/driver/rewrite.c \
 *       src/driver/rw_scan.c src/driver/rw_decl.c src/driver/rw_shift.c \
 *       src/driver/rw_asm.c src/driver/rw_names.c src/driver/rw_space.c src/driver/ptx_parse.c src/driver/ptx_emit.c \
 *       src/driver/ptx_emit2.c -o fuzz_rewrite
 *   ./fuzz_rewrite -max_len=4096 -dict=tests/driver/fuzz_rewrite.dict tests/driver/cu
 *
 * Beyond memory safety it checks the rewriter's invariant: a successful
 * rewrite has the input's newlines (plus one when the input's last line has
 * none) and ends with the arch note.
 */
#include "rewrite.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t newlines(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == '\n';
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy, so that reading past the end is caught. */
    char *src = malloc(size ? size : 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    rw_buf out = {0}, diag = {0};
    rw_options opt = {"fuzz.cu", 90};
    int errors = rewrite(src, size, &opt, &out, &diag);
    if (errors == 0) {
        size_t want = newlines(src, size) + (size && src[size - 1] != '\n');
        if (newlines(out.data, out.len) != want) {
            fprintf(stderr, "lines changed: %zu in, %zu out\n", want, newlines(out.data, out.len));
            abort();
        }
        static const char note[] = "::simt__note_arch(90);";
        if (out.len < sizeof note - 1 ||
            memcmp(out.data + out.len - (sizeof note - 1), note, sizeof note - 1) != 0)
            abort();
    } else if (errors > 0 && diag.len == 0) {
        abort(); /* an error is never silent */
    }
    rw_buf_free(&out);
    rw_buf_free(&diag);
    free(src);
    return 0;
}
