/*
 * diag.c: diagnostics of kernel failures, and the one place that writes
 * their "in kernel K block (x,y,z) thread (x,y,z) at SITE" shape
 * (engine_fail_with, engine/sync.h).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/symbolize.h"
#include "check/check.h"
#include "check/hooks.h"
#include "engine/diag.h"
#include "engine/sync.h"

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

void diag_grid_failure(struct grid *g, int err, const char *msg)
{
    pthread_mutex_lock(&out_lock);
    fputs(msg, stderr);
    fflush(stderr);
    pthread_mutex_unlock(&out_lock);
    grid_fail(g, err);
}

/* Appends to buf (len bytes in all, n used), truncating. */
static size_t add(char *buf, size_t len, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static size_t add(char *buf, size_t len, size_t n, const char *fmt, ...)
{
    if (n >= len)
        return n;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + n, len - n, fmt, ap);
    va_end(ap);
    return k < 0 ? n : n + (size_t)k < len ? n + (size_t)k : len - 1;
}

/* "simt: LEVEL: WHAT in kernel K block (x,y,z)[ WHO][ at SITE]TAIL\n" */
static void describe(char *buf, size_t len, const char *level, const struct engine_failure *f)
{
    const struct block *b = engine__self->cur;
    size_t n = add(buf, len, 0, "simt: %s: %s in kernel %s block (%u,%u,%u)", level, f->what,
                   b->grid->name, b->idx.x, b->idx.y, b->idx.z);
    if (f->who == WHO_THREAD) {
        uint3 t = f->tid ? *f->tid : simt__thread_idx;
        n = add(buf, len, n, " thread (%u,%u,%u)", t.x, t.y, t.z);
    } else if (f->who == WHO_WARP) {
        n = add(buf, len, n, " warp %u", f->warp);
    }
    if (f->site)
        n = add(buf, len, n, " at %s", f->site);
    if (f->tail)
        n = add(buf, len, n, "%s", f->tail);
    if (n + 1 >= len)
        n = len - 2; /* truncated: the line still ends */
    buf[n] = '\n';
    buf[n + 1] = 0;
}

/* A checking build counts every error for its summary and exit status. */
static void count_error(void)
{
    if (hook_checking()) {
        report_lock();
        report_count();
        report_unlock();
    }
}

void engine_fail_with(const struct engine_failure *f)
{
    struct worker *w = engine__self;
    char msg[2048];
    describe(msg, sizeof msg, "error", f);
    count_error();
    diag_grid_failure(w->cur->grid, f->err, msg);
    sched_abort_block(w);
}

void engine_report_with(const struct engine_failure *f)
{
    char msg[2048];
    describe(msg, sizeof msg, "error", f);
    count_error();
    pthread_mutex_lock(&out_lock);
    fputs(msg, stderr);
    fflush(stderr);
    pthread_mutex_unlock(&out_lock);
}

void engine_warn_with(const struct engine_failure *f)
{
    char msg[2048];
    describe(msg, sizeof msg, "warning", f);
    pthread_mutex_lock(&out_lock);
    fputs(msg, stderr);
    fflush(stderr);
    pthread_mutex_unlock(&out_lock);
}

static void failv(int err, const char *site, const char *todo, const char *what, va_list ap)
    __attribute__((noreturn, format(printf, 4, 0)));
static void failv(int err, const char *site, const char *todo, const char *what, va_list ap)
{
    char w1[1024], tail[1024];
    vsnprintf(w1, sizeof w1, what, ap);
    if (!engine_thread()) {
        fprintf(stderr, "simt: error: %s at %s — %s\n", w1, site, todo ? todo : "");
        abort();
    }
    if (todo)
        snprintf(tail, sizeof tail, " — %s", todo);
    struct engine_failure f = {err, w1, WHO_THREAD, NULL, 0, site, todo ? tail : NULL};
    engine_fail_with(&f);
}

void engine_fail(int err, const char *site, const char *todo, const char *what, ...)
{
    va_list ap;
    va_start(ap, what);
    failv(err, site, todo, what, ap);
}

void engine_misuse(const char *file, unsigned line, const char *todo, const char *what, ...)
{
    char site[512];
    snprintf(site, sizeof site, "%s:%u", file, line);
    va_list ap;
    va_start(ap, what);
    failv(cudaErrorLaunchFailure, site, todo, what, ap);
}

/* cooperative_groups.h's name for it (include/simt/core/cg_core.h). */
void simt_cg_misuse(const char *file, unsigned line, const char *todo, const char *what, ...)
    __attribute__((noreturn, format(printf, 4, 5), alias("engine_misuse")));

void engine_fail_deferred(int err)
{
    grid_fail_deferred(engine__self->cur->grid, err);
}

/* Whether fn is simt's own code that runs the user's (a kernel's body is
 * inlined into simt_detail::pack<...>::range): the line is the user's, the
 * name is noise. */
static int simt_internal(const char *fn)
{
    return !strncmp(fn, "simt_detail::", 13) || !strncmp(fn, "simt::", 6);
}

/* The address as file:line, read in the process (symbolize.h: simtcc keeps
 * line tables by default); without libdw, addr2line when installed;
 * otherwise the symbol the dynamic loader knows, if any. */
void diag_symbolize(const void *pc, char *buf, size_t len)
{
    char where[512], name[512];
    int known = simt__symbolize(pc, where, sizeof where, name, sizeof name);
    if (known > 0) {
        if (name[0] && !simt_internal(name))
            snprintf(buf, len, "%s (%s)", where, name);
        else
            snprintf(buf, len, "%s", where);
        return;
    }
    if (known == 0) {
        snprintf(buf, len, "%s (no line information: build with -g or -lineinfo)", name);
        return;
    }
    Dl_info info;
    snprintf(buf, len, "%p", pc);
    if (!dladdr(pc, &info) || !info.dli_fname)
        return;
    unsigned long off = (unsigned long)((const char *)pc - (const char *)info.dli_fbase);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "addr2line -C -f -e '%s' 0x%lx 2>/dev/null", info.dli_fname, off);
    FILE *p = popen(cmd, "r");
    if (p) {
        char fn[256] = "", loc[512] = "";
        if (fgets(fn, sizeof fn, p) && fgets(loc, sizeof loc, p)) {
            fn[strcspn(fn, "\n")] = 0;
            loc[strcspn(loc, "\n")] = 0;
            if (loc[0] && loc[0] != '?' && !strstr(loc, ":?") && !strstr(loc, ":0")) {
                snprintf(buf, len, "%s (%s)", loc, fn);
                pclose(p);
                return;
            }
            if (fn[0] && fn[0] != '?') {
                snprintf(buf, len, "%s (no line information: build with -g or -lineinfo)", fn);
                pclose(p);
                return;
            }
        }
        pclose(p);
    }
    if (info.dli_sname)
        snprintf(buf, len, "%s+0x%lx", info.dli_sname,
                 (unsigned long)((const char *)pc - (const char *)info.dli_saddr));
}
