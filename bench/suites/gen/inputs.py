#!/usr/bin/env python3
"""Deterministic inputs for the Rodinia programs, in the formats their readers
expect (the suite's data tarball is not redistributed here).

    inputs.py KIND OUT [ARGS...]

Every generator seeds its own random.Random, so the same arguments always
write the same bytes.  Kinds:

  graph OUT NODES             bfs: node count, "start degree" per node, source
                              node, edge count, "dest cost" per edge
  keys OUT N                  b+tree: key count, then N random keys, one a line
  grid OUT N LO HI SEED       hotspot/hotspot3D: N values, one a line
  kmeans OUT N DIM K          kmeans: "id f1 .. fDIM" per line, points drawn
                              around K centres
  cfd OUT W H                 cfd: element count, then per element its volume
                              and four faces (neighbour, 1-based, -1 = far
                              field; normal x y z): a W x H grid of cells
  pgm OUT ROWS COLS           srad_v1: ASCII PGM (P2), smooth shapes, speckle
  dna OUT LEN SEED            mummergpu reference: FASTA, one sequence
  reads OUT REF N LEN         mummergpu queries: N reads of LEN bases, each
                              cut from REF with a few substitutions
  bytes OUT N                 huffman: N bytes over a skewed 7-symbol alphabet
                              (entropy ~2.2 bits)
  rgb OUT W H                 dwt2d: raw interleaved RGB, W*H*3 bytes
  floats OUT N LO HI SEED     myocyte y.txt/params.txt: N values, one a line
"""
import math
import random
import sys


def graph(out, n):
    rnd = random.Random(1)
    n = int(n)
    adj = [[] for _ in range(n)]
    for u in range(n):
        for _ in range(rnd.randint(1, 5)):
            v = rnd.randrange(n)
            cost = rnd.randint(1, 10)
            adj[u].append((v, cost))
            adj[v].append((u, cost))
    with open(out, 'w') as f:
        f.write(f'{n}\n')
        start = 0
        for u in range(n):
            f.write(f'{start} {len(adj[u])}\n')
            start += len(adj[u])
        f.write(f'\n0\n\n{start}\n')
        for u in range(n):
            f.write(''.join(f'{v} {c}\n' for v, c in adj[u]))


def keys(out, n):
    rnd = random.Random(2)
    n = int(n)
    with open(out, 'w') as f:
        f.write(f'{n}\n')
        f.write(''.join(f'{rnd.randrange(1, 10 * n)}\n' for _ in range(n)))


def grid(out, n, lo, hi, seed):
    rnd = random.Random(int(seed))
    lo, hi = float(lo), float(hi)
    with open(out, 'w') as f:
        f.write(''.join(f'{rnd.uniform(lo, hi):.6f}\n' for _ in range(int(n))))


def kmeans(out, n, dim, k):
    rnd = random.Random(4)
    n, dim, k = int(n), int(dim), int(k)
    centres = [[rnd.uniform(0, 20) for _ in range(dim)] for _ in range(k)]
    with open(out, 'w') as f:
        for i in range(n):
            c = centres[rnd.randrange(k)]
            f.write(f'{i + 1} ' + ' '.join(f'{rnd.gauss(x, 1.5):.4f}' for x in c) + '\n')


def cfd(out, w, h):
    w, h = int(w), int(h)
    area = 0.05
    with open(out, 'w') as f:
        f.write(f'{w * h}\n')
        for y in range(h):
            for x in range(w):
                faces = []
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nx, ny = x + dx, y + dy
                    nb = ny * w + nx + 1 if 0 <= nx < w and 0 <= ny < h else -1
                    faces.append(f'{nb} {dx * area:.6f} {dy * area:.6f} 0.000000')
                f.write('0.002000 ' + ' '.join(faces) + '\n')


def pgm(out, rows, cols):
    rnd = random.Random(6)
    rows, cols = int(rows), int(cols)
    with open(out, 'w') as f:
        f.write(f'P2\n{cols} {rows}\n255\n')
        for i in range(rows):
            row = []
            for j in range(cols):
                v = 90 + 50 * math.sin(i / 31.0) * math.cos(j / 19.0)
                if (i - rows / 2) ** 2 + (j - cols / 2) ** 2 < (min(rows, cols) / 4) ** 2:
                    v += 60
                v *= rnd.gammavariate(4, 0.25)  # multiplicative speckle
                row.append(str(max(1, min(255, int(v)))))
            f.write(' '.join(row) + '\n')


def dna(out, length, seed):
    rnd = random.Random(int(seed))
    s = ''.join(rnd.choice('ACGT') for _ in range(int(length)))
    with open(out, 'w') as f:
        f.write('>ref synthetic\n')
        f.write(''.join(s[i:i + 70] + '\n' for i in range(0, len(s), 70)))


def reads(out, ref, n, length):
    rnd = random.Random(8)
    with open(ref) as f:
        s = ''.join(l.strip() for l in f if not l.startswith('>'))
    n, length = int(n), int(length)
    with open(out, 'w') as f:
        for i in range(n):
            p = rnd.randrange(len(s) - length)
            r = list(s[p:p + length])
            for _ in range(rnd.randint(0, 3)):
                r[rnd.randrange(length)] = rnd.choice('ACGT')
            f.write(f'>q{i}\n{"".join(r)}\n')


def nbytes(out, n):
    rnd = random.Random(10)
    weights = [40, 25, 15, 9, 6, 3, 2]
    data = bytes(rnd.choices(range(len(weights)), weights, k=int(n)))
    with open(out, 'wb') as f:
        f.write(data)


def rgb(out, w, h):
    rnd = random.Random(12)
    w, h = int(w), int(h)
    buf = bytearray(w * h * 3)
    i = 0
    for y in range(h):
        for x in range(w):
            base = 128 + 60 * math.sin(x / 40.0) + 50 * math.cos(y / 27.0)
            for c in range(3):
                buf[i] = max(0, min(255, int(base + 20 * c + rnd.randint(-12, 12))))
                i += 1
    with open(out, 'wb') as f:
        f.write(buf)


def floats(out, n, lo, hi, seed):
    grid(out, n, lo, hi, seed)


KINDS = {'graph': graph, 'keys': keys, 'grid': grid, 'kmeans': kmeans, 'cfd': cfd,
         'pgm': pgm, 'dna': dna, 'reads': reads, 'bytes': nbytes, 'rgb': rgb,
         'floats': floats}

if __name__ == '__main__':
    if len(sys.argv) < 3 or sys.argv[1] not in KINDS:
        sys.exit(__doc__)
    KINDS[sys.argv[1]](*sys.argv[2:])
