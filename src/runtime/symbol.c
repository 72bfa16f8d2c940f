/*
 * symbol.c: copies to and from __device__ and __constant__ variables, and
 * their addresses and sizes.
 *
 * Under simt such a variable is an ordinary global: its address is its
 * device address.  The C++ overloads in cuda_runtime.h pass the address
 * and sizeof (simt__symbol_*); the C entry points taking `const void
 * *symbol` know only the address and accept what simt_register_symbol, or
 * an earlier use through an overload, made known.  A symbol is named by
 * its start only, as on a GPU.
 *
 * Programs written for CUDA 4 and earlier name a symbol by a string:
 * cudaMemcpyToSymbol("c_clusters", ...).  CUDA 5 removed that form (the
 * runtime then looks the string's own address up, and fails); simt still
 * accepts it: a symbol argument that is not the start of a variable, lies
 * in read-only memory (a string literal) and holds an identifier is looked
 * up by name in the program's symbol table, as CUDA 4's runtime did
 * (cudaErrorInvalidSymbol if no variable has that name).
 *
 * A symbol is a variable of static storage: an address outside every
 * loaded object's segments (a stack array, heap or device memory) is
 * cudaErrorInvalidSymbol, as on an H100.  A host variable is one too
 * there; here it is not told from a __device__ one (both are ordinary
 * globals once rewritten).
 */
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/memory.h"
#include "runtime/runtime.h"

/* ---- symbols by name (CUDA 4) ----------------------------------------------- */

struct elf_object {
    uintptr_t addr;
    size_t size;
    const char *name;
};

static struct {
    pthread_once_t once;
    struct elf_object *objs; /* the executable's data objects, by address */
    size_t nobjs;
    char *strtab;
    struct {
        uintptr_t lo, hi;
    } *ro;                   /* its allocated read-only sections */
    size_t nro;
} E = {.once = PTHREAD_ONCE_INIT};

static int main_base(struct dl_phdr_info *info, size_t size, void *data)
{
    *(uintptr_t *)data = info->dlpi_addr;
    return 1; /* the first entry is the program itself */
}

static int by_addr(const void *a, const void *b)
{
    const struct elf_object *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Reads the executable's section headers and symbol table once. */
static void load_elf(void)
{
    FILE *f = fopen("/proc/self/exe", "rb");
    if (!f)
        return;
    Elf64_Ehdr eh;
    Elf64_Shdr *sh = NULL;
    Elf64_Sym *syms = NULL;
    if (fread(&eh, sizeof eh, 1, f) != 1 || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
        eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr))
        goto out;
    uintptr_t base = 0;
    if (eh.e_type == ET_DYN)
        dl_iterate_phdr(main_base, &base);
    sh = calloc(eh.e_shnum, sizeof *sh);
    if (!sh || fseek(f, (long)eh.e_shoff, SEEK_SET) ||
        fread(sh, sizeof *sh, eh.e_shnum, f) != eh.e_shnum)
        goto out;
    E.ro = calloc(eh.e_shnum, sizeof *E.ro);
    for (unsigned i = 0; E.ro && i < eh.e_shnum; i++)
        if ((sh[i].sh_flags & SHF_ALLOC) && !(sh[i].sh_flags & SHF_WRITE) && sh[i].sh_size) {
            E.ro[E.nro].lo = base + sh[i].sh_addr;
            E.ro[E.nro].hi = base + sh[i].sh_addr + sh[i].sh_size;
            E.nro++;
        }
    for (unsigned i = 0; i < eh.e_shnum; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh.e_shnum)
            continue;
        const Elf64_Shdr *st = &sh[sh[i].sh_link];
        size_t n = sh[i].sh_size / sizeof(Elf64_Sym);
        syms = malloc(sh[i].sh_size);
        E.strtab = malloc(st->sh_size + 1);
        E.objs = calloc(n, sizeof *E.objs);
        if (!syms || !E.strtab || !E.objs || fseek(f, (long)sh[i].sh_offset, SEEK_SET) ||
            fread(syms, sizeof *syms, n, f) != n || fseek(f, (long)st->sh_offset, SEEK_SET) ||
            fread(E.strtab, 1, st->sh_size, f) != st->sh_size)
            break;
        E.strtab[st->sh_size] = 0;
        for (size_t j = 0; j < n; j++)
            if (ELF64_ST_TYPE(syms[j].st_info) == STT_OBJECT && syms[j].st_shndx != SHN_UNDEF &&
                syms[j].st_name < st->sh_size) {
                E.objs[E.nobjs].addr = base + syms[j].st_value;
                E.objs[E.nobjs].size = syms[j].st_size;
                E.objs[E.nobjs].name = E.strtab + syms[j].st_name;
                E.nobjs++;
            }
        qsort(E.objs, E.nobjs, sizeof *E.objs, by_addr);
        break;
    }
out:
    free(syms);
    free(sh);
    fclose(f);
}

static int is_object_start(uintptr_t a)
{
    size_t lo = 0, hi = E.nobjs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (E.objs[mid].addr < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < E.nobjs && E.objs[lo].addr == a;
}

static int read_only(uintptr_t a)
{
    for (size_t i = 0; i < E.nro; i++)
        if (a >= E.ro[i].lo && a < E.ro[i].hi)
            return 1;
    return 0;
}

/* The variable a CUDA 4 style symbol name denotes.  *sym and *size are
 * replaced when sym is a name; returns cudaErrorInvalidSymbol for a name
 * no variable has, cudaSuccess otherwise (sym left alone if no name). */
static cudaError_t resolve_name(const void **sym, size_t *size)
{
    if (mem_symbol_find(*sym, NULL))
        return cudaSuccess;
    pthread_once(&E.once, load_elf);
    uintptr_t a = (uintptr_t)*sym;
    if (!E.nobjs || is_object_start(a) || !read_only(a))
        return cudaSuccess;
    const char *s = *sym;
    size_t n = 0;
    for (; n < 1024 && s[n]; n++)
        if (!(s[n] == '_' || (s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') ||
              (n > 0 && s[n] >= '0' && s[n] <= '9')))
            return cudaSuccess;
    if (n == 0 || n == 1024)
        return cudaSuccess;
    const struct elf_object *found = NULL;
    for (size_t i = 0; i < E.nobjs; i++)
        if (strcmp(E.objs[i].name, s) == 0 && E.objs[i].size) {
            found = &E.objs[i];
            break;
        }
    if (!found)
        return cudaErrorInvalidSymbol;
    *sym = (const void *)found->addr;
    *size = found->size;
    return cudaSuccess;
}

static char *writable(const void *p)
{
    return (char *)(uintptr_t)p;
}

/* An H200 checks a symbol copy in this order: count 0 succeeds, then the
 * kind (only a copy into the symbol from host or device, or Default:
 * cudaErrorInvalidMemcpyDirection otherwise), then the symbol's bounds;
 * the other side is then checked as cudaMemcpy checks it (the same
 * order out of the symbol, to the host or device).  A copy into the
 * symbol (to) reads `other`, a copy out of it writes there. */
struct sym_copy {
    int to;
    const void *other;
    size_t count, offset;
    enum cudaMemcpyKind kind;
    cudaStream_t stream;
    int async;
};

static cudaError_t copy_sym(const void *sym, size_t symsize, const struct sym_copy *c)
{
    if (c->count == 0)
        return cudaSuccess;
    enum cudaMemcpyKind host = c->to ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    if (c->kind != host && c->kind != cudaMemcpyDeviceToDevice && c->kind != cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (c->offset > symsize || c->count > symsize - c->offset)
        return cudaErrorInvalidValue;
    char *at = writable(sym) + c->offset;
    void *dst = c->to ? at : writable(c->other);
    const void *src = c->to ? c->other : at;
    return c->async ? cudaMemcpyAsync(dst, src, c->count, c->kind, c->stream)
                    : cudaMemcpy(dst, src, c->count, c->kind);
}

/* ---- static storage ------------------------------------------------------------ */

struct segment_query {
    uintptr_t addr;
    int found;
};

static int in_segment(struct dl_phdr_info *info, size_t size, void *data)
{
    struct segment_query *q = data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && q->addr >= lo && q->addr - lo < ph->p_memsz) {
            q->found = 1;
            return 1;
        }
    }
    return 0;
}

/* Whether sym may name a variable: a known symbol, or an address in a
 * loaded object's segments (static storage). */
static int may_be_symbol(const void *sym)
{
    if (mem_symbol_find(sym, NULL))
        return 1;
    struct segment_query q = {(uintptr_t)sym, 0};
    dl_iterate_phdr(in_segment, &q);
    return q.found;
}

/* The overloads' first steps: a CUDA 4 name resolved, then the symbol
 * checked and noted with its size in *size. */
static cudaError_t overload_symbol(const void **sym, size_t symsize, size_t *size)
{
    cudaError_t e = resolve_name(sym, &symsize);
    if (e == cudaSuccess && !may_be_symbol(*sym))
        e = cudaErrorInvalidSymbol;
    if (e == cudaSuccess)
        e = mem_symbol_note(*sym, symsize, size);
    return e;
}

/* ---- the C++ overloads' entry points -------------------------------------- */

static cudaError_t overload_copy(const void *sym, size_t symsize, const struct sym_copy *c)
{
    size_t size;
    cudaError_t e = overload_symbol(&sym, symsize, &size);
    return e == cudaSuccess ? copy_sym(sym, size, c) : e;
}

cudaError_t simt__symbol_copy_to(const void *sym, size_t symsize, const void *src, size_t count,
                                 size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream,
                                 int async)
{
    API_ENTER();
    struct sym_copy c = {1, src, count, offset, kind, stream, async};
    return api_return(overload_copy(sym, symsize, &c));
}

cudaError_t simt__symbol_copy_from(void *dst, const void *sym, size_t symsize, size_t count,
                                   size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream,
                                   int async)
{
    API_ENTER();
    struct sym_copy c = {0, dst, count, offset, kind, stream, async};
    return api_return(overload_copy(sym, symsize, &c));
}

cudaError_t simt__symbol_address(void **devPtr, const void *sym, size_t symsize)
{
    API_ENTER();
    /* A GPU's runtime writes through a NULL devPtr and crashes. */
    if (!devPtr)
        return api_return(cudaErrorInvalidValue);
    size_t size;
    cudaError_t e = overload_symbol(&sym, symsize, &size);
    if (e != cudaSuccess)
        return api_return(e);
    *devPtr = writable(sym);
    return cudaSuccess;
}

/* ---- the C entry points ---------------------------------------------------- */

/* The symbol a C entry point names (*symbol: a variable, or its name:
 * resolve_name), with its size; a variable found by name becomes a
 * known symbol.  cudaErrorInvalidSymbol for anything else. */
static cudaError_t named_symbol(const void **symbol, size_t *size)
{
    size_t known;
    *size = 0;
    if (resolve_name(symbol, size) != cudaSuccess ||
        (*size && mem_symbol_note(*symbol, *size, &known) != cudaSuccess) ||
        !mem_symbol_find(*symbol, size))
        return cudaErrorInvalidSymbol;
    return cudaSuccess;
}

static cudaError_t named_copy(const void *symbol, const struct sym_copy *c)
{
    size_t size;
    cudaError_t e = named_symbol(&symbol, &size);
    return e == cudaSuccess ? copy_sym(symbol, size, c) : e;
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    API_ENTER();
    struct sym_copy c = {1, src, count, offset, kind, NULL, 0};
    return api_return(named_copy(symbol, &c));
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    API_ENTER();
    struct sym_copy c = {0, dst, count, offset, kind, NULL, 0};
    return api_return(named_copy(symbol, &c));
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    API_ENTER();
    struct sym_copy c = {1, src, count, offset, kind, stream, 1};
    return api_return(named_copy(symbol, &c));
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream)
{
    API_ENTER();
    struct sym_copy c = {0, dst, count, offset, kind, stream, 1};
    return api_return(named_copy(symbol, &c));
}

/* cudaGetSymbolAddress and cudaGetSymbolSize: the out pointer the call
 * has (the other is NULL) gets the symbol's address or size. */
static cudaError_t symbol_query(const void *symbol, void **addr, size_t *size)
{
    size_t n;
    if (!addr && !size)
        return cudaErrorInvalidValue;
    cudaError_t e = named_symbol(&symbol, &n);
    if (e == cudaSuccess && addr)
        *addr = writable(symbol);
    if (e == cudaSuccess && size)
        *size = n;
    return e;
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
    API_ENTER();
    return api_return(symbol_query(symbol, devPtr, NULL));
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    API_ENTER();
    return api_return(symbol_query(symbol, NULL, size));
}
