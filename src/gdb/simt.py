# simt.py: gdb commands that know the CUDA threads of a program built with
# simt, named as cuda-gdb names them.
#
#   info cuda kernels    the grids running: name, grid and block sizes, tier,
#                        blocks done
#   info cuda blocks     the blocks resident on the workers
#   info cuda threads    their threads: state, and where each waiting one waits
#   cuda block (x,y,z) thread (x,y,z)
#                        switches to that CUDA thread's stack (a running
#                        thread: its worker's OS thread; a suspended one:
#                        its fiber's saved registers, until `cuda restore`
#                        or the program resumes)
#   cuda restore         back to the OS thread's own registers
#
# Loaded automatically from the program's .debug_gdb_scripts section where
# gdb's auto-load safe-path allows (`add-auto-load-safe-path /path` or
# `set auto-load safe-path /`), or by hand: `source <prefix>/share/simt/gdb/simt.py`.
# It reads the engine's state through the debug information of libsimt
# (built with -g): `E` in engine.c, its workers, their resident blocks and
# the threads' fibers.  CUDA threads are fibers on the fiber tier (-G, -O0,
# or SIMT_TIER=fiber); on the compiled tier a block's threads are
# iterations of a loop, and only the block is listed.
import re

import gdb

STATES = {0: "unstarted", 1: "running", 2: "waiting", 3: "ready", 4: "exited"}


def _engine():
    """The engine's state (engine.c's static `E`)."""
    try:
        syms = gdb.lookup_static_symbols("E")
    except AttributeError:  # gdb before 10
        s = gdb.lookup_static_symbol("E")
        syms = [s] if s else []
    for s in syms:
        v = s.value()
        if v.type.strip_typedefs().code == gdb.TYPE_CODE_STRUCT and any(
                f.name == "workers" for f in v.type.strip_typedefs().fields()):
            return v
    raise gdb.GdbError("simt: no engine state here (is the program built with simt, and running?)")


def _dim(v):
    return (int(v["x"]), int(v["y"]), int(v["z"]))


def _fmt(d):
    return "(%d,%d,%d)" % d


def _str(p):
    try:
        return p.string() if int(p) else None
    except gdb.error:
        return None


def _workers():
    e = _engine()
    if not int(e["started"]):
        return []
    return [e["workers"][i] for i in range(int(e["nworkers"]))]


def _grids():
    e = _engine()
    g = e["active"]
    out = []
    while int(g):
        out.append(g.dereference())
        g = g["next"]
    return out


def _blocks():
    """(worker, block) for every block resident on a worker."""
    out = []
    for w in _workers():
        b = w["resident"]
        while int(b):
            out.append((w, b.dereference()))
            b = b["next"]
    return out


def _kernel_name(g):
    return _str(g["name"]) or "?"


def _threads(b):
    n = int(b["nthreads"])
    arr = b["threads"]
    if not int(arr):
        return []
    return [arr[i] for i in range(n)]


def _running_thread(w):
    """The CUDA thread worker w runs now, or None."""
    f = w["current"]
    if int(f) and int(f["thr"]):
        return f["thr"]
    return None


class InfoCuda(gdb.Command):
    """CUDA state of a simt program: info cuda kernels|blocks|threads."""

    def __init__(self):
        super().__init__("info cuda", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE, True)


class _InfoTable(gdb.Command):
    """A listing `info cuda WHAT` (doc: its help): show() prints what
    items() finds, or "No CUDA WHAT." when it finds nothing."""

    def __init__(self, what, doc, items, show):
        self.__doc__ = doc
        super().__init__("info cuda " + what, gdb.COMMAND_STATUS)
        self._what, self._items, self._show = what, items, show

    def invoke(self, arg, from_tty):
        found = self._items()
        if not found:
            print("No CUDA %s." % self._what)
            return
        self._show(found)


def _show_kernels(grids):
    """The grids running (info cuda kernels)."""
    print("  Kernel  %-24s %-14s %-14s %-9s %s" % ("Name", "GridDim", "BlockDim", "Tier", "Blocks done"))
    for k, g in enumerate(grids):
        tier = "compiled" if int(g["block"]) else "fiber"
        done = int(g["blocks_done"]["__val"]) if g["blocks_done"].type.code == gdb.TYPE_CODE_STRUCT else int(g["blocks_done"])
        print("* %6d  %-24s %-14s %-14s %-9s %d/%d" % (
            k, _kernel_name(g), _fmt(_dim(g["grid_dim"])), _fmt(_dim(g["block_dim"])), tier,
            done, int(g["nblocks"])))


def _show_blocks(blocks):
    """The blocks resident on simt's workers (info cuda blocks)."""
    print("  %-14s %-24s %-8s %-8s %s" % ("BlockIdx", "Kernel", "Worker", "Threads", "Barrier"))
    for w, b in blocks:
        live = int(b["live"])
        arrived = int(b["bar_arrived"])
        site = _str(b["bar_site"])
        bar = "%d/%d at %s" % (arrived, live, site) if arrived else "-"
        print("  %-14s %-24s %-8d %-8d %s" % (_fmt(_dim(b["idx"])), _kernel_name(b["grid"]),
                                               int(w["id"]), int(b["nthreads"]), bar))


_SIMT_FILE = re.compile(r"(^|/)(src/(engine|device|runtime)/|include/simt/)")


def _frame_where(t):
    """Where a suspended thread stands: its first frame outside simt."""
    regs = _fiber_regs(t)
    if regs is None:
        return None
    with _Switched(regs):
        f = gdb.newest_frame()
        while f is not None:
            sal = f.find_sal()
            if sal.symtab is not None and not _SIMT_FILE.search(sal.symtab.filename):
                return "%s (%s:%d)" % (f.name() or "??", sal.symtab.filename.split("/")[-1], sal.line)
            f = f.older()
    return None


def _on_thread(w, expr):
    """expr evaluated on worker w's OS thread (its thread-local variables)."""
    th = _gdb_thread_of(w)
    if th is None:
        return None
    cur = gdb.selected_thread()
    try:
        th.switch()
        return gdb.parse_and_eval(expr)
    except gdb.error:
        return None
    finally:
        if cur is not None and cur.is_valid():
            cur.switch()


def _linear(d, bd):
    return d[0] + bd[0] * (d[1] + bd[1] * d[2])


def _tid_of(i, bd):
    return (i % bd[0], (i // bd[0]) % bd[1], i // (bd[0] * bd[1]))


def _ring_states(b):
    """{thread index: state} for the threads of b's ring (engine/ring.h),
    whose records are written back only when it ends (sched_ring_flush):
    the one running, the last ones before it in the ring that arrived at
    the barrier or collective in flight (waiting), and the others, which
    the generation before released (ready)."""
    kind = int(b["ring"])
    if not kind:
        return {}
    base = int(b["threads"])
    size = b["threads"].dereference().type.sizeof
    first = (int(b["ring_first"]) - base) // size
    n = (int(b["ring_end"]) - int(b["ring_first"])) // size
    r = (int(b["ring_run"]) - int(b["ring_first"])) // size
    if kind == 1:
        arrived = int(b["bar_arrived"])
    else:
        wp = b["warps"][int(b["ring_warp"])]
        arrived = bin(int(wp["coll"][0]["arrived"])).count("1") if int(wp["ncoll"]) else 0
    out = {}
    for k in range(n):
        back = (r - k) % n  # how many places before the running one
        out[first + k] = "running" if back == 0 else "waiting" if back <= arrived else "ready"
    return out


def _thread_states(w, b):
    """(tid, state, record) for each thread of block b on worker w.  Only
    a thread that parked has a record: the others are told apart by the
    block's next thread to start and the thread the worker runs now."""
    bd = _dim(b["grid"]["block_dim"])
    current = int(w["cur"]) == int(b.address)
    nxt = int(b["next_thread"])
    running = -1
    if current:
        v = _on_thread(w, "simt__run.next")
        if v is not None:
            nxt = int(v)
        v = _on_thread(w, "threadIdx")
        if v is not None:
            running = _linear(_dim(v), bd)
    ring = _ring_states(b)
    out = []
    for i, t in enumerate(_threads(b)):
        st = int(t["state"])
        parked = st in (2, 3) and int(t["blk"]) == int(b.address) and int(t["gen"]) == int(b["gen"])
        if i in ring:
            state = ring[i]
        elif parked:
            state = STATES[st]
        elif i == running:
            state = "running"
        elif i >= nxt:
            state = "unstarted"
        else:
            state = "exited"
        out.append((_tid_of(i, bd), state, t))
    return out


def _show_threads(blocks):
    """The CUDA threads of the resident blocks (info cuda threads)."""
    print("  %-14s %-20s %-10s %s" % ("BlockIdx", "ThreadIdx", "State", "Where"))
    for w, b in blocks:
        rows = []
        for tid, state, t in _thread_states(w, b):
            where = ""
            if state in ("waiting", "ready"):
                where = _frame_where(t) or _str(t["wait_site"]) or ""
            rows.append((tid, state, where))
        # Runs of threads in the same state and place print as one line.
        k = 0
        while k < len(rows):
            j = k
            while j + 1 < len(rows) and rows[j + 1][1:] == rows[k][1:]:
                j += 1
            tids = _fmt(rows[k][0]) if j == k else "%s..%s" % (_fmt(rows[k][0]), _fmt(rows[j][0]))
            print("  %-14s %-20s %-10s %s" % (_fmt(_dim(b["idx"])), tids, rows[k][1], rows[k][2]))
            k = j + 1


# ---- switching to a CUDA thread's stack ------------------------------------

_saved = None  # (gdb thread, {register: value}, &threadIdx, its value) while switched


def _arch():
    return gdb.selected_inferior().architecture().name()


def _fiber_regs(t):
    """The registers a suspended thread resumes with, from the frame
    simt_fiber_switch saved on its stack (fiber_x86_64.S, fiber_aarch64.S).
    A parked thread's record holds its fiber's stack pointer (sched.c)."""
    if not int(t["fiber"]) or not int(t["sp"]):
        return None
    sp = int(t["sp"])
    u64 = gdb.lookup_type("unsigned long").pointer()

    def word(off):
        return int(gdb.Value(sp + off).cast(u64).dereference())

    arch = _arch()
    if "x86-64" in arch:
        return {"r15": word(0), "r14": word(8), "r13": word(16), "r12": word(24), "rbx": word(32),
                "rbp": word(40), "rip": word(48), "rsp": sp + 56}
    if "aarch64" in arch:
        regs = {"x%d" % (19 + i): word(8 * i) for i in range(10)}
        regs.update({"x29": word(80), "x30": word(88), "pc": word(88), "sp": sp + 176})
        return regs
    raise gdb.GdbError("simt: switching stacks is written for x86-64 and AArch64")


def _set_regs(regs):
    # $reg names the selected frame's register: in an outer frame, the
    # place its caller saved it (memory).  The thread's own are frame 0's.
    gdb.newest_frame().select()
    for r, v in regs.items():
        gdb.execute("set $%s = %d" % (r, v), to_string=True)


def _get_regs(names):
    frame = gdb.newest_frame()
    return {r: int(frame.read_register(r)) for r in names}


class _Switched:
    """Registers of the selected OS thread set to regs for a while."""

    def __init__(self, regs):
        self.regs = regs

    def __enter__(self):
        self.old = _get_regs(self.regs.keys())
        _set_regs(self.regs)

    def __exit__(self, *exc):
        _set_regs(self.old)
        return False


def _set_idx(idx, tid):
    for f, v in zip("xyz", tid):
        gdb.execute("set var ((unsigned int *)%d)[%d] = %d" % (int(idx), "xyz".index(f), v),
                    to_string=True)


def _restore():
    global _saved
    if _saved is None:
        return False
    thread, regs, idx, old_idx = _saved
    _saved = None
    if thread.is_valid():
        cur = gdb.selected_thread()
        thread.switch()
        _set_regs(regs)
        _set_idx(idx, old_idx)
        if cur is not None and cur.is_valid() and cur != thread:
            cur.switch()
    return True


def _gdb_thread_of(w):
    os = int(w["os"])
    for th in gdb.selected_inferior().threads():
        try:
            h = th.handle()
        except Exception:
            continue
        if int.from_bytes(h, "little") == os:
            return th
    return None


_TRIPLE = r"\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?(?:,\s*(\d+)\s*)?\)|(\d+)"


def _parse(arg, word):
    m = re.search(word + r"\s*(" + _TRIPLE + ")", arg)
    if not m:
        return None
    nums = [g for g in m.groups()[1:] if g is not None]
    v = [int(x) for x in nums] + [0, 0, 0]
    return tuple(v[:3])


class Cuda(gdb.Command):
    """Focus on a CUDA thread: cuda block (x,y,z) thread (x,y,z); cuda restore."""

    def __init__(self):
        super().__init__("cuda", gdb.COMMAND_RUNNING, gdb.COMPLETE_NONE, True)

    def invoke(self, arg, from_tty):
        blk = _parse(arg, "block")
        thr = _parse(arg, "thread")
        if blk is None and thr is None:
            raise gdb.GdbError("usage: cuda block (x,y,z) thread (x,y,z)")
        blk = blk or (0, 0, 0)
        thr = thr or (0, 0, 0)
        for w, b in _blocks():
            if _dim(b["idx"]) != blk:
                continue
            for tid, state, t in _thread_states(w, b):
                if tid == thr:
                    self._switch(w, b, tid, state, t)
                    return
        raise gdb.GdbError("simt: no resident block %s with a thread %s" % (_fmt(blk), _fmt(thr)))

    def _switch(self, w, b, tid, state, t):
        global _saved
        _restore()
        th = _gdb_thread_of(w)
        if th is None:
            raise gdb.GdbError("simt: worker %d's OS thread is not known to gdb" % int(w["id"]))
        if state == "running":
            th.switch()
        elif state in ("waiting", "ready"):
            regs = _fiber_regs(t)
            if regs is None:
                raise gdb.GdbError("simt: the thread has no saved stack")
            th.switch()
            old = _get_regs(regs.keys())
            # threadIdx is the OS thread's: it names the focused thread
            # until the registers go back.
            idx = gdb.parse_and_eval("&threadIdx")
            old_idx = _dim(idx.dereference())
            _saved = (th, old, idx, old_idx)
            _set_regs(regs)
            _set_idx(idx, tid)
        else:
            raise gdb.GdbError("simt: thread %s is %s: it has no stack" % (_fmt(tid), state))
        print("[Switching focus to CUDA kernel %s, block %s, thread %s (%s, worker %d)]" % (
            _kernel_name(b["grid"]), _fmt(_dim(b["idx"])), _fmt(tid), state, int(w["id"])))
        # The innermost frame of the program's own code (a suspended
        # thread's newest frames are the engine's).
        f, k = gdb.newest_frame(), 0
        while f is not None:
            sal = f.find_sal()
            if sal.symtab is not None and not _SIMT_FILE.search(sal.symtab.filename):
                break
            f, k = f.older(), k + 1
        gdb.execute("frame %d" % (k if f is not None else 0))


class CudaRestore(gdb.Command):
    """Back to the OS thread's own registers after `cuda block ... thread ...`."""

    def __init__(self):
        super().__init__("cuda restore", gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        if not _restore():
            print("simt: no CUDA thread focus to leave")


def _before_resume(event=None):
    _restore()


# A suspended thread's registers must be the OS thread's own again before
# the program runs: every command that resumes it restores them first.
_RESUMERS = ["continue", "next", "step", "stepi", "nexti", "finish", "until", "advance",
             "jump", "signal", "run", "start", "kill", "detach"]


def _install_hooks():
    for c in _RESUMERS:
        try:
            gdb.execute("define hook-%s\ncuda restore-quiet\nend" % c, to_string=True)
        except gdb.error:
            pass


class CudaRestoreQuiet(gdb.Command):
    def __init__(self):
        super().__init__("cuda restore-quiet", gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        _restore()


InfoCuda()
_InfoTable("kernels", "The grids running: info cuda kernels.", _grids, _show_kernels)
_InfoTable("blocks", "The blocks resident on simt's workers: info cuda blocks.", _blocks, _show_blocks)
_InfoTable("threads", "The CUDA threads of the resident blocks: info cuda threads.", _blocks, _show_threads)
Cuda()
CudaRestore()
CudaRestoreQuiet()
_install_hooks()
gdb.events.exited.connect(lambda e: globals().__setitem__("_saved", None))
