/*
 * ptx.h: the inline-PTX translator.  The PTX text of one asm statement in
 * device code becomes C++ statements that call simt/ptx/asm.hpp, which
 * implements each instruction with the PTX ISA's semantics.
 *
 *   ptx_parse.c   tokens, statements, operands, registers, labels
 *   ptx_emit.c    integer, logic, comparison, floating-point and cvt
 *   ptx_emit2.c   data movement, memory, atomics, synchronization, warps,
 *                 special registers, video instructions
 *
 * rw_asm.c reads the asm statement and gives the translator its template
 * (escapes and operand references resolved) and its operands; the
 * translator writes the statements that run the PTX between the operands'
 * bindings and their write-backs.
 *
 * Key invariants: the C++ text never holds a newline; every instruction
 * is either translated with its documented meaning or rejected with a
 * message (an unknown opcode, modifier, type or operand form is an error,
 * never ignored); input of any shape ends in bounded time.
 */
#ifndef SIMT_DRIVER_PTX_H
#define SIMT_DRIVER_PTX_H

#include "rewrite.h"

#include <stddef.h>
#include <stdint.h>

/* In a template, an operand reference ("%2", "%[name]") is this byte
 * followed by the operand's index plus one. */
#define PTX_OPREF '\x01'
#define PTX_MAX_OPERANDS 30

enum { PTX_IN, PTX_OUT, PTX_INOUT };

typedef struct ptx_operand {
    char constraint;   /* 'h', 'r', 'l', 'f', 'd' or 'n' */
    unsigned char dir; /* PTX_IN, PTX_OUT, PTX_INOUT */
} ptx_operand;

typedef struct ptx_input {
    const char *text; /* the template */
    size_t len;
    const ptx_operand *ops;
    int nops;
    const char *file; /* as a line marker spells it (escaped) */
    size_t file_len;
    /* Line of each byte of text: line_of(off) for diagnostics' sites. */
    uint32_t (*line_of)(const void *ctx, size_t off);
    const void *line_ctx;
    unsigned id; /* unique per asm statement of the unit: label names */
} ptx_input;

typedef struct ptx_error {
    size_t off; /* in the template */
    char msg[320];
} ptx_error;

/* Appends the C++ statements for in's PTX to out: operand k is the
 * variable simt__pK, of the register type its constraint names.  Returns
 * 0, or -1 with *err set (out then holds a partial translation). */
int ptx_translate(const ptx_input *in, rw_buf *out, ptx_error *err);

/* ---- between ptx_parse.c and the emitters ------------------------------ */

/* A scalar operand. */
enum { PV_REG, PV_OPREF, PV_SREG, PV_IMM, PV_F32, PV_F64, PV_SINK };

typedef struct ptx_val {
    unsigned char kind;
    unsigned char neg;  /* "!p" */
    unsigned char type; /* PV_REG: the register's PTX_T type */
    int idx;            /* PV_REG: register number; PV_OPREF: operand; PV_SREG: PTX_SR_* */
    uint64_t bits;      /* PV_IMM: the value; PV_F32, PV_F64: the bit pattern */
    char sel[8];        /* a selector after the operand (".b0", ".h10"), without the dot */
} ptx_val;

enum { PO_VAL, PO_PAIR, PO_VEC, PO_MEM, PO_LABEL };
#define PTX_MAX_VEC 8

typedef struct ptx_opnd {
    unsigned char kind;
    unsigned char n; /* PO_VEC elements, PO_PAIR 2, else 1 */
    ptx_val v[PTX_MAX_VEC];
    int64_t off;     /* PO_MEM: the displacement; PO_LABEL: the label number */
    size_t pos;
} ptx_opnd;

#define PTX_MAX_SFX 16
#define PTX_MAX_OPNDS 8

typedef struct ptx_insn {
    char op[24];                   /* "add" */
    char text[64];                 /* "add.cc.u32", for messages */
    char sfx[PTX_MAX_SFX][24];     /* modifiers without their dots */
    unsigned char used[PTX_MAX_SFX];
    int nsfx;
    ptx_opnd o[PTX_MAX_OPNDS];
    int nops;
    size_t pos;
    uint32_t line;
} ptx_insn;

/* PTX types.  Bit sizes: ptx_type_bits(); kinds: unsigned, signed, float. */
enum {
    PTX_T_NONE, PTX_T_PRED, PTX_T_B8, PTX_T_B16, PTX_T_B32, PTX_T_B64, PTX_T_U8, PTX_T_U16,
    PTX_T_U32, PTX_T_U64, PTX_T_S8, PTX_T_S16, PTX_T_S32, PTX_T_S64, PTX_T_F16, PTX_T_F16X2,
    PTX_T_BF16, PTX_T_BF16X2, PTX_T_F32, PTX_T_F64
};

/* Special registers; see ptx_sreg_name(). */
enum {
    PTX_SR_TID_X, PTX_SR_TID_Y, PTX_SR_TID_Z, PTX_SR_NTID_X, PTX_SR_NTID_Y, PTX_SR_NTID_Z,
    PTX_SR_CTAID_X, PTX_SR_CTAID_Y, PTX_SR_CTAID_Z, PTX_SR_NCTAID_X, PTX_SR_NCTAID_Y,
    PTX_SR_NCTAID_Z, PTX_SR_LANEID, PTX_SR_WARPID, PTX_SR_NWARPID, PTX_SR_SMID, PTX_SR_NSMID,
    PTX_SR_LANEMASK_EQ, PTX_SR_LANEMASK_LE, PTX_SR_LANEMASK_LT, PTX_SR_LANEMASK_GE,
    PTX_SR_LANEMASK_GT, PTX_SR_CLOCK, PTX_SR_CLOCK_HI, PTX_SR_CLOCK64, PTX_SR_GLOBALTIMER,
    PTX_SR_GLOBALTIMER_LO, PTX_SR_GLOBALTIMER_HI, PTX_SR_COUNT
};

typedef struct ptx_ctx ptx_ctx;

/* ptx_parse.c, for the emitters. */
int ptx_type(const char *s);            /* "u32" -> PTX_T_U32; PTX_T_NONE if not a type */
int ptx_type_bits(int t);
int ptx_type_is_float(int t);
int ptx_type_is_signed(int t);
int ptx_type_is_int(int t);             /* b8 .. s64 */
const char *ptx_ctype(int t);           /* the C++ type simt/ptx/asm.hpp takes for it */
const char *ptx_sreg_func(int sr);      /* "::simt_ptx::sr_laneid()" */
int ptx_sreg_bits(int sr);
rw_buf *ptx_out(ptx_ctx *c);
int ptx_fail(ptx_ctx *c, size_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Appends the C++ expression reading v (a register, operand, special
 * register or immediate) as a value of instruction type t. */
void ptx_put_src(ptx_ctx *c, const ptx_val *v, int t);
/* Operand k of an instruction as one value (a register or a constant, not
 * a label, vector or address); NULL once it has failed. */
const ptx_val *ptx_scalar(ptx_ctx *c, const ptx_insn *in, int k);
/* Operand k read as a predicate (ptx_put_pred), or begun as a destination
 * of type t (ptx_begin_wr); -1 once it has failed. */
int ptx_pred_src(ptx_ctx *c, const ptx_insn *in, int k);
int ptx_begin(ptx_ctx *c, const ptx_insn *in, int k, int t);
/* Appends an lvalue for destination v; fails on anything but a register. */
int ptx_put_dst(ptx_ctx *c, const ptx_val *v, size_t pos);
/* Appends a predicate source: a .pred register, possibly negated. */
int ptx_put_pred(ptx_ctx *c, const ptx_val *v, size_t pos);
/* Appends a predicate destination: a .pred register or the sink '_'. */
int ptx_put_pred_dst(ptx_ctx *c, const ptx_val *v, size_t pos);
/* Appends "::simt_ptx::wr<T>(DST, "; the caller writes the value and "); ". */
int ptx_begin_wr(ptx_ctx *c, int t, const ptx_val *d, size_t pos);
/* "\"file:line\"" of the instruction, and "\"file\", line". */
void ptx_put_site(ptx_ctx *c, const ptx_insn *in);
void ptx_put_file_line(ptx_ctx *c, const ptx_insn *in);
/* A fresh number for a temporary (simt__tN). */
unsigned ptx_temp(ptx_ctx *c);
/* The carry flag variable (simt__cc) is declared. */
void ptx_use_cc(ptx_ctx *c);
const char *ptx_label_name(ptx_ctx *c, int64_t label, char *buf, size_t size);
/* A label operand's name as written: an unknown name where a register is
 * wanted reads as one. */
const char *ptx_label_text(const ptx_ctx *c, int64_t label);

/* Modifiers: each handler takes the ones it knows; a modifier left
 * untaken makes the instruction unsupported. */
int ptx_take(ptx_insn *in, const char *sfx);          /* 1 if present (and taken) */
int ptx_take_of(ptx_insn *in, const char *const *set); /* index in set, or -1 */
int ptx_take_type(ptx_insn *in);                      /* the next untaken type, or PTX_T_NONE */
int ptx_unsupported(ptx_ctx *c, const ptx_insn *in, const char *why);
int ptx_check_done(ptx_ctx *c, ptx_insn *in);
int ptx_want_ops(ptx_ctx *c, const ptx_insn *in, int lo, int hi);

/* The emitters: 1 when the opcode is theirs (translated or failed), 0
 * when it is not. */
int ptx_emit_alu(ptx_ctx *c, ptx_insn *in);
/* An instruction's emitter, by opcode; ptx_dispatch runs the one of in's
 * opcode among the n of table (1), or none (0). */
typedef struct ptx_handler {
    const char *op;
    int (*fn)(ptx_ctx *, ptx_insn *);
} ptx_handler;
int ptx_dispatch(ptx_ctx *c, ptx_insn *in, const ptx_handler *table, size_t n);
/* The start of an instruction of two operands that writes predicate
 * operand 0: its destination is put, " = ..." comes next. */
int ptx_begin_pred(ptx_ctx *c, ptx_insn *in);
int ptx_emit_other(ptx_ctx *c, ptx_insn *in);

#endif /* SIMT_DRIVER_PTX_H */
