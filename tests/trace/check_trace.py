#!/usr/bin/env python3
"""check_trace.py TRACE.json [NEED...]: checks a SIMT_TRACE file against the
Chrome trace-event format (the JSON object form, as Perfetto's UI and
chrome://tracing load it) and that it holds what a timeline needs.

Format: an object with a "traceEvents" list; every event has a known ph,
integer pid and tid, a numeric ts (microseconds) >= 0; "X" events a
"dur" >= 0; "i" events a scope; "b"/"e" async events an id and pairs that
match; "M" metadata names processes and threads; slices of one thread
nest (Perfetto drops slices that partly overlap).

NEED: words that must name an event ("kernel:scale" = an event of
category kernel named scale; "track:Worker" = a thread name starting with
Worker); "!name" = no event so named.  Prints what fails; exits 1 if
anything does.
"""
import json
import sys

PHASES = {"X", "B", "E", "i", "I", "b", "e", "n", "M", "C"}


def main():
    path, needs = sys.argv[1], sys.argv[2:]
    errors = []
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        print("FAIL: not an object with a traceEvents list")
        return 1
    events = doc["traceEvents"]
    threads = {}
    slices = {}
    asyncs = {}
    for k, e in enumerate(events):
        where = "event %d (%s)" % (k, e.get("name"))
        ph = e.get("ph")
        if ph not in PHASES:
            errors.append("%s: ph %r" % (where, ph))
            continue
        if not isinstance(e.get("pid"), int):
            errors.append("%s: pid %r" % (where, e.get("pid")))
        if ph == "M":
            if e.get("name") not in ("process_name", "thread_name", "process_sort_index",
                                     "thread_sort_index"):
                errors.append("%s: metadata %r" % (where, e.get("name")))
            if e.get("name") == "thread_name":
                threads[(e["pid"], e.get("tid"))] = e["args"]["name"]
            continue
        if not isinstance(e.get("tid"), int):
            errors.append("%s: tid %r" % (where, e.get("tid")))
        ts = e.get("ts")
        if not isinstance(ts, (int, float)) or ts < 0:
            errors.append("%s: ts %r" % (where, ts))
            continue
        if not isinstance(e.get("name"), str):
            errors.append("%s: no name" % where)
        if ph == "X":
            dur = e.get("dur")
            if not isinstance(dur, (int, float)) or dur < 0:
                errors.append("%s: dur %r" % (where, dur))
                continue
            slices.setdefault((e["pid"], e["tid"]), []).append((ts, ts + dur, e["name"]))
        elif ph in ("i", "I"):
            if e.get("s") not in (None, "g", "p", "t"):
                errors.append("%s: scope %r" % (where, e.get("s")))
        elif ph in ("b", "e"):
            if "id" not in e:
                errors.append("%s: async event without id" % where)
                continue
            key = (e.get("cat"), e["id"])
            if ph == "b":
                asyncs[key] = ts
            elif key not in asyncs:
                errors.append("%s: async end without a begin" % where)
            elif ts < asyncs.pop(key):
                errors.append("%s: async end before its begin" % where)
    for key in asyncs:
        errors.append("async range %r never ends" % (key,))
    # Slices of one thread nest: each starts after the enclosing one
    # starts and ends before it ends (to the microsecond rounding).
    eps = 0.002
    for track, v in slices.items():
        v.sort(key=lambda s: (s[0], -s[1]))
        stack = []
        for s in v:
            while stack and stack[-1][1] <= s[0] + eps:
                stack.pop()
            if stack and s[1] > stack[-1][1] + eps:
                errors.append("track %r: %r overlaps %r without nesting" % (threads.get(track, track), s, stack[-1]))
            stack.append(s)
        if (track[0], track[1]) not in threads:
            errors.append("track %r has no thread_name" % (track,))
    names = {(e.get("cat"), e.get("name")) for e in events if e.get("ph") != "M"}
    for need in needs:
        if need.startswith("track:"):
            if not any(t.startswith(need[6:]) for t in threads.values()):
                errors.append("no track named %s... (tracks: %s)" % (need[6:], sorted(set(threads.values()))))
        elif need.startswith("!"):
            if any(n == need[1:] for _, n in names):
                errors.append("an event named %s was recorded" % need[1:])
        elif ":" in need:
            cat, name = need.split(":", 1)
            if (cat, name) not in names:
                errors.append("no %s event named %s" % (cat, name))
        elif not any(n == need for _, n in names):
            errors.append("no event named %s" % need)
    for e in errors[:40]:
        print("FAIL:", e)
    print("%s: %d events, %d tracks, %d problems" % (path, len(events), len(threads), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
