/*
 * texture.c: the device side of textures and surfaces: the texel fetches,
 * filtering and mipmap selection that the fetch functions of the headers
 * call (simt/core/texture.h), and surface reads and writes.  The objects
 * they read are made by src/runtime/texture.c (runtime/texture.h).
 *
 * Sampling follows the CUDA programming guide, "Texture Fetching": nearest
 * point sampling takes texel floor(x); linear filtering takes the texels
 * around x - 0.5 with weights in 9-bit fixed point (8 fractional bits).
 * A texture of a mipmapped array keeps each level's resource; the Lod
 * and Grad fetches pick the level (mip_level).
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/diag.h"
#include "engine/engine.h"
#include "engine/sync.h"
#include "runtime/texture.h"
#include "simt/core/texture.h"

/* ---- diagnostics -------------------------------------------------------------------- */

/* Reports misuse by the running CUDA thread and fails its grid; pc is
 * the fetch's address in the kernel. */
__attribute__((noreturn)) static void misuse(const char *what, const char *todo, int err,
                                             const void *pc)
{
    char where[512], tail[1024];
    diag_symbolize(pc, where, sizeof where);
    snprintf(tail, sizeof tail, "%s; the grid fails with %s", todo,
             cudaGetErrorName((cudaError_t)err));
    engine_fail(err, where, tail, "%s", what);
}

static const struct obj *texture_or_die(cudaTextureObject_t h, const void *pc)
{
    const struct obj *o = simt__texobj_get(h, OBJ_TEXTURE);
    if (SIMT_UNLIKELY(!o)) {
        char what[128];
        snprintf(what, sizeof what, "fetch from texture object %#llx, which is not live", h);
        misuse(what, "create it with cudaCreateTextureObject and destroy it only after the "
               "kernels using it are done", cudaErrorLaunchFailure, pc);
    }
    return o;
}

static const struct obj *ref_or_die(const struct textureReference *ref, const void *pc)
{
    const struct obj *o = simt__texobj_get(simt__texref_handle(ref), OBJ_TEXTURE);
    if (SIMT_UNLIKELY(!o))
        misuse("fetch from a texture reference that is not bound",
               "bind it with cudaBindTexture, cudaBindTexture2D or cudaBindTextureToArray "
               "before the launch", cudaErrorLaunchFailure, pc);
    return o;
}

/* ---- texels ----------------------------------------------------------------------------- */

static float half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 1023, bits;
    if (e == 31) {
        bits = sign | 0x7f800000u | (m << 13);
    } else if (e != 0) {
        bits = sign | ((e + 112) << 23) | (m << 13);
    } else if (m == 0) {
        bits = sign;
    } else {
        float f = (float)m * 0x1p-24f;
        memcpy(&bits, &f, 4);
        bits |= sign;
    }
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

/* Round to nearest even; overflow to infinity. */
static uint16_t float_to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
    uint32_t a = x & 0x7fffffffu;
    if (a >= 0x7f800000u)
        return sign | (a > 0x7f800000u ? 0x7e00 : 0x7c00);
    if (a >= 0x477ff000u)          /* rounds to 65536 or more */
        return sign | 0x7c00;
    if (a < 0x38800000u) {         /* half subnormals and zero */
        float v;
        memcpy(&v, &a, 4);
        return sign | (uint16_t)lrintf(v * 0x1p24f);
    }
    uint32_t m = a + 0xfffu + ((a >> 13) & 1);
    return sign | (uint16_t)((m - 0x38000000u) >> 13);
}

/* CUDA guide, "Texture Fetching": cudaReadModeNormalizedFloat maps the
 * full range of an unsigned integer format to [0.0, 1.0] and of a signed
 * one to [-1.0, 1.0] (the most negative value, one step below -1, to -1). */
static float unorm(uint32_t v, uint32_t max)
{
    return (float)v / (float)max;
}

static float snorm(int32_t v, int32_t max)
{
    float f = (float)v / (float)max;
    return f < -1.0f ? -1.0f : f;
}

/* The integer channel at q: `bytes` (1 or 2) bytes, signed or not. */
static int32_t channel_int(const unsigned char *q, unsigned bytes, int is_signed)
{
    if (bytes == 1) {
        uint8_t u8;
        memcpy(&u8, q, 1);
        return is_signed ? (int8_t)u8 : u8;
    }
    uint16_t u16;
    memcpy(&u16, q, 2);
    return is_signed ? (int16_t)u16 : u16;
}

/* The texel at p as floats (float_result) or integers. */
static void load(const struct format *f, int read_norm, const unsigned char *p, simt_texel *v)
{
    int floats = float_result(f, read_norm);
    for (unsigned c = 0; c < 4; c++) {
        if (c >= f->channels) {
            /* Channels the format lacks read as 0 (an H200), alpha too. */
            v->u[c] = 0;
            continue;
        }
        const unsigned char *q = p + c * f->bytes;
        int sgn = f->kind == FMT_SINT;
        switch (f->kind * 8 + f->bytes) {
        case FMT_SINT * 8 + 1:
        case FMT_UINT * 8 + 1:
        case FMT_SINT * 8 + 2:
        case FMT_UINT * 8 + 2: {
            int32_t x = channel_int(q, f->bytes, sgn);
            int32_t max = f->bytes == 1 ? (sgn ? 127 : 255) : (sgn ? 32767 : 65535);
            if (!floats)
                v->i[c] = x;
            else
                v->f[c] = sgn ? snorm(x, max) : unorm((uint32_t)x, (uint32_t)max);
            break;
        }
        case FMT_FLOAT * 8 + 2:
            v->f[c] = half_to_float((uint16_t)channel_int(q, 2, 0));
            break;
        default:                /* 32-bit channels: the bits as they are */
            memcpy(&v->u[c], q, 4);
            break;
        }
    }
}


/* The border color as a texel of the texture's format (an H200): floats
 * as they are (half: rounded); for normalized reads of integers, the
 * color clamped to the format's range and truncated to its integers
 * (0.3 in 8 bits reads 76/255); for element reads of integers, the
 * color's bits, cut to the channel's width.  Channels the format lacks
 * stay 0, as in any texel. */
static void border_texel(const struct format *f, int read_norm, const float b[4],
                         unsigned char out[16])
{
    for (unsigned c = 0; c < f->channels; c++) {
        unsigned char *q = out + c * f->bytes;
        uint32_t bits;
        memcpy(&bits, &b[c], 4);
        if (f->kind == FMT_FLOAT) {
            if (f->bytes == 4) {
                memcpy(q, &b[c], 4);
            } else {
                uint16_t h = float_to_half(b[c]);
                memcpy(q, &h, 2);
            }
            continue;
        }
        if (read_norm && f->bytes < 4) {
            int bitsz = 8 * (int)f->bytes;
            float lo = f->kind == FMT_SINT ? -1.0f : 0.0f;
            float v = b[c] < lo ? lo : b[c] > 1.0f ? 1.0f : b[c];
            float max = (float)((f->kind == FMT_SINT ? 1u << (bitsz - 1) : 1u << bitsz) - 1);
            bits = (uint32_t)(int32_t)truncf(v * max);
        }
        memcpy(q, &bits, f->bytes);    /* little-endian: the low bytes */
    }
}

static void border(const struct res *r, const struct sampler *s, simt_texel *v)
{
    unsigned char t[16] = {0};
    border_texel(&r->fmt, s->read_norm, s->border, t);
    load(&r->fmt, s->read_norm, t, v);
}

/* ---- addressing --------------------------------------------------------------------- */

/* Index i along an axis of n texels; -1 for the border.  CUDA guide:
 * wrap and mirror apply to normalized coordinates only; unnormalized ones
 * clamp instead. */
static long address(long i, long n, int mode, int norm_coords)
{
    if (i >= 0 && i < n)
        return i;
    switch (mode) {
    case cudaAddressModeBorder:
        return -1;
    case cudaAddressModeWrap:
        if (norm_coords) {
            i %= n;
            return i < 0 ? i + n : i;
        }
        break;
    case cudaAddressModeMirror:
        if (norm_coords) {
            long m = i % (2 * n);
            if (m < 0)
                m += 2 * n;
            return m < n ? m : 2 * n - 1 - m;
        }
        break;
    default:
        break;
    }
    return i < 0 ? 0 : n - 1;
}

/* A coordinate in texels, in fixed point with COORD_BITS fractional bits.
 * An H200 truncates a normalized coordinate to 21 fractional bits before
 * scaling it by the texture's size (tex1D at i/N plus a few ulps still
 * reads texel i-1); unnormalized coordinates keep all the bits that
 * matter (21 fractional bits decide floor and the 8-bit weights alike).
 * Saturated far outside any texture. */
#define COORD_BITS 21

static int64_t coord_fixed(float x, long n, int norm_coords)
{
    double v = (double)x * 0x1p21;
    if (!(v > -0x1p50))
        v = v != v ? 0 : -0x1p50;
    else if (v > 0x1p50)
        v = 0x1p50;
    int64_t q = (int64_t)floor(v);
    if (norm_coords) {
        if (q > (INT64_C(1) << 42))
            q = INT64_C(1) << 42;
        if (q < -(INT64_C(1) << 42))
            q = -(INT64_C(1) << 42);
        q *= n;
    }
    return q;
}

/* floor(q / 2^bits) */
static long fixed_floor(int64_t q, int bits)
{
    return (long)(q >= 0 ? q >> bits : -((-q + (INT64_C(1) << bits) - 1) >> bits));
}

/* CUDA guide, "Linear Filtering": the texel-space coordinate less half a
 * texel, rounded (half up) to 8 fractional bits; *i is the lower texel,
 * the result the upper texel's weight a in [0, 256), the lower's 256 - a. */
static int fixed_weight(int64_t q, long *i)
{
    int64_t fx = q - (INT64_C(1) << (COORD_BITS - 1));
    long f = fixed_floor(fx + (INT64_C(1) << (COORD_BITS - 9)), COORD_BITS - 8);
    *i = fixed_floor(f, 8);
    return (int)(f - *i * 256);
}

/* The texel (i, j, k) of layer `layer` (indices already addressed), or
 * the border when any index is -1. */
static void texel(const struct res *r, const struct sampler *s, long layer, const long idx[3],
                  int dims, simt_texel *v)
{
    for (int a = 0; a < dims; a++)
        if (idx[a] < 0) {
            border(r, s, v);
            return;
        }
    const unsigned char *p = r->data + (size_t)layer * r->slice;
    p += (size_t)idx[0] * r->fmt.texel;
    if (r->dims > 1)
        p += (size_t)idx[1] * r->pitch;
    if (r->dims > 2)
        p += (size_t)idx[2] * r->slice;
    load(&r->fmt, s->read_norm, p, v);
}

/* The layer read: an H200 reads the layer index as unsigned and clamps it
 * (layer -1 reads the last layer). */
static long layer_of(const struct res *r, int layer)
{
    if (!r->layers)
        return 0;
    return (unsigned)layer >= (unsigned long)r->layers ? r->layers - 1 : layer;
}

/* ---- filtering -------------------------------------------------------------------------- */

/* Trilinear (an H200, all 8-bit weights): each z slice keeps its weight
 * exactly; within it, the x = 1 part is the slice's times a, rounded half
 * up; each x part splits by b, rounded half up for x = 1 and half down
 * for x = 0.  The four weights of one slice of weight `slice`. */
static void slice_weights(int a, int b, int slice, int w[4])
{
    int x1 = (a * slice + 128) >> 8, x0 = slice - x1;
    int y1x1 = (b * x1 + 128) >> 8, y1x0 = (b * x0 + 127) >> 8;
    w[0] = x0 - y1x0;
    w[1] = x1 - y1x1;
    w[2] = y1x0;
    w[3] = y1x1;
}

/* The filter's weights, 8-bit fixed point summing to 256, of the 2^dims
 * texels around the sample (bit a of the index: the upper texel along
 * axis a), from the per-axis weights wa.  Bilinear weights are what an
 * H200 uses: the upper-upper one is a*b/256 rounded half up, the others
 * follow so that each row and column keeps its 1D weight. */
static void weights(int dims, const int wa[3], int w[8])
{
    int a = wa[0], b = wa[1], c = wa[2];
    if (dims == 1) {
        w[0] = 256 - a;
        w[1] = a;
        return;
    }
    int ab = (a * b + 128) >> 8;
    int w2[4] = {256 - a - b + ab, a - ab, b - ab, ab};
    if (dims == 2) {
        memcpy(w, w2, sizeof w2);
        return;
    }
    for (int z = 0; z < 2; z++)
        slice_weights(a, b, z ? c : 256 - c, &w[4 * z]);
}

static float flush(float f)
{
    return fabsf(f) < 0x1p-126f ? 0.0f * f : f;
}

/* x * 2^e rounded to `bits` significant bits, ties away from zero, with
 * results below 2^min_exp quantized to 2^(min_exp - bits + 1) (half's
 * subnormals) or flushed (min_exp -126: float). */
static float round_scaled(int64_t x, int e, int bits, int min_exp)
{
    if (x == 0)
        return 0.0f;
    uint64_t mag = x < 0 ? (uint64_t)-x : (uint64_t)x;
    int top = 63 - __builtin_clzll(mag) + e;      /* exponent of the leading bit */
    int lsb = (top < min_exp ? min_exp : top) - bits + 1;
    if (min_exp == -126 && top < -126)
        return x < 0 ? -0.0f : 0.0f;
    int shift = lsb - e;
    if (shift > 0) {
        if (shift > 63)
            return x < 0 ? -0.0f : 0.0f;
        uint64_t rem = mag & ((UINT64_C(1) << shift) - 1);
        mag >>= shift;
        if (rem >= (UINT64_C(1) << (shift - 1)))
            mag++;
        e = lsb;
    }
    double r = ldexp((double)mag, e);
    return (float)(x < 0 ? -r : r);
}

/* The block of texels k in [lo, hi) with nonzero weight: the exponent of
 * the largest (INT_MIN when all are zero) and the exact weighted sum of
 * their mantissas of `bits` bits at that exponent, truncated toward zero. */
static int64_t block_sum(const float *t, const int *w, int lo, int hi, int bits, int half,
                         int *e)
{
    *e = INT_MIN;
    for (int k = lo; k < hi; k++) {
        float v = half ? t[k] : flush(t[k]);
        int ex;
        if (w[k] && v != 0.0f) {
            frexpf(v, &ex);
            if (ex > *e)
                *e = ex;
        }
    }
    int64_t acc = 0;
    if (*e == INT_MIN)
        return 0;
    for (int k = lo; k < hi; k++)
        if (w[k] && (half ? t[k] : flush(t[k])) != 0.0f)
            acc += (int64_t)w[k] * (int64_t)ldexp((double)t[k], bits - *e);
    return acc;
}

/* The filter unit's arithmetic on float texels (the shape an H200's
 * results have bit for bit): the texels of nonzero weight share the
 * exponent of the largest; each becomes an integer mantissa of `bits` bits
 * at that exponent, truncated toward zero; the weighted sum is exact and
 * rounds to nearest, ties away from zero: to float for float texels (28
 * mantissa bits, subnormal texels read as zero), to half for half texels
 * (16 mantissa bits).  Trilinear filtering sums each z slice so, then
 * adds the two sums aligned to the larger slice's exponent with one more
 * fractional bit than a sum has, rounding the smaller down. */
static float filter_block(const float *t, const int *w, int n, int half)
{
    const int bits = half ? 16 : 28;
    for (int k = 0; k < n; k++)
        if (SIMT_UNLIKELY(w[k] && (isnan(t[k]) || isinf(t[k])))) {
            float r = 0.0f;
            for (int j = 0; j < n; j++)
                if (w[j] && (isnan(t[j]) || isinf(t[j])))
                    r += t[j];
            return r;
        }
    int e;
    int64_t acc;
    if (n <= 4) {
        acc = block_sum(t, w, 0, n, bits, half, &e);
        if (e == INT_MIN)
            return 0.0f;
        e -= bits + 8;
    } else {
        int e0, e1;
        int64_t a0 = block_sum(t, w, 0, 4, bits, half, &e0);
        int64_t a1 = block_sum(t, w, 4, 8, bits, half, &e1);
        if (e0 == INT_MIN && e1 == INT_MIN)
            return 0.0f;
        int top = e0 > e1 ? e0 : e1;
        acc = 0;
        for (int s = 0; s < 2; s++) {
            int es = s ? e1 : e0;
            int64_t as = s ? a1 : a0;
            if (es == INT_MIN)
                continue;
            int down = top - es - 1;      /* a sum has bits+8 fractional bits */
            if (down < 0)
                acc += as * 2;
            else if (down < 63)
                acc += as >> down;        /* arithmetic: rounds down */
            else
                acc += as < 0 ? -1 : 0;
        }
        e = top - bits - 9;
    }
    return half ? round_scaled(acc, e, 11, -14) : round_scaled(acc, e, 24, -126);
}

/* How a format filters.  Normalized 8- and 16-bit integers filter as
 * 16-bit fixed point (an H200: 8-bit texels widen as v * 257, the
 * weighted sum rounds half up to 16 bits, the result is that over 65535);
 * signed ones likewise over 32767 (their widening of 8 bits, v * 258 plus
 * the top bit, and their rounding are not an H200's bit for bit). */
enum filter_kind { FK_FLOAT, FK_HALF, FK_UNORM, FK_SNORM };

static enum filter_kind filter_kind_of(const struct format *f)
{
    if (f->kind == FMT_FLOAT)
        return f->bytes == 2 ? FK_HALF : FK_FLOAT;
    return f->kind == FMT_UINT ? FK_UNORM : FK_SNORM;
}

/* Channel values as the filter takes them: floats, or 16-bit integers
 * for the normalized formats (in t as floats holding integers). */
static void filter_input(const struct format *f, enum filter_kind fk, const unsigned char *p,
                         float v[4])
{
    for (unsigned c = 0; c < 4; c++) {
        if (c >= f->channels) {
            v[c] = 0.0f;
            continue;
        }
        const unsigned char *q = p + c * f->bytes;
        int32_t x;
        switch (fk) {
        case FK_FLOAT:
            memcpy(&v[c], q, 4);
            break;
        case FK_HALF:
            v[c] = half_to_float((uint16_t)channel_int(q, 2, 0));
            break;
        case FK_UNORM:
            x = channel_int(q, f->bytes, 0);
            v[c] = (float)(f->bytes == 1 ? x * 257 : x);
            break;
        case FK_SNORM:
            x = channel_int(q, f->bytes, 1);
            if (f->bytes == 1) {
                int m = x < 0 ? -x : x;
                m = m * 258 + (m >> 6);
                x = x < 0 ? -m : m;
            }
            v[c] = (float)x;
            break;
        }
    }
}

static float filter(enum filter_kind fk, const float *t, const int *w, int n)
{
    if (fk == FK_FLOAT || fk == FK_HALF)
        return filter_block(t, w, n, fk == FK_HALF);
    int64_t acc = 0;
    for (int k = 0; k < n; k++)
        acc += (int64_t)w[k] * (int64_t)t[k];
    int64_t q = acc >= 0 ? (acc + 128) >> 8 : -((-acc + 127) >> 8);
    if (fk == FK_UNORM)
        return (float)q / 65535.0f;
    float r = (float)q / 32767.0f;
    return r < -1.0f ? -1.0f : r;
}

/* ---- sampling ---------------------------------------------------------------------------- */

/* Seamless cubemap filtering: the texel (i, j) of face `face` (n x n)
 * that lies just past one of its edges is the texel of the neighbouring
 * face along that edge.  Takes the point of the shared edge beside the
 * texel's centre, (x, y, z) with two components of magnitude 1: the
 * face's own axis and the neighbour's; the neighbour's face coordinates
 * of it (sample_cube's table) give the texel. */
static void cube_neighbour(long n, int face, long i, long j, int *nface, long *ni, long *nj)
{
    float sc = i < 0 ? -1.0f : i >= n ? 1.0f : (float)(2 * i + 1) / (float)n - 1.0f;
    float tc = j < 0 ? -1.0f : j >= n ? 1.0f : (float)(2 * j + 1) / (float)n - 1.0f;
    float p[3];
    switch (face) {
    case 0: p[0] = 1; p[1] = -tc; p[2] = -sc; break;
    case 1: p[0] = -1; p[1] = -tc; p[2] = sc; break;
    case 2: p[0] = sc; p[1] = 1; p[2] = tc; break;
    case 3: p[0] = sc; p[1] = -1; p[2] = -tc; break;
    case 4: p[0] = sc; p[1] = -tc; p[2] = 1; break;
    default: p[0] = -sc; p[1] = -tc; p[2] = -1; break;
    }
    /* The outside coordinate's axis: the one of magnitude 1 besides the face's. */
    int own = face / 2, axis = 0;
    for (int a = 0; a < 3; a++)
        if (a != own && fabsf(p[a]) == 1.0f)
            axis = a;
    int f = 2 * axis + (p[axis] < 0);
    float x = p[0], y = p[1], z = p[2], u, v;
    switch (f) {
    case 0: u = -z; v = -y; break;
    case 1: u = z; v = -y; break;
    case 2: u = x; v = z; break;
    case 3: u = x; v = -z; break;
    case 4: u = x; v = -y; break;
    default: u = -x; v = -y; break;
    }
    long a = (long)floorf((u + 1.0f) * 0.5f * (float)n), b = (long)floorf((v + 1.0f) * 0.5f * (float)n);
    *nface = f;
    *ni = a < 0 ? 0 : a >= n ? n - 1 : a;
    *nj = b < 0 ? 0 : b >= n ? n - 1 : b;
}

/* A linear fetch's texels and per-axis weights, left for the caller to
 * filter (linear mipmap filtering mixes two levels' texels in one sum). */
struct corners {
    float t[4][8];
    int wa[3];
    int dims;
};

static void sample_at(const struct res *r, const struct sampler *s, float x, float y, float z,
                      int layer, simt_texel *out, struct corners *cx);

static void sample(const struct res *r, const struct sampler *s, float x, float y, float z,
                   int layer, simt_texel *out)
{
    sample_at(r, s, x, y, z, layer, out, NULL);
}

/* sample, or with cx, the texels and weights of a linear fetch (cx->dims
 * 0: a point fetch, done in out). */
static void sample_at(const struct res *r, const struct sampler *s, float x, float y, float z,
                      int layer, simt_texel *out, struct corners *cx)
{
    if (cx)
        cx->dims = 0;
    const float c[3] = {x, y, z};
    long L = layer_of(r, layer);
    long idx[3] = {0, 0, 0};
    if (s->filter != cudaFilterModeLinear || !float_result(&r->fmt, s->read_norm)) {
        for (int a = 0; a < r->dims; a++) {
            int64_t q = coord_fixed(c[a], r->n[a], s->norm_coords);
            idx[a] = address(fixed_floor(q, COORD_BITS), r->n[a], s->address[a], s->norm_coords);
        }
        texel(r, s, L, idx, r->dims, out);
        return;
    }
    /* A 1D texture (not a layered one) filters as a 2D one of height 1
     * sampled at y = 0: half its weight comes from row -1, which is the
     * border color in cudaAddressModeBorder (an H200). */
    int flat = r->dims == 1 && !r->layers;
    int dims = flat ? 2 : r->dims;
    long n[3] = {r->n[0], flat ? 1 : r->n[1], r->n[2]};
    float cc[3] = {x, flat ? 0.0f : y, z};
    long lo[3] = {0, 0, 0};
    int wa[3] = {0, 0, 0}, w[8];
    for (int a = 0; a < dims; a++)
        wa[a] = fixed_weight(coord_fixed(cc[a], n[a], s->norm_coords), &lo[a]);
    weights(dims, wa, w);
    enum filter_kind fk = filter_kind_of(&r->fmt);
    int corners = 1 << dims;
    float t[4][8];
    /* Seamless cubemaps: past an edge, the neighbouring face's texel;
     * past two (the cube's corner, where no texel is), the mean of the
     * other three (an H100 weighs them otherwise: not matched). */
    int seamless = s->seamless && r->cube && dims == 2, corner = -1;
    for (int k = 0; k < corners; k++) {
        float v[4] = {0, 0, 0, 0};
        long si = lo[0] + (k & 1), sj = lo[1] + ((k >> 1) & 1);
        int out_i = si < 0 || si >= n[0], out_j = sj < 0 || sj >= n[1];
        if (seamless && out_i && out_j) {
            corner = k;
        } else if (seamless && (out_i || out_j)) {
            int nf;
            long ni, nj;
            cube_neighbour(n[0], (int)(L % 6), si, sj, &nf, &ni, &nj);
            const unsigned char *p = r->data + (size_t)(L - L % 6 + nf) * r->slice +
                                     (size_t)ni * r->fmt.texel + (size_t)nj * r->pitch;
            filter_input(&r->fmt, fk, p, v);
        } else if (w[k]) {
            int border = 0;
            for (int a = 0; a < dims; a++) {
                idx[a] = address(lo[a] + ((k >> a) & 1), n[a], s->address[a], s->norm_coords);
                border |= idx[a] < 0;
            }
            if (border) {
                unsigned char bt[16] = {0};
                border_texel(&r->fmt, s->read_norm, s->border, bt);
                filter_input(&r->fmt, fk, bt, v);
            } else {
                const unsigned char *p = r->data + (size_t)L * r->slice +
                                         (size_t)idx[0] * r->fmt.texel;
                if (r->dims > 1)
                    p += (size_t)idx[1] * r->pitch;
                if (r->dims > 2)
                    p += (size_t)idx[2] * r->slice;
                filter_input(&r->fmt, fk, p, v);
            }
        }
        for (int ch = 0; ch < 4; ch++)
            t[ch][k] = v[ch];
    }
    if (corner >= 0)
        for (int ch = 0; ch < 4; ch++)
            t[ch][corner] = (t[ch][0] + t[ch][1] + t[ch][2] + t[ch][3] - t[ch][corner]) / 3.0f;
    if (cx) {
        memcpy(cx->t, t, sizeof t);
        memcpy(cx->wa, wa, sizeof wa);
        cx->dims = dims;
        return;
    }
    for (int ch = 0; ch < 4; ch++)
        out->f[ch] = ch < (int)r->fmt.channels ? filter(fk, t[ch], w, corners) : 0.0f;
}

/* CUDA guide, "Cubemap Textures": the face is that of the direction's
 * major axis ma (on ties, an H200 prefers z, then y), its sign choosing
 * the positive or negative face, and the point on it is ((sc / |ma| + 1)
 * / 2, (tc / |ma| + 1) / 2) with sc and tc the guide's table's:
 *
 *     face 0 +x: -z, -y     face 2 +y: x,  z     face 4 +z: x,  -y
 *     face 1 -x:  z, -y     face 3 -y: x, -z     face 5 -z: -x, -y
 *
 * The coordinates are always normalized (an H200 ignores
 * normalizedCoords) and filtering stays within the face, under the
 * texture's address modes, unless seamlessCubemap lets it take the
 * neighbouring faces' texels (sample).  A zero direction reads the centre of face 4
 * (an H200: -0.0 counts as positive, 0 / 0 as 0). */
static void sample_cube(const struct res *r, const struct sampler *s, float x, float y, float z,
                        int layer, simt_texel *out)
{
    float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), ma, sc, tc;
    int face;
    if (az >= ax && az >= ay) {
        face = z >= 0.0f ? 4 : 5;
        ma = az;
        sc = z >= 0.0f ? x : -x;
        tc = -y;
    } else if (ay >= ax) {
        face = y >= 0.0f ? 2 : 3;
        ma = ay;
        sc = x;
        tc = y >= 0.0f ? z : -z;
    } else {
        face = x >= 0.0f ? 0 : 1;
        ma = ax;
        sc = x >= 0.0f ? -z : z;
        tc = -y;
    }
    float u = 0.5f, v = 0.5f;
    if (ma != 0.0f) {
        u = (sc / ma + 1.0f) * 0.5f;
        v = (tc / ma + 1.0f) * 0.5f;
    }
    /* Cubemap `layer`, clamped as layers are (layer_of). */
    long cubes = r->layers / 6;
    long L = 0;
    if (r->cube && cubes > 0)
        L = (unsigned)layer >= (unsigned long)cubes ? cubes - 1 : layer;
    struct sampler fs = *s;
    fs.norm_coords = 1;
    sample(r, &fs, u, v, 0.0f, (int)(L * 6 + face), out);
}

/* CUDA guide, "Texture Gather": the four texels of bilinear filtering,
 * (i, j+1), (i+1, j+1), (i+1, j), (i, j), channel comp of each. */
static void gather(const struct res *r, const struct sampler *s, float x, float y, int comp,
                   simt_texel *out)
{
    long lo[2];
    fixed_weight(coord_fixed(x, r->n[0], s->norm_coords), &lo[0]);
    fixed_weight(coord_fixed(y, r->n[1], s->norm_coords), &lo[1]);
    static const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
    if (comp < 0 || comp > 3)
        comp = 0;
    for (int k = 0; k < 4; k++) {
        long idx[3] = {address(lo[0] + di[k], r->n[0], s->address[0], s->norm_coords),
                       address(lo[1] + dj[k], r->n[1], s->address[1], s->norm_coords), 0};
        simt_texel v;
        texel(r, s, 0, idx, 2, &v);
        out->u[k] = v.u[comp];
    }
}

/* A reference's sampler: its fields now, and the read mode of its type. */
static void ref_sampler(const struct textureReference *ref, int read_mode, struct sampler *s)
{
    *s = (struct sampler){.filter = ref->filterMode,
                          .read_norm = read_mode == cudaReadModeNormalizedFloat,
                          .norm_coords = ref->normalized != 0,
                          .address = {ref->addressMode[0], ref->addressMode[1],
                                      ref->addressMode[2]}};
}

/* tex1Dfetch: no addressing modes; outside the texture the result is 0. */
static void fetch(const struct res *r, int read_norm, int x, simt_texel *out)
{
    if (x < 0 || x >= r->n[0]) {
        memset(out, 0, sizeof *out);
        return;
    }
    load(&r->fmt, read_norm, r->data + (size_t)x * r->fmt.texel, out);
}

void simt_tex_fetch(cudaTextureObject_t tex, int x, simt_texel *out)
{
    const struct obj *o = texture_or_die(tex, __builtin_return_address(0));
    fetch(&o->res, o->smp.read_norm, x, out);
}

void simt_tex_sample(cudaTextureObject_t tex, float x, float y, float z, int layer,
                     simt_texel *out)
{
    const struct obj *o = texture_or_die(tex, __builtin_return_address(0));
    sample(&o->res, &o->smp, x, y, z, layer, out);
}

void simt_tex_cubemap(cudaTextureObject_t tex, float x, float y, float z, int layer,
                      simt_texel *out)
{
    const struct obj *o = texture_or_die(tex, __builtin_return_address(0));
    sample_cube(&o->res, &o->smp, x, y, z, layer, out);
}

void simt_tex_gather(cudaTextureObject_t tex, float x, float y, int comp, simt_texel *out)
{
    const struct obj *o = texture_or_die(tex, __builtin_return_address(0));
    gather(&o->res, &o->smp, x, y, comp, out);
}

/* ---- mipmaps ------------------------------------------------------------------------------ */

/* The level a fetch at `lod` reads (CUDA guide, "Texture Fetching", and
 * an H100's arithmetic): the LOD plus mipmapLevelBias, clamped to
 * [minMipmapLevelClamp, maxMipmapLevelClamp] (the minimum winning when
 * they cross) and then to the levels there are, in fixed point with 8
 * fractional bits, truncated.  Point mipmap filtering reads the nearest
 * level (halves round up); linear mipmap filtering reads level *l and,
 * with weight *w / 256, level *l + 1. */
static void mip_level(const struct obj *o, float lod, int *l, int *w)
{
    const struct sampler *s = &o->smp;
    float v = lod + s->mip_bias;
    v = fminf(v, s->mip_max);
    v = fmaxf(v, s->mip_min);
    float top = (float)(o->nlevels - 1);
    if (!(v > 0.0f))
        v = 0.0f;
    if (v > top)
        v = top;
    int q = (int)floorf(v * 256.0f);
    if (s->mip_filter != cudaFilterModeLinear || !float_result(&o->res.fmt, s->read_norm)) {
        *l = (q + 128) >> 8;
        *w = 0;
    } else {
        *l = q >> 8;
        *w = q & 255;
    }
    if (*l >= o->nlevels - 1) {
        *l = o->nlevels - 1;
        *w = 0;
    }
}

/* Linear mipmap filtering: the two levels' filtered results mixed with
 * the 8-bit weight. */
static void mip_mix(const struct res *r, simt_texel *a, const simt_texel *b, int w)
{
    for (int ch = 0; ch < (int)r->fmt.channels; ch++)
        a->f[ch] = (a->f[ch] * (float)(256 - w) + b->f[ch] * (float)w) * (1.0f / 256.0f);
}

/* Linear filtering of two 2D levels: one sum of the eight texels, as
 * trilinear filtering of a 3D texture sums its two slices, level l
 * weighing 256 - w and level l + 1 w, each split by its own bilinear
 * weights.  An H100's results agree with this in most places, not all
 * (its rounding of the weights differs somewhere).  0 when the levels do
 * not filter so (3D textures, point filtering within a level): the
 * caller mixes their results. */
static int mip_trilinear(const struct obj *o, int l, int w, float x, float y, float z, int layer,
                         simt_texel *out)
{
    struct corners c[2];
    for (int k = 0; k < 2; k++) {
        simt_texel v;
        sample_at(&o->levels[l + k], &o->smp, x, y, z, layer, &v, &c[k]);
        if (c[k].dims != 2)
            return 0;
    }
    int wt[8];
    float t[4][8];
    for (int k = 0; k < 2; k++) {
        slice_weights(c[k].wa[0], c[k].wa[1], k ? w : 256 - w, &wt[4 * k]);
        for (int ch = 0; ch < 4; ch++)
            memcpy(&t[ch][4 * k], c[k].t[ch], 4 * sizeof(float));
    }
    enum filter_kind fk = filter_kind_of(&o->res.fmt);
    for (int ch = 0; ch < 4; ch++)
        out->f[ch] = ch < (int)o->res.fmt.channels ? filter(fk, t[ch], wt, 8) : 0.0f;
    return 1;
}

static void sample_lod(const struct obj *o, float x, float y, float z, int layer, float lod,
                       int cube, simt_texel *out)
{
    if (!o->levels) {
        /* Not mipmapped: level 0 is all there is. */
        if (cube)
            sample_cube(&o->res, &o->smp, x, y, z, layer, out);
        else
            sample(&o->res, &o->smp, x, y, z, layer, out);
        return;
    }
    int l, w;
    mip_level(o, lod, &l, &w);
    if (w && !cube && mip_trilinear(o, l, w, x, y, z, layer, out))
        return;
    for (int k = 0; k < (w ? 2 : 1); k++) {
        simt_texel v;
        simt_texel *dst = k ? &v : out;
        if (cube)
            sample_cube(&o->levels[l + k], &o->smp, x, y, z, layer, dst);
        else
            sample(&o->levels[l + k], &o->smp, x, y, z, layer, dst);
        if (k)
            mip_mix(&o->res, out, &v, w);
    }
}

/* The LOD of a gradient fetch: log2 of the longer of the two gradients
 * measured in level 0's texels (CUDA guide, "Texture Fetching").  An
 * H100 approximates log2 and the lengths of gradients that are not along
 * an axis: not matched bit for bit. */
static float grad_lod(const struct obj *o, const float dx[3], const float dy[3])
{
    const struct res *r = &o->res;
    double lx = 0, ly = 0;
    for (int a = 0; a < r->dims; a++) {
        double n = o->smp.norm_coords ? (double)r->n[a] : 1.0;
        double gx = (double)dx[a] * n, gy = (double)dy[a] * n;
        lx += gx * gx;
        ly += gy * gy;
    }
    double m = lx > ly ? lx : ly;
    return m > 0 ? (float)(0.5 * log2(m)) : -INFINITY;
}

/* The LOD of a cubemap's gradient fetch at direction (x, y, z): the face
 * coordinates are (sc / |ma| + 1) / 2, so a change d of the direction
 * moves them by about |d| / (2 |ma|) of the face. */
static float cube_grad_lod(const struct obj *o, float x, float y, float z, const float dx[3],
                           const float dy[3])
{
    float ma = fmaxf(fabsf(x), fmaxf(fabsf(y), fabsf(z)));
    double lx = 0, ly = 0;
    for (int a = 0; a < 3; a++) {
        lx += (double)dx[a] * (double)dx[a];
        ly += (double)dy[a] * (double)dy[a];
    }
    double m = (lx > ly ? lx : ly) * (double)o->res.n[0] * (double)o->res.n[0];
    return m > 0 && ma > 0 ? (float)(0.5 * log2(m) - log2(2.0 * (double)ma)) : -INFINITY;
}

/* The entry points of the LOD and gradient fetches, written once for
 * ordinary textures (cube 0) and cubemaps (cube 1). */
#define LOD_ENTRIES(lod_name, grad_name, cube)                                                   \
    void lod_name(cudaTextureObject_t tex, float x, float y, float z, int layer, float lod,      \
                  simt_texel *out)                                                               \
    {                                                                                            \
        const struct obj *o = texture_or_die(tex, __builtin_return_address(0));                  \
        sample_lod(o, x, y, z, layer, lod, cube, out);                                           \
    }                                                                                            \
    void grad_name(cudaTextureObject_t tex, float x, float y, float z, int layer, float dxx,     \
                   float dxy, float dxz, float dyx, float dyy, float dyz, simt_texel *out)       \
    {                                                                                            \
        const struct obj *o = texture_or_die(tex, __builtin_return_address(0));                  \
        const float dx[3] = {dxx, dxy, dxz}, dy[3] = {dyx, dyy, dyz};                            \
        float lod = !o->levels ? 0.0f                                                            \
                    : cube     ? cube_grad_lod(o, x, y, z, dx, dy)                               \
                               : grad_lod(o, dx, dy);                                            \
        sample_lod(o, x, y, z, layer, lod, cube, out);                                           \
    }
LOD_ENTRIES(simt_tex_sample_lod, simt_tex_sample_grad, 0)
LOD_ENTRIES(simt_tex_cubemap_lod, simt_tex_cubemap_grad, 1)

void simt_texref_fetch(const struct textureReference *ref, int read_mode, int x, simt_texel *out)
{
    const struct obj *o = ref_or_die(ref, __builtin_return_address(0));
    fetch(&o->res, read_mode == cudaReadModeNormalizedFloat, x, out);
}

/* The sampling entry points of texture references, written once for
 * ordinary textures (sample) and cubemaps (sample_cube). */
#define TEXREF_SAMPLE(name, sample_fn)                                                           \
    void name(const struct textureReference *ref, int read_mode, float x, float y, float z,      \
              int layer, simt_texel *out)                                                        \
    {                                                                                            \
        const struct obj *o = ref_or_die(ref, __builtin_return_address(0));                      \
        struct sampler s;                                                                        \
        ref_sampler(ref, read_mode, &s);                                                         \
        sample_fn(&o->res, &s, x, y, z, layer, out);                                             \
    }
TEXREF_SAMPLE(simt_texref_sample, sample)
TEXREF_SAMPLE(simt_texref_cubemap, sample_cube)

void simt_texref_gather(const struct textureReference *ref, int read_mode, float x, float y,
                        int comp, simt_texel *out)
{
    const struct obj *o = ref_or_die(ref, __builtin_return_address(0));
    struct sampler s;
    ref_sampler(ref, read_mode, &s);
    gather(&o->res, &s, x, y, comp, out);
}

/* ---- surfaces ------------------------------------------------------------------------------ */

/* The first byte of a surface access of `size` bytes at byte x of (y, z,
 * layer) under boundary mode `mode`; NULL when it is out of bounds in
 * cudaBoundaryModeZero; misuse in cudaBoundaryModeTrap. */
static unsigned char *surf_at(cudaSurfaceObject_t h, size_t size, int x, int y, int z, int layer,
                              int mode, int write, const void *pc)
{
    const struct obj *o = simt__texobj_get(h, OBJ_SURFACE);
    if (SIMT_UNLIKELY(!o)) {
        char what[128];
        snprintf(what, sizeof what, "surface %s through object %#llx, which is not live",
                 write ? "write" : "read", h);
        misuse(what, "create it with cudaCreateSurfaceObject and destroy it only after the "
               "kernels using it are done", cudaErrorLaunchFailure, pc);
    }
    const struct res *r = &o->res;
    long row = r->n[0] * (long)r->fmt.texel;
    long last_x = row - (long)size;
    long c[3] = {x, y, z};
    long hi[3] = {last_x, r->n[1] - 1, r->n[2] - 1};
    long L = layer;
    int out = 0;
    for (int a = 0; a < 3; a++)
        out |= c[a] < 0 || c[a] > hi[a];
    if (r->layers)
        out |= L < 0 || L >= r->layers;
    if (out) {
        if (mode == cudaBoundaryModeZero)
            return NULL;
        if (mode != cudaBoundaryModeClamp) {
            char what[200];
            snprintf(what, sizeof what,
                     "surface %s out of bounds: %zu bytes at x %d (bytes), y %d, z %d, layer %d "
                     "of a %ld x %ld x %ld surface of %u-byte texels",
                     write ? "write" : "read", size, x, y, z, layer, r->n[0], r->n[1], r->n[2],
                     r->fmt.texel);
            misuse(what, "keep coordinates inside the surface (x counts bytes), or use "
                   "cudaBoundaryModeClamp or cudaBoundaryModeZero",
                   cudaErrorIllegalAddress, pc);
        }
        for (int a = 0; a < 3; a++)
            c[a] = c[a] < 0 ? 0 : c[a] > hi[a] ? hi[a] : c[a];
        if (r->layers)
            L = L < 0 ? 0 : L >= r->layers ? r->layers - 1 : L;
    }
    if (!r->layers)
        L = 0;
    return (unsigned char *)(uintptr_t)r->data + (size_t)L * r->slice + (size_t)c[2] * r->slice +
           (size_t)c[1] * r->pitch + (size_t)c[0];
}

void simt_surf_read(cudaSurfaceObject_t surf, void *out, size_t size, int x, int y, int z,
                    int layer, int mode)
{
    unsigned char *p = surf_at(surf, size, x, y, z, layer, mode, 0, __builtin_return_address(0));
    if (p)
        memcpy(out, p, size);
    else
        memset(out, 0, size);
}

void simt_surf_write(cudaSurfaceObject_t surf, const void *in, size_t size, int x, int y, int z,
                     int layer, int mode)
{
    unsigned char *p = surf_at(surf, size, x, y, z, layer, mode, 1, __builtin_return_address(0));
    if (p)
        memcpy(p, in, size);
}
