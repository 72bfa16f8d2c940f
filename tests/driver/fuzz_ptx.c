/*
 * fuzz_ptx.c: libFuzzer target for the inline-PTX translator alone (not
 * run in CI): the input is an asm template, with operands of every kind.
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc/driver \
 *       tests/driver/fuzz_ptx.c src/driver/ptx_parse.c src/driver/ptx_emit.c \
 *       src/driver/ptx_emit2.c src/driver/rewrite.c src/driver/lex.c \
 *       src/driver/rw_scan.c src/driver/rw_decl.c src/driver/rw_shift.c \
 *       src/driver/rw_asm.c src/driver/rw_names.c src/driver/rw_space.c -o fuzz_ptx
 *   ./fuzz_ptx -max_len=2048 -dict=tests/driver/fuzz_rewrite.dict
 *
 * Bytes '0'..'7' after a '%' in the input are operand references.  Beyond
 * memory safety it checks the translator's contract: a translation holds
 * no newline, and a failure always has a message.
 */
#include "ptx.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint32_t line_of(const void *ctx, size_t off)
{
    (void)ctx;
    return (uint32_t)(off / 16 + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ptx_operand ops[8] = {{'r', PTX_OUT}, {'l', PTX_INOUT}, {'h', PTX_OUT},
                                       {'f', PTX_OUT}, {'r', PTX_IN},    {'l', PTX_IN},
                                       {'d', PTX_IN},  {'n', PTX_IN}};
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < size; i++) {
        if (data[i] == '%' && i + 1 < size && data[i + 1] >= '0' && data[i + 1] <= '7') {
            text[n++] = PTX_OPREF;
            text[n++] = (char)(data[++i] - '0' + 1);
        } else if (data[i] != (uint8_t)PTX_OPREF) {
            text[n++] = (char)data[i];
        }
    }
    ptx_input in = {text, n, ops, 8, "f.cu", 4, line_of, NULL, 7};
    rw_buf out = {0};
    ptx_error err;
    memset(&err, 0, sizeof err);
    if (ptx_translate(&in, &out, &err) == 0) {
        if (out.len && memchr(out.data, '\n', out.len))
            abort();
    } else if (!err.msg[0]) {
        abort();
    }
    rw_buf_free(&out);
    free(text);
    return 0;
}
