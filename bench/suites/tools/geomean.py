"""Geometric mean of simt's time over its twin's, per suite.

Reads rows "suite/program simt-seconds twin-seconds [note]" (run.sh's
times.txt, replay.sh's rows); rows without a twin (0) are left out."""
import math
import sys

rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) >= 3 and float(f[2]) > 0 and float(f[1]) > 0:
        rows.setdefault(f[0].split('/')[0], []).append(float(f[1]) / float(f[2]))
for suite, r in rows.items():
    g = math.exp(sum(map(math.log, r)) / len(r))
    print(f'geometric mean of simt/twin time, {suite}: {g:.2f} over {len(r)} programs, max {max(r):.2f}')
