#!/usr/bin/env bash
# A throwaway PostgreSQL instance in a temporary directory, for tests and scripts/cluster.sh.
#
#   scripts/pg_temp.sh COMMAND [ARGS...]   starts one, runs COMMAND with PG_URL (a libpq URI for
#                                          the database `mus`), PG_CONNINFO (the same without
#                                          the database, key=value form) and PG_DIR set, stops
#                                          and removes it, and exits with COMMAND's status;
#                                          77 (skipped) when PostgreSQL's programs are missing.
#   scripts/pg_temp.sh --restart           restarts the instance that PG_DIR names (from inside
#                                          COMMAND): stopped as by a crash, started again.
#   source scripts/pg_temp.sh              defines pg_temp_start, pg_temp_restart, pg_temp_stop.
#
# It listens on a Unix socket inside its directory only (no TCP port, nothing to collide with),
# with fsync off unless PG_FSYNC=on (a throwaway instance need not survive power loss).
# PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user that the
# Debian package creates (or `nobody`).

# The directory of PostgreSQL's server programs (the newest installed), or empty.
pg_temp_bin() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [[ -n "${d}" && -x "${d}/initdb" ]]; then
    echo "${d}"
  elif command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  fi
}

# Runs a PostgreSQL program as the user that owns the instance.
pg_temp_as() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u "${PG_USER}" -- "$@"
  else
    "$@"
  fi
}

# pg_temp_start: initdb, start, create the database `mus`; sets PG_DIR, PG_URL, PG_CONNINFO.
# Returns 77 when PostgreSQL's programs are missing.
pg_temp_start() {
  PG_BIN=$(pg_temp_bin)
  if [[ -z "${PG_BIN}" ]]; then
    echo "PostgreSQL's server programs (initdb, pg_ctl) are not installed:" \
      "install the Debian package postgresql (scripts/test.sh does)" >&2
    return 77
  fi
  PG_USER=postgres
  id -u postgres >/dev/null 2>&1 || PG_USER=nobody
  PG_DIR=$(mktemp -d /tmp/mus-pg.XXXXXX)
  chmod 755 "${PG_DIR}"
  [[ "$(id -u)" -eq 0 ]] && chown "${PG_USER}" "${PG_DIR}"
  pg_temp_as "${PG_BIN}/initdb" -D "${PG_DIR}/data" -A trust -U mus --no-sync >"${PG_DIR}/initdb.log" 2>&1 || {
    cat "${PG_DIR}/initdb.log" >&2
    return 1
  }
  pg_temp_ctl start || return 1
  PG_CONNINFO="host=${PG_DIR} port=5432 user=mus"
  PG_URL="postgresql:///mus?host=${PG_DIR}&port=5432&user=mus"
  "${PG_BIN}/createdb" -h "${PG_DIR}" -p 5432 -U mus mus
  export PG_DIR PG_URL PG_CONNINFO
}

# pg_temp_ctl start|stop: the instance's pg_ctl (stop is immediate: a crash, as in production).
pg_temp_ctl() {
  if [[ "$1" == start ]]; then
    pg_temp_as "${PG_BIN}/pg_ctl" -D "${PG_DIR}/data" -l "${PG_DIR}/server.log" -w start \
      -o "-c listen_addresses='' -p 5432 -c unix_socket_directories=${PG_DIR} -c fsync=${PG_FSYNC:-off}" \
      >/dev/null
  else
    pg_temp_as "${PG_BIN}/pg_ctl" -D "${PG_DIR}/data" -m immediate -w stop >/dev/null
  fi
}

# pg_temp_restart: stops the instance as a crash would, then starts it again.
pg_temp_restart() {
  pg_temp_ctl stop && pg_temp_ctl start
}

# pg_temp_stop: stops the instance and removes its directory.
pg_temp_stop() {
  if [[ -n "${PG_DIR:-}" && -d "${PG_DIR}" ]]; then
    pg_temp_ctl stop 2>/dev/null || true
    rm -rf "${PG_DIR}"
  fi
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -uo pipefail
  if [[ $# -eq 0 ]]; then
    echo "usage: scripts/pg_temp.sh COMMAND [ARGS...] | --restart" >&2
    exit 2
  fi
  if [[ "$1" == --restart ]]; then
    PG_BIN=$(pg_temp_bin)
    PG_USER=$(stat -c %U "${PG_DIR:?PG_DIR names no instance}/data")
    pg_temp_restart
    exit $?
  fi
  pg_temp_start
  rc=$?
  if [[ ${rc} -ne 0 ]]; then
    [[ ${rc} -eq 77 ]] && echo "SKIPPED: no PostgreSQL here" >&2
    pg_temp_stop
    exit "${rc}"
  fi
  trap pg_temp_stop EXIT
  "$@"
  exit $?
fi
