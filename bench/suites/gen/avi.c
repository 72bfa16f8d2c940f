/* Synthetic grayscale videos for heartwall and leukocyte, written with the
 * suite's own avilib (compiled together with this file by run.sh), one byte
 * per pixel as their frame readers expect.
 *
 *   avi heart OUT FRAMES   609x590: two bright rings (the wall's inner and
 *                          outer borders, around the points heartwall
 *                          tracks) whose radii pulse from frame to frame
 *   avi leuko OUT FRAMES   640x480: dark rings of radius ~10 px (cells) on a
 *                          noisy bright background, drifting slowly
 *
 * The noise comes from a fixed-seed generator of our own, so the bytes do
 * not depend on the C library's rand(). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "avilib.h"

static uint32_t state = 12345;

/* xorshift32: the same sequence on every platform */
static int noise(int amplitude)
{
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return (int)(state % (uint32_t)(2 * amplitude + 1)) - amplitude;
}

static unsigned char clamp(double v)
{
    return v < 0 ? 0 : v > 255 ? 255 : (unsigned char)v;
}

static double bump(double d, double r, double width)
{
    double t = (d - r) / width;
    return exp(-t * t);
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "heart") && strcmp(argv[1], "leuko"))) {
        fprintf(stderr, "usage: avi heart|leuko OUT FRAMES\n");
        return 2;
    }
    int heart = !strcmp(argv[1], "heart");
    int w = heart ? 609 : 640, h = heart ? 590 : 480, frames = atoi(argv[3]);
    static const double cx[8] = {90, 170, 260, 340, 430, 510, 565, 220};
    static const double cy[8] = {140, 230, 170, 270, 200, 310, 160, 300};
    avi_t *avi = AVI_open_output_file(argv[2]);
    if (!avi) {
        fprintf(stderr, "avi: cannot write %s\n", argv[2]);
        return 1;
    }
    AVI_set_video(avi, w, h, 25.0, "RGB");
    unsigned char *buf = malloc((size_t)w * h);
    for (int f = 0; f < frames; f++) {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                double v;
                if (heart) {
                    double d = hypot(x - 300.0, (h - 1 - y) - 330.0);
                    double r1 = 110 + 8 * sin(f * 0.6), r2 = 170 + 6 * sin(f * 0.6);
                    v = 40 + 150 * bump(d, r1, 9) + 120 * bump(d, r2, 12) + noise(15);
                } else {
                    v = 160 + noise(10);
                    for (int c = 0; c < 8; c++)
                        v -= 90 * bump(hypot(x - cx[c] - 0.7 * f, y - cy[c] + 0.4 * f), 10, 2);
                }
                buf[(size_t)y * w + x] = clamp(v);
            }
        AVI_write_frame(avi, (char *)buf, (long)w * h, 1);
    }
    AVI_close(avi);
    free(buf);
    return 0;
}
