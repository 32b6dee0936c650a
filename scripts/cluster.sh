#!/usr/bin/env bash
# A mus-server cluster on this machine, on loopback only, for people and tests
# (docs/server.md, "Several machines"): a throwaway PostgreSQL in a temporary directory,
# three mus-server nodes sharing it, and HAProxy in front (examples/server/haproxy.cfg).
#
#   scripts/cluster.sh [--port N] [--build DIR] [--lease-seconds N] [--nodes N]
#                      [--node-args "ARGS"] [--run COMMAND...]
#
#   --port N           HAProxy's port on 127.0.0.1 (default 8080; 0: a free one)
#   --build DIR        the build tree holding examples/server/mus-server (default build-release)
#   --lease-seconds N  the nodes' table leases (default 5)
#   --nodes N          how many nodes, 1 to 3 (default 3): node1, node2, node3
#   --node-args "ARGS" more mus-server options for every node, split at spaces (a load run's
#                      "--rate 1000 --burst 1000", say)
#   --run COMMAND...   run COMMAND with the cluster up, then stop (exit status: COMMAND's); it
#                      gets MUS_CLUSTER_URL (http://127.0.0.1:PORT/), MUS_CLUSTER_NODES
#                      ("NAME:PID:PORT" per node, space-separated), PG_DIR and PG_URL.
#                      Without --run it serves until Ctrl-C. When COMMAND fails, the
#                      ends of the nodes' and HAProxy's logs are printed.
#
# Prints the URL and each node's process id (kill -9 one to see another take its tables),
# and stops everything it started on exit. Exits 77 when PostgreSQL or HAProxy is missing.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=pg_temp.sh
source scripts/pg_temp.sh

port=8080
build=build-release
lease=5
count=3
node_args=()
run=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --lease-seconds) lease="$2"; shift 2 ;;
    --nodes) count="$2"; shift 2 ;;
    --node-args) read -r -a node_args <<<"$2"; shift 2 ;;
    --run) shift; run=("$@"); break ;;
    *) echo "cluster.sh: unknown option $1 (see the comment at the top)" >&2; exit 2 ;;
  esac
done
if [[ ! "${count}" =~ ^[123]$ ]]; then
  echo "cluster.sh: --nodes ${count}: 1, 2 or 3" >&2
  exit 2
fi
server="${build}/examples/server/mus-server"
if [[ ! -x "${server}" ]]; then
  echo "cluster.sh: no ${server}: build it first (cmake --build ${build} --target mus-server)" >&2
  exit 2
fi
if ! command -v haproxy >/dev/null 2>&1; then
  echo "cluster.sh: HAProxy is not installed: install the Debian package haproxy" >&2
  exit 77
fi

free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

pids=()
stop_all() {
  local p
  for p in "${pids[@]}"; do kill -9 "${p}" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "${p}" 2>/dev/null; done
  pg_temp_stop
}
trap stop_all EXIT
trap 'exit 130' INT TERM

pg_temp_start || exit $?
[[ "${port}" == 0 ]] && port=$(free_port)
front="127.0.0.1:${port}"
nodes=()
for i in $(seq "${count}"); do
  p=$(free_port)
  "${server}" --host 127.0.0.1 --port "${p}" --db "${PG_URL}" --node "node${i}" \
    --lease-seconds "${lease}" --allow-origin "http://${front}" "${node_args[@]}" \
    >"${PG_DIR}/node${i}.log" 2>&1 &
  pids+=($!)
  nodes+=("node${i}:$!:${p}")
  export "MUS_NODE${i}=127.0.0.1:${p}"
done
# wait_for NAME ADDRESS LOG: waits up to 10 s for http://ADDRESS/tables; exits with LOG shown
# when it never answers.
wait_for() {
  local _
  for _ in $(seq 100); do
    curl -sf "http://$2/tables" >/dev/null && return 0
    sleep 0.1
  done
  echo "cluster.sh: $1 did not start:" >&2
  cat "$3" >&2
  exit 1
}
# Every node answers before HAProxy starts (it takes a node for up until its checks fail).
for n in "${nodes[@]}"; do
  wait_for "${n%%:*}" "127.0.0.1:${n##*:}" "${PG_DIR}/${n%%:*}.log"
done
# haproxy.cfg names three nodes: with fewer, the lines of the others are left out.
cfg="${PG_DIR}/haproxy.cfg"
cp examples/server/haproxy.cfg "${cfg}"
for i in $(seq $((count + 1)) 3); do
  sed -i "/server node${i} /d" "${cfg}"
done
MUS_FRONT="${front}" haproxy -db -f "${cfg}" >"${PG_DIR}/haproxy.log" 2>&1 &
pids+=($!)
wait_for HAProxy "${front}" "${PG_DIR}/haproxy.log"
export MUS_CLUSTER_URL="http://${front}/" MUS_CLUSTER_NODES="${nodes[*]}"
echo "mus cluster: ${MUS_CLUSTER_URL}  (online table: ${MUS_CLUSTER_URL}online.html)"
for n in "${nodes[@]}"; do
  IFS=: read -r name pid p <<<"${n}"
  echo "  ${name}: pid ${pid}, http://127.0.0.1:${p}/, log ${PG_DIR}/${name}.log"
done
echo "  PostgreSQL: ${PG_URL}; HAProxy log ${PG_DIR}/haproxy.log; leases of ${lease} s"
if [[ ${#run[@]} -gt 0 ]]; then
  "${run[@]}"
  rc=$?
  if [[ ${rc} -ne 0 ]]; then
    # The logs go with the temporary directory: show their ends first.
    for f in "${PG_DIR}"/node*.log "${PG_DIR}/haproxy.log"; do
      echo "==== ${f##*/} (last 30 lines)" >&2
      tail -n 30 "${f}" >&2
    done
  fi
  exit "${rc}"
fi
echo "Ctrl-C stops everything."
wait "${pids[0]}"
while true; do sleep 3600; done
