/*
 * diag.c: diagnostics of kernel failures.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/diag.h"

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

void diag_grid_failure(struct grid *g, int err, const char *msg)
{
    pthread_mutex_lock(&out_lock);
    fputs(msg, stderr);
    fflush(stderr);
    pthread_mutex_unlock(&out_lock);
    grid_fail(g, err);
}

/* addr2line, when installed, turns the address into file:line for programs
 * built with -g; otherwise the symbol the dynamic loader knows, if any. */
void diag_symbolize(const void *pc, char *buf, size_t len)
{
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
