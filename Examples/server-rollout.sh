#!/usr/bin/env bash
# A rolling deploy on PostgreSQL: concurrent events on sessions another instance is
# migrating to a newer version of their flow answer 200, 409 or 410, never 5xx.
#
#   Examples/server-rollout.sh [--sessions 20] [--events 8] [--rounds 2]
#
# Installs PostgreSQL from Debian's packages if missing and starts a private
# cluster on 127.0.0.1 (Scripts/postgres-cluster.sh); builds the server (or uses
# CHECKOUT_SERVER_BIN); starts three instances on the one database, all with
# Examples/evolution's PLNDR flow:
#
#   V1   serves v1 only (an instance not yet deployed), --on-flow-change pin
#   PIN  serves v1 and v2, --on-flow-change pin
#   MIG  serves v1 and v2, --on-flow-change migrate
#
# Each round, Scripts/rollout_race.py makes SESSIONS sessions on V1 (so they start
# on v1) and sends EVENTS concurrent `set quantity` events to each, half to MIG and
# half to V1 (phase "v1-only beside migrate"), then the same with fresh sessions,
# half to MIG and half to PIN (phase "pin beside migrate"). MIG carries each
# session to v2 at its first event while the other instance is applying events to
# it. Fails on any 5xx or other unexpected answer, or a session MIG cannot read
# afterwards. Prints the statuses counted. Everything listens on 127.0.0.1.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE="$ROOT/Examples/CheckoutServer"
SESSIONS=20
EVENTS=8
ROUNDS=2
while [ $# -gt 0 ]; do
  case "$1" in
    --sessions) SESSIONS=$2; shift 2 ;;
    --events) EVENTS=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    *) echo "usage: $0 [--sessions 20] [--events 8] [--rounds 2]" >&2; exit 2 ;;
  esac
done

# shellcheck source=CheckoutServer/Scripts/postgres-cluster.sh
. "$PACKAGE/Scripts/postgres-cluster.sh"
# shellcheck source=CheckoutServer/Scripts/check-support.sh
. "$PACKAGE/Scripts/check-support.sh"

start_check_work rollout

build_server
pg_cluster_start "$WORK/pg"

mkdir -p "$WORK/v1" "$WORK/both"
cp "$ROOT/Examples/evolution/plndr-v1.json" "$WORK/v1/"
cp "$ROOT/Examples/evolution/plndr-v1.json" "$ROOT/Examples/evolution/plndr-v2.json" "$WORK/both/"

start_server() { # name port flows policy
  DATABASE_URL="$DATABASE_URL" "$BIN" --hostname 127.0.0.1 --port "$2" --today 2026-11-21 \
    --flows "$3" --on-flow-change "$4" >"$WORK/server-$1.log" 2>&1 &
  PIDS+=($!)
  wait_for_health "$2" || { echo "error: instance $1 did not start on 127.0.0.1:$2" >&2; return 1; }
}

PORT_V1=$(pg_free_port); PORT_PIN=$(pg_free_port); PORT_MIG=$(pg_free_port)
start_server V1 "$PORT_V1" "$WORK/v1" pin
start_server PIN "$PORT_PIN" "$WORK/both" pin
start_server MIG "$PORT_MIG" "$WORK/both" migrate
V1="http://127.0.0.1:$PORT_V1"; PIN="http://127.0.0.1:$PORT_PIN"; MIG="http://127.0.0.1:$PORT_MIG"
echo "== instances on one PostgreSQL: V1 (v1 only, pin) $V1, PIN (v1+v2, pin) $PIN, MIG (v1+v2, migrate) $MIG"

FAILED=0
for round in $(seq 1 "$ROUNDS"); do
  for phase in v1-only pin; do
    other=$V1
    [ "$phase" = pin ] && other=$PIN
    timeout 120 python3 "$PACKAGE/Scripts/rollout_race.py" --create "$V1" --a "$other" --b "$MIG" \
      --sessions "$SESSIONS" --events "$EVENTS" --label "round $round, $phase beside migrate" || FAILED=1
  done
done
[ "$FAILED" = 0 ] || { echo "FAILED: see the answers above" >&2; exit 1; }
if grep -q "unexpected error" "$WORK"/server-*.log; then
  echo "FAILED: an instance logged an unexpected error:" >&2
  grep -h "unexpected error" "$WORK"/server-*.log | head -n 5 >&2
  exit 1
fi
echo "== ok"
