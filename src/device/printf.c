/*
 * printf.c: device-side printf (CUDA guide, "Formatted Output").
 *
 * A kernel's printf formats at once and appends the whole line to the
 * device buffer under a lock, so lines never interleave.  The buffer is
 * written to stdout only where CUDA flushes it: at a launch, at the
 * synchronizing calls, at blocking copies, before stream callbacks and at
 * cudaDeviceReset; output a program never synchronizes for is lost, as on
 * a GPU.  Device printf returns the number of arguments it parsed.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "runtime/runtime.h"
#include "simt/core/device.h"

static struct {
    pthread_mutex_t lock;
    char *buf;
    size_t len, cap;
} P = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* Conversions in fmt, as CUDA counts its printf's arguments. */
static int count_arguments(const char *fmt)
{
    int n = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%')
            continue;
        if (p[1] == '%') {
            p++;
            continue;
        }
        n++;
        for (p++; *p && !strchr("diouxXeEfFgGaAcspn", *p); p++)
            if (*p == '*')
                n++;
        if (!*p)
            break;
    }
    return n;
}

static void append(const char *s, size_t n)
{
    pthread_mutex_lock(&P.lock);
    if (P.len + n > P.cap) {
        size_t cap = P.cap ? P.cap : 65536;
        while (cap < P.len + n)
            cap *= 2;
        char *b = realloc(P.buf, cap);
        if (!b) {
            pthread_mutex_unlock(&P.lock);
            return; /* a full FIFO drops output on a GPU too */
        }
        P.buf = b;
        P.cap = cap;
    }
    memcpy(P.buf + P.len, s, n);
    P.len += n;
    pthread_mutex_unlock(&P.lock);
}

int simt_vprintf(const char *fmt, va_list ap)
{
    if (!engine_thread())
        return vprintf(fmt, ap);
    if (!fmt)
        return -1;
    /* Most lines fit the stack; a longer one is formatted again into
     * memory of its own. */
    char local[512], *big = NULL;
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(local, sizeof local, fmt, copy);
    va_end(copy);
    if (n >= 0 && (size_t)n >= sizeof local)
        n = vasprintf(&big, fmt, ap);
    if (n < 0)
        return -2;
    append(big ? big : local, (size_t)n);
    free(big);
    return count_arguments(fmt);
}

int simt_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = simt_vprintf(fmt, ap);
    va_end(ap);
    return n;
}

void printf_flush(void)
{
    if (__atomic_load_n(&P.len, __ATOMIC_RELAXED) == 0)
        return;
    pthread_mutex_lock(&P.lock);
    if (P.len) {
        fwrite(P.buf, 1, P.len, stdout);
        P.len = 0;
    }
    pthread_mutex_unlock(&P.lock);
}
