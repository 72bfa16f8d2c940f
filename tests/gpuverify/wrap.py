#!/usr/bin/env python3
"""wrap.py KERNEL.cu OUT.cu [VALUE...]: a main for one GPUVerify test kernel.

Reads the kernel's header (line 1: pass or xfail:WHY; line 2: GPUVerify's
options, of which --blockDim, --gridDim and -DNAME=VALUE are used), writes
OUT.cu, which
includes prelude.h, the kernel's file and launch.h and launches each
non-template __global__ function once with those dimensions (clamped to
CUDA's limits: at most 1024 threads a block), and prints one line:
  EXPECT GRID BLOCK CLAMPED BUFFER_BYTES
VALUEs are the kernel's parameters by position: a number, or - for one the
harness makes (launch.h).
"""
import os
import re
import sys


def dims(opts, name):
    m = re.search(r"--%s[= ](\[[0-9, ]+\]|[0-9]+)" % name, opts)
    if not m:
        return [1, 1, 1]
    v = [int(x) for x in m.group(1).strip("[]").split(",")]
    return (v + [1, 1, 1])[:3]


def clamp_block(b):
    b = list(b)
    lim = [1024, 1024, 64]
    for i in range(3):
        b[i] = min(b[i], lim[i])
    while b[0] * b[1] * b[2] > 1024:
        i = max(range(3), key=lambda k: b[k])
        b[i] //= 2
    return b


def strip_comments(src):
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    return re.sub(r"//[^\n]*", "", src)


def kernels(src):
    """Names of the non-template __global__ functions, in order."""
    code = strip_comments(src)
    names = []
    for m in re.finditer(r"__global__\s+([^;{(]*?)\b([A-Za-z_]\w*)\s*\(", code):
        before = code[max(0, m.start() - 200):m.start()]
        if re.search(r"template\s*<[^>]*>\s*$", before):
            continue
        if m.group(2) not in names:
            names.append(m.group(2))
    return names


def main():
    kernel, out = sys.argv[1], sys.argv[2]
    values = sys.argv[3:]
    src = open(kernel).read()
    lines = src.splitlines() + ["", ""]
    expect = lines[0].lstrip("/").strip()
    opts = lines[1]
    g = dims(opts, "gridDim")
    b = dims(opts, "blockDim")
    cb = clamp_block(b)
    threads = g[0] * g[1] * g[2] * cb[0] * cb[1] * cb[2]
    buf = min(max(threads * 64, 1 << 20), 256 << 20)
    coop = bool(re.search(r"\bthis_grid\b|\bgrid_group\b", src))
    names = kernels(src)
    with open(out, "w") as f:
        f.write('#include "%s/prelude.h"\n' % os.path.dirname(os.path.abspath(__file__)))
        for name, val in re.findall(r"(?:^|\s)-D(\w+)(?:=(\S+))?", opts):
            f.write("#define %s %s\n" % (name, val or "1"))
        f.write('#include "%s"\n' % os.path.abspath(kernel))
        f.write('#include "%s/launch.h"\n' % os.path.dirname(os.path.abspath(__file__)))
        f.write("int main()\n{\n    gv::buf_bytes = %d;\n" % buf)
        for i, v in enumerate(values[:16]):
            if v != "-":
                f.write("    gv::values[%d] = %s;\n    gv::given[%d] = true;\n" % (i, v, i))
        for n in names:
            f.write('    gv::launch(%s, "%s", dim3(%d, %d, %d), dim3(%d, %d, %d), %s);\n'
                    % (n, n, g[0], g[1], g[2], cb[0], cb[1], cb[2], "true" if coop else "false"))
        f.write("    return 0;\n}\n")
    print(expect, "x".join(map(str, g)), "x".join(map(str, cb)),
          "clamped" if cb != b else "-", buf, len(names))


main()
