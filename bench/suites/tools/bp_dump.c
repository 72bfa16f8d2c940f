/* Link-time hook (-Wl,--wrap=bpnn_free) for Rodinia backprop: the program
 * prints no result, so the trained network is written to bp_result.txt just
 * before the program frees it.  Linked into both the CUDA program and its
 * OpenMP twin, built against that program's own backprop.h. */
#include <stdio.h>
#include "backprop.h"

void __real_bpnn_free(BPNN *net);
void __wrap_bpnn_free(BPNN *net);

void __wrap_bpnn_free(BPNN *net)
{
    FILE *f = fopen("bp_result.txt", "w");
    if (f) {
        for (int i = 0; i <= net->hidden_n; i++)
            fprintf(f, "hidden %d %.7g\n", i, net->hidden_units[i]);
        for (int i = 0; i <= net->output_n; i++)
            fprintf(f, "output %d %.7g\n", i, net->output_units[i]);
        for (int i = 0; i <= net->input_n; i++)
            for (int j = 0; j <= net->hidden_n; j++)
                fprintf(f, "w1 %d %d %.7g\n", i, j, net->input_weights[i][j]);
        for (int i = 0; i <= net->hidden_n; i++)
            for (int j = 0; j <= net->output_n; j++)
                fprintf(f, "w2 %d %d %.7g\n", i, j, net->hidden_weights[i][j]);
        fclose(f);
    }
    __real_bpnn_free(net);
}
