/*
 * libs.c: CUDA libraries simt does not provide (see libs.h).
 *
 * A program may bring its own implementation of one (a CPU cuBLAS, say):
 * a library found on the link's search path, or a header in an -I
 * folder, is never reported.
 */
#include "libs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct lib {
    const char *name;     /* as -l spells it */
    const char *product;  /* as NVIDIA names it */
    const char *headers;  /* its headers, space-separated */
};

static const struct lib unprovided[] = {
    {"cublas", "cuBLAS", "cublas_v2.h cublas.h cublas_api.h cublasXt.h"},
    {"cublasLt", "cuBLASLt", "cublasLt.h"},
    {"cufft", "cuFFT", "cufft.h cufftXt.h"},
    {"cufftw", "cuFFTW", "cufftw.h"},
    {"cusparse", "cuSPARSE", "cusparse.h cusparse_v2.h"},
    {"cusolver", "cuSOLVER", "cusolverDn.h cusolverSp.h cusolverRf.h cusolver_common.h"},
    {"cusolverMg", "cuSOLVERMg", "cusolverMg.h"},
    {"cudnn", "cuDNN", "cudnn.h"},
    {"nvrtc", "NVRTC", "nvrtc.h"},
    {"nvJitLink", "nvJitLink", "nvJitLink.h"},
    {"nvjpeg", "nvJPEG", "nvjpeg.h"},
    {"cutensor", "cuTENSOR", "cutensor.h"},
    {"cufile", "cuFile (GPUDirect Storage)", "cufile.h"},
    {"nvidia-ml", "NVML", "nvml.h"},
    {"cupti", "CUPTI", "cupti.h"},
    {"npp", "NPP", "npp.h nppi.h npps.h nppcore.h"},
};
#define NLIBS (sizeof unprovided / sizeof *unprovided)

/* The library -lNAME names (libNAME_static and NPP's nppc, nppial, ...
 * too), or NULL. */
static const struct lib *lib_named(const char *name)
{
    char base[128];
    snprintf(base, sizeof base, "%s", name);
    size_t n = strlen(base);
    if (n > 7 && !strcmp(base + n - 7, "_static"))
        base[n - 7] = 0;
    for (size_t i = 0; i < NLIBS; i++) {
        if (!strcmp(base, unprovided[i].name))
            return &unprovided[i];
        if (!strcmp(unprovided[i].name, "npp") && !strncmp(base, "npp", 3))
            return &unprovided[i];
    }
    return NULL;
}

static int has_lib(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/lib%s.so", dir, name);
    if (access(path, F_OK) == 0)
        return 1;
    snprintf(path, sizeof path, "%s/lib%s.a", dir, name);
    return access(path, F_OK) == 0;
}

/* Whether the linker would find -lNAME: the link's -L folders, then
 * LIBRARY_PATH's, then the usual system folders. */
static int findable(const strvec *link, const char *name)
{
    for (size_t i = 0; i < link->n; i++)
        if (!strncmp(link->v[i], "-L", 2) && link->v[i][2] && has_lib(link->v[i] + 2, name))
            return 1;
    const char *lp = getenv("LIBRARY_PATH");
    if (lp) {
        char *copy = strdup(lp), *save = NULL;
        for (char *d = copy ? strtok_r(copy, ":", &save) : NULL; d; d = strtok_r(NULL, ":", &save))
            if (*d && has_lib(d, name)) {
                free(copy);
                return 1;
            }
        free(copy);
    }
    static const char *const sys[] = {"/usr/local/lib", "/usr/lib", "/lib", "/usr/lib64",
                                      "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
                                      NULL};
    for (const char *const *d = sys; *d; d++)
        if (has_lib(*d, name))
            return 1;
    return 0;
}

int libs_check_link(const strvec *link)
{
    int errors = 0;
    for (size_t i = 0; i < link->n; i++) {
        const char *a = link->v[i];
        if (strncmp(a, "-l", 2) != 0)
            continue;
        const struct lib *l = lib_named(a + 2);
        if (!l || findable(link, a + 2))
            continue;
        fprintf(stderr,
                "simt: error: %s: simt does not provide %s (lib%s); it provides "
                SIMT_PROVIDED_LIBS " — remove %s, or add -L for a CPU implementation of %s\n",
                a, l->product, a + 2, a, l->product);
        errors++;
    }
    return errors;
}

/* Whether some -I folder of pp holds header. */
static int in_include_path(const strvec *pp, const char *header)
{
    for (size_t i = 0; i + 1 < pp->n; i++) {
        if (strcmp(pp->v[i], "-I") != 0 && strcmp(pp->v[i], "-isystem") != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", pp->v[i + 1], header);
        if (access(path, F_OK) == 0)
            return 1;
    }
    return 0;
}

/* Whether header lies in src's own folder (a quoted include's first
 * place). */
static int beside(const char *src, const char *header)
{
    char path[1024];
    const char *slash = strrchr(src, '/');
    snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - src + 1) : 0, src, header);
    return access(path, F_OK) == 0;
}

/* The library whose header is `header`, or NULL. */
static const struct lib *lib_of_header(const char *header)
{
    size_t n = strlen(header);
    for (size_t i = 0; i < NLIBS; i++)
        for (const char *h = unprovided[i].headers; *h;) {
            size_t k = strcspn(h, " ");
            if (k == n && !strncmp(h, header, n))
                return &unprovided[i];
            h += k;
            h += strspn(h, " ");
        }
    return NULL;
}

void libs_note_includes(const char *src, const strvec *pp)
{
    FILE *f = fopen(src, "r");
    if (!f)
        return;
    char line[1024];
    unsigned lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        const char *s = line + strspn(line, " \t");
        if (*s++ != '#')
            continue;
        s += strspn(s, " \t");
        if (strncmp(s, "include", 7) != 0)
            continue;
        s += 7;
        s += strspn(s, " \t");
        char close = *s == '<' ? '>' : *s == '"' ? '"' : 0;
        if (!close)
            continue;
        const char *e = strchr(++s, close);
        if (!e || e - s >= 256)
            continue;
        char header[256];
        memcpy(header, s, (size_t)(e - s));
        header[e - s] = 0;
        const struct lib *l = lib_of_header(header);
        if (!l || in_include_path(pp, header) || (close == '"' && beside(src, header)))
            continue;
        fprintf(stderr,
                "simt: note: %s:%u: %s is %s's header: simt does not provide %s; it provides "
                SIMT_PROVIDED_LIBS "\n",
                src, lineno, header, l->product, l->product);
    }
    fclose(f);
}
