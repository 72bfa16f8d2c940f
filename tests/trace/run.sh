#!/bin/sh
# tests/trace/run.sh: the timeline (SIMT_TRACE) and the profile
# (SIMT_PROFILE).
#
#   timeline.cu   every kind of operation (a graph's copy node too), the
#                 workers' runs of blocks, NVTX ranges and marks, and a
#                 region between cudaProfilerStop and cudaProfilerStart:
#                 its trace must be well-formed trace-event JSON
#                 (check_trace.py) holding each kind on its tracks, its
#                 profile nsys's tables
#   streams       tests/cuda/streams programs: well-formed traces
#
# Prints "N passed, N failed"; exits non-zero if any failed.
# Environment: B (build dir, default build).
cd "$(dirname "$0")/../.." || exit 1
B=${B:-build}
case "$B" in /*) SIMTCC="$B/bin/simtcc" ;; *) SIMTCC="$(pwd)/$B/bin/simtcc" ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
contains() { # NAME FILE TEXT
    if grep -qF -- "$3" "$2"; then ok; else bad "$1: no '$3' in $2"; head -n 30 "$2"; fi
}
if ! command -v python3 > /dev/null 2>&1; then
    echo "tests/trace: no python3; traces not checked"; echo "0 passed, 0 failed"; exit 0
fi

if "$SIMTCC" -O2 tests/trace/timeline.cu -o "$T/timeline" > "$T/build.log" 2>&1; then
    ok
    if SIMT_TRACE="$T/t.json" SIMT_PROFILE=1 "$T/timeline" > "$T/out" 2> "$T/err"; then
        ok
        contains "timeline output" "$T/out" "h[0] = 3.0, h[n-1] = 3.0, host function calls: 1"
        if python3 tests/trace/check_trace.py "$T/t.json" kernel:scale kernel:add_shared \
               "memcpy:Memcpy HtoD" "memcpy:Memcpy DtoD" "memcpy:Memcpy DtoH" memset:Memset \
               "host:Host function" "graph:Graph launch" "event:Event record" "event:Event wait" \
               "nvtx:setup and run" "nvtx:copies in" nvtx:graph nvtx:launched \
               track:compute "track:Stream" "track:Worker" "track:Main thread" \
               blocks:scale blocks:add_shared \
               '!not_recorded' > "$T/check" 2>&1; then
            ok
        else
            bad "timeline trace"; cat "$T/check"
        fi
        contains "kernel args" "$T/t.json" '"grid":"(256, 1, 1)","block":"(256, 1, 1)"'
        contains "shared memory arg" "$T/t.json" '"dynamic shared memory":512'
        contains "copy bytes" "$T/t.json" '"bytes":262144'
        contains "timeline output" "$T/out" "copied by the graph: 3.0"
        # The graph's copy node, on the stream, of its own kind and size.
        contains "graph copy node" "$T/t.json" '"cat":"memcpy","name":"Memcpy DtoH","args":{"bytes":16}'
        contains "worker run of blocks" "$T/t.json" '"cat":"blocks","name":"scale","args":{"blocks run":'
        for t in "NVTX Range Summary (nvtx_sum)" "CUDA GPU Kernel Summary (cuda_gpu_kern_sum)" \
                 "CUDA GPU MemOps Summary (by Time) (cuda_gpu_mem_time_sum)" \
                 "CUDA GPU MemOps Summary (by Size) (cuda_gpu_mem_size_sum)" \
                 " Time (%)  Total Time (ns)  Instances" "Max (ns)  StdDev (ns)  Name" \
                 "[CUDA memcpy Host-to-Device]" "[CUDA memset]" "PushPop  :copies in" "StartEnd  :graph"; do
            contains "profile" "$T/err" "$t"
        done
        # scale ran three times (once, then twice in the graph).
        grep -E '^ +[0-9.]+ +[0-9]+ +3 .*  scale' "$T/err" > /dev/null && ok ||
            { bad "profile: scale's three instances"; cat "$T/err"; }
        grep -q not_recorded "$T/err" && bad "profile: a kernel launched while stopped" || ok
    else
        bad "timeline: exit status"; head -n 20 "$T/err"
    fi
else
    bad "timeline: simtcc failed"; head -n 20 "$T/build.log"
fi

for name in event_chains graph_capture host_functions stream_api; do
    src=tests/cuda/streams/$name.cu
    [ -f "$src" ] || continue
    flags=""
    [ -f "tests/cuda/streams/$name.flags" ] && flags=$(cat "tests/cuda/streams/$name.flags")
    if ! (cd tests/cuda/streams && "$SIMTCC" $flags "$name.cu" -o "$T/$name") > "$T/b.log" 2>&1; then
        bad "$src: simtcc failed"; head -n 10 "$T/b.log"; continue
    fi
    envs=""
    [ -f "tests/cuda/streams/$name.env" ] && envs=$(cat "tests/cuda/streams/$name.env")
    (cd tests/cuda/streams && env $envs SIMT_TRACE="$T/$name.json" timeout 120 "$T/$name") \
        > "$T/$name.out" 2> "$T/$name.err"
    if cmp -s "$T/$name.out" "tests/cuda/streams/$name.out" &&
       python3 tests/trace/check_trace.py "$T/$name.json" > "$T/check" 2>&1; then
        ok
    else
        bad "$src: traced run or trace"; cat "$T/check"; diff "tests/cuda/streams/$name.out" "$T/$name.out" | head
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
