#!/bin/sh
# How the batch scales with threads (bench/scaling/README.md): builds libmus (Release, the
# library only: no tests, examples, benchmarks or docs, so neither Google Benchmark nor Catch2 is
# needed) and batch_scaling.c, names the machine, and prints the table of steps per second inside
# mus_batch_step() for each thread count, without and with observations.
#
#   bench/scaling/run_scaling.sh [--threads 1,2,4,8,16] [--games 16384] [--seconds 1] [--rounds 3]
#
# Needs CMake 3.25, a C++20 compiler and a C compiler (cc). BUILD_DIR sets the build directory
# (default build-scaling/ in the source tree). The arguments go to the driver (see its usage).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD_DIR:-$root/build-scaling}
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

mkdir -p "$build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DMUS_BUILD_TESTS=OFF -DMUS_BUILD_EXAMPLES=OFF -DMUS_BUILD_BENCH=OFF -DMUS_BUILD_DOCS=OFF \
  -DMUS_TEST_BINDINGS=OFF -DMUS_INSTALL=OFF -DMUS_WARNINGS_AS_ERRORS=OFF >"$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }
cmake --build "$build" --target mus_c -j "$jobs" >"$build/build.log" 2>&1 ||
  { tail -50 "$build/build.log"; exit 1; }
library_dir=$(dirname "$(find "$build/capi" -name 'libmus.so*' -o -name 'libmus*.dylib' | head -1)")
${CC:-cc} -O2 -std=c99 -I "$root/include" -I "$root/tests/c" "$here/batch_scaling.c" -o "$build/batch_scaling" \
  -L "$library_dir" -lmus -Wl,-rpath,"$library_dir"

echo "machine: $(uname -sm), $jobs logical CPUs"
if command -v lscpu >/dev/null 2>&1; then
  lscpu | grep -E '^(Model name|Thread\(s\) per core|Core\(s\) per socket|Socket\(s\)|NUMA node\(s\)|L3 cache):' |
    sed 's/^/  /; s/  */ /g'
fi
[ -r /proc/loadavg ] && echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$#" -eq 0 ]; then set -- --threads 1,2,4,8,16; fi
"$build/batch_scaling" "$@"
[ -r /proc/loadavg ] && echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit 0
