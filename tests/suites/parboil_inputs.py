#!/usr/bin/env python3
"""parboil_inputs.py DIR: writes small inputs for Parboil's CUDA programs.

Parboil's datasets are a separate download that no public checkout carries,
so tests/suites/parboil.sh runs each program on inputs of the datasets'
formats drawn here from a fixed seed (the same files on every machine: the
GPU's outputs and simt's are compared on the same inputs).  One directory
per benchmark, named as parboil.sh expects."""
import os
import random
import struct
import sys


def w(path, data, mode='w'):
    with open(path, mode) as f:
        f.write(data)


def main():
    root = sys.argv[1]
    rnd = random.Random(20101)
    mk = lambda b: os.makedirs(os.path.join(root, b), exist_ok=True) or os.path.join(root, b)

    # bfs: node count, (first edge, edge count) per node, source, edge count,
    # (node, cost) per edge; costs of 1, so that the result is each node's
    # level, what Parboil's CPU version (src/base) computes
    d = mk('bfs')
    n = 8192
    adj = [[] for _ in range(n)]
    for i in range(n):
        for _ in range(rnd.randint(1, 6)):
            j = rnd.randrange(n)
            adj[i].append(j)
            adj[j].append(i)
    lines, edges = [str(n)], []
    for i in range(n):
        lines.append('%d %d' % (len(edges), len(adj[i])))
        for j in adj[i]:
            rnd.randint(1, 9)  # drawn and dropped: the later inputs stay the recorded ones
            edges.append('%d %d' % (j, 1))
    lines += ['0', str(len(edges))] + edges
    w(os.path.join(d, 'graph.txt'), '\n'.join(lines) + '\n')

    # sgemm: "rows cols" then the values, column-major; B is given transposed
    d = mk('sgemm')
    def mat(path, r, c):
        w(path, '%d %d\n' % (r, c) + '\n'.join('%.6f' % rnd.uniform(-1, 1) for _ in range(r * c)) + '\n')
    mat(os.path.join(d, 'matrix1.txt'), 256, 192)
    mat(os.path.join(d, 'matrix2.txt'), 192, 128)
    mat(os.path.join(d, 'matrix2t.txt'), 128, 192)

    # stencil: nx*ny*nz floats
    d = mk('stencil')
    nx, ny, nz = 64, 64, 32
    w(os.path.join(d, 'grid.bin'), struct.pack('<%df' % (nx * ny * nz), *[rnd.uniform(0, 1) for _ in range(nx * ny * nz)]), 'wb')

    # mri-q: numK, numX, kx, ky, kz, x, y, z, phiR, phiI
    d = mk('mri-q')
    nk, nxq = 512, 8192
    f = lambda m, a: [rnd.uniform(-a, a) for _ in range(m)]
    data = struct.pack('<ii', nk, nxq)
    for arr in (f(nk, 0.5), f(nk, 0.5), f(nk, 0.5), f(nxq, 32), f(nxq, 32), f(nxq, 32), f(nk, 1), f(nk, 1)):
        data += struct.pack('<%df' % len(arr), *arr)
    w(os.path.join(d, 'input.bin'), data, 'wb')

    # histo: image width, height, histogram width, height, then the image (bin numbers)
    d = mk('histo')
    iw, ih, hw, hh = 996, 1040, 1024, 4096
    img = [min(int(abs(rnd.gauss(0, 0.18)) * hw * hh), hw * hh - 1) for _ in range(iw * ih)]
    w(os.path.join(d, 'img.bin'), struct.pack('<4I', iw, ih, hw, hh) + struct.pack('<%dI' % len(img), *img), 'wb')

    # spmv: a symmetric Matrix Market matrix and an input vector of dim floats
    d = mk('spmv')
    dim = 4096
    ent = {}
    for i in range(dim):
        ent[(i, i)] = rnd.uniform(1, 4)
        for _ in range(rnd.randint(0, 8)):
            j = rnd.randrange(i + 1)
            ent[(i, j)] = rnd.uniform(-1, 1)
    body = ['%d %d %.6f' % (i + 1, j + 1, v) for (i, j), v in sorted(ent.items())]
    w(os.path.join(d, 'matrix.mtx'), '%%%%MatrixMarket matrix coordinate real symmetric\n%d %d %d\n' % (dim, dim, len(body)) + '\n'.join(body) + '\n')
    w(os.path.join(d, 'vector.bin'), struct.pack('<%df' % dim, *f(dim, 1)), 'wb')

    # tpacf: files of "ra dec" in degrees: the data set and the random sets
    d = mk('tpacf')
    for name in ['data.txt'] + ['random-%d.txt' % i for i in range(4)]:
        w(os.path.join(d, name), ''.join('%.6f %.6f\n' % (rnd.uniform(0, 360), rnd.uniform(-90, 90)) for _ in range(2048)))

    # cutcp: PQR atom records (name, serial, atom, residue, residue number, x, y, z, charge, radius)
    d = mk('cutcp')
    w(os.path.join(d, 'watbox.pqr'), ''.join('ATOM  %5d  OH2 TIP3 %4d    %8.3f%8.3f%8.3f %7.4f %6.4f\n' % (
        i + 1, i // 3 + 1, rnd.uniform(0, 24), rnd.uniform(0, 24), rnd.uniform(0, 24), rnd.choice((-0.834, 0.417)), 1.5)
        for i in range(3000)))

    # lbm: the obstacle map, 120 x 120 x 150 cells ('.' free, '#' obstacle), a newline after each row and plane
    d = mk('lbm')
    rows = []
    for z in range(150):
        for y in range(120):
            rows.append(''.join('#' if (x - 60) ** 2 + (y - 60) ** 2 < 100 and 40 < z < 80 else '.' for x in range(120)) + '\n')
        rows.append('\n')
    w(os.path.join(d, '120_120_150_ldc.of'), ''.join(rows))

    # sad: two QCIF frames: 16-bit width and height, then width*height 16-bit pixels
    d = mk('sad')
    fw, fh = 176, 144
    ref = [rnd.randrange(256) for _ in range(fw * fh)]
    cur = [max(0, min(255, ref[(i + 3 * fw + 2) % (fw * fh)] + rnd.randint(-4, 4))) for i in range(fw * fh)]
    for name, px in (('reference.bin', ref), ('frame.bin', cur)):
        w(os.path.join(d, name), struct.pack('<HH', fw, fh) + struct.pack('<%dh' % len(px), *px), 'wb')


if __name__ == '__main__':
    main()
