#!/usr/bin/env bash
# Load figures for the example server (Examples/CheckoutServer), with each store.
#
#   Examples/server-load.sh [--duration 10s] [--connections 32] [--threads 2] [--sessions 256]
#
# Builds the server in release mode, then for the memory store and for PostgreSQL
# (a private cluster on 127.0.0.1, installed from Debian's packages if missing)
# starts it on loopback, creates sessions, and runs wrk (installed from Debian's
# packages if missing) with --latency against
#   GET  /sessions/{id}            (a random session of the set per request)
#   POST /sessions/{id}/events     ({"event":"set","row":"quantity","value":N}, a random session)
# and prints requests/s and latency percentiles, with the wrk command used.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE="$ROOT/Examples/CheckoutServer"
DURATION=10s
CONNECTIONS=32
THREADS=2
SESSIONS=256
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --sessions) SESSIONS=$2; shift 2 ;;
    *) echo "usage: $0 [--duration 10s] [--connections 32] [--threads 2] [--sessions 256]" >&2; exit 2 ;;
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

cat >"$WORK/get.lua" <<'LUA'
local ids = {}
for line in io.lines(os.getenv("SESSION_IDS")) do ids[#ids + 1] = line end
math.randomseed(os.time())
request = function()
  return wrk.format("GET", "/sessions/" .. ids[math.random(#ids)])
end
LUA
cat >"$WORK/post.lua" <<'LUA'
local ids = {}
for line in io.lines(os.getenv("SESSION_IDS")) do ids[#ids + 1] = line end
math.randomseed(os.time())
local headers = { ["Content-Type"] = "application/json" }
request = function()
  local body = '{"event":"set","row":"quantity","value":"' .. math.random(1, 9) .. '"}'
  return wrk.format("POST", "/sessions/" .. ids[math.random(#ids)] .. "/events", headers, body)
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
      | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])' >>"$ids"
  done
  for endpoint in get post; do
    local label command
    if [ "$endpoint" = get ]; then label="GET /sessions/{id}"; else label="POST /sessions/{id}/events (set)"; fi
    command="wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency -s $endpoint.lua http://127.0.0.1:$port"
    # warm up, then measure
    SESSION_IDS="$ids" wrk -t1 -c4 -d2s -s "$WORK/$endpoint.lua" "http://127.0.0.1:$port" >/dev/null
    SESSION_IDS="$ids" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$WORK/$endpoint.lua" \
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
  done
  local version
  version=$(curl -fsS "http://127.0.0.1:$port/sessions/$(head -n 1 "$ids")" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
  echo "== $name: done (a session's version after the run: $version)"
  stop_server
}

run_store memory -u DATABASE_URL
pg_cluster_start "$WORK/pg"
run_store postgres DATABASE_URL="$DATABASE_URL"

echo
echo "$(nproc) cores, $(uname -sr); server: release build, --log-level error; $SESSIONS plndr sessions per store"
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency -s {get,post}.lua http://127.0.0.1:PORT (random session per request)"
echo
echo "| store | endpoint | requests/s | p50 | p99 | requests | non-2xx |"
echo "|---|---|---:|---:|---:|---:|---:|"
cat "$RESULTS"
