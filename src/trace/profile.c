/*
 * profile.c: SIMT_PROFILE=1's summaries at exit, in the shape of `nsys
 * stats`' reports: cuda_gpu_kern_sum (per kernel), cuda_gpu_mem_time_sum
 * and cuda_gpu_mem_size_sum (per copy kind and memset), nvtx_sum (per
 * NVTX range).  Rows are sorted by total time, largest first; StdDev is
 * the sample standard deviation; MB are 10^6 bytes.
 *
 * Runs at exit, after recording stopped, with rec_lock held.
 */
#include "trace/record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/base.h"

struct group {
    const char *name;         /* interned or static: compared by content */
    const char *style;        /* NVTX: "PushPop" or "StartEnd" */
    long long *ns;            /* durations */
    double *bytes;            /* copies: sizes */
    size_t n, cap, bcap;
    long long total;
};

struct table {
    struct group *g;
    size_t n, cap;
};

static struct group *group_of(struct table *t, const char *name, const char *style)
{
    for (size_t i = 0; i < t->n; i++)
        if (!strcmp(t->g[i].name, name) && (!style || !strcmp(t->g[i].style, style)))
            return &t->g[i];
    if (VEC_RESERVE(t->g, t->cap, t->n + 1) != 0)
        return NULL;
    struct group *g = &t->g[t->n++];
    memset(g, 0, sizeof *g);
    g->name = name;
    g->style = style;
    return g;
}

static void add(struct table *t, const char *name, const char *style, long long ns, double bytes)
{
    struct group *g = group_of(t, name, style);
    if (!g || VEC_RESERVE(g->ns, g->cap, g->n + 1) != 0 ||
        VEC_RESERVE(g->bytes, g->bcap, g->n + 1) != 0)
        return;
    g->ns[g->n] = ns;
    g->bytes[g->n] = bytes;
    g->n++;
    g->total += ns;
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int by_total(const void *a, const void *b)
{
    const struct group *x = a, *y = b;
    if (x->total != y->total)
        return x->total > y->total ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* Statistics of v[0..n) (sorted here): mean, median, min, max, stddev. */
struct stats {
    double sum, avg, med, min, max, sd;
};

static struct stats stats_ll(long long *v, size_t n)
{
    struct stats s = {0};
    qsort(v, n, sizeof *v, cmp_ll);
    for (size_t i = 0; i < n; i++)
        s.sum += (double)v[i];
    s.avg = s.sum / (double)n;
    s.med = n % 2 ? (double)v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2;
    s.min = (double)v[0];
    s.max = (double)v[n - 1];
    double q = 0;
    for (size_t i = 0; i < n; i++)
        q += ((double)v[i] - s.avg) * ((double)v[i] - s.avg);
    s.sd = n > 1 ? sqrt(q / (double)(n - 1)) : 0;
    return s;
}

static struct stats stats_d(double *v, size_t n)
{
    struct stats s = {0};
    qsort(v, n, sizeof *v, cmp_d);
    for (size_t i = 0; i < n; i++)
        s.sum += v[i];
    s.avg = s.sum / (double)n;
    s.med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    s.min = v[0];
    s.max = v[n - 1];
    double q = 0;
    for (size_t i = 0; i < n; i++)
        q += (v[i] - s.avg) * (v[i] - s.avg);
    s.sd = n > 1 ? sqrt(q / (double)(n - 1)) : 0;
    return s;
}

/* ---- printing: right-aligned numbers, the last column left-aligned ---- */

#define MAX_COLS 10
#define CELL 40

struct grid_text {
    int ncols;
    size_t nrows;              /* with the header */
    char (*cells)[MAX_COLS][CELL];
    const char **last;         /* the last column: names (not truncated) */
};

static void print_table(FILE *f, const char *title, const struct grid_text *t)
{
    int w[MAX_COLS] = {0};
    for (size_t r = 0; r < t->nrows; r++)
        for (int c = 0; c < t->ncols; c++) {
            int n = (int)strlen(c == t->ncols - 1 ? t->last[r] : t->cells[r][c]);
            if (n > w[c])
                w[c] = n;
        }
    fprintf(f, "\n ** %s:\n\n", title);
    for (size_t r = 0; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) {
            const char *s = c == t->ncols - 1 ? t->last[r] : t->cells[r][c];
            if (c == t->ncols - 1)
                fprintf(f, "  %s", s);
            else
                fprintf(f, "%s%*s", c ? "  " : " ", w[c], s);
        }
        fputc('\n', f);
        if (r == 0) {
            for (int c = 0; c < t->ncols; c++) {
                fputs(c ? "  " : " ", f);
                for (int k = 0; k < w[c]; k++)
                    fputc('-', f);
            }
            fputc('\n', f);
        }
    }
}

/* A time table (kernels, memory operations, NVTX ranges). */
static void time_table(FILE *f, const char *title, struct table *t, const char *count_name,
                       const char *name_col, int with_style)
{
    if (t->n == 0)
        return;
    qsort(t->g, t->n, sizeof *t->g, by_total);
    long long all = 0;
    for (size_t i = 0; i < t->n; i++)
        all += t->g[i].total;
    struct grid_text g = {with_style ? 10 : 9, t->n + 1, NULL, NULL};
    g.cells = calloc(g.nrows, sizeof *g.cells);
    g.last = calloc(g.nrows, sizeof *g.last);
    if (!g.cells || !g.last)
        goto done;
    const char *head[] = {"Time (%)", "Total Time (ns)", count_name, "Avg (ns)", "Med (ns)",
                          "Min (ns)", "Max (ns)", "StdDev (ns)", "Style"};
    for (int c = 0; c < g.ncols - 1; c++)
        snprintf(g.cells[0][c], CELL, "%s", head[c]);
    g.last[0] = name_col;
    for (size_t i = 0; i < t->n; i++) {
        struct group *gr = &t->g[i];
        struct stats s = stats_ll(gr->ns, gr->n);
        char(*row)[CELL] = g.cells[i + 1];
        snprintf(row[0], CELL, "%.1f", all ? 100.0 * (double)gr->total / (double)all : 0.0);
        snprintf(row[1], CELL, "%lld", gr->total);
        snprintf(row[2], CELL, "%zu", gr->n);
        snprintf(row[3], CELL, "%.1f", s.avg);
        snprintf(row[4], CELL, "%.1f", s.med);
        snprintf(row[5], CELL, "%.0f", s.min);
        snprintf(row[6], CELL, "%.0f", s.max);
        snprintf(row[7], CELL, "%.1f", s.sd);
        if (with_style)
            snprintf(row[8], CELL, "%s", gr->style);
        g.last[i + 1] = gr->name;
    }
    print_table(f, title, &g);
done:
    free(g.cells);
    free(g.last);
}

static void size_table(FILE *f, const char *title, struct table *t)
{
    if (t->n == 0)
        return;
    struct grid_text g = {8, t->n + 1, NULL, NULL};
    g.cells = calloc(g.nrows, sizeof *g.cells);
    g.last = calloc(g.nrows, sizeof *g.last);
    if (!g.cells || !g.last)
        goto done;
    const char *head[] = {"Total (MB)", "Count", "Avg (MB)", "Med (MB)", "Min (MB)", "Max (MB)",
                          "StdDev (MB)"};
    for (int c = 0; c < 7; c++)
        snprintf(g.cells[0][c], CELL, "%s", head[c]);
    g.last[0] = "Operation";
    for (size_t i = 0; i < t->n; i++) {
        struct group *gr = &t->g[i];
        struct stats s = stats_d(gr->bytes, gr->n);
        char(*row)[CELL] = g.cells[i + 1];
        snprintf(row[0], CELL, "%.3f", s.sum / 1e6);
        snprintf(row[1], CELL, "%zu", gr->n);
        snprintf(row[2], CELL, "%.3f", s.avg / 1e6);
        snprintf(row[3], CELL, "%.3f", s.med / 1e6);
        snprintf(row[4], CELL, "%.3f", s.min / 1e6);
        snprintf(row[5], CELL, "%.3f", s.max / 1e6);
        snprintf(row[6], CELL, "%.3f", s.sd / 1e6);
        g.last[i + 1] = gr->name;
    }
    print_table(f, title, &g);
done:
    free(g.cells);
    free(g.last);
}

static void free_table(struct table *t)
{
    for (size_t i = 0; i < t->n; i++) {
        free(t->g[i].ns);
        free(t->g[i].bytes);
    }
    free(t->g);
}

void trace_print_profile(FILE *f)
{
    static const char *const ops[COPY_KINDS] = {
        "[CUDA memcpy Host-to-Device]", "[CUDA memcpy Device-to-Host]",
        "[CUDA memcpy Device-to-Device]", "[CUDA memcpy Host-to-Host]"};
    struct table kern = {0}, mem = {0}, nvtx = {0};
    for (size_t i = 0; i < trace_nrecs; i++) {
        const struct rec *r = &trace_recs[i];
        long long ns = r->t1 - r->t0;
        switch (r->kind) {
        case REC_KERNEL:
            add(&kern, r->name, NULL, ns, 0);
            break;
        case REC_COPY:
            add(&mem, ops[r->sub < COPY_KINDS ? r->sub : COPY_DTOD], NULL, ns, (double)r->bytes);
            break;
        case REC_MEMSET:
            add(&mem, "[CUDA memset]", NULL, ns, (double)r->bytes);
            break;
        case REC_NVTX_PUSH:
        case REC_NVTX_RANGE: {
            /* nsys names a range "domain:message", the default domain empty. */
            char name[512];
            snprintf(name, sizeof name, "%s:%s", r->domain ? r->domain : "", r->name ? r->name : "");
            const char *n = trace_intern_locked(name);
            add(&nvtx, n, r->kind == REC_NVTX_PUSH ? "PushPop" : "StartEnd", ns, 0);
            break;
        }
        default:
            break;
        }
    }
    fprintf(f, "\nsimt: profile (SIMT_PROFILE=1): the CPU's times, as nsys reports a GPU's\n");
    time_table(f, "NVTX Range Summary (nvtx_sum)", &nvtx, "Instances", "Range", 1);
    time_table(f, "CUDA GPU Kernel Summary (cuda_gpu_kern_sum)", &kern, "Instances", "Name", 0);
    time_table(f, "CUDA GPU MemOps Summary (by Time) (cuda_gpu_mem_time_sum)", &mem, "Count",
               "Operation", 0);
    size_table(f, "CUDA GPU MemOps Summary (by Size) (cuda_gpu_mem_size_sum)", &mem);
    if (kern.n == 0 && mem.n == 0 && nvtx.n == 0)
        fprintf(f, "\n (no kernels, memory operations or NVTX ranges were recorded)\n");
    fputc('\n', f);
    free_table(&kern);
    free_table(&mem);
    free_table(&nvtx);
}
