#!/usr/bin/env bash
# Load figures for the example server (Examples/CheckoutServer), with each store.
#
#   Examples/server-load.sh [--duration 10s] [--connections 32] [--threads 2] [--sessions 256]
#
# Builds the server in release mode, then for the memory store and for PostgreSQL
# (a private cluster on 127.0.0.1, installed from Debian's packages if missing)
# starts it on loopback, creates sessions, and runs wrk (installed from Debian's
# packages if missing) with --latency against
#   GET  /health                   (the same server's floor: no session work at all)
#   GET  /sessions/{id}            (a random session of the set per request)
#   POST /sessions/{id}/events     ({"event":"set","row":"quantity","value":N}, a random session)
# and, on the same cluster, `pgbench -N` with as many clients (the database's
# floor: a small read-write transaction per request). Prints requests/s and
# latency percentiles, with the commands used, then the floors side by side:
#   memory:   set >= 0.6 x /health of the same server
#   postgres: set >= 0.6 x pgbench -N tps, and set p99 <= 20 ms
# --enforce exits 1 when a floor is missed (otherwise it is only printed).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE="$ROOT/Examples/CheckoutServer"
DURATION=10s
CONNECTIONS=32
THREADS=2
SESSIONS=256
ENFORCE=0
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --sessions) SESSIONS=$2; shift 2 ;;
    --enforce) ENFORCE=1; shift ;;
    *) echo "usage: $0 [--duration 10s] [--connections 32] [--threads 2] [--sessions 256] [--enforce]" >&2; exit 2 ;;
  esac
done

# shellcheck source=CheckoutServer/Scripts/postgres-cluster.sh
. "$PACKAGE/Scripts/postgres-cluster.sh"

if ! command -v wrk >/dev/null 2>&1; then
  echo "== installing wrk from Debian's packages (apt-get install -y wrk)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk >/dev/null
fi

WORK=$(mktemp -d /tmp/checkout-server-load.XXXXXX)
chmod 755 "$WORK"
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
}
cleanup() {
  local status=$?
  stop_server
  pg_cluster_stop
  rm -rf "$WORK"
  exit $status
}
trap cleanup EXIT INT TERM

echo "== building the server in release mode (swift build -c release in Examples/CheckoutServer)"
(cd "$PACKAGE" && timeout 3600 swift build -c release --product checkout-server 2>&1 | tail -n 1)
BIN="$(cd "$PACKAGE" && swift build -c release --show-bin-path)/checkout-server"

cat >"$WORK/health.lua" <<'LUA'
request = function()
  return wrk.format("GET", "/health")
end
LUA
# SESSION_IDS holds one "id secret" line per session: each request presents its
# session's secret (Authorization: Bearer), as every client must.
cat >"$WORK/sessions.lua" <<'LUA'
sessions = {}
for line in io.lines(os.getenv("SESSION_IDS")) do
  local id, secret = line:match("^(%S+) (%S+)$")
  sessions[#sessions + 1] = { id = id, secret = secret }
end
math.randomseed(os.time())
LUA
cat >"$WORK/get.lua" <<'LUA'
dofile(os.getenv("SESSIONS_LUA"))
request = function()
  local session = sessions[math.random(#sessions)]
  return wrk.format("GET", "/sessions/" .. session.id, { ["Authorization"] = "Bearer " .. session.secret })
end
LUA
cat >"$WORK/post.lua" <<'LUA'
dofile(os.getenv("SESSIONS_LUA"))
request = function()
  local session = sessions[math.random(#sessions)]
  local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. session.secret }
  local body = '{"event":"set","row":"quantity","value":"' .. math.random(1, 9) .. '"}'
  return wrk.format("POST", "/sessions/" .. session.id .. "/events", headers, body)
end
LUA

RESULTS="$WORK/results.txt"
: >"$RESULTS"

run_store() { # name [env...]
  local name=$1
  shift
  local port
  port=$(pg_free_port)
  env "$@" "$BIN" --hostname 127.0.0.1 --port "$port" --today 2026-11-21 --log-level error >"$WORK/server-$name.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 150); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
    sleep 0.2
  done
  local ids="$WORK/ids-$name.txt"
  : >"$ids"
  for _ in $(seq 1 "$SESSIONS"); do
    curl -fsS -X POST -H 'Content-Type: application/json' -d '{"flow":"plndr"}' "http://127.0.0.1:$port/sessions" \
      | python3 -c 'import json, sys; answer = json.load(sys.stdin); print(answer["id"], answer["secret"])' >>"$ids"
  done
  for endpoint in health get post; do
    local label command
    case $endpoint in
      health) label="GET /health" ;;
      get) label="GET /sessions/{id}" ;;
      *) label="POST /sessions/{id}/events (set)" ;;
    esac
    command="wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency -s $endpoint.lua http://127.0.0.1:$port"
    # warm up, then measure
    SESSION_IDS="$ids" SESSIONS_LUA="$WORK/sessions.lua" wrk -t1 -c4 -d2s -s "$WORK/$endpoint.lua" \
      "http://127.0.0.1:$port" >/dev/null
    SESSION_IDS="$ids" SESSIONS_LUA="$WORK/sessions.lua" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$WORK/$endpoint.lua" \
      "http://127.0.0.1:$port" >"$WORK/wrk-$name-$endpoint.txt"
    python3 - "$WORK/wrk-$name-$endpoint.txt" "$name" "$label" "$command" >>"$RESULTS" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rps = re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)
def pct(p):
    m = re.search(rf"^\s+{p}%\s+([\d.]+\w+)", text, re.M)
    return m.group(1) if m else "?"
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
errors = re.search(r"Socket errors: (.*)", text)
total = re.search(r"(\d+) requests in", text).group(1)
print(f"| {sys.argv[2]} | {sys.argv[3]} | {float(rps):,.0f} | {pct(50)} | {pct(99)} | {total} | {non2xx.group(1) if non2xx else 0}{' (' + errors.group(1) + ')' if errors else ''} |")
PY
    python3 - "$WORK/wrk-$name-$endpoint.txt" >"$WORK/figures-$name-$endpoint.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
m = re.search(r"^\s+99%\s+([\d.]+)(\w+)", text, re.M)
scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
p99 = float(m.group(1)) * scale.get(m.group(2), 1.0) if m else float("nan")
print(f"{rps} {p99}")
PY
  done
  local version
  local first
  read -r -a first <"$ids"
  version=$(curl -fsS -H "Authorization: Bearer ${first[1]}" "http://127.0.0.1:$port/sessions/${first[0]}" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
  echo "== $name: done (a session's version after the run: $version)"
  stop_server
}

run_store memory -u DATABASE_URL
pg_cluster_start "$WORK/pg"
run_store postgres DATABASE_URL="$DATABASE_URL"

# The database's floor: pgbench -N (a SELECT, an UPDATE and an INSERT in a
# transaction per request) on the same cluster, over TCP as the server connects.
pg_as_owner "$PG_BIN/createdb" -h "$PG_DIR/socket" -p "$PG_PORT" -U checkout bench
PGPASSWORD=$PG_PASSWORD pgbench -i -q -s 4 -h 127.0.0.1 -p "$PG_PORT" -U checkout bench >"$WORK/pgbench-init.txt" 2>&1
PGBENCH="pgbench -N -c $CONNECTIONS -j $THREADS -T ${DURATION%s} -h 127.0.0.1 -p $PG_PORT -U checkout bench"
PGPASSWORD=$PG_PASSWORD pgbench -N -c "$CONNECTIONS" -j "$THREADS" -T 2 -h 127.0.0.1 -p "$PG_PORT" -U checkout bench >/dev/null 2>&1
PGPASSWORD=$PG_PASSWORD $PGBENCH >"$WORK/pgbench.txt" 2>&1
PGBENCH_TPS=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$WORK/pgbench.txt" | tail -n 1)
PGBENCH_LATENCY=$(sed -n 's/^latency average = \(.*\)$/\1/p' "$WORK/pgbench.txt")

echo
echo "$(nproc) cores, $(uname -sr); server: release build, --log-level error; $SESSIONS plndr sessions per store"
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency -s {get,post}.lua http://127.0.0.1:PORT (random session per request)"
echo
echo "| store | endpoint | requests/s | p50 | p99 | requests | non-2xx |"
echo "|---|---|---:|---:|---:|---:|---:|"
cat "$RESULTS"
echo "| postgres | pgbench -N ($PGBENCH) | ${PGBENCH_TPS%.*} tps | | latency average $PGBENCH_LATENCY | | |"

echo
echo "Floors (measured in this run, side by side):"
python3 - "$WORK" "$PGBENCH_TPS" <<'PY' | tee "$WORK/floors.txt"
import sys
work, pgbench = sys.argv[1], float(sys.argv[2])
def figures(name, endpoint):
    rps, p99 = open(f"{work}/figures-{name}-{endpoint}.txt").read().split()
    return float(rps), float(p99)
health, _ = figures("memory", "health")
memory_set, _ = figures("memory", "post")
pg_set, pg_p99 = figures("postgres", "post")
rows = [
    ("memory: set / GET /health of the same server", f"{memory_set:,.0f} / {health:,.0f} = {memory_set / health:.2f}x", ">= 0.60x", memory_set / health >= 0.6),
    ("postgres: set / pgbench -N on the same cluster", f"{pg_set:,.0f} / {pgbench:,.0f} = {pg_set / pgbench:.2f}x", ">= 0.60x", pg_set / pgbench >= 0.6),
    ("postgres: set p99", f"{pg_p99:.2f} ms", "<= 20 ms", pg_p99 <= 20),
]
print("| floor | measured | target | |")
print("|---|---|---|---|")
for name, measured, target, met in rows:
    print(f"| {name} | {measured} | {target} | {'met' if met else 'MISSED'} |")
PY
if [ "$ENFORCE" = 1 ] && grep -q MISSED "$WORK/floors.txt"; then
  echo "error: a floor was missed" >&2
  exit 1
fi
