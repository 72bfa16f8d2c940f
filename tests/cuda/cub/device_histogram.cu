// device_histogram.cu: cub::DeviceHistogram: HistogramEven on integer,
// float and byte samples (samples outside [lower, upper) not counted),
// HistogramRange, the 2D forms with a row stride, MultiHistogramEven and
// MultiHistogramRange on 4-channel pixels with 3 active channels, and
// cub::DeviceSegmentedReduce with empty segments.
#include <cub/cub.cuh>
#include <cfloat>
#include "cub_test.h"

static void show(const char *what, const int *d, int bins)
{
    std::vector<int> h = fetch(d, bins);
    printf("  %s:", what);
    for (int i = 0; i < bins; i++)
        printf(" %d", h[i]);
    printf("\n");
}

int main()
{
    const int n = 1 << 20;
    lcg r(9);
    std::vector<int> hi(n);
    std::vector<float> hf(n);
    std::vector<unsigned char> hb(n);
    std::vector<signed char> hs(n);
    for (int i = 0; i < n; i++) {
        hi[i] = (int)(r.next() % 1200) - 100;
        hf[i] = (float)(r.next() % 100000) / 1000.0f - 10.0f;
        hb[i] = (unsigned char)r.next();
        hs[i] = (signed char)r.next();
    }
    int *d_i = upload(hi);
    float *d_f = upload(hf);
    unsigned char *d_b = upload(hb);
    signed char *d_s = upload(hs);
    int *d_hist;
    cudaMalloc(&d_hist, 10000 * sizeof(int));

    cub_call("HistogramEven int", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, d_i, d_hist, 11, 0, 1000, n);
    });
    show("bins", d_hist, 10);
    cub_call("HistogramEven float", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, d_f, d_hist, 8, 0.0f, 70.0f, n);
    });
    show("bins", d_hist, 7);
    cub_call("HistogramEven uint8", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, d_b, d_hist, 17, 0, 256, n);
    });
    show("bins", d_hist, 16);
    cub_call("HistogramEven int8", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, d_s, d_hist, 9, -64, 64, n);
    });
    show("bins", d_hist, 8);
    cub_call("HistogramEven 5000 bins", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, d_i, d_hist, 5001, -100, 1100, n);
    });
    printf("  %016llx\n", (unsigned long long)digest(d_hist, 5000));

    std::vector<float> levels = {-10.0f, -2.5f, 0.0f, 1.0f, 33.3f, 50.0f, 89.9f};
    float *d_levels = upload(levels);
    cub_call("HistogramRange float", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramRange(t, b, d_f, d_hist, 7, d_levels, n);
    });
    show("bins", d_hist, 6);
    std::vector<int> ilevels = {-50, 0, 10, 100, 500, 999};
    int *d_ilevels = upload(ilevels);
    cub_call("HistogramRange int", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramRange(t, b, d_i, d_hist, 6, d_ilevels, n);
    });
    show("bins", d_hist, 5);

    // 2D: 1000 rows of 700 samples, rows 1024 samples apart
    cub_call("HistogramEven 2D", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, d_i, d_hist, 6, 0, 1000, 700, 1000, 1024 * sizeof(int));
    });
    show("bins", d_hist, 5);

    // RGBA pixels, histograms of R, G and B
    int *d_hr, *d_hg, *d_hbl;
    cudaMalloc(&d_hr, 256 * sizeof(int));
    cudaMalloc(&d_hg, 256 * sizeof(int));
    cudaMalloc(&d_hbl, 256 * sizeof(int));
    int *hists[3] = {d_hr, d_hg, d_hbl};
    int num_levels[3] = {5, 9, 3};
    unsigned int lower[3] = {0, 0, 100};
    unsigned int upper[3] = {256, 256, 200};
    cub_call("MultiHistogramEven RGBA", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::MultiHistogramEven<4, 3>(t, b, d_b, hists, num_levels, lower, upper, n / 4);
    });
    show("R", d_hr, 4);
    show("G", d_hg, 8);
    show("B", d_hbl, 2);
    std::vector<unsigned int> l0 = {0, 64, 128, 255}, l1 = {10, 20}, l2 = {0, 1, 2, 3, 200};
    unsigned int *d_l0 = upload(l0), *d_l1 = upload(l1), *d_l2 = upload(l2);
    const unsigned int *lv[3] = {d_l0, d_l1, d_l2};
    int nl[3] = {4, 2, 5};
    cub_call("MultiHistogramRange RGBA", [&](void *t, size_t &b) {
        return cub::DeviceHistogram::MultiHistogramRange<4, 3>(t, b, d_b, hists, nl, lv, n / 4);
    });
    show("R", d_hr, 3);
    show("G", d_hg, 1);
    show("B", d_hbl, 4);

    // segmented reductions; segments 3 and 5 are empty
    std::vector<int> off = {0, 1000, 5000, 5000, 250000, 250000, 800000, n};
    int *d_off = upload(off);
    int nseg = (int)off.size() - 1;
    int *d_seg;
    cudaMalloc(&d_seg, nseg * sizeof(int));
    cub_call("SegmentedReduce::Sum", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedReduce::Sum(t, b, d_i, d_seg, nseg, d_off, d_off + 1);
    });
    show("sums", d_seg, nseg);
    cub_call("SegmentedReduce::Min", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedReduce::Min(t, b, d_i, d_seg, nseg, d_off, d_off + 1);
    });
    show("mins", d_seg, nseg);
    cub_call("SegmentedReduce::Max", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedReduce::Max(t, b, d_i, d_seg, nseg, d_off, d_off + 1);
    });
    show("maxs", d_seg, nseg);
    cub_call("SegmentedReduce::Reduce max init 1050", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedReduce::Reduce(t, b, d_i, d_seg, nseg, d_off, d_off + 1, cuda::maximum<>(), 1050);
    });
    show("maxs", d_seg, nseg);
    typedef cub::KeyValuePair<int, int> KV;
    KV *d_kv;
    cudaMalloc(&d_kv, nseg * sizeof(KV));
    cub_call("SegmentedReduce::ArgMin", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedReduce::ArgMin(t, b, d_i, d_kv, nseg, d_off, d_off + 1);
    });
    std::vector<KV> kv = fetch(d_kv, nseg);
    for (int s = 0; s < nseg; s++)
        printf(" {%d, %d}", kv[s].key, kv[s].value);
    printf("\n");
    cub_call("SegmentedReduce::ArgMax", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedReduce::ArgMax(t, b, d_i, d_kv, nseg, d_off, d_off + 1);
    });
    kv = fetch(d_kv, nseg);
    for (int s = 0; s < nseg; s++)
        printf(" {%d, %d}", kv[s].key, kv[s].value);
    printf("\n");
    std::vector<float> inf(4, FLT_MAX);
    inf[2] = 1.0f / 0.0f;
    float *d_inf = upload(inf), *d_fseg;
    cudaMalloc(&d_fseg, 2 * sizeof(float));
    std::vector<int> off2 = {0, 2, 4};
    int *d_off2 = upload(off2);
    cub_call("SegmentedReduce::Min {FLT_MAX,FLT_MAX} {inf,FLT_MAX}", [&](void *t, size_t &b) {
        return cub::DeviceSegmentedReduce::Min(t, b, d_inf, d_fseg, 2, d_off2, d_off2 + 1);
    });
    printf("  %d %d\n", get1(d_fseg) == FLT_MAX, get1(d_fseg, 1) == FLT_MAX);
    return 0;
}
