#!/usr/bin/env bash
# README command 2: install what the tests need (Debian/Ubuntu, with apt-get), then
#   (a) a Release build of everything (library, C API, tests, examples, benchmarks compiled but
#       not run), warnings as errors, in build-release/, and its ctest run;
#   (b) a Debug build with AddressSanitizer and UndefinedBehaviorSanitizer, in build-asan/, and
#       its ctest run.
# Stops at the first failure with a non-zero exit, and prints a summary either way.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs="$(nproc 2>/dev/null || echo 2)"
summary=()
current=""
started=${SECONDS}

print_summary() {
  local rc=$?
  if [[ -n "${current}" ]]; then
    summary+=("FAILED  ${current}")
  fi
  echo
  echo "==== scripts/test.sh summary ===="
  local line
  for line in "${summary[@]}"; do
    echo "  ${line}"
  done
  if [[ ${rc} -eq 0 ]]; then
    echo "  all passed in $((SECONDS - started)) s"
  else
    echo "  FAILED (exit status ${rc}) after $((SECONDS - started)) s"
  fi
}
trap print_summary EXIT

# Runs one named step; a failure stops the script (set -e) and the summary names the step.
step() {
  local name="$1"
  shift
  current="${name}"
  local t0=${SECONDS}
  echo
  echo "==== ${name}"
  "$@"
  summary+=("ok      ${name} ($((SECONDS - t0)) s)")
  current=""
}

# Runs ctest in a build directory and adds ctest's own tally to the summary.
run_ctest() {
  local dir="$1"
  local log="${dir}/ctest-output.log"
  local rc=0
  (cd "${dir}" && ctest --output-on-failure -j"${jobs}") 2>&1 | tee "${log}" || rc=$?
  summary+=("        ${dir}: $(grep -E 'tests passed' "${log}" | tail -n 1)")
  return "${rc}"
}

install_dependencies() {
  local packages=(catch2 doxygen graphviz mono-mcs mono-runtime pkg-config libbenchmark-dev
                  valgrind python3 python3-pip python3-venv)
  if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "No dpkg/apt-get here: make sure these (or their equivalents) are installed:"
    echo "  ${packages[*]}"
    return 0
  fi
  local missing=() p
  for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "${p}" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("${p}")
    fi
  done
  if [[ ${#missing[@]} -eq 0 ]]; then
    echo "All test dependencies are installed."
    return 0
  fi
  echo "Installing: ${missing[*]}"
  local as_root=(env DEBIAN_FRONTEND=noninteractive)
  if [[ "$(id -u)" -ne 0 ]]; then
    as_root=(sudo env DEBIAN_FRONTEND=noninteractive)
  fi
  "${as_root[@]}" apt-get update
  "${as_root[@]}" apt-get install -y "${missing[@]}"
}

sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all"
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

step "install test dependencies" install_dependencies

step "release: configure" cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release \
  -DMUS_BUILD_TESTS=ON -DMUS_BUILD_EXAMPLES=ON -DMUS_BUILD_BENCH=ON -DMUS_WARNINGS_AS_ERRORS=ON
step "release: build" cmake --build build-release --parallel "${jobs}"
step "release: ctest" run_ctest build-release

step "asan+ubsan: configure" cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug \
  -DMUS_BUILD_TESTS=ON -DMUS_BUILD_EXAMPLES=ON -DMUS_BUILD_BENCH=OFF -DMUS_WARNINGS_AS_ERRORS=ON \
  -DMUS_TEST_BINDINGS=OFF -DMUS_BUILD_DOCS=OFF \
  "-DCMAKE_C_FLAGS=${sanitize} -fno-omit-frame-pointer" \
  "-DCMAKE_CXX_FLAGS=${sanitize} -fno-omit-frame-pointer" \
  "-DCMAKE_EXE_LINKER_FLAGS=${sanitize}" \
  "-DCMAKE_SHARED_LINKER_FLAGS=${sanitize}" \
  "-DCMAKE_MODULE_LINKER_FLAGS=${sanitize}"
step "asan+ubsan: build" cmake --build build-asan --parallel "${jobs}"
step "asan+ubsan: ctest" run_ctest build-asan
