#!/usr/bin/env bash
# Builds the libFuzzer harnesses of fuzz/ with clang (the whole library compiled with the
# fuzzer's coverage, AddressSanitizer and UndefinedBehaviorSanitizer, UBSan halting) into
# build-fuzz/, then runs each harness for a bounded time on a copy of its seed corpus, and prints
# per harness the executions, executions per second and coverage. mus-server's protocol handler
# (examples/server/fuzz/fuzz_handler.cpp: arbitrary bytes as scripts of messages, closes and
# clock ticks, no sockets) is one more harness when the server's packages (Boost,
# nlohmann-json, SQLite) were found, its seeds in examples/server/fuzz/corpus/. Exits non-zero on any crash,
# failed check, leak, timeout or sanitizer report, naming the saved input that reproduces it.
#
#   fuzz/run_fuzzers.sh              build, then run every harness
#   fuzz/run_fuzzers.sh build        build only
#   fuzz/run_fuzzers.sh run [NAME]   run only (all harnesses, or the named ones)
#
# Environment:
#   FUZZ_SECONDS       seconds per harness (-max_total_time), default 30
#   FUZZ_BUILD_DIR     build directory, default build-fuzz
#   FUZZ_JOBS          build parallelism, and how many harnesses run at once; default nproc
#   FUZZ_CC, FUZZ_CXX  the compilers, default clang and clang++
#   FUZZ_ARGS          extra libFuzzer flags, e.g. "-jobs=2" or "-seed=1"
#
# The corpus is copied to build-fuzz/fuzz-corpus/ (the repository is never written), together
# with the seeds fuzz_corpus_gen writes for the current state layout. Logs go to
# build-fuzz/fuzz-logs/, crashing inputs to build-fuzz/fuzz-artifacts/<harness>/, and the
# per-harness figures to build-fuzz/fuzz-summary.txt. Harnesses run FUZZ_JOBS at a time, each
# for its own FUZZ_SECONDS, and their reports are printed in order once all have ended. To replay a crash:
#   build-fuzz/fuzz/<harness> build-fuzz/fuzz-artifacts/<harness>/crash-...
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${FUZZ_SECONDS:-30}"
build="${FUZZ_BUILD_DIR:-build-fuzz}"
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}"
harnesses=(fuzz_parsers fuzz_actions fuzz_states)
server_harness=fuzz_handler

# The flags are those of the configure preset `fuzz` (CMakePresets.json): coverage for the
# fuzzer and both sanitizers everywhere, libFuzzer itself linked into the harnesses only
# (fuzz/CMakeLists.txt), and _GLIBCXX_ASSERTIONS, which bounds-checks std::array indexing that
# no sanitizer sees inside an object.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:check_initialization_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

build_fuzzers() {
  local compilers=()
  [[ -n "${FUZZ_CC:-}" ]] && compilers+=("-DCMAKE_C_COMPILER=${FUZZ_CC}")
  [[ -n "${FUZZ_CXX:-}" ]] && compilers+=("-DCMAKE_CXX_COMPILER=${FUZZ_CXX}")
  cmake --preset fuzz -B "${build}" "${compilers[@]}"
  cmake --build "${build}" --target fuzz --parallel "${jobs}"
}

# Where a harness's binary, seeds and dictionary are: fuzz/, or examples/server/ for the
# server's handler.
harness_binary() {
  if [[ "$1" == "${server_harness}" ]]; then
    echo "${build}/examples/server/$1"
  else
    echo "${build}/fuzz/$1"
  fi
}
harness_source() {
  if [[ "$1" == "${server_harness}" ]]; then
    echo "examples/server/fuzz"
  else
    echo "fuzz"
  fi
}
harness_seeds() {
  if [[ "$1" == "${server_harness}" ]]; then
    echo "examples/server/fuzz/corpus"
  else
    echo "fuzz/corpus/$1"
  fi
}

# The value after `key` in the last line of the log that has it, or "?".
last_field() {
  local pattern="$1" log="$2" value
  value="$(grep -oE "${pattern}" "${log}" | tail -n 1 | grep -oE '[0-9]+$' || true)"
  echo "${value:-?}"
}

failed=()

run_one() {
  local h="$1"
  local corpus="${build}/fuzz-corpus/${h}"
  local artifacts="${build}/fuzz-artifacts/${h}"
  local log="${build}/fuzz-logs/${h}.log"
  rm -rf "${artifacts}"
  mkdir -p "${corpus}" "${artifacts}" "${build}/fuzz-logs"
  local args=(-max_total_time="${seconds}" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
              -artifact_prefix="${artifacts}/")
  local dict
  dict="$(harness_source "${h}")/${h}.dict"
  if [[ -f "${dict}" ]]; then
    args+=(-dict="${dict}")
  fi
  echo
  echo "---- ${h}: ${seconds} s on $(find "${corpus}" -type f | wc -l) seed inputs"
  local rc=0
  # shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
  "$(harness_binary "${h}")" "${args[@]}" ${FUZZ_ARGS:-} "${corpus}" >"${log}" 2>&1 || rc=$?

  local runs rate cov ft units
  runs="$(last_field 'stat::number_of_executed_units: *[0-9]+' "${log}")"
  rate="$(last_field 'stat::average_exec_per_sec: *[0-9]+' "${log}")"
  cov="$(last_field 'cov: [0-9]+' "${log}")"
  ft="$(last_field 'ft: [0-9]+' "${log}")"
  units="$(last_field 'corp: [0-9]+' "${log}")"
  local line="${h}: ${runs} executions, ${rate} exec/s, cov ${cov}, ft ${ft}, corpus ${units}"
  if [[ ${rc} -ne 0 ]] || grep -qE '^==[0-9]+==ERROR|runtime error:|fuzz check failed|^SUMMARY: ' "${log}"; then
    line+=" -- FAILED (exit ${rc})"
    echo "${line}"
    echo "last lines of ${log}:"
    tail -n 80 "${log}"
    local a
    for a in "${artifacts}"/*; do
      [[ -e "${a}" ]] || continue
      echo "reproduce with: $(harness_binary "${h}") ${a}"
    done
  else
    echo "${line}"
  fi
  echo "${line}" >"${build}/fuzz-logs/${h}.line"
}

run_fuzzers() {
  # The server's harness runs when it was built (the server's packages were found).
  if [[ -x "$(harness_binary "${server_harness}")" ]]; then
    harnesses+=("${server_harness}")
  else
    echo "${server_harness}: not built (mus-server's packages missing), not run"
  fi
  local selected=("$@")
  if [[ ${#selected[@]} -eq 0 ]]; then
    selected=("${harnesses[@]}")
  fi
  # A fresh copy of the checked-in seeds, plus the generated ones.
  rm -rf "${build}/fuzz-corpus"
  local h seeds
  for h in "${harnesses[@]}"; do
    mkdir -p "${build}/fuzz-corpus/${h}"
    seeds="$(harness_seeds "${h}")"
    if [[ -d "${seeds}" ]]; then
      cp -R "${seeds}/." "${build}/fuzz-corpus/${h}/"
    fi
  done
  "${build}/fuzz/fuzz_corpus_gen" "${build}/fuzz-corpus"
  : >"${build}/fuzz-summary.txt"
  mkdir -p "${build}/fuzz-logs"
  # FUZZ_JOBS harnesses at a time, each printing to its own report; then the reports in order.
  local running=()
  for h in "${selected[@]}"; do
    rm -f "${build}/fuzz-logs/${h}.line"
    run_one "${h}" >"${build}/fuzz-logs/${h}.report" 2>&1 &
    running+=("$!")
    if [[ ${#running[@]} -ge ${jobs} ]]; then
      wait "${running[0]}"
      running=("${running[@]:1}")
    fi
  done
  local pid
  for pid in "${running[@]}"; do
    wait "${pid}"
  done
  for h in "${selected[@]}"; do
    cat "${build}/fuzz-logs/${h}.report"
    if [[ ! -f "${build}/fuzz-logs/${h}.line" ]]; then
      echo "${h}: no result (the run stopped before its summary)" >"${build}/fuzz-logs/${h}.line"
      failed+=("${h}")
    elif grep -q -- "-- FAILED" "${build}/fuzz-logs/${h}.line"; then
      failed+=("${h}")
    fi
    cat "${build}/fuzz-logs/${h}.line" >>"${build}/fuzz-summary.txt"
  done
  echo
  echo "==== fuzz summary (${seconds} s per harness)"
  cat "${build}/fuzz-summary.txt"
  if [[ ${#failed[@]} -gt 0 ]]; then
    echo "FAILED: ${failed[*]} (logs in ${build}/fuzz-logs/)"
    return 1
  fi
}

case "${1:-all}" in
  build) build_fuzzers ;;
  run) shift; run_fuzzers "$@" ;;
  all) build_fuzzers && run_fuzzers ;;
  *) echo "usage: $0 [build | run [harness...] | all]" >&2; exit 2 ;;
esac
