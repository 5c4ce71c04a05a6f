# Shared by the example server's check scripts (sourced after PACKAGE is set).
#
#   build_server            # swift build (debug) of checkout-server; sets BIN to the binary
#                           # (CHECKOUT_SERVER_BIN=path: that binary instead, unbuilt)
#   show_server_logs DIR N  # prints the last N lines of each DIR/server-*.log (after a failure)
#   wait_for_health PORT    # waits up to 10 s for GET /health on 127.0.0.1:PORT; fails if it never answers
#   stop_servers            # stops every process in the PIDS array and waits for it (in a cleanup trap)
#   start_check_work NAME   # WORK=a fresh /tmp/checkout-server-NAME.XXXXXX and PIDS=(); on exit the servers
#                           # in PIDS and the cluster are stopped, their logs' last 20 lines shown after a
#                           # failure, and WORK removed

build_server() {
  if [ -n "${CHECKOUT_SERVER_BIN:-}" ]; then
    # A given build (e.g. the server before a change, to show a check failing on it).
    BIN=$CHECKOUT_SERVER_BIN
    echo "== using the server at $BIN (CHECKOUT_SERVER_BIN)"
    return 0
  fi
  echo "== building the server (swift build in Examples/CheckoutServer)"
  (cd "$PACKAGE" && timeout 1800 swift build --product checkout-server 2>&1 | tail -n 1)
  BIN="$(cd "$PACKAGE" && swift build --show-bin-path)/checkout-server"
}

show_server_logs() {
  local log
  [ -d "$1" ] || return 0
  for log in "$1"/server-*.log; do
    [ -f "$log" ] && { echo "--- last lines of $log"; tail -n "$2" "$log"; }
  done
  return 0
}

wait_for_health() {
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$1/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  curl -fs "http://127.0.0.1:$1/health" >/dev/null
}

stop_servers() {
  local pid
  for pid in "${PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]:-}"; do
    [ -n "$pid" ] && wait "$pid" 2>/dev/null || true
  done
  return 0
}

start_check_work() {
  WORK=$(mktemp -d "/tmp/checkout-server-$1.XXXXXX")
  chmod 755 "$WORK"
  PIDS=()
  trap check_work_cleanup EXIT INT TERM
}

check_work_cleanup() {
  local status=$?
  stop_servers
  if declare -F pg_cluster_stop >/dev/null; then pg_cluster_stop; fi
  [ $status -ne 0 ] && show_server_logs "$WORK" 20
  rm -rf "$WORK"
  exit $status
}

# A port free on 127.0.0.1 now, chosen by the system (a port picked at random may
# be held by another process's connection).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}
