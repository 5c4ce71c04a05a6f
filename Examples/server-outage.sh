#!/usr/bin/env bash
# The example server tells the truth fast during a database outage: with
# PostgreSQL stopped, and with it frozen (SIGSTOP: connections open, no answers),
# requests that need the store get 503 store_unavailable with Retry-After well
# within 2 s, /health stays 200 and /ready says 503; once the database is back
# (after OUTAGE_SECONDS, default 40, of requests failing), /ready is 200 within
# 2 s of the database accepting connections, and events apply again. Then the
# database restarts six times under eight clients' events: the server stays up and
# answers each event 200, or 503 with Retry-After (Scripts/restart_load.py).
#
#   Examples/server-outage.sh            # OUTAGE_SECONDS=40 by default
#
# Builds the server (debug), starts a private PostgreSQL cluster on 127.0.0.1
# (installed from Debian's packages if missing) and one instance on it, and prints
# every answer's status, Retry-After and time. Exits 1 on a slow or wrong answer.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE="$ROOT/Examples/CheckoutServer"
# shellcheck source=CheckoutServer/Scripts/postgres-cluster.sh
. "$PACKAGE/Scripts/postgres-cluster.sh"

OUTAGE_SECONDS=${OUTAGE_SECONDS:-40}
WORK=$(mktemp -d /tmp/checkout-server-outage.XXXXXX)
chmod 755 "$WORK"
SERVER_PID=""
FROZEN_PID=""
PG_PIDS=""
cleanup() {
  local status=$?
  if [ -n "$FROZEN_PID" ]; then for pid in $PG_PIDS; do kill -CONT "$pid" 2>/dev/null || true; done; fi
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  pg_cluster_stop
  rm -rf "$WORK"
  exit $status
}
trap cleanup EXIT INT TERM

# shellcheck source=CheckoutServer/Scripts/check-support.sh
. "$PACKAGE/Scripts/check-support.sh"
build_server
pg_cluster_start "$WORK/pg"
PORT=$(pg_free_port)
"$BIN" --port "$PORT" --log-level error >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
H="http://127.0.0.1:$PORT"
for _ in $(seq 1 100); do curl -fs "$H/ready" >/dev/null 2>&1 && break; sleep 0.1; done

failures=0
# check LABEL EXPECTED_STATUS MAX_SECONDS curl-args...
check() {
  local label=$1 expected=$2 limit=$3
  shift 3
  local out status seconds retry
  out=$(curl -s -o "$WORK/body" -D "$WORK/headers" -w '%{http_code} %{time_total}' "$@") || true
  status=${out% *}
  seconds=${out#* }
  retry=$(grep -i '^retry-after:' "$WORK/headers" | tr -d '\r' | awk '{print $2}' || true)
  printf '%-44s %s %6.3f s  Retry-After: %-3s %s\n' "$label" "$status" "$seconds" "${retry:--}" "$(head -c 60 "$WORK/body")"
  if [ "$status" != "$expected" ] || awk -v s="$seconds" -v l="$limit" 'BEGIN { exit !(s > l) }'; then
    echo "   FAILED: expected $expected within ${limit} s"
    failures=$((failures + 1))
  fi
  if [ "$expected" = 503 ] && [ -z "$retry" ]; then
    echo "   FAILED: a 503 without Retry-After"
    failures=$((failures + 1))
  fi
}

# The session's id and secret: every request on it presents the secret.
read -r ID SECRET < <(curl -s -X POST "$H/sessions" -d '{"flow":"plndr"}' \
  | python3 -c 'import json, sys; answer = json.load(sys.stdin); print(answer["id"], answer["secret"])')
AUTH="Authorization: Bearer $SECRET"
echo "== database up (session $ID)"
check "GET /ready" 200 2 "$H/ready"
check "POST /sessions/{id}/events tap checkout" 200 2 -H "$AUTH" -X POST "$H/sessions/$ID/events" -d '{"event":"tap","row":"checkout"}'

echo "== database stopped (pg_ctl stop -m fast)"
pg_as_owner "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -m fast -w stop >/dev/null
for attempt in 1 2 3; do
  check "POST /sessions/{id}/events ($attempt)" 503 2 -H "$AUTH" -X POST "$H/sessions/$ID/events" -d '{"event":"appeared","step":"stepOne"}'
done
check "GET /sessions/{id}" 503 2 -H "$AUTH" "$H/sessions/$ID"
check "POST /sessions" 503 2 -X POST "$H/sessions" -d '{"flow":"plndr"}'
check "GET /health" 200 2 "$H/health"
check "GET /ready" 503 2 "$H/ready"

# A longer outage, with traffic throughout, as in production: the connection pool
# keeps trying to reconnect, further and further apart.
echo "== database down for ${OUTAGE_SECONDS} s, GET /ready every 0.2 s"
outage_end=$((SECONDS + OUTAGE_SECONDS))
while [ "$SECONDS" -lt "$outage_end" ]; do curl -s -o /dev/null "$H/ready" || true; sleep 0.2; done

echo "== database started again"
pg_as_owner "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/server.log" -w -t 60 \
  -o "-p $PG_PORT -k $WORK/pg/socket -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
# Recovery: from the moment the database accepts connections (pg_ctl -w returned)
# to the first /ready that answers 200, polled every 0.1 s; at most 2 s.
recovery=$(python3 - "$H/ready" <<'PY'
import sys, time, urllib.request, urllib.error
start = time.monotonic()
while time.monotonic() - start < 30:
    try:
        with urllib.request.urlopen(sys.argv[1], timeout=5) as answer:
            if answer.status == 200:
                break
    except (urllib.error.URLError, OSError):
        pass
    time.sleep(0.1)
print(f"{time.monotonic() - start:.3f}")
PY
)
printf '%-44s %6.3f s\n' "/ready 200 again after the database started" "$recovery"
if awk -v s="$recovery" 'BEGIN { exit !(s > 2) }'; then
  echo "   FAILED: /ready recovered after ${recovery} s, more than 2 s"
  failures=$((failures + 1))
fi
check "GET /ready" 200 2 "$H/ready"
check "POST /sessions/{id}/events appeared stepOne" 200 2 -H "$AUTH" -X POST "$H/sessions/$ID/events" -d '{"event":"appeared","step":"stepOne"}'

echo "== database frozen (SIGSTOP: connections open, nothing answers)"
FROZEN_PID=$(head -n 1 "$WORK/pg/data/postmaster.pid")
# The postmaster and its own children (backends, checkpointer…), by process id.
PG_PIDS="$FROZEN_PID $(pgrep -P "$FROZEN_PID" | tr '\n' ' ')"
for pid in $PG_PIDS; do kill -STOP "$pid" 2>/dev/null || true; done
check "POST /sessions/{id}/events" 503 2 -H "$AUTH" -X POST "$H/sessions/$ID/events" -d '{"event":"back"}'
check "GET /sessions/{id}" 503 2 -H "$AUTH" "$H/sessions/$ID"
check "GET /health" 200 2 "$H/health"
check "GET /ready" 503 2 "$H/ready"
for pid in $PG_PIDS; do kill -CONT "$pid" 2>/dev/null || true; done
FROZEN_PID=""
echo "== database thawed"
for _ in $(seq 1 50); do curl -fs "$H/ready" >/dev/null 2>&1 && break; sleep 0.2; done
check "GET /ready" 200 3 "$H/ready"
check "GET /sessions/{id}" 200 3 -H "$AUTH" "$H/sessions/$ID"

# Restarts under load: connections die under requests in flight and the pool opens
# new ones while events keep coming. The server stays up and answers every event
# 200, or 503 with Retry-After: never another status, never a dropped connection.
RESTARTS=${RESTARTS:-6}
echo "== database restarted $RESTARTS times (pg_ctl restart -m fast, 2-3 s apart), 8 clients sending events throughout"
python3 "$PACKAGE/Scripts/restart_load.py" "$H" $((RESTARTS * 3 + 4)) 8 >"$WORK/restart-load.json" &
LOAD_PID=$!
sleep 2
for n in $(seq 1 "$RESTARTS"); do
  pg_as_owner "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/server.log" -w -t 60 -m fast \
    -o "-p $PG_PORT -k $WORK/pg/socket -c listen_addresses=127.0.0.1 -c max_connections=200" restart >/dev/null
  sleep $((2 + n % 2))
done
wait "$LOAD_PID"
echo "answers to the events during the restarts: $(cat "$WORK/restart-load.json")"
if ! python3 - "$WORK/restart-load.json" <<'PY'
import json, sys
counts = json.load(open(sys.argv[1]))
wrong = {key: n for key, n in counts.items() if key not in ("200", "503")}
sys.exit(1 if wrong or counts.get("200", 0) == 0 else 0)
PY
then
  echo "   FAILED: an answer other than 200 or 503 with Retry-After, a dropped connection, or no event applied"
  failures=$((failures + 1))
fi
if ! kill -0 "$SERVER_PID" 2>/dev/null; then
  echo "   FAILED: the server exited during the restarts"
  { grep -m 1 -E "Program crashed|Fatal error" "$WORK/server.log" && grep -m 1 -A 6 " crashed:$" "$WORK/server.log"; } \
    || tail -n 40 "$WORK/server.log"
  exit 1
fi
for _ in $(seq 1 50); do curl -fs "$H/ready" >/dev/null 2>&1 && break; sleep 0.2; done
check "GET /ready" 200 3 "$H/ready"
check "POST /sessions/{id}/events back" 200 3 -H "$AUTH" -X POST "$H/sessions/$ID/events" -d '{"event":"back"}'

if [ "$failures" -gt 0 ]; then
  echo "failed: $failures answers were wrong or slow"
  exit 1
fi
echo "passed: every answer within its limit"
