/*
 * poisson.c: Poisson distributions for the host API (curandGeneratePoisson,
 * curandCreatePoissonDistribution).
 *
 * Up to lambda 2000 the distribution is a square histogram (Marsaglia,
 * Tsang and Wang, "Fast generation of discrete random variables", J. Stat.
 * Software 11(3), 2004): L equal columns over the values whose probability
 * is not zero in double, column j split at V[j] between value j and a
 * donor value K[j], built by their "Robin Hood" pairing of the poorest
 * column with the richest.  Above 2000 the normal approximation is used.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curand.h"
#include "curand_discrete.h"
#include "curand_globals.h"

#include "check/hooks.h"
#include "curand/poisson.h"

/* P(X = k) for X ~ Poisson(lambda). */
static double probability(double lambda, unsigned k)
{
    return exp(k * log(lambda) - lambda - lgamma(k + 1.0));
}

/* Fills t's histogram; returns 0 or -1. */
static int build(struct curand_poisson_table *t)
{
    double lambda = t->lambda;
    unsigned lo = (unsigned)lambda, hi = lo;
    while (lo > 0 && probability(lambda, lo - 1) > 0)
        lo--;
    while (probability(lambda, hi + 1) > 0)
        hi++;
    unsigned n = hi - lo + 1;
    double *p = malloc(n * sizeof *p);
    t->V = malloc(n * sizeof *t->V);
    t->K = malloc(n * sizeof *t->K);
    if (!p || !t->V || !t->K) {
        free(p);
        return -1;
    }
    t->shift = lo;
    t->length = n;
    double a = 1.0 / n;
    for (unsigned i = 0; i < n; i++) {
        p[i] = probability(lambda, lo + i);
        t->K[i] = i;
        t->V[i] = (i + 1) * a;
    }
    /* Sweeps up the columns, filling each poor one (below a = 1/L) from
     * the donor, which starts at the highest rich column and moves down to
     * the next rich one when it has become poor itself; donors that become
     * poor behind the sweep are filled by the next sweep.  The arithmetic
     * is the paper's: V[i] = i a + p[i], the donor losing a - p[i]. */
    unsigned char *done = calloc(n, 1);
    if (!done) {
        free(p);
        return -1;
    }
    long g = (long)n - 1;
    while (g >= 0 && p[g] < a)
        g--;
    for (int progress = 1; progress && g >= 0;) {
        progress = 0;
        for (unsigned i = 0; i < n && g >= 0; i++) {
            if (done[i] || (long)i == g || p[i] >= a)
                continue;
            t->V[i] = i * a + p[i];
            t->K[i] = (unsigned)g;
            done[i] = 1;
            progress = 1;
            p[g] -= a - p[i];
            if (p[g] < a) {
                long d = g - 1;
                while (d >= 0 && (done[d] || p[d] < a))
                    d--;
                if (d < 0)
                    break;
                g = d;
            }
        }
    }
    free(done);
    free(p);
    return 0;
}

int curand_poisson_table_new(double lambda, struct curand_poisson_table **out)
{
    struct curand_poisson_table *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    t->lambda = lambda;
    t->normal = lambda >= MIN_GAUSS_LAMBDA;
    if (!t->normal && build(t) != 0) {
        curand_poisson_table_free(t);
        return -1;
    }
    *out = t;
    return 0;
}

void curand_poisson_table_free(struct curand_poisson_table *t)
{
    if (!t)
        return;
    free(t->V);
    free(t->K);
    free(t);
}

unsigned curand_poisson_value(const struct curand_poisson_table *t, unsigned x)
{
    double u = x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
    unsigned j = (unsigned)floor(t->length * u);
    if (u < t->V[j])
        return t->shift + j;
    return t->shift + t->K[j];
}

/* The device API's distribution: the four structures and both arrays in
 * one device allocation, laid out as curand_discrete.h says. */
struct block {
    struct curandDiscreteDistribution_st dist;
    struct curandDistributionM2Shift_st m2;
    struct curandHistogramM2_st histogram;
};

int curand_poisson_distribution_new(double lambda, curandDiscreteDistribution_t *out)
{
    struct curand_poisson_table *t;
    if (curand_poisson_table_new(lambda, &t) != 0)
        return -1;
    size_t n = t->normal ? 0 : t->length;
    char *mem;
    size_t bytes = sizeof(struct block) + n * (sizeof(double) + sizeof(unsigned));
    if (cudaMalloc((void **)&mem, bytes) != cudaSuccess) {
        curand_poisson_table_free(t);
        return -1;
    }
    struct block *b = (struct block *)mem;
    memset(b, 0, sizeof *b);
    b->dist.self_host_ptr = &b->dist;
    if (t->normal) {
        /* Only the normal approximation reads the mean and deviation. */
        b->dist.method = CURAND_DISCRETE_GAUSS;
        b->dist.mean = lambda;
        b->dist.stddev = sqrt(lambda);
    } else {
        b->dist.method = CURAND_M2;
        b->dist.M2 = &b->m2;
        b->dist.host_M2 = &b->m2;
        b->m2.histogram = &b->histogram;
        b->m2.host_histogram = &b->histogram;
        b->m2.shift = t->shift;
        b->m2.length = t->length;
        double *V = (double *)(b + 1);
        unsigned *K = (unsigned *)(V + n);
        memcpy(V, t->V, n * sizeof *V);
        memcpy(K, t->K, n * sizeof *K);
        b->histogram.V = b->histogram.host_V = V;
        b->histogram.K = b->histogram.host_K = K;
    }
    curand_poisson_table_free(t);
    /* Written here, by the library (device memory that simt's host reaches):
     * a checking build's initcheck must know. */
    if (hook_checking())
        check_written(mem, bytes);
    *out = &b->dist;
    return 0;
}

void curand_poisson_distribution_free(curandDiscreteDistribution_t d) { cudaFree(d); }
