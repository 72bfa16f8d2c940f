#!/usr/bin/env bash
# Packs what replay.sh needs from a work folder of `run.sh --time` (built
# with SIMT_REPLAY_ONLY=1 where nothing is timed) into one xz archive, for
# a machine with no clang, no simt and no suites:
#
#   bench/suites/pack.sh WORK OUT.tar.xz
#   # there:  mkdir W && tar -xJf OUT.tar.xz -C W && bench/suites/replay.sh W
#
# The programs (libsimt is linked into them), their twins, replay.txt and
# the inputs; not the sources, objects, logs and outputs, nor the
# generated inputs of more than 4 MB that WORK/inputs.txt lists: replay.sh
# makes those again with gen/inputs.py (deterministic), so that the
# archive of both suites fits a device run's 64 MiB (about 31 MB).
set -eu
WORK=$(cd "${1:?usage: pack.sh WORK OUT.tar.xz}" && pwd)
OUT=${2:?usage: pack.sh WORK OUT.tar.xz}
case $OUT in /*) ;; *) OUT=$PWD/$OUT;; esac
[ -f "$WORK/replay.txt" ] || { echo "pack.sh: $WORK/replay.txt not found (run.sh --time writes it)" >&2; exit 2; }
LIMIT=$((4 * 1024 * 1024))
LIST=$(mktemp)
trap 'rm -f "$LIST"' EXIT
# the generated inputs replay.sh can make again, relative to WORK
regen() {
    [ -f inputs.txt ] || return 0
    while read -r out _; do
        out=${out#@WORK@/}
        [ -f "$out" ] && [ "$(stat -c %s "$out")" -gt "$LIMIT" ] && echo "./$out"
    done < inputs.txt
    return 0
}
cd "$WORK"
find . -path ./logs -prune -o -type f \( -name '*.o' -o -name '*.a' -o -name '*.c' -o -name '*.cc' \
    -o -name '*.cpp' -o -name '*.cu' -o -name '*.cuh' -o -name '*.h' -o -name '*.hpp' -o -name '*.ii' \) \
    -prune -o -type f -print |
    while read -r f; do
        # a large file outside the input folders that is not a program: an output
        case $f in ./data/* | ./rodinia/data/*) ;; *)
            [ -x "$f" ] || [ "$(stat -c %s "$f")" -le "$LIMIT" ] || continue;;
        esac
        echo "$f"
    done | grep -vxF -f <(regen) > "$LIST"
tar -cf - -T "$LIST" | xz -T0 -6 > "$OUT"
echo "pack.sh: $(wc -l < "$LIST") files, $(du -h "$OUT" | cut -f1) in $OUT"
