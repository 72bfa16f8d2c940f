/*
 * poisson.h: Poisson distributions for the host API: the square histogram
 * (curand_discrete.h) that curandCreatePoissonDistribution and
 * curandGeneratePoisson use up to lambda 2000, and the normal
 * approximation above it.
 */
#ifndef SIMT_CURAND_POISSON_TABLE_H
#define SIMT_CURAND_POISSON_TABLE_H

#include "curand.h"

struct curand_poisson_table {
    double lambda;
    int normal;              /* lambda > 2000: no histogram */
    unsigned shift, length;  /* values shift .. shift + length - 1 */
    double *V;               /* column j yields shift + j below V[j] */
    unsigned *K;             /* ... and shift + K[j] above */
};

/* Builds lambda's table; returns 0, or -1 when out of memory. */
int curand_poisson_table_new(double lambda, struct curand_poisson_table **out);
void curand_poisson_table_free(struct curand_poisson_table *t);

/* The histogram's value for the 32-bit random value x. */
unsigned curand_poisson_value(const struct curand_poisson_table *t, unsigned x);

/* A device API distribution (one cudaMalloc block); 0 or -1. */
int curand_poisson_distribution_new(double lambda, curandDiscreteDistribution_t *out);
void curand_poisson_distribution_free(curandDiscreteDistribution_t d);

#endif /* SIMT_CURAND_POISSON_TABLE_H */
