/*
 * libs.h: the CUDA libraries simt does not provide (cuBLAS, cuFFT, ...),
 * and the clear message a build that needs one gets: which library it is
 * and what simt provides instead, rather than the linker's "cannot find
 * -lcublas" or the compiler's "'cublas_v2.h' file not found".
 */
#ifndef SIMT_DRIVER_LIBS_H
#define SIMT_DRIVER_LIBS_H

#include "args.h"

/* What simt provides, for messages: one line. */
#define SIMT_PROVIDED_LIBS                                                                  \
    "the CUDA runtime and driver APIs (cudart, cuda), cudadevrt, cuRAND, NVTX, cooperative " \
    "groups, libcu++, Thrust and CUB"

/* For each -lNAME of link naming a CUDA library simt does not provide and
 * that no -L folder, LIBRARY_PATH or system folder holds: an error.
 * Returns how many. */
int libs_check_link(const strvec *link);

/* After src failed to compile: a note for each header of a library simt
 * does not provide that src includes and no -I folder of pp holds. */
void libs_note_includes(const char *src, const strvec *pp);

#endif
