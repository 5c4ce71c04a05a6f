# A private, throwaway PostgreSQL cluster on 127.0.0.1 for the example server's
# scripts (sourced by Examples/server-postgres-check.sh and server-load.sh).
#
#   pg_cluster_start DIR      # initdb into DIR/data, start on a free port; sets PG_PORT, DATABASE_URL, CHECKOUT_DATA_KEY
#   pg_cluster_stop           # stop it (safe to call twice)
#
# Installs Debian's `postgresql` package when no initdb is found. The server runs
# as an unprivileged user (the package's `postgres` user when run as root), listens
# on 127.0.0.1 only, and takes password (scram) logins over TCP.

pg_find_bin() {
  local dir
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    PG_BIN=$(dirname "$(readlink -f "$(command -v initdb)")")
    return 0
  fi
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
    PG_BIN=$dir
    return 0
  fi
  return 1
}

pg_install() {
  pg_find_bin && return 0
  echo "== installing PostgreSQL from Debian's packages (apt-get install -y postgresql)"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "error: PostgreSQL is missing and this user cannot install it" >&2; return 1; }
    sudo="sudo"
  fi
  # The package's post-install starts a default cluster on port 5432; it is not used.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
  pg_find_bin
}

pg_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Runs a command as the cluster's owner.
pg_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u "$PG_OWNER" -- "$@"
  else
    "$@"
  fi
}

pg_cluster_start() {
  PG_DIR=$1
  pg_install
  if [ "$(id -u)" -eq 0 ]; then
    PG_OWNER=postgres
    id "$PG_OWNER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_OWNER"
  else
    PG_OWNER=$(id -un)
  fi
  mkdir -p "$PG_DIR/socket"
  PG_PASSWORD=$(python3 -c 'import secrets; print(secrets.token_hex(12))')
  printf '%s\n' "$PG_PASSWORD" >"$PG_DIR/pwfile"
  chmod 600 "$PG_DIR/pwfile"
  [ "$(id -u)" -eq 0 ] && chown -R "$PG_OWNER" "$PG_DIR"
  pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -U checkout --pwfile="$PG_DIR/pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --no-locale >"$PG_DIR/initdb.log" 2>&1 \
    || { cat "$PG_DIR/initdb.log" >&2; return 1; }
  PG_PORT=$(pg_free_port)
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-p $PG_PORT -k $PG_DIR/socket -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null \
    || { cat "$PG_DIR/server.log" >&2; return 1; }
  PG_STARTED=1
  pg_as_owner "$PG_BIN/createdb" -h "$PG_DIR/socket" -p "$PG_PORT" -U checkout checkout
  export DATABASE_URL="postgres://checkout:$PG_PASSWORD@127.0.0.1:$PG_PORT/checkout?sslmode=disable"
  # The key card numbers are sealed with (the server refuses PostgreSQL without one).
  export CHECKOUT_DATA_KEY="${CHECKOUT_DATA_KEY:-$(python3 -c 'import base64, os; print(base64.b64encode(os.urandom(32)).decode())')}"
  echo "== PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT (data in $PG_DIR/data, owner $PG_OWNER)"
}

pg_cluster_stop() {
  if [ "${PG_STARTED:-0}" = 1 ]; then
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    PG_STARTED=0
  fi
}
