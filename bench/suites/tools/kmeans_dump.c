/* Link-time hook (-Wl,--wrap=cluster) for Rodinia kmeans' OpenMP twin: its
 * printing of the cluster centres is commented out, so they are printed here
 * in the format of the CUDA program's -o option. */
#include <stdio.h>

int __real_cluster(int npoints, int nfeatures, float **features, int nclusters,
                   float threshold, float ***cluster_centres);
int __wrap_cluster(int npoints, int nfeatures, float **features, int nclusters,
                   float threshold, float ***cluster_centres);

int __wrap_cluster(int npoints, int nfeatures, float **features, int nclusters,
                   float threshold, float ***cluster_centres)
{
    int r = __real_cluster(npoints, nfeatures, features, nclusters, threshold, cluster_centres);
    printf("\n================= Centroid Coordinates =================\n");
    for (int i = 0; i < nclusters; i++) {
        printf("%d:", i);
        for (int j = 0; j < nfeatures; j++)
            printf(" %.2f", (*cluster_centres)[i][j]);
        printf("\n\n");
    }
    return r;
}
