/*
 * symbolize.h: code addresses as source lines, in the process itself.
 *
 * Fault and leak reports name the user's line: simtcc keeps line tables
 * by default (as nvcc -lineinfo), and this reads them through elfutils'
 * libdw, loaded with dlopen on the first report (programs do not link
 * it; without it, reports fall back to addr2line or to the symbol the
 * dynamic loader knows).
 */
#ifndef SIMT_BASE_SYMBOLIZE_H
#define SIMT_BASE_SYMBOLIZE_H

#include <stddef.h>

/* Fills loc with "file:line" for the code at pc
 * and fn with its function's demangled name ("" when unknown).  Returns 1
 * when the line is known, 0 when only the function is, -1 when libdw is
 * missing or knows nothing of pc.  Thread-safe; slow (a report's path). */
int simt__symbolize(const void *pc, char *loc, size_t loclen, char *fn, size_t fnlen);

#endif
