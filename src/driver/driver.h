/*
 * driver.h: simtcc's steps: turns a plan into host-compiler commands and
 * in-process rewrites, and runs them.
 *
 * Per .cu file: preprocess with the host compiler, rewrite, compile the
 * result as preprocessed C++.  Then link with libsimt.  Temporary files
 * live in one directory under $TMPDIR, removed at exit and on SIGINT,
 * SIGTERM and SIGHUP, unless -keep.
 */
#ifndef SIMT_DRIVER_DRIVER_H
#define SIMT_DRIVER_DRIVER_H

#include "args.h"

/* Runs the plan.  `self` is simtcc's own path (it locates simt's headers
 * at <dir>/../include and libsimt at <dir>/../lib64 in an installed tree,
 * <dir>/../lib/simt/include and <dir>/../lib in the build tree).  Returns
 * the exit status: 0, the failing step's status, or 1. */
int driver_run(const plan *p, const char *self);

/* What -v and --dryrun print first, nvcc's toolkit variables (TOP=,
 * INCLUDES=, LIBRARIES=...), for a command line that fails before running
 * (nvcc prints them first too: CMake runs `nvcc -v __cmake_determine_cuda`
 * for TOP alone). */
void driver_print_env(const char *self);

#endif /* SIMT_DRIVER_DRIVER_H */
