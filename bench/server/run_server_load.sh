#!/bin/sh
# mus-server under load (docs/server.md, "Threads, open loop and compact views"): builds
# mus-server and mus-server-load (Release, no tests or docs), names the machine, runs the load
# client for each configuration of a plan, keeps each run's JSON, and prints them side by side.
#
#   bench/server/run_server_load.sh [here|scaling] [OUT_DIR]
#
#   here     the 2-core plan of docs/server.md: 1,000 tables; --threads 1 and 2; closed and open
#            loop; full, delta and text views; a quarter of the tables full of search bots
#   scaling  the many-core plan: 1,000 tables, open loop, --threads 1, 2, 4, 8, 16 (at most the
#            cores less the client's), the server pinned to its cores and the client to the others
#
# Environment: TABLES (1000), SECONDS (20 per run), RATE (open loop, acts/s in all; default 4000
# for here, 60000 for scaling), CLIENT_CORES (scaling: cores kept for the client, default 4),
# BUILD_DIR (default build-server-load/); MUS_SERVER and MUS_SERVER_LOAD: programs built already
# (then nothing is built). Needs CMake 3.25, a C++20 compiler, Boost 1.74,
# nlohmann-json, SQLite 3 and python3 (for the summary).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
plan=${1:-here}
out=${2:-${TMPDIR:-/tmp}/mus-server-load-$plan}
build=${BUILD_DIR:-$root/build-server-load}
tables=${TABLES:-1000}
seconds=${SECONDS:-20}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
jobs=$cores

mkdir -p "$out"
if [ -n "${MUS_SERVER:-}" ] && [ -n "${MUS_SERVER_LOAD:-}" ]; then
  server=$MUS_SERVER  # built already (docs/server.md's runs used build-release/)
  load=$MUS_SERVER_LOAD
else
mkdir -p "$build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DMUS_BUILD_TESTS=OFF -DMUS_BUILD_EXAMPLES=ON -DMUS_BUILD_BENCH=OFF -DMUS_BUILD_DOCS=OFF \
  -DMUS_TEST_BINDINGS=OFF -DMUS_INSTALL=OFF -DMUS_WARNINGS_AS_ERRORS=OFF >"$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }
cmake --build "$build" --target mus-server mus-server-load -j "$jobs" >"$build/build.log" 2>&1 ||
  { tail -50 "$build/build.log"; exit 1; }
server="$build/examples/server/mus-server"
load="$build/examples/server/mus-server-load"
fi

echo "machine: $(uname -sm), $cores logical CPUs"
if command -v lscpu >/dev/null 2>&1; then
  lscpu | grep -E '^(Model name|Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)):' |
    sed 's/^/  /; s/  */ /g'
fi
[ -r /proc/loadavg ] && echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# run NAME [client options] [-- server options]: one run, its JSON in $out/NAME.json.
run() {
  name=$1
  shift
  echo "== $name"
  $pin_client "$load" --server "$server" --tables "$tables" --seconds "$seconds" \
    --workdir "$out/work-$name" --json "$out/$name.json" --label "$name" "$@" \
    >"$out/$name.txt" 2>&1 || echo "   (exit status $?: see $out/$name.txt)"
  sed -n '/ tables (/,/act -> view/p' "$out/$name.txt"
}

pin_client=""
case $plan in
  here)
    rate=${RATE:-4000}
    run closed-t1 -- --threads 1
    run closed-t2 -- --threads 2
    run open-t1 --rate "$rate" -- --threads 1
    run open-t2 --rate "$rate" -- --threads 2
    run open-t2-delta --rate "$rate" --views delta -- --threads 2
    run open-t2-text --rate "$rate" --views text -- --threads 2
    run open-t2-bots --rate "$rate" --bot-tables $((tables / 4)) -- --threads 2
    ;;
  scaling)
    rate=${RATE:-60000}
    client_cores=${CLIENT_CORES:-4}
    if ! command -v taskset >/dev/null 2>&1 || [ "$cores" -le "$client_cores" ]; then
      echo "scaling needs taskset and more than $client_cores cores" >&2
      exit 1
    fi
    server_cores=$((cores - client_cores))
    # The client on the last cores; each server on the first N (taskset on its command line).
    pin_client="taskset -c $server_cores-$((cores - 1))"
    for n in 1 2 4 8 16; do
      [ "$n" -le "$server_cores" ] || break
      wrapper="$out/server-t$n.sh"
      printf '#!/bin/sh\nexec taskset -c 0-%d %s "$@"\n' $((n - 1)) "$server" >"$wrapper"
      chmod +x "$wrapper"
      server_saved=$server
      server=$wrapper
      run "open-t$n" --rate "$rate" -- --threads "$n" --bot-threads 1
      run "closed-t$n" -- --threads "$n" --bot-threads 1
      server=$server_saved
    done
    ;;
  *)
    echo "usage: $0 [here|scaling] [OUT_DIR]" >&2
    exit 2
    ;;
esac
[ -r /proc/loadavg ] && echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/summary.py" "$out"/*.json
