#!/usr/bin/env bash
# README command 3: build mus-server in ./build (Release) and start it, with its SQLite file
# under the directory you run this from (./mus.sqlite3 unless you pass --db). It prints the
# URLs to open: the web table against bots (/) and the online table (/online.html); the server
# itself says when the libmus package the web table loads is not built, and stops, before it
# touches the database, when its port is in use. Arguments go to mus-server (see
# `mus-server --help`), e.g.
#   scripts/serve.sh --port 9000 --clock 20
# On Debian or Ubuntu it first installs what the server needs and is missing (with sudo when
# you are not root): g++, make, cmake, libboost-dev, nlohmann-json3-dev, libsqlite3-dev.
set -euo pipefail
here="$(pwd)"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# shellcheck source=apt_missing.sh
source "${root}/scripts/apt_missing.sh"
apt_install_missing g++ make cmake libboost-dev nlohmann-json3-dev libsqlite3-dev
jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S "${root}" -B "${root}/build" -DCMAKE_BUILD_TYPE=Release \
  -DMUS_BUILD_TESTS=OFF -DMUS_BUILD_BENCH=OFF -DMUS_BUILD_DOCS=OFF -DMUS_BUILD_EXAMPLES=ON \
  -DMUS_BUILD_SERVER=ON
cmake --build "${root}/build" --parallel "${jobs}" --target mus-server

db=(--db "${here}/mus.sqlite3")
for arg in "$@"; do
  [[ "${arg}" == "--db" ]] && db=()
done

# The server says where it listens once it does (the port may be 0: any free one); beside
# that line, say where the online table is. Everything else passes as it is.
announce() {
  local line
  while IFS= read -r line; do
    printf '%s\n' "${line}"
    if [[ "${line}" == "mus-server: listening on http"*/ ]]; then
      printf 'mus-server: the online table (people and bots through the server): %sonline.html\n' \
        "${line#mus-server: listening on }"
    fi
  done
}
exec "${root}/build/examples/server/mus-server" "${db[@]}" "$@" > >(announce)
