/*
 * generator.c: the cuRAND host API (curand.h): generators, their settings,
 * and generation calls with cuRAND's status codes.
 *
 * A generator created with curandCreateGenerator generates in its stream:
 * each call becomes a grid (simt_launch, one block per part of the job)
 * that runs when the stream reaches it, as the library's kernels do, and
 * the call returns at once.  One created with curandCreateGeneratorHost
 * fills host memory before returning.  Either way the generator's offset
 * advances when the call is made, so later calls never depend on earlier
 * ones having run.
 *
 * Which calls fail, and with which status, follows what cuRAND 10.4 (CUDA
 * 13.0) returns on an H100 (tests/cuda/curand/host_errors.cu).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "curand.h"
#include "curand_globals.h"
#include "simt.h"

#include "check/hooks.h"
#include "curand/generate.h"
#include "curand/poisson.h"
#include "runtime/stream.h"

struct curandGenerator_st {
    curandRngType_t type;
    int host;
    curandOrdering_t ordering;
    unsigned long long seed;
    unsigned long long offset;
    cudaStream_t stream;
    void *states;        /* its threads' states (generate.h), or NULL */
    size_t state_bytes;  /* allocated for states */
    int fresh;           /* the states start afresh at the next call */
    /* Philox: the offset last set, and a quarter of each call's count
     * since, summed; see curandSetPseudoRandomGeneratorSeed. */
    unsigned long long set_offset, quarters;
};

curandStatus_t curandGetVersion(int *version)
{
    *version = CURAND_VERSION;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetProperty(libraryPropertyType type, int *value)
{
    switch (type) {
    case MAJOR_VERSION: *value = CURAND_VER_MAJOR; return CURAND_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CURAND_VER_MINOR; return CURAND_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CURAND_VER_PATCH; return CURAND_STATUS_SUCCESS;
    }
    return CURAND_STATUS_OUT_OF_RANGE;
}

/* The pseudorandom generators simt provides; MTGP32 and MT19937 need
 * cuRAND's precomputed parameter tables, and the quasirandom generators
 * its direction vectors (docs/COMPATIBILITY.md). */
static curandStatus_t create(curandGenerator_t *generator, curandRngType_t type, int host)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (type == CURAND_RNG_PSEUDO_DEFAULT)
        type = CURAND_RNG_PSEUDO_XORWOW;
    if (type != CURAND_RNG_PSEUDO_XORWOW && type != CURAND_RNG_PSEUDO_MRG32K3A &&
        type != CURAND_RNG_PSEUDO_PHILOX4_32_10)
        return CURAND_STATUS_TYPE_ERROR;
    struct curandGenerator_st *g = calloc(1, sizeof *g);
    if (!g)
        return CURAND_STATUS_ALLOCATION_FAILED;
    g->type = type;
    g->host = host;
    g->ordering = CURAND_ORDERING_PSEUDO_DEFAULT;
    g->fresh = 1;
    *generator = g;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type)
{
    return create(generator, rng_type, 0);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type)
{
    return create(generator, rng_type, 1);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t generator)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    /* A device generator's last grid may still use its states. */
    if (!generator->host && generator->states)
        cudaStreamSynchronize(generator->stream);
    free(generator->states);
    free(generator);
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    generator->stream = stream;
    return CURAND_STATUS_SUCCESS;
}

/* A new seed keeps the offset, except that Philox then resumes at the
 * offset last set plus a quarter of the values generated since (each
 * call's count divided by 4): what cuRAND 10.4 does, measured on an H100
 * and in its host generators. */
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (seed != generator->seed && generator->type == CURAND_RNG_PSEUDO_PHILOX4_32_10)
        generator->offset = generator->set_offset + generator->quarters;
    generator->seed = seed;
    generator->fresh = 1;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    generator->offset = offset;
    generator->set_offset = offset;
    generator->quarters = 0;
    generator->fresh = 1;
    return CURAND_STATUS_SUCCESS;
}

/* BEST and DEFAULT are one layout.  SEEDED exists for XORWOW only, and
 * DYNAMIC (a layout fitted to the GPU) for device generators only. */
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    switch (order) {
    case CURAND_ORDERING_PSEUDO_BEST:
    case CURAND_ORDERING_PSEUDO_DEFAULT:
    case CURAND_ORDERING_PSEUDO_LEGACY:
        break;
    case CURAND_ORDERING_PSEUDO_SEEDED:
        if (generator->type != CURAND_RNG_PSEUDO_XORWOW)
            return CURAND_STATUS_OUT_OF_RANGE;
        break;
    case CURAND_ORDERING_PSEUDO_DYNAMIC:
        if (generator->host)
            return CURAND_STATUS_OUT_OF_RANGE;
        break;
    default:
        return CURAND_STATUS_OUT_OF_RANGE;
    }
    generator->ordering = order;
    generator->fresh = 1;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator, unsigned int num_dimensions)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return CURAND_STATUS_TYPE_ERROR;
}

curandStatus_t curandGenerateSeeds(curandGenerator_t generator)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return CURAND_STATUS_SUCCESS;
}

/* ---- generation --------------------------------------------------------- */

struct launch {
    struct curand_job job;
    struct curand_poisson_table *table; /* owned, freed after the grid */
};

static void run_part(void *arg)
{
    struct launch *l = arg;
    curand_job_run(&l->job, blockIdx.x);
}

static void release(void *arg)
{
    struct launch *l = arg;
    curand_poisson_table_free(l->table);
    free(l);
}

/* Runs the job (whose table, if any, it takes over) and advances the
 * generator past it. */
/* cuRAND's generation cannot be captured: a call in a capturing stream
 * fails and invalidates the capture, leaving no CUDA error behind
 * (measured on an H100). */
static int capturing(curandGenerator_t g)
{
    struct CUstream_st *s = stream_resolve(g->stream);
    if (!s || !stream_is_capturing(s))
        return 0;
    capture_forbid(s);
    return 1;
}

/* Makes room for the states of g's layout; 0 or -1. */
static int reserve_states(curandGenerator_t g)
{
    size_t bytes = curand_job_state_bytes(g->type, g->ordering);
    if (bytes <= g->state_bytes)
        return 0;
    void *p = realloc(g->states, bytes);
    if (!p)
        return -1;
    g->states = p;
    g->state_bytes = bytes;
    g->fresh = 1;
    return 0;
}

static curandStatus_t run(curandGenerator_t g, struct curand_job *job, struct curand_poisson_table *table)
{
    if (!g->host && capturing(g)) {
        curand_poisson_table_free(table);
        return CURAND_STATUS_LAUNCH_FAILURE;
    }
    /* A device generator's grids run later: growing the states must wait
     * for those that use them. */
    if (curand_job_state_bytes(g->type, g->ordering) > g->state_bytes) {
        if (!g->host && g->states)
            cudaStreamSynchronize(g->stream);
        if (reserve_states(g) != 0) {
            curand_poisson_table_free(table);
            return CURAND_STATUS_ALLOCATION_FAILED;
        }
    }
    job->rng = g->type;
    job->ordering = g->ordering;
    job->host = g->host;
    job->seed = g->seed;
    job->offset = g->offset;
    job->poisson = table;
    job->states = g->states;
    job->fresh = g->fresh;
    if (job->n == 0) {
        curand_poisson_table_free(table);
        return CURAND_STATUS_SUCCESS;
    }
    unsigned parts = curand_job_parts(job);
    /* The library writes the output (device memory) without the program's
     * instrumented code: a checking build's initcheck must know. */
    if (hook_checking()) {
        int wide = job->dist == CURAND_JOB_UNIFORM_DOUBLE || job->dist == CURAND_JOB_NORMAL_DOUBLE ||
                   job->dist == CURAND_JOB_LOGNORMAL_DOUBLE;
        check_written(job->out, job->n * (wide ? 8 : 4));
    }
    g->offset += curand_job_slots(job);
    g->quarters += job->n / 4;
    g->fresh = 0;
    if (g->host) {
        for (unsigned p = 0; p < parts; p++)
            curand_job_run(job, p);
        curand_poisson_table_free(table);
        return CURAND_STATUS_SUCCESS;
    }
    struct launch *l = malloc(sizeof *l);
    if (!l) {
        curand_poisson_table_free(table);
        return CURAND_STATUS_ALLOCATION_FAILED;
    }
    l->job = *job;
    l->table = table;
    dim3 grid = {parts, 1, 1}, block = {1, 1, 1};
    if (simt_launch(NULL, grid, block, 0, g->stream, run_part, l, release) != cudaSuccess)
        return CURAND_STATUS_LAUNCH_FAILURE;
    return CURAND_STATUS_SUCCESS;
}

static curandStatus_t generate(curandGenerator_t g, enum curand_dist dist, void *out, size_t n, double mean,
                               double stddev)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    struct curand_job job = {.dist = dist, .out = out, .n = n, .mean = mean, .stddev = stddev};
    return run(g, &job, NULL);
}

/* Box-Muller makes pairs: XORWOW and MRG32k3a want an even count; Philox
 * lays its pairs out element by element and takes any count. */
static curandStatus_t generate_pairs(curandGenerator_t g, enum curand_dist dist, void *out, size_t n,
                                     double mean, double stddev)
{
    if (!g)
        return CURAND_STATUS_NOT_INITIALIZED;
    if ((n & 1) && g->type != CURAND_RNG_PSEUDO_PHILOX4_32_10)
        return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
    return generate(g, dist, out, n, mean, stddev);
}

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num)
{
    return generate(generator, CURAND_JOB_BITS, outputPtr, num, 0, 0);
}

/* 64-bit results come only from the 64-bit quasirandom generators. */
curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr, size_t num)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return CURAND_STATUS_TYPE_ERROR;
}

curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num)
{
    return generate(generator, CURAND_JOB_UNIFORM, outputPtr, num, 0, 0);
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr, size_t num)
{
    return generate(generator, CURAND_JOB_UNIFORM_DOUBLE, outputPtr, num, 0, 0);
}

curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean,
                                    float stddev)
{
    return generate_pairs(generator, CURAND_JOB_NORMAL, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n, double mean,
                                          double stddev)
{
    return generate_pairs(generator, CURAND_JOB_NORMAL_DOUBLE, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean,
                                       float stddev)
{
    return generate_pairs(generator, CURAND_JOB_LOGNORMAL, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                             double mean, double stddev)
{
    return generate_pairs(generator, CURAND_JOB_LOGNORMAL_DOUBLE, outputPtr, n, mean, stddev);
}

/* lambda must be in (0, 400000]; NaN passes the check, as in cuRAND. */
static int lambda_ok(double lambda) { return !(lambda <= 0 || lambda > MAX_LAMBDA); }

curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr, size_t n, double lambda)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (!lambda_ok(lambda))
        return CURAND_STATUS_OUT_OF_RANGE;
    struct curand_poisson_table *table = NULL;
    if (curand_poisson_table_new(lambda, &table) != 0)
        return CURAND_STATUS_ALLOCATION_FAILED;
    struct curand_job job = {.dist = CURAND_JOB_POISSON, .out = outputPtr, .n = n, .lambda = lambda};
    return run(generator, &job, table);
}

curandStatus_t curandCreatePoissonDistribution(double lambda, curandDiscreteDistribution_t *discrete_distribution)
{
    if (!discrete_distribution)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (!lambda_ok(lambda))
        return CURAND_STATUS_OUT_OF_RANGE;
    return curand_poisson_distribution_new(lambda, discrete_distribution) ? CURAND_STATUS_ALLOCATION_FAILED
                                                                          : CURAND_STATUS_SUCCESS;
}

curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t discrete_distribution)
{
    if (!discrete_distribution)
        return CURAND_STATUS_NOT_INITIALIZED;
    curand_poisson_distribution_free(discrete_distribution);
    return CURAND_STATUS_SUCCESS;
}
