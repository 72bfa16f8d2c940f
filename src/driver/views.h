/*
 * views.h: a .cu file's two preprocessed views, the host's (no
 * __CUDA_ARCH__) and the device's, as nvcc has them (docs/ARCHITECTURE.md,
 * "simtcc and the rewriter").
 */
#ifndef SIMT_VIEWS_H
#define SIMT_VIEWS_H

/* Whether simtcc compiles both views where they differ: SIMTCC_TWO_VIEWS=0
 * turns it off (one view, the device's, as before). */
int views_wanted(void);

/* Whether the host's view of a file whose device view (preprocessed, with
 * line markers) is at ii may differ from it: some file ii's line markers
 * name spells __CUDA_ARCH__.  1 may differ, 0 cannot, -1 unreadable.  Most
 * files cannot, and reading the headers is cheaper than preprocessing
 * again. */
int views_may_differ(const char *ii);

/* Whether two preprocessed files hold the same text apart from their line
 * markers: 1 same, 0 different, -1 unreadable (errno set). */
int views_same(const char *a, const char *b);

#endif /* SIMT_VIEWS_H */
