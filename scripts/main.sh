#!/usr/bin/env bash
# README command 1: build mus-cli in ./build (Release) and watch four bots play a whole
# seeded match, hand by hand. Needs only a C/C++ compiler (g++ 12 or newer), make and CMake
# 3.25 or newer: no tests, no benchmarks, no docs. Extra arguments go to `mus-cli watch`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
  -DMUS_BUILD_TESTS=OFF -DMUS_BUILD_BENCH=OFF -DMUS_BUILD_DOCS=OFF -DMUS_BUILD_EXAMPLES=ON
cmake --build build --parallel "${jobs}" --target mus-cli
echo
exec ./build/examples/mus-cli/mus-cli watch --seed 1 "$@"
