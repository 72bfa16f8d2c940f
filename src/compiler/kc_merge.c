/*
 * kc_merge.c: the two views of a .cu file in one module (kc_merge.h).
 *
 * nvcc compiles a .cu file twice: for the host without __CUDA_ARCH__ and
 * for the device with it.  simtcc does the same when the two preprocessed
 * texts differ, and simt-kc merges the two modules here, before anything
 * else reads them:
 *
 *   - Functions.  The device view's kernels (the functions answering a
 *     launch's probe, simt__probe_reply) replace the host view's, under
 *     the one symbol registration, cudaLaunchKernel and
 *     cudaFuncGetAttributes know; everything a kernel reaches is the
 *     device view's.  Every other function the device view defines becomes
 *     internal, a private copy for device callers, so each side calls its
 *     own side's version of a __host__ __device__ function.  A function
 *     only the device view defines keeps its linkage: the host view, or
 *     another file, may name it.
 *   - Variables are one object.  The device view's strong definitions
 *     become declarations of the host view's; linkonce ones (inline
 *     variables, template members, local statics of inline functions)
 *     merge by name; internal ones (static, anonymous namespaces, local
 *     statics of non-inline functions) are bound to the host view's
 *     object of the same name.  Read-only internal data (string literals)
 *     stays per view.
 *   - Vtables of the device view become internal: an object a kernel
 *     constructs calls the device view's virtual functions, as on a GPU.
 *   - The device view's static constructors are dropped: the host view's
 *     construct the objects, once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "kc_merge.h"

enum { NAMED_AS_IS, NAMED_INTERNAL, NAMED_LINKONCE_ODR, NAMED_LINKONCE_ANY };

/* A suffix no C++ mangled name has: names of the device view's values
 * while both views are in one module. */
#define KERNEL_SFX ".simt.dev"
#define BIND_SFX ".simt.bind"

typedef struct names {
    char **v;
    char *local; /* kernels: the linkage it had (NAMED_*): the linker
                    keeps only the internal and linkonce values something
                    it links refers to, so while named apart a static
                    kernel is external and a template's weak */
    size_t n, cap;
} names;

static int push(names *s, const char *name, size_t len)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 32;
        char **v = realloc(s->v, cap * sizeof *v);
        if (v)
            s->v = v;
        char *l = realloc(s->local, cap);
        if (l)
            s->local = l;
        if (!v || !l)
            return -1;
        s->cap = cap;
    }
    char *c = malloc(len + 1);
    if (!c)
        return -1;
    memcpy(c, name, len);
    c[len] = 0;
    s->local[s->n] = 0;
    s->v[s->n++] = c;
    return 0;
}

static void names_free(names *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    free(s->local);
}

static int has_prefix(const char *s, size_t n, const char *p)
{
    size_t l = strlen(p);
    return n >= l && !memcmp(s, p, l);
}

static void rename_with(LLVMValueRef v, const char *base, const char *sfx)
{
    size_t bl = strlen(base), sl = strlen(sfx);
    char *buf = malloc(bl + sl + 1);
    if (!buf)
        return;
    memcpy(buf, base, bl);
    memcpy(buf + bl, sfx, sl + 1);
    LLVMSetValueName2(v, buf, bl + sl);
    free(buf);
}

static int is_local(LLVMLinkage l)
{
    return l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
}

static int is_strong(LLVMLinkage l)
{
    return l == LLVMExternalLinkage;
}

/* Whether the host view defines a function, variable or alias of this
 * name (a complete-object constructor is an alias of the base-object
 * one). */
static int host_defines(LLVMModuleRef host, const char *name)
{
    LLVMValueRef f = LLVMGetNamedFunction(host, name);
    if (f)
        return !LLVMIsDeclaration(f);
    LLVMValueRef g = LLVMGetNamedGlobal(host, name);
    if (g)
        return !LLVMIsDeclaration(g);
    return LLVMGetNamedGlobalAlias(host, name, strlen(name)) != NULL;
}

static void internalize(LLVMValueRef v)
{
    if (LLVMIsAFunction(v) || LLVMIsAGlobalVariable(v))
        LLVMSetComdat(v, NULL);
    LLVMSetLinkage(v, LLVMInternalLinkage);
}

/* A module's kernels: the functions whose prologue answers a launch's
 * probe (src/driver/rewrite.c writes it into every __global__
 * definition). */
static int probe_callers(LLVMModuleRef m, names *out)
{
    LLVMValueRef reply = LLVMGetNamedFunction(m, "simt__probe_reply");
    if (!reply)
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(reply); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef in = LLVMGetUser(u);
        if (!LLVMIsACallInst(in))
            continue;
        LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(in));
        size_t n;
        const char *name = LLVMGetValueName2(f, &n);
        int dup = 0;
        for (size_t i = 0; i < out->n && !dup; i++)
            dup = strlen(out->v[i]) == n && !memcmp(out->v[i], name, n);
        if (!dup && push(out, name, n) < 0)
            return -1;
    }
    return 0;
}

/* The device view's kernels, and the functions that stand with them. */
static int kernels_of(LLVMModuleRef dev, names *out)
{
    if (probe_callers(dev, out) < 0)
        return -1;
    /* A kernel's registration reads its attributes (__launch_bounds__,
     * __cluster_dims__, whose values may depend on __CUDA_ARCH__, as in
     * CUB's tuning policies) from the prologue's local class,
     * simt__ki::info: the device view's, as nvcc's are. */
    static const char info[] = "EN8simt__ki4infoEP11simt_kernel";
    size_t il = sizeof info - 1;
    for (LLVMValueRef f = LLVMGetFirstFunction(dev); f; f = LLVMGetNextFunction(f)) {
        size_t n;
        const char *name = LLVMGetValueName2(f, &n);
        if (!LLVMIsDeclaration(f) && n > il && !memcmp(name + n - il, info, il) &&
            push(out, name, n) < 0)
            return -1;
    }
    return 0;
}

static int kernel_index(const names *k, const char *name, size_t n)
{
    for (size_t i = 0; i < k->n; i++)
        if (strlen(k->v[i]) == n && !memcmp(k->v[i], name, n))
            return (int)i;
    return -1;
}

/* A variable of the device view that is the host view's object: a
 * declaration of that name instead of a definition. */
static void to_declaration(LLVMModuleRef dev, LLVMValueRef g, const char *name)
{
    LLVMValueRef d = LLVMAddGlobal(dev, LLVMGlobalGetValueType(g), "");
    LLVMSetThreadLocal(d, LLVMIsThreadLocal(g));
    if (LLVMIsThreadLocal(g))
        LLVMSetThreadLocalMode(d, LLVMGetThreadLocalMode(g));
    LLVMSetLinkage(d, LLVMExternalLinkage);
    LLVMReplaceAllUsesWith(g, d);
    LLVMDeleteGlobal(g);
    LLVMSetValueName2(d, name, strlen(name));
}

/* Prepares the device view for linking into the host view. */
static int prepare_device(LLVMModuleRef host, LLVMModuleRef dev, names *kernels, names *bound)
{
    if (kernels_of(dev, kernels) < 0)
        return -1;
    static const char *const dropped[] = {"llvm.global_ctors", "llvm.global_dtors"};
    for (size_t i = 0; i < 2; i++) {
        LLVMValueRef g = LLVMGetNamedGlobal(dev, dropped[i]);
        if (g)
            LLVMDeleteGlobal(g);
    }
    for (LLVMValueRef f = LLVMGetFirstFunction(dev); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        size_t n;
        const char *nm = LLVMGetValueName2(f, &n);
        char *name = strndup(nm, n);
        if (!name)
            return -1;
        int ki = kernel_index(kernels, name, n);
        if (ki >= 0) {
            /* Named apart until the host view's is replaced (finish). */
            LLVMSetComdat(f, NULL);
            rename_with(f, name, KERNEL_SFX);
            LLVMLinkage l = LLVMGetLinkage(f);
            if (is_local(l)) {
                kernels->local[ki] = NAMED_INTERNAL;
                LLVMSetLinkage(f, LLVMExternalLinkage);
            } else if (l == LLVMLinkOnceODRLinkage) {
                /* A template kernel: nothing refers to it by this name. */
                kernels->local[ki] = NAMED_LINKONCE_ODR;
                LLVMSetLinkage(f, LLVMWeakODRLinkage);
            } else if (l == LLVMLinkOnceAnyLinkage) {
                kernels->local[ki] = NAMED_LINKONCE_ANY;
                LLVMSetLinkage(f, LLVMWeakAnyLinkage);
            }
        } else if (!is_local(LLVMGetLinkage(f)) &&
                   (!is_strong(LLVMGetLinkage(f)) || host_defines(host, name))) {
            internalize(f);
        }
        free(name);
    }
    for (LLVMValueRef a = LLVMGetFirstGlobalAlias(dev); a; a = LLVMGetNextGlobalAlias(a)) {
        size_t n;
        const char *nm = LLVMGetValueName2(a, &n);
        char *name = strndup(nm, n);
        if (!name)
            return -1;
        if (!is_local(LLVMGetLinkage(a)) &&
            (!is_strong(LLVMGetLinkage(a)) || host_defines(host, name)))
            internalize(a);
        free(name);
    }
    LLVMValueRef next;
    for (LLVMValueRef g = LLVMGetFirstGlobal(dev); g; g = next) {
        next = LLVMGetNextGlobal(g);
        if (LLVMIsDeclaration(g))
            continue;
        size_t n;
        const char *nm = LLVMGetValueName2(g, &n);
        if (!n || has_prefix(nm, n, "llvm."))
            continue;
        char *name = strndup(nm, n);
        if (!name)
            return -1;
        LLVMLinkage l = LLVMGetLinkage(g);
        if (has_prefix(name, n, "_ZTV") || has_prefix(name, n, "_ZTT") ||
            has_prefix(name, n, "_ZTC")) {
            if (!is_local(l))
                internalize(g);
        } else if (is_local(l)) {
            LLVMValueRef h = LLVMGetNamedGlobal(host, name);
            if (h && !LLVMIsGlobalConstant(g) && is_local(LLVMGetLinkage(h))) {
                if (push(bound, name, n) < 0)
                    return -1;
                rename_with(g, name, BIND_SFX);
            }
        } else if (is_strong(l) && host_defines(host, name)) {
            to_declaration(dev, g, name);
        }
        free(name);
    }
    return 0;
}

/* After linking: the device view's kernels under their own names, its
 * internal variables bound to the host view's. */
static void finish(LLVMModuleRef m, const names *kernels, const names *bound)
{
    char buf[4096];
    for (size_t i = 0; i < kernels->n; i++) {
        const char *name = kernels->v[i];
        snprintf(buf, sizeof buf, "%s%s", name, KERNEL_SFX);
        LLVMValueRef d = LLVMGetNamedFunction(m, buf);
        if (!d)
            continue;
        LLVMValueRef h = LLVMGetNamedFunction(m, name);
        if (h) {
            LLVMReplaceAllUsesWith(h, d);
            LLVMDeleteFunction(h);
        }
        LLVMSetValueName2(d, name, strlen(name));
        if (kernels->local[i] == NAMED_INTERNAL)
            LLVMSetLinkage(d, LLVMInternalLinkage);
        else if (kernels->local[i] == NAMED_LINKONCE_ODR)
            LLVMSetLinkage(d, LLVMLinkOnceODRLinkage);
        else if (kernels->local[i] == NAMED_LINKONCE_ANY)
            LLVMSetLinkage(d, LLVMLinkOnceAnyLinkage);
        LLVMLinkage l = LLVMGetLinkage(d);
        if (l == LLVMLinkOnceODRLinkage || l == LLVMWeakODRLinkage ||
            l == LLVMLinkOnceAnyLinkage || l == LLVMWeakAnyLinkage)
            LLVMSetComdat(d, LLVMGetOrInsertComdat(m, name));
    }
    for (size_t i = 0; i < bound->n; i++) {
        const char *name = bound->v[i];
        snprintf(buf, sizeof buf, "%s%s", name, BIND_SFX);
        LLVMValueRef d = LLVMGetNamedGlobal(m, buf);
        LLVMValueRef h = LLVMGetNamedGlobal(m, name);
        if (!d)
            continue;
        if (!h) {
            LLVMSetValueName2(d, name, strlen(name));
            continue;
        }
        LLVMReplaceAllUsesWith(d, h);
        LLVMDeleteGlobal(d);
    }
}

/* libstdc++'s demangler (C linkage). */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

/* A kernel of the host view that the device view lacks and whose name
 * holds a closure type: a lambda of a non-inline function is named by its
 * place among the unit's ($_N), and one that only a view has (under
 * #ifdef __CUDA_ARCH__) renumbers the rest, so the name may stand for
 * another lambda in the other view.  NULL if none, else the kernel's name
 * (malloc'd). */
static char *unpaired(LLVMModuleRef host, LLVMModuleRef dev)
{
    names hk = {0}, dk = {0};
    char *bad = NULL;
    if (probe_callers(host, &hk) < 0 || probe_callers(dev, &dk) < 0) {
        names_free(&hk);
        names_free(&dk);
        return NULL;
    }
    for (size_t i = 0; i < hk.n && !bad; i++) {
        const char *n = hk.v[i];
        if (kernel_index(&dk, n, strlen(n)) >= 0 || (!strstr(n, "$_") && !strstr(n, "Ul")))
            continue;
        int st = 0;
        bad = __cxa_demangle(n, NULL, NULL, &st);
        if (!bad || st)
            bad = strdup(n);
    }
    names_free(&hk);
    names_free(&dk);
    return bad;
}

int kc_merge_views(LLVMContextRef c, LLVMModuleRef *hostp, const char *dev_path, char **err)
{
    LLVMModuleRef host = *hostp;
    LLVMMemoryBufferRef buf;
    LLVMModuleRef dev;
    if (LLVMCreateMemoryBufferWithContentsOfFile(dev_path, &buf, err))
        return -1;
    if (LLVMParseBitcodeInContext2(c, buf, &dev)) {
        *err = strdup("cannot parse the device view's bitcode");
        return -1;
    }
    char *bad = unpaired(host, dev);
    if (bad) {
        /* Each view's kernels would not be the other's: the file keeps one
         * view, the device's, as before simtcc had two. */
        fprintf(stderr,
                "simt: warning: kernel %s is instantiated with a lambda that the host's and "
                "the device's views of its file name differently; host code takes the "
                "device's view\n",
                bad);
        free(bad);
        LLVMDisposeModule(host);
        *hostp = dev;
        return 0;
    }
    names kernels = {0}, bound = {0};
    int rc = prepare_device(host, dev, &kernels, &bound);
    if (rc == 0 && LLVMLinkModules2(host, dev)) {
        *err = strdup("cannot link the two views");
        rc = -1;
    } else if (rc == 0) {
        finish(host, &kernels, &bound);
        /* The device view's functions no kernel reaches: gone before
         * anything else reads the module. */
        LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
        LLVMErrorRef e = LLVMRunPasses(host, "globaldce", NULL, o);
        LLVMDisposePassBuilderOptions(o);
        if (e) {
            *err = LLVMGetErrorMessage(e);
            rc = -1;
        }
    } else {
        LLVMDisposeModule(dev);
        *err = strdup("out of memory");
    }
    names_free(&kernels);
    names_free(&bound);
    return rc;
}
