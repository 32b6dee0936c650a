#!/bin/bash
# A node's leases are renewed while its commit thread is held for longer than a lease
# (docs/server.md, "Several machines"). Run inside scripts/pg_temp.sh (PG_URL set):
#   scripts/pg_temp.sh examples/server/tests/lease_busy.sh build-release/examples/server/mus-server
# The node (leases of 2 s, the shortest) owns a table; GET /replays/<id> of that table makes
# its commit thread read the table's seats, which another connection keeps locked for 3.3 s.
# The lease must stay live in the database all that time (before the lease thread, the
# renewal waited behind that read and the lease expired after 2 s). Then its leases are kept
# from being renewed for longer than a lease: it must send nothing until they are. Then
# another node takes the table: the node must stop. Exit status 0 when all held.
set -u
server=$1
lease_s=2
hold_s=3.3
log=$(mktemp)
"${server}" --host 127.0.0.1 --port 0 --db "${PG_URL}" --node a --lease-seconds "${lease_s}" \
  >"${log}" 2>&1 &
pid=$!
cleanup() {
  kill "${pid}" 2>/dev/null
  wait "${pid}" 2>/dev/null
  rm -f "${log}"
}
trap cleanup EXIT
port=""
for _ in $(seq 100); do
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "${log}" | grep -o '[0-9]*$')
  [[ -n "${port}" ]] && break
  sleep 0.1
done
if [[ -z "${port}" ]]; then
  echo "lease_busy: the node did not start:" >&2
  cat "${log}" >&2
  exit 1
fi
q() { psql "${PG_URL}" -qtAc "$1"; }
q "INSERT INTO tables(id, settings, seed, dealer) VALUES('tbusy', '{}', 1, 0);
   INSERT INTO leases VALUES('tbusy', 'a', now() + interval '${lease_s} s')" || exit 1
psql "${PG_URL}" -qtAc \
  "BEGIN; LOCK TABLE seats IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(${hold_s}); COMMIT" \
  >/dev/null &
locker=$!
sleep 0.2
# The read that holds the commit thread (it answers 404 once the lock goes: not finished).
/usr/bin/python3 -c "import sys, urllib.request
try: urllib.request.urlopen(sys.argv[1], timeout=30)
except Exception: pass" "http://127.0.0.1:${port}/replays/tbusy" &
reader=$!
status=0
for at in 2.5 3; do
  sleep $([[ ${at} == 2.5 ]] && echo 2.5 || echo 0.5)
  live=$(q "SELECT expires_at > now() FROM leases WHERE table_id = 'tbusy' AND node = 'a'")
  echo "lease_busy: ${at} s into a held commit thread, leases of ${lease_s} s: live = ${live}"
  [[ "${live}" == t ]] || status=1
done
wait "${locker}" "${reader}"
if [[ ${status} -ne 0 ]]; then
  echo "lease_busy: the lease expired while the commit thread was held" >&2
  grep -v "note:\|warning:" "${log}" >&2
  exit 1
fi
# No renewal can land while the leases are locked: once the leases lapsed, the node sends
# nothing (a hello's welcome waits) until a renewal lands again. One Python process holds the
# lock (psql through a pipe), sends the hello 2.3 s after the lock was granted (past the
# lapse: the last renewal was at most a third of a lease before), and ends the lock at 3 s.
# It checks the order of events, not a duration, so a loaded machine that runs it late
# cannot make it pass or fail wrongly: the welcome must come after the COMMIT was sent.
said=$(/usr/bin/python3 - "${port}" "${PG_URL}" <<'PY'
import asyncio, json, subprocess, sys, time
import websockets

async def main():
    port, url = sys.argv[1], sys.argv[2]
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as ws:
        psql = subprocess.Popen(["psql", url, "-qtA"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True, bufsize=1)
        try:
            psql.stdin.write("BEGIN; LOCK TABLE leases IN EXCLUSIVE MODE; SELECT 'locked';\n")
            psql.stdin.flush()
            if psql.stdout.readline().strip() != "locked":
                print("no lock"); return
            locked = time.monotonic()
            await asyncio.sleep(2.3)
            await ws.send(json.dumps({"type": "hello", "v": 1, "name": "Ana"}))
            welcome = asyncio.ensure_future(ws.recv())
            await asyncio.sleep(max(0.0, locked + 3.0 - time.monotonic()))
            early = welcome.done()
            committed = time.monotonic()
            psql.stdin.write("COMMIT;\n")
            psql.stdin.flush()
            while json.loads(await asyncio.wait_for(welcome, 10))["type"] != "welcome":
                welcome = asyncio.ensure_future(ws.recv())
            after = time.monotonic() - committed
            print(f"{'early' if early else 'after'} {after:.2f}")
        finally:
            psql.stdin.close()
            psql.wait(10)

asyncio.run(main())
PY
)
echo "lease_busy: a hello sent 0.7 s before the lapsed leases could be renewed: welcome ${said}"
if [[ "${said}" != after* ]]; then
  echo "lease_busy: a node whose leases lapsed went on sending" >&2
  exit 1
fi
# Another node takes the table (as if this one had stalled past its lease): at its next
# renewal the node finds it lost and stops, with exit status 1, so that its people resume on
# the new owner.
q "UPDATE leases SET node = 'c' WHERE table_id = 'tbusy'" || exit 1
for _ in $(seq 50); do
  kill -0 "${pid}" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "${pid}" 2>/dev/null; then
  echo "lease_busy: the node goes on serving a table another node took" >&2
  exit 1
fi
wait "${pid}"
rc=$?
if [[ ${rc} -ne 1 ]] || ! grep -q "another node took table(s) tbusy" "${log}"; then
  echo "lease_busy: the node that lost its table ended with status ${rc}:" >&2
  grep -v "note:\|warning:" "${log}" >&2
  exit 1
fi
echo "lease_busy: the node that lost its table stopped (status 1)"
