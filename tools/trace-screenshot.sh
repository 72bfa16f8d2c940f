#!/bin/sh
# tools/trace-screenshot.sh PROGRAM.cu OUT.png [FIND]: builds a test program
# with simtcc, runs it with SIMT_TRACE, turns the trace into a trace viewer
# page with catapult's trace2html, and saves a screenshot of that page from
# headless Chromium (tools/trace-screenshot.js), the slice named FIND
# selected.  Makes docs/trace-event_chains.png:
#
#   CATAPULT=~/catapult PLAYWRIGHT_DIR=~/pw sh tools/trace-screenshot.sh \
#       tests/cuda/streams/event_chains.cu docs/trace-event_chains.png step
#
# Needs (none of it in this repository, none of it run by CI):
#   CATAPULT        a checkout of github.com/catapult-project/catapult
#                   (tracing/bin/trace2html, Python 3)
#   PLAYWRIGHT_DIR  a folder with node_modules/playwright-core
#                   (npm install playwright-core), and node
#   CHROMIUM        a Chromium binary (default /usr/bin/chromium: Debian's
#                   package chromium)
# Perfetto's UI opens the same trace file (ui.perfetto.dev, "Open trace
# file"); it needs the network or a build of its own, hence the viewer of
# chrome://tracing here.  B: simt's build dir (default build).
set -e
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 PROGRAM.cu OUT.png [FIND]" >&2; exit 2; }
src=$1 out=$2 find=${3:-}
B=${B:-build}
: "${CATAPULT:?set CATAPULT to a catapult checkout}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
dir=$(dirname "$src") name=$(basename "$src" .cu)
flags="" envs=""
[ -f "$dir/$name.flags" ] && flags=$(cat "$dir/$name.flags")
[ -f "$dir/$name.env" ] && envs=$(cat "$dir/$name.env")
"$B/bin/simtcc" $flags "$src" -o "$T/prog"
(cd "$dir" && env $envs SIMT_TRACE="$T/$name.json" "$T/prog" > /dev/null)
python3 tests/trace/check_trace.py "$T/$name.json"
python3 "$CATAPULT/tracing/bin/trace2html" "$T/$name.json" --output="$T/trace.html" > /dev/null
node tools/trace-screenshot.js "$T/trace.html" "$out" $find
echo "$out: $(wc -c < "$out") bytes"
