/*
 * report.c: the checker's reports: each error once (per source location,
 * or per pair of locations for a race), the user's file:line from the
 * program's line tables, and the error summary and exit status at exit.
 *
 * Symbolization runs llvm-symbolizer (else addr2line) on the program once
 * per new location, off the hot path: reports are rare and deduplicated.  The
 * innermost inlined frame outside simt's own headers is the user's line.
 */
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check/check.h"

extern char __executable_start[] __attribute__((weak));

static pthread_mutex_t report_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t seen_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned long errors;
static int exit_code = 1;

#define SEEN_CAP 4096
static struct {
    uint64_t k1, k2;
} seen[SEEN_CAP];
static size_t nseen;

void report_lock(void)
{
    pthread_mutex_lock(&report_mu);
}

void report_unlock(void)
{
    fflush(stderr);
    pthread_mutex_unlock(&report_mu);
}

void report_count(void)
{
    errors++;
}

/* A key once in the table stays (and a full table reports nothing new),
 * so each worker remembers the keys it found there: a racing access that
 * a loop repeats asks again on every iteration, and the lock would
 * serialize the workers. */
#define KNOWN_SEEN 64
static __thread struct {
    uint64_t k1, k2;
} known_seen[KNOWN_SEEN];

int report_first(uint64_t k1, uint64_t k2)
{
    uint64_t h = (k1 * 0x9E3779B97F4A7C15ull) ^ (k2 * 0xC2B2AE3D27D4EB4Full);
    size_t slot = (size_t)(h >> 20) % KNOWN_SEEN;
    if (known_seen[slot].k1 == k1 && known_seen[slot].k2 == k2 && (k1 || k2))
        return 0;
    pthread_mutex_lock(&seen_mu);
    size_t i = (size_t)(h >> 20) % SEEN_CAP;
    int first = 0;
    if (nseen < SEEN_CAP * 3 / 4) {
        for (;; i = (i + 1) % SEEN_CAP) {
            if (seen[i].k1 == k1 && seen[i].k2 == k2)
                break;
            if (!seen[i].k1 && !seen[i].k2) {
                seen[i].k1 = k1;
                seen[i].k2 = k2;
                nseen++;
                first = 1;
                break;
            }
        }
    }
    pthread_mutex_unlock(&seen_mu);
    known_seen[slot].k1 = k1;
    known_seen[slot].k2 = k2;
    return first;
}

uint32_t report_pc_off(const void *pc)
{
    return (uint32_t)((uintptr_t)pc - (uintptr_t)__executable_start);
}

const void *report_pc(uint32_t off)
{
    return (const void *)((uintptr_t)__executable_start + off);
}

struct found {
    uintptr_t pc, base;
    const char *name;
};

static int find_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    struct found *f = arg;
    (void)size;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && f->pc >= lo && f->pc < lo + ph->p_memsz) {
            f->base = info->dlpi_addr;
            f->name = info->dlpi_name;
            return 1;
        }
    }
    return 0;
}

/* simt's own headers (as installed: CUDA's headers simt provides, curand,
 * cooperative groups, CUB) and the system's: not the user's line. */
static int is_library_file(const char *file)
{
    return strstr(file, "/include/simt/") || strstr(file, "/simt/lang/") ||
           strstr(file, "/lib/simt/include/") ||
           !strncmp(file, "/usr/", 5) || strstr(file, "cuda_runtime.h");
}

static int innermost_library;

int report_in_library(const void *pc)
{
    char buf[512];
    report_site(pc, buf, sizeof buf);
    return innermost_library;
}

void report_site(const void *pc, char *buf, size_t len)
{
    innermost_library = 0;
    /* The return address points after the call. */
    struct found f = {(uintptr_t)pc - 1, 0, NULL};
    snprintf(buf, len, "%p", pc);
    if (!dl_iterate_phdr(find_object, &f))
        return;
    char exe[4096];
    const char *obj = f.name && *f.name ? f.name : "/proc/self/exe";
    if (obj == f.name) {
        snprintf(exe, sizeof exe, "%s", obj);
    } else {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0)
            return;
        exe[n] = 0;
    }
    /* LLVM's symbolizer first: binutils 2.40's addr2line loses the chain
     * of inlined calls in clang 16's DWARF 5 (an access in a CUB or cuRAND
     * header inlined into a kernel named the header's line, not the
     * user's); the GNU style prints what addr2line does. */
    char cmd[8800];
    unsigned long off = (unsigned long)(f.pc - f.base);
    snprintf(cmd, sizeof cmd,
             "{ llvm-symbolizer-16 --output-style=GNU -C -f -i -e '%s' %#lx || "
             "addr2line -C -f -i -e '%s' %#lx; } 2>/dev/null",
             exe, off, exe, off);
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    /* Whole lines: a C++ function's name (Thrust's) runs to kilobytes. */
    char *fn = NULL, *loc = NULL, first[1100] = "";
    size_t fn_cap = 0, loc_cap = 0;
    int found = 0;
    while (getline(&fn, &fn_cap, p) > 0 && getline(&loc, &loc_cap, p) > 0) {
        loc[strcspn(loc, "\n")] = 0;
        fn[strcspn(fn, "\n")] = 0;
        char *disc = strstr(loc, " (discriminator");
        if (disc)
            *disc = 0;
        if (!first[0]) {
            snprintf(first, sizeof first, "%s", loc);
            innermost_library = loc[0] != '?' && is_library_file(loc);
        }
        if (!found && loc[0] != '?' && !is_library_file(loc)) {
            snprintf(buf, len, "%s", loc);
            found = 1;
        }
    }
    pclose(p);
    free(fn);
    free(loc);
    if (!found && first[0] && first[0] != '?')
        snprintf(buf, len, "%s", first);
}

static void at_exit(void)
{
    if (!errors)
        return;
    fflush(stdout);
    fprintf(stderr, "simt: ERROR SUMMARY: %lu error%s\n", errors, errors == 1 ? "" : "s");
    fflush(stderr);
    if (exit_code)
        _exit(exit_code);
}

void report_init(int exitcode);
void report_init(int exitcode)
{
    exit_code = exitcode;
    /* Registered before the runtime's own handlers (leak reports,
     * traces), so it runs after them. */
    atexit(at_exit);
}

/* Symbol lookup for data addresses: nm on the program, once per report. */
void report_data_name(uintptr_t addr, char *buf, size_t len)
{
    buf[0] = 0;
    struct found f = {addr, 0, NULL};
    if (!dl_iterate_phdr(find_object, &f))
        return;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return;
    exe[n] = 0;
    char cmd[4300];
    snprintf(cmd, sizeof cmd, "nm -C -S --defined-only '%s' 2>/dev/null", exe);
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    unsigned long off = (unsigned long)(addr - f.base);
    char line[2048];
    while (fgets(line, sizeof line, p)) {
        unsigned long start, size;
        char type;
        int used = 0, a_end = 0, s_begin = 0, s_end = 0;
        /* nm prints sizes as wide as addresses; a symbol without a size
         * has its type letter there, which may read as hexadecimal ("D"). */
        if (sscanf(line, "%lx%n %n%lx%n %c %n", &start, &a_end, &s_begin, &size, &s_end, &type,
                   &used) < 3 ||
            !used || s_end - s_begin != a_end)
            continue;
        if (off >= start && off < start + size) {
            char *name = line + used;
            name[strcspn(name, "\n")] = 0;
            snprintf(buf, len, "%s (%lu bytes, at offset %lu)", name, size, off - start);
            break;
        }
    }
    pclose(p);
}
