#!/usr/bin/env python3
"""numdiff.py A B [--rtol R] [--atol A] [--skip-lines N]

Compares two text files token by token: tokens that both read as numbers
agree when |a-b| <= atol or |a-b| <= rtol * max(|a|, |b|); other tokens must
be equal.  Prints one summary line; exit status 0 when the files agree."""
import argparse
import math
import re
import sys

NUM = re.compile(r'^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(nan|inf|infinity)$', re.I)


def tokens(path, skip):
    with open(path, errors='replace') as f:
        lines = f.read().splitlines()[skip:]
    # Punctuation glued to numbers ("1.5," "(3") is split off so the
    # numbers still compare as numbers.
    return re.sub(r'([,;:()\[\]=])', r' \1 ', '\n'.join(lines)).split()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('a')
    ap.add_argument('b')
    ap.add_argument('--rtol', type=float, default=1e-5)
    ap.add_argument('--atol', type=float, default=0.0)
    ap.add_argument('--skip-lines', type=int, default=0)
    o = ap.parse_args()
    ta, tb = tokens(o.a, o.skip_lines), tokens(o.b, o.skip_lines)
    bad, first, maxabs, maxrel, nnum = 0, None, 0.0, 0.0, 0
    for i, (x, y) in enumerate(zip(ta, tb)):
        if NUM.match(x) and NUM.match(y):
            nnum += 1
            fx, fy = float(x), float(y)
            if x == y or (math.isnan(fx) and math.isnan(fy)) or fx == fy:
                continue
            d = abs(fx - fy)
            r = d / max(abs(fx), abs(fy))
            maxabs, maxrel = max(maxabs, d), max(maxrel, r)
            if d <= o.atol or r <= o.rtol:
                continue
        elif x == y:
            continue
        bad += 1
        if first is None:
            first = (i, x, y)
    if len(ta) != len(tb):
        bad += 1
    ok = bad == 0 and len(ta) > 0  # two empty outputs prove nothing
    msg = (f'{"equal" if ok else "differ"}: {len(ta)}/{len(tb)} tokens, {nnum} numbers, '
           f'{bad} mismatches, max abs {maxabs:.3g}, max rel {maxrel:.3g}')
    if first:
        msg += f', first at token {first[0]}: {first[1]} vs {first[2]}'
    print(msg)
    sys.exit(0 if ok else 1)


main()
