/* Serial reference for Rodinia gaussian -s N: builds the same matrix
 * (a[i][j] = 10 exp(-0.01f |i-j|), b = 1) and runs the same float
 * elimination (multipliers of column t, then rows t+1.. updated from row t)
 * and back substitution, so the CUDA program's result can be compared
 * element by element.  Prints x, one value a line.
 *
 * Compiled by run.sh as CUDA C++ (simtcc -x cu), as the program is: exp of
 * a float is then the same overload, so the matrix is bit-identical and the
 * comparison tests the elimination, not two exp implementations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n <= 0) {
        fprintf(stderr, "usage: gauss_ref N\n");
        return 2;
    }
    float *a = (float *)malloc(sizeof(float) * n * n);
    float *m = (float *)calloc((size_t)n * n, sizeof(float));
    float *b = (float *)malloc(sizeof(float) * n), *x = (float *)malloc(sizeof(float) * n);
    float *coe = (float *)malloc(sizeof(float) * (2 * n - 1));
    float lambda = -0.01f;
    for (int i = 0; i < n; i++) {
        float c = 10 * exp(lambda * i);
        coe[n - 1 + i] = c;
        coe[n - 1 - i] = c;
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a[i * n + j] = coe[n - 1 - i + j];
        b[i] = 1.0f;
    }
    for (int t = 0; t < n - 1; t++) {
        for (int i = t + 1; i < n; i++)
            m[i * n + t] = a[i * n + t] / a[t * n + t];
        for (int i = t + 1; i < n; i++) {
            for (int j = t; j < n; j++)
                a[i * n + j] -= m[i * n + t] * a[t * n + j];
            b[i] -= m[i * n + t] * b[t];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        float s = b[i];
        for (int j = n - 1; j > i; j--)
            s -= a[i * n + j] * x[j];
        x[i] = s / a[i * n + i];
    }
    for (int i = 0; i < n; i++)
        printf("%.9g\n", x[i]);
    return 0;
}
