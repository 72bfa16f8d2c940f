/*
 * views.c: comparing a .cu file's two preprocessed views (views.h).  Most
 * files never test __CUDA_ARCH__ (simt's own headers hardly do), and their
 * views are one text: those compile once, as before.
 */
#include "views.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

int views_wanted(void)
{
    const char *e = getenv("SIMTCC_TWO_VIEWS");
    return !e || strcmp(e, "0") != 0;
}

/* A line marker: "# 12 "file" 2" (what -E writes; #line is the user's). */
static int is_marker(const char *line, size_t n)
{
    return n >= 3 && line[0] == '#' && line[1] == ' ' && line[2] >= '0' && line[2] <= '9';
}

/* The next line that is not a line marker; 0 at the end. */
static ssize_t next_line(FILE *f, char **buf, size_t *cap)
{
    ssize_t n;
    while ((n = getline(buf, cap, f)) > 0)
        if (!is_marker(*buf, (size_t)n))
            return n;
    return 0;
}

/* Whether the file at path holds the text s; 0 if it cannot be read (a
 * line marker may name a file that is gone: it was read, and the compare
 * decides). */
static int file_holds(const char *path, const char *s)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 1;
    size_t n = strlen(s), have = 0, cap = 1 << 16;
    char *buf = malloc(cap + n);
    int found = !buf;
    while (!found) {
        size_t r = fread(buf + have, 1, cap, f);
        if (!r)
            break;
        have += r;
        found = memmem(buf, have, s, n) != NULL;
        /* keep the last n-1 bytes: a match may straddle two reads */
        size_t keep = have < n ? have : n - 1;
        memmove(buf, buf + have - keep, keep);
        have = keep;
    }
    free(buf);
    fclose(f);
    return found;
}

int views_may_differ(const char *ii)
{
    FILE *f = fopen(ii, "rb");
    if (!f)
        return -1;
    char *line = NULL, **seen = NULL;
    size_t cap = 0, nseen = 0, capseen = 0;
    ssize_t n;
    int differ = 0;
    while (!differ && (n = getline(&line, &cap, f)) > 0) {
        if (!is_marker(line, (size_t)n))
            continue;
        char *q = strchr(line, '"'), *e = q ? strrchr(q + 1, '"') : NULL;
        if (!q || !e || q[1] == '<')
            continue;
        *e = 0;
        const char *path = q + 1;
        int dup = 0;
        for (size_t i = nseen; i > 0 && !dup; i--)
            dup = !strcmp(seen[i - 1], path);
        if (dup)
            continue;
        if (nseen == capseen) {
            capseen = capseen ? capseen * 2 : 256;
            char **v = realloc(seen, capseen * sizeof *v);
            if (!v) {
                differ = 1;
                break;
            }
            seen = v;
        }
        seen[nseen] = strdup(path);
        if (!seen[nseen]) {
            differ = 1;
            break;
        }
        nseen++;
        /* Escapes in the marker's name (\\, \"): such a file is read as
         * spelled, and a miss only costs the compare. */
        differ = file_holds(path, "__CUDA_ARCH__");
    }
    for (size_t i = 0; i < nseen; i++)
        free(seen[i]);
    free(seen);
    free(line);
    fclose(f);
    return differ;
}

int views_same(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = -1;
    char *la = NULL, *lb = NULL;
    size_t ca = 0, cb = 0;
    if (!fa || !fb)
        goto out;
    for (;;) {
        ssize_t na = next_line(fa, &la, &ca), nb = next_line(fb, &lb, &cb);
        if (na != nb || (na && memcmp(la, lb, (size_t)na) != 0)) {
            same = 0;
            break;
        }
        if (!na) {
            same = 1;
            break;
        }
    }
out:
    free(la);
    free(lb);
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}
