/*
 * generate.h: the host API's generation jobs (generate.cpp computes them,
 * generator.c validates calls and runs them in a stream or at once).
 *
 * A GPU generator runs a fixed number of threads, thread t on its own
 * subsequence, and lays their results out in a fixed order (the
 * "ordering"); the generator's offset counts the slots of that layout
 * already used.  A job fills n elements starting at slot `offset`; it
 * splits into parts (groups of the GPU's threads) that can run in any
 * order, each writing only its threads' elements.
 *
 * XORWOW and MRG32k3a keep their threads' states between calls, as
 * cuRAND's generators keep them in device memory: a call continues each
 * thread where the last one left it (a slot may have drawn several
 * values), and setting the seed, offset or ordering starts them afresh at
 * the offset.  Philox computes every value from its position.
 */
#ifndef SIMT_CURAND_GENERATE_H
#define SIMT_CURAND_GENERATE_H

#include <stddef.h>

enum curand_dist {
    CURAND_JOB_BITS, /* curandGenerate */
    CURAND_JOB_UNIFORM,
    CURAND_JOB_UNIFORM_DOUBLE,
    CURAND_JOB_NORMAL,
    CURAND_JOB_NORMAL_DOUBLE,
    CURAND_JOB_LOGNORMAL,
    CURAND_JOB_LOGNORMAL_DOUBLE,
    CURAND_JOB_POISSON
};

struct curand_poisson_table;

struct curand_job {
    int rng;                    /* CURAND_RNG_PSEUDO_XORWOW, _MRG32K3A, _PHILOX4_32_10 */
    int ordering;               /* a CURAND_ORDERING_PSEUDO_* value */
    int host;                   /* a host generator: the library's CPU arithmetic */
    enum curand_dist dist;
    unsigned long long seed;
    unsigned long long offset;  /* the first slot */
    void *out;
    size_t n;                   /* elements */
    double mean, stddev;        /* normal and log-normal */
    double lambda;              /* Poisson */
    const struct curand_poisson_table *poisson;
    void *states;               /* curand_job_state_bytes(), per thread */
    int fresh;                  /* start the states at `offset` first */
};

/* Bytes of thread states a generator of this type and ordering keeps
 * (0: none). */
size_t curand_job_state_bytes(int rng, int ordering);

/* Parts the job splits into. */
unsigned curand_job_parts(const struct curand_job *j);
/* Computes the elements of part p (p < curand_job_parts(j)). */
void curand_job_run(const struct curand_job *j, unsigned p);
/* Slots the job uses: what the generator's offset advances by. */
unsigned long long curand_job_slots(const struct curand_job *j);

#endif /* SIMT_CURAND_GENERATE_H */
