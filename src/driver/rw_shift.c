/*
 * rw_shift.c: shifts in kernel bodies with the GPU's meaning.
 *
 * C++ leaves a shift by the operand's width or more undefined, and x86
 * masks the count (x << 32 == x); a GPU's shl/shr clamp it: the result is
 * 0, or -1 for a negative signed value shifted right (PTX ISA, shl and
 * shr; measured on an H200).  Kernels written for the GPU rely on it
 * (Rodinia's huffman shifts by 32 - bit with bit 0).  In a kernel body,
 * "a << b" becomes "a << ::simt__shc(b)": the count becomes a
 * simt__shift, whose operators (simt/lang/shift.hpp) shift as the GPU does.
 * Only the right operand is delimited, scanning forward over an
 * additive-expression, which is unambiguous where the left operand is
 * not; a ">>" that may close template argument lists is left alone.
 */
#include "rw.h"

static const char *const casts[] = {"static_cast", "reinterpret_cast", "const_cast",
                                    "dynamic_cast", NULL};

/* The last token of the additive-expression that starts at a, or -1 if it
 * cannot be delimited with confidence. */
static long operand_end(const rw *r, long a)
{
    long last = -1;
    for (long j = a; j < r->n && j <= r->kernel_end; j++) {
        const lex_tok *t = &r->t[j];
        if (t->kind != TK_PUNCT) {
            last = j;
            continue;
        }
        switch (t->punct) {
        case '(':
        case '[':
            if (t->match < 0)
                return -1;
            last = j = t->match;
            continue;
        case '<':
            /* A cast's type, or the end (a relational or shift operator). */
            if (last == j - 1 && rw_word_in(r, last, casts)) {
                long c = rw_angle_close(r, j, r->n);
                if (c < 0)
                    return -1;
                last = j = c;
                continue;
            }
            return last;
        case '&':
            if (last < 0) { /* unary: an address */
                last = j;
                continue;
            }
            return last;
        case '+': case '-': case '*': case '/': case '%': case '~': case '!':
        case '.': case P_SCOPE: case P_ARROW: case P_INC: case P_DEC:
            last = j;
            continue;
        case '{':
            return -1; /* a braced initializer or a lambda: not attempted */
        default:
            return last; /* a lower-precedence operator or a delimiter */
        }
    }
    return -1;
}

long rw_shift(rw *r, long i)
{
    const lex_tok *t = &r->t[i];
    long op_end; /* the operator's last token */
    if (t->punct == P_ASSIGN_OP) {
        if (t->len != 3 || (r->s[t->off] != '<' && r->s[t->off] != '>'))
            return i;
        op_end = i;
    } else {
        unsigned c = t->punct;
        /* Two touching '<' or '>', not part of a run of three. */
        if (!adjacent(r, i) || !is_p(r, i + 1, c) || (adjacent(r, i + 1) && is_p(r, i + 2, c)))
            return i;
        if (i > 0 && adjacent(r, i - 1) && is_p(r, i - 1, c))
            return i + 1;
        /* A launch's ">>>", however it is spaced. */
        if (c == '>' && r->launch_gt >= 0 && i >= r->launch_gt && i <= r->launch_gt + 2)
            return i + 1;
        /* ">>" may close two template argument lists: two '<' before it
         * that it could match. */
        if (c == '>' && rw_angle_open(r, i + 1) >= 0)
            return i + 1;
        op_end = i + 1;
    }
    if (ID_IS(r, i - 1, "operator"))
        return op_end;
    long a = op_end + 1, e = operand_end(r, a);
    if (e < a)
        return op_end;
    size_t mark = r->text.len;
    rw_put(&r->text, "::simt__shc(");
    rw_add_edit(r, r->t[a].off, r->t[a].off, mark);
    mark = r->text.len;
    rw_put(&r->text, ")");
    rw_add_edit(r, tok_end(r, e), tok_end(r, e), mark);
    /* The operand's own tokens are passed on (nested shifts, launches). */
    return op_end;
}
