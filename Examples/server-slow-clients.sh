#!/usr/bin/env bash
# Slow clients cost the example server nothing: 1,100 connections that declare a
# 60,000-byte body and send a byte of it every 5 s, then 1,100 that send a header
# byte every 2 s, each closed by the server within its read timeout
# (--body-timeout, --header-timeout), while a fresh GET /health answers 200 within
# 1 s throughout and the descriptors come back to where they were
# (Examples/CheckoutServer/Scripts/slow_clients.py).
#
#   Examples/server-slow-clients.sh [--connections 1100]
#
# Builds the server (debug) and starts it on 127.0.0.1 with the memory store and
# an open-file soft limit of 1,024, as many systems start a process (the server
# raises it to the hard limit itself). Exits 1 when a check fails. Loopback only.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE="$ROOT/Examples/CheckoutServer"
# shellcheck source=CheckoutServer/Scripts/check-support.sh
. "$PACKAGE/Scripts/check-support.sh"
CONNECTIONS=1100
while [ $# -gt 0 ]; do
  case "$1" in
    --connections) CONNECTIONS=$2; shift 2 ;;
    *) echo "usage: $0 [--connections 1100]" >&2; exit 2 ;;
  esac
done

build_server
WORK=$(mktemp -d /tmp/checkout-server-slow.XXXXXX)
PORT=$(free_port)
(ulimit -Sn 1024 && exec "$BIN" --hostname 127.0.0.1 --port "$PORT" --log-level info >"$WORK/server-1.log" 2>&1) &
SERVER_PID=$!
cleanup() {
  local status=$?
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  [ $status -ne 0 ] && show_server_logs "$WORK" 20
  rm -rf "$WORK"
  exit $status
}
trap cleanup EXIT INT TERM

wait_for_health "$PORT"
echo "== server pid $SERVER_PID on 127.0.0.1:$PORT, open-file limit $(awk '/Max open files/ {print $4 " (hard " $5 ")"}' "/proc/$SERVER_PID/limits")"
grep -m1 'connection limits\|connections capped' "$WORK/server-1.log" || true
python3 "$PACKAGE/Scripts/slow_clients.py" --port "$PORT" --pid "$SERVER_PID" --connections "$CONNECTIONS"
