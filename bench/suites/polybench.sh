# PolyBench-ACC, folder CUDA/: sourced by run.sh.
#
# Each program runs its kernels, then its own single-threaded CPU reference,
# and prints how many outputs differ by more than 0.05% ("Non-Matching
# CPU-GPU Outputs Beyond Error Threshold of 0.05 Percent: N"; doitgen and
# gemver print "Number of misses: N").  The check is N == 0.  Built with the
# program's own Makefile, whose `nvcc` is found on PATH (simtcc); the size
# macro goes in through the Makefile's CUFILES variable.  --time takes the
# times the program prints for its kernels and for its CPU reference.

pb_main() {
    local ds=${PB_DS:-}
    [ -n "$ds" ] || { [ "$SIZE" = large ] && ds=STANDARD || ds=SMALL; }
    ds=${ds%_DATASET}
    local root=$WORK/polybench
    rm -rf "$root" && mkdir -p "$root" && cp -R "$PB_SRC/CUDA" "$root/" || {
        report FAIL polybench "cannot copy $PB_SRC/CUDA"; return; }
    echo "# PolyBench-ACC ($PB_SRC), -D${ds}_DATASET"

    local mk dir name cu log out mm known t g c gs cs i rc
    # The suite's order: datamining, linear-algebra, stencils.
    for mk in $(cd "$root/CUDA" && find . -name Makefile | sort); do
        dir=$root/CUDA/$(dirname "$mk")
        name=$(basename "$dir")
        selected polybench "$name" || continue
        cu=$(sed -n 's/^CUFILES *:= *//p' "$dir/Makefile")
        log=$LOGS/pb-$name-build.log
        if ! (cd "$dir" && rm -f ./*.exe && make CUFILES="$cu -D${ds}_DATASET") > "$log" 2>&1; then
            showlog "$log"; report FAIL "polybench/$name" "build failed (logs/pb-$name-build.log)"; continue
        fi
        out=$LOGS/pb-$name-run.log
        (cd "$dir" && run "$out" 1800 ./*.exe); rc=$?
        if [ $rc != 0 ]; then
            showlog "$out"; report FAIL "polybench/$name" "run failed, exit status $rc (logs/pb-$name-run.log)"; continue
        fi
        mm=$(sed -n 's/.*Threshold of [0-9.]* Percent: *\([0-9]*\).*/\1/p; s/^Number of misses: *\([0-9]*\).*/\1/p' "$out" | head -n 1)
        known=
        # mvt's kernels update x1[i]/x2[i] from the 8 threads of a column of
        # its 32x8 blocks with no synchronization: a data race whose GPU
        # outcome simt does not reproduce (docs/COMPATIBILITY.md).
        [ "$name" = mvt ] && known="data race: 8 threads update each x1[i], x2[i] unsynchronized"
        if [ -z "$mm" ]; then
            report FAIL "polybench/$name" "no mismatch count in its output"
        elif [ "$mm" = 0 ]; then
            report PASS "polybench/$name" "0 mismatches beyond 0.05%"
        elif [ -n "$known" ]; then
            report KNOWN "polybench/$name" "$mm mismatches; $known"
        else
            report FAIL "polybench/$name" "$mm mismatches beyond 0.05%"
        fi
        [ "$TIME" = 1 ] || continue
        # Best of 3 of the kernels' time and of the CPU reference's time,
        # both as the program prints them (the first run is the one above).
        gs=() cs=()
        for i in 1 2 3; do
            [ $i = 1 ] || (cd "$dir" && run "$out.$i" 1800 ./*.exe) || break
            t=$out; [ $i = 1 ] || t=$out.$i
            g=$(sed -n '/GPU Time in seconds/{n;p;}' "$t" | head -n 1)
            c=$(sed -n '/CPU Time in seconds/{n;p;}' "$t" | head -n 1)
            [ -n "$g" ] && gs+=("$g"); [ -n "$c" ] && cs+=("$c")
        done
        [ ${#gs[@]} -gt 0 ] && [ ${#cs[@]} -gt 0 ] &&
            timerow "polybench/$name" "$(best3 "${gs[@]}")" "$(best3 "${cs[@]}")" "cpu-reference"
    done
}
pb_main
