/*
 * symbolize.c: source lines for code addresses through libdw's Dwfl
 * interface (see symbolize.h).
 *
 * libdw is opened with dlopen and its few entry points looked up by name,
 * so libsimt neither links it nor needs its headers: the declarations
 * below are those of elfutils' <elfutils/libdwfl.h>, whose ABI is stable
 * (symbol versions ELFUTILS_0.122 and later).  One Dwfl session describes
 * the process's modules; it is made again when an address falls outside
 * them (a library loaded since).
 *
 * Invariant: everything here runs under `lock`.
 */
#include "base/symbolize.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Dwfl Dwfl;
typedef struct Dwfl_Module Dwfl_Module;
typedef uint64_t Dwarf_Addr;
typedef uint64_t Dwarf_Word;

/* <elfutils/libdw.h>'s public layouts: a DIE and an attribute. */
typedef struct {
    void *addr;
    void *cu;
    void *abbrev;
    long padding;
} Dwarf_Die;
typedef struct {
    unsigned code, form;
    unsigned char *valp;
    void *cu;
} Dwarf_Attribute;
typedef struct Dwarf_Line_s Dwarf_Line;
typedef struct Dwarf_Files_s Dwarf_Files;

#define DW_TAG_inlined_subroutine 0x1d
#define DW_TAG_subprogram 0x2e
#define DW_AT_call_file 0x58
#define DW_AT_call_line 0x59

typedef struct {
    void *find_elf;
    void *find_debuginfo;
    void *section_address;
    char **debuginfo_path;
} Dwfl_Callbacks;

static struct {
    Dwfl *(*begin)(const Dwfl_Callbacks *);
    void (*end)(Dwfl *);
    int (*report_begin)(Dwfl *);
    int (*proc_report)(Dwfl *, pid_t);
    int (*report_end)(Dwfl *, void *, void *);
    Dwfl_Module *(*addrmodule)(Dwfl *, Dwarf_Addr);
    const char *(*addrname)(Dwfl_Module *, Dwarf_Addr);
    Dwarf_Die *(*nextcu)(Dwfl_Module *, Dwarf_Die *, Dwarf_Addr *);
    int (*haspc)(Dwarf_Die *, Dwarf_Addr);
    Dwarf_Line *(*getsrc_die)(Dwarf_Die *, Dwarf_Addr);
    const char *(*linesrc)(Dwarf_Line *, Dwarf_Word *, Dwarf_Word *);
    int (*lineno)(Dwarf_Line *, int *);
    int (*getscopes)(Dwarf_Die *, Dwarf_Addr, Dwarf_Die **);
    int (*tag)(Dwarf_Die *);
    Dwarf_Attribute *(*attr)(Dwarf_Die *, unsigned, Dwarf_Attribute *);
    int (*formudata)(Dwarf_Attribute *, Dwarf_Word *);
    int (*getsrcfiles)(Dwarf_Die *, Dwarf_Files **, size_t *);
    const char *(*filesrc)(Dwarf_Files *, size_t, Dwarf_Word *, Dwarf_Word *);
    const char *(*diename)(Dwarf_Die *);
    Dwfl_Callbacks cb;
    char *(*demangle)(const char *, char *, size_t *, int *);
    Dwfl *dwfl;
    int state; /* 0 not tried, 1 ready, -1 no libdw */
} D;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int load(void)
{
    void *h = dlopen("libdw.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return -1;
    *(void **)&D.begin = dlsym(h, "dwfl_begin");
    *(void **)&D.end = dlsym(h, "dwfl_end");
    *(void **)&D.report_begin = dlsym(h, "dwfl_report_begin");
    *(void **)&D.proc_report = dlsym(h, "dwfl_linux_proc_report");
    *(void **)&D.report_end = dlsym(h, "dwfl_report_end");
    *(void **)&D.addrmodule = dlsym(h, "dwfl_addrmodule");
    *(void **)&D.addrname = dlsym(h, "dwfl_module_addrname");
    *(void **)&D.nextcu = dlsym(h, "dwfl_module_nextcu");
    *(void **)&D.haspc = dlsym(h, "dwarf_haspc");
    *(void **)&D.getsrc_die = dlsym(h, "dwarf_getsrc_die");
    *(void **)&D.linesrc = dlsym(h, "dwarf_linesrc");
    *(void **)&D.lineno = dlsym(h, "dwarf_lineno");
    *(void **)&D.getscopes = dlsym(h, "dwarf_getscopes");
    *(void **)&D.tag = dlsym(h, "dwarf_tag");
    *(void **)&D.attr = dlsym(h, "dwarf_attr");
    *(void **)&D.formudata = dlsym(h, "dwarf_formudata");
    *(void **)&D.getsrcfiles = dlsym(h, "dwarf_getsrcfiles");
    *(void **)&D.filesrc = dlsym(h, "dwarf_filesrc");
    *(void **)&D.diename = dlsym(h, "dwarf_diename");
    D.cb.find_elf = dlsym(h, "dwfl_linux_proc_find_elf");
    D.cb.find_debuginfo = dlsym(h, "dwfl_standard_find_debuginfo");
    /* Kernel names are C++ names.  simtcc links libstdc++ only into a
     * program that calls it (driver.c), so a report loads it where the
     * program did not. */
    *(void **)&D.demangle = dlsym(RTLD_DEFAULT, "__cxa_demangle");
    void *cxx = D.demangle ? NULL : dlopen("libstdc++.so.6", RTLD_NOW | RTLD_LOCAL);
    if (cxx)
        *(void **)&D.demangle = dlsym(cxx, "__cxa_demangle");
    if (!D.begin || !D.end || !D.report_begin || !D.proc_report || !D.report_end ||
        !D.addrmodule || !D.addrname || !D.cb.find_elf ||
        !D.cb.find_debuginfo || !D.nextcu || !D.haspc || !D.getsrc_die || !D.linesrc ||
        !D.lineno || !D.getscopes || !D.tag || !D.attr || !D.formudata || !D.getsrcfiles ||
        !D.filesrc || !D.diename)
        return -1;
    return 1;
}

/* A session that knows the process's modules as they are now. */
static int report(void)
{
    if (!D.dwfl && !(D.dwfl = D.begin(&D.cb)))
        return -1;
    D.report_begin(D.dwfl);
    /* Its failure (a mapping it could not read) leaves the others
     * reported. */
    D.proc_report(D.dwfl, getpid());
    D.report_end(D.dwfl, NULL, NULL);
    return 0;
}

static Dwfl_Module *module_of(Dwarf_Addr a)
{
    Dwfl_Module *m = D.dwfl ? D.addrmodule(D.dwfl, a) : NULL;
    if (!m && report() == 0)
        m = D.addrmodule(D.dwfl, a);
    return m;
}

static void name_of(Dwfl_Module *m, Dwarf_Addr a, char *fn, size_t fnlen)
{
    fn[0] = 0;
    const char *s = D.addrname(m, a);
    if (!s)
        return;
    int st = -1;
    char *d = D.demangle && s[0] == '_' && s[1] == 'Z' ? D.demangle(s, NULL, NULL, &st) : NULL;
    snprintf(fn, fnlen, "%s", d && st == 0 ? d : s);
    free(d);
}

/* Whether file is one of simt's headers: some folder above it holds
 * simt.h (simt's include folder, wherever it is installed; a CUDA
 * installation has none). */
static int simt_header(const char *file)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", file);
    for (char *slash = strrchr(dir, '/'); slash && slash != dir; slash = strrchr(dir, '/')) {
        *slash = 0;
        char probe[1100];
        snprintf(probe, sizeof probe, "%s/simt.h", dir);
        if (access(probe, F_OK) == 0)
            return 1;
    }
    return 0;
}

/* The compile unit holding a (module-relative), scanned for when the
 * module's address ranges table leaves it out (clang writes none). */
static Dwarf_Die *cu_of(Dwfl_Module *m, Dwarf_Addr a, Dwarf_Addr *bias)
{
    Dwarf_Die *cu = NULL;
    while ((cu = D.nextcu(m, cu, bias)))
        if (D.haspc(cu, a - *bias) > 0)
            return cu;
    return NULL;
}

/* file:line of a, as the line table has it (code inlined from a header
 * names the header), then, while that is one of simt's headers, the line
 * that called the inlined code: the user's.  fn gets the function that
 * line is in, when the DWARF says. */
static int locate(Dwfl_Module *m, Dwarf_Addr a, char *loc, size_t loclen, char *fn, size_t fnlen)
{
    Dwarf_Addr bias = 0;
    Dwarf_Die *cu = cu_of(m, a, &bias);
    Dwarf_Line *l = cu ? D.getsrc_die(cu, a - bias) : NULL;
    int line = 0;
    const char *file = l ? D.linesrc(l, NULL, NULL) : NULL;
    if (!file || D.lineno(l, &line) != 0 || line <= 0)
        return 0;
    if (simt_header(file)) {
        Dwarf_Die *scopes = NULL;
        int n = D.getscopes(cu, a - bias, &scopes);
        Dwarf_Files *files = NULL;
        size_t nfiles = 0;
        if (n > 0 && D.getsrcfiles(cu, &files, &nfiles) == 0) {
            for (int i = 0; i < n && simt_header(file); i++) {
                if (D.tag(&scopes[i]) != DW_TAG_inlined_subroutine)
                    continue;
                Dwarf_Attribute at;
                Dwarf_Word f = 0, cl = 0;
                const char *cf;
                if (!D.attr(&scopes[i], DW_AT_call_file, &at) || D.formudata(&at, &f) != 0 ||
                    !D.attr(&scopes[i], DW_AT_call_line, &at) || D.formudata(&at, &cl) != 0 ||
                    f >= nfiles || !(cf = D.filesrc(files, f, NULL, NULL)) || cl == 0)
                    continue;
                file = cf;
                line = (int)cl;
                /* The caller: the next enclosing function. */
                for (int k = i + 1; k < n; k++) {
                    int t = D.tag(&scopes[k]);
                    if (t == DW_TAG_inlined_subroutine || t == DW_TAG_subprogram) {
                        const char *name = D.diename(&scopes[k]);
                        if (name)
                            snprintf(fn, fnlen, "%s", name);
                        break;
                    }
                }
            }
        }
        free(scopes);
    }
    snprintf(loc, loclen, "%s:%d", file, line);
    return 1;
}

int simt__symbolize(const void *pc, char *loc, size_t loclen, char *fn, size_t fnlen)
{
    int found = -1;
    loc[0] = 0;
    fn[0] = 0;
    pthread_mutex_lock(&lock);
    if (D.state == 0)
        D.state = load();
    if (D.state > 0) {
        Dwarf_Addr a = (Dwarf_Addr)(uintptr_t)pc;
        Dwfl_Module *m = module_of(a);
        if (m) {
            name_of(m, a, fn, fnlen);
            found = fn[0] ? 0 : -1;
            /* No column: on lines simtcc's rewriter changed they count
             * in the rewritten text. */
            if (locate(m, a, loc, loclen, fn, fnlen))
                found = 1;
        }
    }
    pthread_mutex_unlock(&lock);
    return found;
}
