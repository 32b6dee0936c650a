#!/usr/bin/env bash
# README command 2: install what the tests need (Debian/Ubuntu, with apt-get), then run the
# configurations of CMakePresets.json:
#   (a) release: everything (library, C API, tests, examples, docs; benchmarks compiled but not
#       run), warnings as errors, in build-release/, and its ctest run;
#   (b) asan: a Debug build with AddressSanitizer and UndefinedBehaviorSanitizer, in
#       build-asan/, and its ctest run;
#   (c) fuzz: the libFuzzer harnesses of fuzz/, and mus-server's protocol handler
#       (examples/server/fuzz/fuzz_handler.cpp) when the server's packages are present, built
#       with clang (ASan + UBSan) in build-fuzz/ and run for FUZZ_SECONDS seconds each (default
#       30) by fuzz/run_fuzzers.sh;
#   (d) tsan: with ThreadSanitizer in build-tsan/ (the tsan build preset's targets only): the
#       thread tests (label threads), and mus-server on four threads (label tsan): its socket
#       scenarios, a 4 s open-loop load run and the 6 s fault run (2 kills); a race in any
#       server's log fails the stage;
#   (e) memcheck: `ctest -T memcheck -L memcheck` in build-release/, the C test programs under
#       valgrind (any memory error or definite leak fails).
# Stops at the first failure with a non-zero exit, and prints a summary either way.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=apt_missing.sh
source scripts/apt_missing.sh

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

# Runs a test preset (its build directory is build-<preset>) and adds ctest's own tally to the
# summary.
run_ctest() {
  local preset="$1"
  local log="build-${preset}/ctest-output.log"
  local rc=0
  ctest --preset "${preset}" -j"${jobs}" 2>&1 | tee "${log}" || rc=$?
  summary+=("        build-${preset}: $(grep -E 'tests passed' "${log}" | tail -n 1)")
  return "${rc}"
}

install_dependencies() {
  apt_install_missing catch2 doxygen graphviz mono-mcs mono-runtime pkg-config libbenchmark-dev \
    valgrind python3 python3-pip python3-venv python3-distributed python3-numpy clang nodejs \
    emscripten chromium libboost-dev nlohmann-json3-dev libsqlite3-dev python3-websockets \
    postgresql libpq-dev haproxy
  install_clang_runtime "${as_root[@]}"
}

# clang only recommends its runtime libraries (libFuzzer and the sanitizers): when a
# -fsanitize=fuzzer link fails, install them for the installed clang's version (Debian 12:
# libclang-rt-14-dev, which holds libclang_rt.fuzzer-x86_64.a).
install_clang_runtime() {
  local probe
  probe="$(mktemp -d)"
  printf 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }\n' \
    >"${probe}/probe.cpp"
  if clang++ -fsanitize=fuzzer,address,undefined "${probe}/probe.cpp" -o "${probe}/probe" \
       >/dev/null 2>&1; then
    rm -rf "${probe}"
    return 0
  fi
  rm -rf "${probe}"
  local major
  major="$(clang -dumpversion | cut -d. -f1)"
  echo "Installing: libclang-rt-${major}-dev (libFuzzer for clang ${major})"
  "$@" apt-get install -y "libclang-rt-${major}-dev"
}

# (c) Builds and runs the fuzzers; their figures go into the summary.
run_fuzzers() {
  local rc=0
  FUZZ_BUILD_DIR=build-fuzz fuzz/run_fuzzers.sh run || rc=$?
  local line
  if [[ -f build-fuzz/fuzz-summary.txt ]]; then
    while IFS= read -r line; do
      summary+=("        ${line}")
    done <build-fuzz/fuzz-summary.txt
  fi
  return "${rc}"
}

# (d) The thread tests and mus-server under ThreadSanitizer. Older TSan runtimes fail to start
# on kernels with 32-bit mmap randomness ("unexpected memory mapping"): then they are run again
# without ASLR. The servers the tests start write their reports to their logs (a server killed
# with SIGKILL may not have stopped on one), so those logs are searched too.
run_tsan_threads() {
  local log=build-tsan/ctest-output.log
  local rc=0
  rm -rf build-tsan/examples/server/tests/sockets-* build-tsan/examples/server/tests/load-*
  ctest --preset tsan 2>&1 | tee "${log}" || rc=$?
  if [[ ${rc} -ne 0 ]] && grep -q "unexpected memory mapping" "${log}" &&
     command -v setarch >/dev/null 2>&1; then
    echo "retrying without address space randomization"
    rc=0
    setarch "$(uname -m)" -R ctest --preset tsan 2>&1 | tee "${log}" || rc=$?
  fi
  summary+=("        build-tsan: $(grep -E 'tests passed' "${log}" | tail -n 1)")
  if [[ -d build-tsan/examples/server/tests ]] &&
     grep -rl "WARNING: ThreadSanitizer" build-tsan/examples/server/tests; then
    echo "ThreadSanitizer reports in the servers' logs above"
    summary+=("        build-tsan: ThreadSanitizer reports in mus-server's logs")
    rc=1
  fi
  return "${rc}"
}

# (e) The C test programs of the release build (label memcheck) under valgrind: the CTest
# memcheck settings (MEMORYCHECK_COMMAND_OPTIONS in CMakeLists.txt) make any memory error or
# definite leak fail the test. ctest -T reads them from the build directory, hence no preset.
run_memcheck() {
  local log=build-release/memcheck-output.log
  local rc=0
  (cd build-release && ctest -T memcheck -L memcheck -j"${jobs}" --output-on-failure) 2>&1 |
    tee "${log}" || rc=$?
  summary+=("        memcheck: $(grep -E 'tests passed' "${log}" | tail -n 1)")
  return "${rc}"
}

# The JavaScript binding's dev dependencies (TypeScript, playwright-core), exactly as
# capi/js/package-lock.json pins them; playwright-core never downloads a browser (the tests
# drive Debian's chromium).
install_js_dependencies() {
  if [[ -f capi/js/node_modules/typescript/bin/tsc && -d capi/js/node_modules/playwright-core ]]; then
    echo "capi/js: npm dev dependencies are installed."
    return 0
  fi
  if ! command -v npm >/dev/null 2>&1; then
    # Debian's nodejs comes without npm (NodeSource's includes it): then Debian's npm package.
    if command -v apt-get >/dev/null 2>&1; then
      apt_install_missing npm
    else
      echo "No npm: the JavaScript tests will be skipped."
      return 0
    fi
  fi
  (cd capi/js && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
}

step "install test dependencies" install_dependencies
step "install JavaScript dev dependencies" install_js_dependencies

step "release: configure" cmake --preset release
step "release: build" cmake --build --preset release --parallel "${jobs}"
step "release: ctest" run_ctest release

step "asan+ubsan: configure" cmake --preset asan
step "asan+ubsan: build" cmake --build --preset asan --parallel "${jobs}"
step "asan+ubsan: ctest" run_ctest asan

export FUZZ_JOBS="${jobs}"
step "fuzz: build" env FUZZ_BUILD_DIR=build-fuzz fuzz/run_fuzzers.sh build
step "fuzz: run (${FUZZ_SECONDS:-30} s per harness)" run_fuzzers

step "tsan: configure" cmake --preset tsan
step "tsan: build" cmake --build --preset tsan --parallel "${jobs}"
step "tsan: threads" run_tsan_threads

step "memcheck: C tests under valgrind" run_memcheck
