/*
 * kc_merge.h: the host and device views of one .cu file, merged into one
 * module (kc_merge.c says how each kind of symbol is bound).
 */
#ifndef SIMT_KC_MERGE_H
#define SIMT_KC_MERGE_H

#include <llvm-c/Core.h>

/* Reads the device view's bitcode from dev_path into context c and links
 * it into *host, the host view's module.  0, or -1 with *err (malloc'd).
 * Where the views' kernels cannot be paired (kc_merge.c, unpaired), a
 * warning, and *host becomes the device view alone. */
int kc_merge_views(LLVMContextRef c, LLVMModuleRef *host, const char *dev_path, char **err);

#endif /* SIMT_KC_MERGE_H */
