#!/usr/bin/env bash
# README command 3: build mus-server in ./build (Release) and start it, with its SQLite file
# under the directory you run this from (./mus.sqlite3 unless you pass --db). It prints the
# URL to open. Arguments go to mus-server (see `mus-server --help`), e.g.
#   scripts/serve.sh --port 9000 --clock 20
# On Debian or Ubuntu it first installs what the server needs and is missing (with sudo when
# you are not root): g++, make, cmake, libboost-dev, nlohmann-json3-dev, libsqlite3-dev.
set -euo pipefail
here="$(pwd)"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

install_missing() {
  local packages=(g++ make cmake libboost-dev nlohmann-json3-dev libsqlite3-dev)
  if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    return 0
  fi
  local missing=() p
  for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "${p}" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("${p}")
    fi
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  local as_root=(env DEBIAN_FRONTEND=noninteractive)
  [[ "$(id -u)" -ne 0 ]] && as_root=(sudo env DEBIAN_FRONTEND=noninteractive)
  echo "Installing: ${missing[*]}"
  "${as_root[@]}" apt-get update
  "${as_root[@]}" apt-get install -y "${missing[@]}"
}

install_missing
jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S "${root}" -B "${root}/build" -DCMAKE_BUILD_TYPE=Release \
  -DMUS_BUILD_TESTS=OFF -DMUS_BUILD_BENCH=OFF -DMUS_BUILD_DOCS=OFF -DMUS_BUILD_EXAMPLES=ON \
  -DMUS_BUILD_SERVER=ON
cmake --build "${root}/build" --parallel "${jobs}" --target mus-server

db=(--db "${here}/mus.sqlite3")
for arg in "$@"; do
  [[ "${arg}" == "--db" ]] && db=()
done
if [[ ! -f "${root}/build/capi/js/package/package.json" ]]; then
  echo "note: the web table at / loads libmus from build/capi/js/package, which is not built;"
  echo "      build the JavaScript package as README.md says (emscripten, nodejs), then give"
  echo "      its directory with --package DIR"
fi
echo "mus-server: matches are stored in ${db[1]:-the --db you gave}"
exec "${root}/build/examples/server/mus-server" "${db[@]}" "$@"
