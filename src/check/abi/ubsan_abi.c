/*
 * ubsan_abi.c: libsimt-check.a's handler for clang's array-bounds checks
 * (-fsanitize=array-bounds, which simtcc --check adds to ThreadSanitizer's
 * instrumentation).  An index past a declared array's bound is what the
 * shadow memory cannot see where the array is a local variable (registers
 * and the fiber's stack) or a __device__ variable (whose neighbours are
 * addressable too); the handler hands it to the checker's report
 * (simt__check_bounds), and the program goes on as on a GPU.  The same for
 * -fsanitize=alignment: a pointer not aligned for its type (a float4 load
 * from a 4-byte boundary, which the optimizer splits into aligned 4-byte
 * loads that ThreadSanitizer's entry points see as fine).
 */
#include <stdint.h>

#include "check/check.h"

/* UBSan's descriptions (compiler-rt's ubsan_value.h, ubsan_handlers.h). */
struct src_loc {
    const char *file;
    uint32_t line, col;
};
struct type_desc {
    uint16_t kind;            /* 0: integer */
    uint16_t info;            /* integers: log2(bits) << 1 | signed */
    char name[];
};
struct oob_data {
    struct src_loc loc;
    const struct type_desc *array_type;
    const struct type_desc *index_type;
};

static long long index_value(const struct type_desc *t, uintptr_t v)
{
    unsigned bits = 1u << (t->info >> 1);
    if (t->kind != 0 || bits > 64)
        return -1;
    if (bits < 64) {
        uint64_t m = (uint64_t)1 << bits;
        v &= (uintptr_t)(m - 1);
        if ((t->info & 1) && (v & (m >> 1)))
            return (long long)((uint64_t)v - m);
    }
    return (long long)v;
}

void __ubsan_handle_out_of_bounds(struct oob_data *d, uintptr_t index);
void __ubsan_handle_out_of_bounds(struct oob_data *d, uintptr_t index)
{
    simt__check_bounds(d->loc.file, d->loc.line, index_value(d->index_type, index),
                       d->array_type->name, __builtin_return_address(0));
}

void __ubsan_handle_out_of_bounds_abort(struct oob_data *d, uintptr_t index);
void __ubsan_handle_out_of_bounds_abort(struct oob_data *d, uintptr_t index)
{
    __ubsan_handle_out_of_bounds(d, index);
}

struct mismatch_data {
    struct src_loc loc;
    const struct type_desc *type;
    unsigned char log_alignment;
    unsigned char kind;       /* 0 load, 1 store, others: references, members, calls */
};

void __ubsan_handle_type_mismatch_v1(struct mismatch_data *d, uintptr_t p);
void __ubsan_handle_type_mismatch_v1(struct mismatch_data *d, uintptr_t p)
{
    uintptr_t align = (uintptr_t)1 << d->log_alignment;
    if (p && (p & (align - 1)))
        simt__check_misaligned(d->loc.file, d->loc.line, p, d->type->name, (size_t)align,
                               d->kind);
}

/* simt-kc makes each alignment check's branch around the handler a call
 * of this (src/compiler/kc_main.c); inlined from simt-check-inline.bc
 * (tsan_abi.c) where that is linked in. */
void simt__ubsan_mismatch_if(int failed, struct mismatch_data *d, uintptr_t p);
void simt__ubsan_mismatch_if(int failed, struct mismatch_data *d, uintptr_t p)
{
    if (failed)
        __ubsan_handle_type_mismatch_v1(d, p);
}

void __ubsan_handle_type_mismatch_v1_abort(struct mismatch_data *d, uintptr_t p);
void __ubsan_handle_type_mismatch_v1_abort(struct mismatch_data *d, uintptr_t p)
{
    __ubsan_handle_type_mismatch_v1(d, p);
}
