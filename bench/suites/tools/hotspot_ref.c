/* Serial reference for Rodinia hotspot (CUDA): the kernel's update, one time
 * step at a time over the whole grid, cells at the edge taking themselves as
 * the missing neighbour, with the kernel's types (float constants, the
 * 2.0 * T terms in double).  The suite's OpenMP twin divides its time step
 * by 1000 and so computes a different trajectory; this is what the CUDA
 * program's output is checked against.
 *
 *   hotspot_ref N STEPS TEMP_FILE POWER_FILE OUT_FILE  (N x N grid) */
#include <stdio.h>
#include <stdlib.h>

static void load(const char *path, float *v, int n)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        if (fscanf(f, "%f", &v[i]) != 1) {
            fprintf(stderr, "%s: too few values\n", path);
            exit(1);
        }
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: hotspot_ref N STEPS TEMP POWER OUT\n");
        return 2;
    }
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    float *t = malloc(sizeof(float) * n * n), *u = malloc(sizeof(float) * n * n);
    float *p = malloc(sizeof(float) * n * n);
    load(argv[3], t, n * n);
    load(argv[4], p, n * n);

    /* The program's chip constants and their float roundings. */
    float t_chip = 0.0005f, chip_height = 0.016f, chip_width = 0.016f;
    float grid_height = chip_height / n, grid_width = chip_width / n;
    float cap = 0.5 * 1.75e6 * t_chip * grid_width * grid_height;
    float rx = grid_width / (2.0 * 100 * t_chip * grid_height);
    float ry = grid_height / (2.0 * 100 * t_chip * grid_width);
    float rz = t_chip / (100 * grid_height * grid_width);
    float max_slope = 3.0e6 / (0.5 * t_chip * 1.75e6);
    float step = 0.001 / max_slope;
    float amb = 80.0f, step_div_cap = step / cap;
    float rx_1 = 1 / rx, ry_1 = 1 / ry, rz_1 = 1 / rz;

    for (int s = 0; s < steps; s++) {
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int k = r * n + c;
                float tn = t[(r > 0 ? r - 1 : r) * n + c], ts = t[(r < n - 1 ? r + 1 : r) * n + c];
                float tw = t[r * n + (c > 0 ? c - 1 : c)], te = t[r * n + (c < n - 1 ? c + 1 : c)];
                u[k] = t[k] + step_div_cap * (p[k] + (ts + tn - 2.0 * t[k]) * ry_1 +
                                              (te + tw - 2.0 * t[k]) * rx_1 + (amb - t[k]) * rz_1);
            }
        float *x = t;
        t = u;
        u = x;
    }
    FILE *f = fopen(argv[5], "w");
    if (!f) {
        perror(argv[5]);
        return 1;
    }
    for (int i = 0; i < n * n; i++)
        fprintf(f, "%d\t%g\n", i, t[i]);
    fclose(f);
    return 0;
}
