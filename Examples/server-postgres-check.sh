#!/usr/bin/env bash
# Multi-instance check of the example server (Examples/CheckoutServer) on PostgreSQL.
#
#   Examples/server-postgres-check.sh [--sessions N] [--no-swift-tests] [--no-affinity]
#
# Installs PostgreSQL from Debian's packages if missing, starts a private cluster
# on 127.0.0.1 (a temporary directory, an unprivileged owner), starts TWO server
# instances on it and one memory-store instance, drives interleaved events for
# many sessions through both PostgreSQL instances (alternating per event, no
# expectedVersion so the server retries conflicts, some concurrent events to the
# same session), and checks that every session ends exactly as the sequential
# replay of its events on the memory instance, that no stored session holds a
# CVV and that a dump of the database holds no card number (Luhn-valid run of
# 13-19 digits) in plain text. Then runs the Swift tests of the
# PostgreSQL store, and the deploy test (FlowChangeTests: sessions started on
# PLNDR v1 continue after a restart serving v1 and v2, pinned or migrated),
# against the same cluster. Stops everything on exit; exits
# non-zero on any mismatch. Everything listens on 127.0.0.1 only.
#
# --no-affinity sends even the events between a CVV and the order that needs it
# alternately (the check then fails, as it should: a CVV lives only in the memory
# of the instance that received it, so the other instance asks for it again).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE="$ROOT/Examples/CheckoutServer"
SESSIONS=48
SWIFT_TESTS=1
DRIVER_ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sessions) SESSIONS=$2; shift 2 ;;
    --no-swift-tests) SWIFT_TESTS=0; shift ;;
    --no-affinity) DRIVER_ARGS+=(--no-affinity); shift ;;
    *) echo "usage: $0 [--sessions N] [--no-swift-tests] [--no-affinity]" >&2; exit 2 ;;
  esac
done

# shellcheck source=CheckoutServer/Scripts/postgres-cluster.sh
. "$PACKAGE/Scripts/postgres-cluster.sh"
# shellcheck source=CheckoutServer/Scripts/check-support.sh
. "$PACKAGE/Scripts/check-support.sh"

start_check_work check

build_server

pg_cluster_start "$WORK/pg"

free_port() { pg_free_port; }
start_server() { # name port [env...]   (SERVER_OPTIONS: more options for the server)
  local name=$1 port=$2
  shift 2
  # shellcheck disable=SC2086
  env "$@" "$BIN" --hostname 127.0.0.1 --port "$port" --today 2026-11-21 --log-level debug ${SERVER_OPTIONS:-} \
    >"$WORK/server-$name.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 150); do
    if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  echo "error: server $name did not start on 127.0.0.1:$port" >&2
  return 1
}

PORT_A=$(free_port); PORT_B=$(free_port); PORT_M=$(free_port)
start_server A "$PORT_A" DATABASE_URL="$DATABASE_URL"
start_server B "$PORT_B" DATABASE_URL="$DATABASE_URL"
start_server memory "$PORT_M" -u DATABASE_URL
echo "== instances: A 127.0.0.1:$PORT_A and B 127.0.0.1:$PORT_B on PostgreSQL; reference 127.0.0.1:$PORT_M in memory"

timeout 600 python3 "$PACKAGE/Scripts/multi_instance_check.py" \
  --a "http://127.0.0.1:$PORT_A" --b "http://127.0.0.1:$PORT_B" --reference "http://127.0.0.1:$PORT_M" \
  --sessions "$SESSIONS" "${DRIVER_ARGS[@]}"

CONFLICTS_A=$(grep -c "save conflict" "$WORK/server-A.log" || true)
CONFLICTS_B=$(grep -c "save conflict" "$WORK/server-B.log" || true)
echo "== write conflicts retried by the server: A $CONFLICTS_A, B $CONFLICTS_B"
psql_query() {
  pg_as_owner "$PG_BIN/psql" -h "$PG_DIR/socket" -p "$PG_PORT" -U checkout -d checkout -Atc "$1"
}
echo "== database: $(psql_query "SELECT count(*) || ' sessions stored, versions ' || min(version) || '..' || max(version) FROM sessions")"
SECRETS=$(psql_query "SELECT count(*) FROM sessions WHERE snapshot->'data' ? 'payment.card.cvv' OR snapshot->'data' ? 'payment.card.cvc'")
if [ "$SECRETS" != 0 ]; then
  echo "FAILED: $SECRETS stored sessions hold a CVV" >&2
  exit 1
fi
echo "== database: no stored session holds a CVV"
# Each session's row holds the SHA-256 of its secret (64 hex digits), never the secret.
UNKEYED=$(psql_query "SELECT count(*) FROM sessions WHERE secret_sha256 IS NULL OR secret_sha256 !~ '^[0-9a-f]{64}$'")
if [ "$UNKEYED" != 0 ]; then
  echo "FAILED: $UNKEYED stored sessions have no secret digest" >&2
  exit 1
fi
echo "== database: every stored session holds its secret's digest (secret_sha256), not the secret"
# Every table (sessions, the API ledger), as pg_dump writes it: no card number in
# plain text. The driver typed real test card numbers (4242…, the decline cards).
python3 "$PACKAGE/Scripts/card_number_scan.py" --self-test >/dev/null
SEALED=$(psql_query "SELECT count(*) FROM sessions s, jsonb_each_text(s.snapshot->'data') d WHERE d.value LIKE 'sealed:%'")
MASKED=$(psql_query "SELECT count(*) FROM sessions s, jsonb_each_text(s.snapshot->'data') d WHERE d.value LIKE '%••••%'")
if ! SCAN=$(pg_as_owner "$PG_BIN/pg_dump" -h "$PG_DIR/socket" -p "$PG_PORT" -U checkout --data-only checkout \
  | python3 "$PACKAGE/Scripts/card_number_scan.py"); then
  echo "FAILED: the database dump holds card numbers in plain text: $SCAN" >&2
  exit 1
fi
echo "== database dump: $SCAN (card numbers: $SEALED sealed, $MASKED masked once the order was placed)"

# Reads count as activity: on an instance sweeping with --idle-timeout 2, a session
# only read (GET every 0.5 s) outlives 3 idle timeouts; one left alone is swept.
# (After the driver: this instance sweeps every session of the database idle 2 s;
# it replaces the database's record of the sweeping settings, which A and B made:
# without --replace-sweep-settings it would sweep with theirs, 1800 s.)
PORT_S=$(free_port)
SERVER_OPTIONS="--idle-timeout 2 --call-timeout 1 --replace-sweep-settings" start_server sweeper "$PORT_S" DATABASE_URL="$DATABASE_URL"
SWEEPER_PID=${PIDS[-1]}
if ! READS=$(python3 - "http://127.0.0.1:$PORT_S" <<'PY'
import json, sys, time, urllib.error, urllib.request
base = sys.argv[1]
def call(method, path, secret=None, body=None):
    headers = {"Content-Type": "application/json"}
    if secret: headers["Authorization"] = f"Bearer {secret}"
    request = urllib.request.Request(base + path, method=method, headers=headers,
                                     data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, None
read = call("POST", "/sessions", body={"flow": "plndr"})[1]
left = call("POST", "/sessions", body={"flow": "plndr"})[1]
start = time.monotonic()
while time.monotonic() - start < 6:
    status, _ = call("GET", f"/sessions/{read['id']}", read["secret"])
    if status != 200:
        sys.exit(f"the session only read answered {status} after {time.monotonic() - start:.1f} s")
    time.sleep(0.5)
status, _ = call("GET", f"/sessions/{left['id']}", left["secret"])
if status != 404:
    sys.exit(f"the session left alone answered {status} after 6 s, not 404 (swept)")
print("read every 0.5 s: 200 for 6 s (3 idle timeouts); left alone: swept (404)")
PY
); then
  echo "FAILED: reads as activity: $READS" >&2
  exit 1
fi
echo "== --idle-timeout 2: $READS"
kill "$SWEEPER_PID" && wait "$SWEEPER_PID" 2>/dev/null || true

if [ "$SWIFT_TESTS" = 1 ]; then
  # One suite at a time: the store suite deletes every session saved before a
  # moment of its own, which would take a concurrently running test's sessions.
  for suite in PostgresStoreTests PostgresStartupTests FlowChangeTests; do
    echo "== swift test --filter $suite (against the same cluster)"
    # The tests seal with the cluster's key: the database admits no instance
    # holding none of the keys its sessions are sealed with.
    if (cd "$PACKAGE" && CHECKOUT_TEST_DATABASE_URL="$DATABASE_URL" CHECKOUT_TEST_DATA_KEY="$CHECKOUT_DATA_KEY" \
      timeout 1800 swift test --filter "$suite" \
      >"$WORK/swift-test.log" 2>&1); then
      grep -E "Test run|passed after" "$WORK/swift-test.log" | tail -n 5
    else
      grep -E "✘|Expectation|↳ \{" "$WORK/swift-test.log" | head -n 40
      echo "FAILED: $suite failed against PostgreSQL" >&2
      exit 1
    fi
  done
fi
echo "== ok"
