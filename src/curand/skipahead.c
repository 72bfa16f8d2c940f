/*
 * skipahead.c: skip-ahead for cuRAND's XORWOW and MRG32k3a generators
 * (curand_init's subsequence and offset, skipahead, skipahead_sequence,
 * skipahead_subsequence).
 *
 * Both recurrences are linear.  XORWOW's five xorshift words step by a
 * 160x160 matrix M over GF(2) (its Weyl counter is skipped by
 * arithmetic, in the header); MRG32k3a's two three-word components step by
 * 3x3 matrices modulo m1 and m2.  Moving n steps multiplies by M^n, the
 * product of the powers M^(2^k) for the bits k of n, as cuRAND's own
 * precomputed tables do; here the powers are computed once, by repeated
 * squaring, on first use (pthread_once), and read-only after that.
 *
 * XORWOW's powers are kept as tables of 4-bit windows: row w, nibble b
 * holds the xor of the matrix rows that nibble b of window w selects, so
 * one product is 40 lookups, each two 16-byte vector xors (the five words
 * padded to eight).  A thread's curand_init with subsequence t (t < 2^16
 * in a 64K-thread grid) costs at most 16 of them.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "curand/skipahead.h"

/* ---- XORWOW ---------------------------------------------------------- */

enum { XW_WORDS = 5, XW_BITS = 160, XW_WINDOWS = 40 };

/* Four words; GCC and Clang lower the xor to SSE2 or NEON. */
typedef uint32_t xw_vec __attribute__((vector_size(16)));

typedef struct xw_table {
    xw_vec t[XW_WINDOWS][16][2];
} xw_table;

/* xw_pow[0][k] = M^(2^k), xw_pow[1][k] = M^(2^(67+k)): single steps and
 * subsequences (2^67 steps), for every bit k of a 64-bit count. */
static xw_table xw_pow[2][64];
static pthread_once_t xw_once = PTHREAD_ONCE_INIT;

static void xw_apply(const xw_table *m, uint32_t v[XW_WORDS])
{
    xw_vec lo = {0, 0, 0, 0}, hi = {0, 0, 0, 0};
    for (int w = 0; w < XW_WINDOWS; w++) {
        const xw_vec *row = m->t[w][(v[w >> 3] >> ((w & 7) * 4)) & 15];
        lo ^= row[0];
        hi ^= row[1];
    }
    v[0] = lo[0], v[1] = lo[1], v[2] = lo[2], v[3] = lo[3], v[4] = hi[0];
}

/* rows[b] is the image of the state with only bit b set. */
static void xw_build(xw_table *m, uint32_t rows[XW_BITS][XW_WORDS])
{
    for (int w = 0; w < XW_WINDOWS; w++) {
        memset(m->t[w][0], 0, sizeof m->t[w][0]);
        for (unsigned nib = 1; nib < 16; nib++) {
            const uint32_t *r = rows[4 * w + (unsigned)__builtin_ctz(nib)];
            xw_vec lo = {r[0], r[1], r[2], r[3]}, hi = {r[4], 0, 0, 0};
            m->t[w][nib][0] = m->t[w][nib & (nib - 1)][0] ^ lo;
            m->t[w][nib][1] = m->t[w][nib & (nib - 1)][1] ^ hi;
        }
    }
}

/* One XORWOW step of the xorshift words (curand_kernel.h's curand). */
static void xw_step(uint32_t v[XW_WORDS])
{
    uint32_t t = v[0] ^ (v[0] >> 2);
    v[0] = v[1];
    v[1] = v[2];
    v[2] = v[3];
    v[3] = v[4];
    v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

static void xw_init(void)
{
    static uint32_t rows[XW_BITS][XW_WORDS];
    static xw_table scratch;
    for (int b = 0; b < XW_BITS; b++) {
        memset(rows[b], 0, sizeof rows[b]);
        rows[b][b / 32] = 1u << (b % 32);
        xw_step(rows[b]);
    }
    /* Square 130 times: M^(2^e) for e = 0 .. 130. */
    for (int e = 0; e <= 130; e++) {
        xw_table *m = e < 64 ? &xw_pow[0][e] : e >= 67 ? &xw_pow[1][e - 67] : &scratch;
        xw_build(m, rows);
        for (int b = 0; b < XW_BITS; b++)
            xw_apply(m, rows[b]);
    }
}

void simt_curand_xorwow_jump(unsigned int v[5], unsigned long long n, int log2_unit)
{
    pthread_once(&xw_once, xw_init);
    const xw_table *pow = xw_pow[log2_unit ? 1 : 0];
    for (int k = 0; n; k++, n >>= 1)
        if (n & 1)
            xw_apply(&pow[k], v);
}

/* ---- MRG32k3a ---------------------------------------------------------- */

static const uint32_t mrg_modulus[2] = {4294967087u, 4294944443u};

/* mrg_pow[c][e] = Mc^(2^e) mod m_c for e = 0 .. 190: steps from e = 0,
 * subsequences (2^76) from e = 76, sequences (2^127) from e = 127. */
static uint32_t mrg_pow[2][191][3][3];
static pthread_once_t mrg_once = PTHREAD_ONCE_INIT;

/* x mod m for m = 2^32 - c: 2^32 is c mod m, so the high word folds
 * into the low one (three folds bring any 64-bit x below 2^32 + c). */
static uint32_t mrg_mod(uint64_t x, uint32_t m)
{
    uint64_t c = (1ull << 32) - m;
    x = (x >> 32) * c + (x & 0xffffffffu);
    x = (x >> 32) * c + (x & 0xffffffffu);
    x = (x >> 32) * c + (x & 0xffffffffu);
    while (x >= m)
        x -= m;
    return (uint32_t)x;
}

static uint32_t mrg_dot(const uint32_t a[3], const uint32_t b0, const uint32_t b1, const uint32_t b2, uint32_t m)
{
    uint64_t s = (uint64_t)mrg_mod((uint64_t)a[0] * b0, m) + mrg_mod((uint64_t)a[1] * b1, m) +
                 mrg_mod((uint64_t)a[2] * b2, m);
    return mrg_mod(s, m);
}

static void mrg_init(void)
{
    /* One step: (s0, s1, s2) -> (s1, s2, a12 s1 - a13n s0) for the first
     * component, (s1, s2, a21 s2 - a23n s0) for the second. */
    static const uint32_t one[2][3][3] = {
        {{0, 1, 0}, {0, 0, 1}, {4294967087u - 810728u, 1403580u, 0}},
        {{0, 1, 0}, {0, 0, 1}, {4294944443u - 1370589u, 0, 527612u}},
    };
    for (int c = 0; c < 2; c++) {
        memcpy(mrg_pow[c][0], one[c], sizeof one[c]);
        for (int e = 1; e < 191; e++) {
            uint32_t (*a)[3] = mrg_pow[c][e - 1];
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    mrg_pow[c][e][i][j] = mrg_dot(a[i], a[0][j], a[1][j], a[2][j], mrg_modulus[c]);
        }
    }
}

void simt_curand_mrg_jump(unsigned int s1[3], unsigned int s2[3], unsigned long long n, int log2_unit)
{
    pthread_once(&mrg_once, mrg_init);
    /* cuRAND's subsequence table holds zero matrices from bit 51 on (its
     * documentation: subsequences are valid below 2^51), which zero the
     * state: the generator then stays at 0 and curand returns 0xffffffff.
     * Bits past the table (56 and up) read other memory on a GPU; they
     * zero the state here too. */
    if (log2_unit == 76 && (n >> 51)) {
        memset(s1, 0, 3 * sizeof *s1);
        memset(s2, 0, 3 * sizeof *s2);
        return;
    }
    unsigned int *s[2] = {s1, s2};
    for (int k = 0; n; k++, n >>= 1) {
        if (!(n & 1))
            continue;
        for (int c = 0; c < 2; c++) {
            uint32_t (*p)[3] = mrg_pow[c][log2_unit + k];
            uint32_t r[3];
            for (int i = 0; i < 3; i++)
                r[i] = mrg_dot(p[i], s[c][0], s[c][1], s[c][2], mrg_modulus[c]);
            memcpy(s[c], r, sizeof r);
        }
    }
}
