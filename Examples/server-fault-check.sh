#!/usr/bin/env bash
# Exactly-once orders across crashes: the example server (Examples/CheckoutServer)
# with two instances on one PostgreSQL, the database restarted and stopped, and an
# instance killed (SIGKILL, as kill -9) at each point of an API call; then
# checkouts left at the bank's 3-D Secure challenge (some the bank confirmed with no page
# reporting back), abandoned (--abandon-after) by
# an instance killed at each point of the abandonment and finished by another's pass.
#
#   Examples/server-fault-check.sh [--orders 100] [--seed 15]
#
# Installs PostgreSQL from Debian's packages if missing and starts a private
# cluster on 127.0.0.1 (Scripts/postgres-cluster.sh); builds the server; then
# Scripts/fault_check.py places the orders (see its header for the cases) and
# checks, from the database, that every order was charged exactly once (the demo
# API's ledger) and every checkout abandoned unpaid never, that no session has a
# call waiting, and that every session equals the replay of its accepted events on
# a memory-store instance (an abandonment: replayed with the reference's own).
# Prints the statuses counted. Exits non-zero on any failure. Everything listens
# on 127.0.0.1. About 3 minutes on the 2-core build machine (the server built).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE="$ROOT/Examples/CheckoutServer"
ORDERS=100
SEED=15
while [ $# -gt 0 ]; do
  case "$1" in
    --orders) ORDERS=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    *) echo "usage: $0 [--orders 100] [--seed 15]" >&2; exit 2 ;;
  esac
done

# shellcheck source=CheckoutServer/Scripts/postgres-cluster.sh
. "$PACKAGE/Scripts/postgres-cluster.sh"
# shellcheck source=CheckoutServer/Scripts/check-support.sh
. "$PACKAGE/Scripts/check-support.sh"

WORK=$(mktemp -d /tmp/checkout-server-fault.XXXXXX)
chmod 755 "$WORK"
cleanup() {
  local status=$?
  pg_cluster_stop
  [ $status -ne 0 ] && show_server_logs "$WORK" 15
  rm -rf "$WORK"
  exit $status
}
trap cleanup EXIT INT TERM

build_server

pg_cluster_start "$WORK/pg"
PG_CTL="$PG_BIN/pg_ctl -D $PG_DIR/data -l $PG_DIR/server.log -w -t 60"
PG_OPTIONS="-p $PG_PORT -k $PG_DIR/socket -c listen_addresses=127.0.0.1 -c max_connections=200"
as_owner() { # the command line, run as the cluster's owner
  if [ "$(id -u)" -eq 0 ]; then echo "runuser -u $PG_OWNER -- $*"; else echo "$*"; fi
}

echo "== $ORDERS orders through instances A and B (and F, killed at each call point) on one PostgreSQL"
timeout 1200 python3 "$PACKAGE/Scripts/fault_check.py" \
  --bin "$BIN" --database-url "$DATABASE_URL" --work "$WORK" --orders "$ORDERS" --seed "$SEED" \
  --pg-restart "$(as_owner "$PG_CTL -m fast -o '$PG_OPTIONS' restart")" \
  --pg-stop "$(as_owner "$PG_CTL -m fast stop")" \
  --pg-start "$(as_owner "$PG_CTL -o '$PG_OPTIONS' start")" \
  --psql "$(as_owner "$PG_BIN/psql -h $PG_DIR/socket -p $PG_PORT -U checkout -d checkout")"
echo "== ok"
