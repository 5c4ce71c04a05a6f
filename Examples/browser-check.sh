#!/usr/bin/env bash
# The browser host page (Examples/CheckoutServer/Public), driven for real in
# headless Chromium by a shopper script (Scripts/browser_check.py), against the
# memory store and then the PostgreSQL store with a server restart mid-checkout.
# Both stores also walk three 3-D Secure payments on the Express flow
# (Scripts/browser_challenge.py): confirmed, declined after authentication, and
# cancelled; the PostgreSQL run restarts the server while the shopper is at the bank.
# Between the two, Scripts/browser_sessions.py walks the page's sessions (memory
# store, with an address-suggestion flow and scripted answers): two checkouts in
# one browser, one session in two tabs, a secret gone, a suggestion, a failed bank
# check declined, the language changed in place, refused and too long values;
# then Scripts/page_rtl_check.py opens Scripts/rtl-flow.json (English, Arabic,
# Hebrew) right to left: <html dir=rtl>, labels and fields computing `rtl`, the
# page mirrored, and an English session on it unchanged.
# On the memory store, Scripts/page_a11y_check.py checks the page's layout (reflow
# from 320 px to 200 % zoom) and accessibility (focus, dialogs, autofill, lang).
# On PostgreSQL, Scripts/browser_deploy.py meets a deploy: a German shopper on a
# step the new flow version removed is told, in German, that the checkout changed.
#
#   Examples/browser-check.sh [--screenshots DIR] [--memory-only]
#
# Installs what it needs when missing: Chromium and its driver and Graphviz from
# Debian's packages, Selenium from PyPI, PostgreSQL (Scripts/postgres-cluster.sh).
# Screenshots go to a temporary directory unless --screenshots names one (the
# README's come from `--screenshots docs/images`). Exits non-zero on any failed
# check, a JavaScript error or failed request in the page's console (but a 422 or
# 409 of the session API, an answer the page shows), or a CVV in
# the DOM, the URL, the page's storage or cookies, a server's log (each run's:
# memory, sessions, postgres, deploy) or (while the shopper is at the bank) the
# database dump.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGE="$ROOT/Examples/CheckoutServer"
SHOTS=""
POSTGRES=1
while [ $# -gt 0 ]; do
  case "$1" in
    --screenshots) SHOTS=$(mkdir -p "$2" && cd "$2" && pwd); shift 2 ;;
    --memory-only) POSTGRES=0; shift ;;
    *) echo "usage: $0 [--screenshots DIR] [--memory-only]" >&2; exit 2 ;;
  esac
done

apt_install() { # package...
  echo "== installing $* from Debian's packages"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 || apt_install chromium chromium-driver
command -v dot >/dev/null 2>&1 || apt_install graphviz
# The flow's picture marks guarded edges with a lock (🔒): a font that has it.
[ -n "$(fc-list 2>/dev/null | grep -i 'color emoji')" ] || apt_install fonts-noto-color-emoji
python3 -c 'import selenium' 2>/dev/null || { echo "== pip install selenium"; python3 -m pip install -q selenium; }

# shellcheck source=CheckoutServer/Scripts/postgres-cluster.sh
. "$PACKAGE/Scripts/postgres-cluster.sh"
# shellcheck source=CheckoutServer/Scripts/check-support.sh
. "$PACKAGE/Scripts/check-support.sh"

WORK=$(mktemp -d /tmp/checkout-browser-check.XXXXXX)
chmod 755 "$WORK"
[ -n "$SHOTS" ] || SHOTS="$WORK/screenshots"
mkdir -p "$SHOTS"
stop_server() {
  if [ -f "$WORK/server.pid" ]; then
    local pid
    pid=$(cat "$WORK/server.pid")
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -f "$WORK/server.pid"
  fi
}
cleanup() {
  local status=$?
  stop_server
  pg_cluster_stop
  if [ $status -ne 0 ]; then
    show_server_logs "$WORK" 30
    echo "screenshots (a failure's included): $SHOTS"
  fi
  # Kept after a failure (its screenshots, logs and database), removed otherwise.
  [ $status -eq 0 ] && rm -rf "$WORK"
  exit $status
}
trap cleanup EXIT INT TERM

build_server
PORT=$(pg_free_port)

start_server() { # log name [extra arguments]; the store comes from DATABASE_URL (unset: memory)
  local name=$1
  shift
  "$BIN" --hostname 127.0.0.1 --port "$PORT" --today 2026-11-21 --log-level trace "$@" >>"$WORK/server-$name.log" 2>&1 &
  echo $! >"$WORK/server.pid"
  for _ in $(seq 1 150); do
    if curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  echo "error: the server did not start on 127.0.0.1:$PORT" >&2
  return 1
}

no_cvv_in_log() { # log name
  # Each CVV standing on its own (typed_value_scan.py): four digits inside a
  # UUID or a request id are not a CVV, and grep -w would count them.
  if ! python3 "$PACKAGE/Scripts/typed_value_scan.py" "$WORK/server-$1.log" 7391 8264 5173 6142 2957 4836 3927 >&2; then
    echo "FAILED: the server's log ($1) holds a CVV typed in the page" >&2
    exit 1
  fi
  echo "== the server's log ($1, trace level) holds no CVV typed in the page"
}

python3 "$PACKAGE/Scripts/typed_value_scan.py" --self-test

echo "== the memory store"
unset DATABASE_URL
start_server memory
timeout 600 python3 "$PACKAGE/Scripts/browser_check.py" "http://127.0.0.1:$PORT" --screenshots "$SHOTS" \
  --server-log "$WORK/server-memory.log"
# The shopper's language: German by the browser's, French by the picker.
timeout 300 python3 "$PACKAGE/Scripts/locale_check.py" "http://127.0.0.1:$PORT" --screenshots "$SHOTS"
# Layout and accessibility: reflow at 320 px to 200 % zoom, focus, sheets, autofill, expiry, lang.
timeout 300 python3 "$PACKAGE/Scripts/page_a11y_check.py" "http://127.0.0.1:$PORT" --screenshots "$SHOTS"
stop_server
no_cvv_in_log memory

echo "== the page's sessions: two checkouts in one browser, two tabs on one, a suggestion, the language in place"
# The repository's flows, one whose call asks for an address suggestion (scripted
# answers make the demo API ask for it) and one in right-to-left languages (the
# repository's flows have none).
mkdir -p "$WORK/flows"
cp "$ROOT"/Flows/*.json "$PACKAGE/Scripts/suggest-flow.json" "$PACKAGE/Scripts/rtl-flow.json" "$WORK/flows/"
start_server sessions --flows "$WORK/flows" --dev-scripted-answers
timeout 600 python3 "$PACKAGE/Scripts/browser_sessions.py" "http://127.0.0.1:$PORT" --screenshots "$SHOTS"
echo "== the page right to left (Arabic, Hebrew), and an English session unchanged"
timeout 300 python3 "$PACKAGE/Scripts/page_rtl_check.py" "http://127.0.0.1:$PORT" --screenshots "$SHOTS"
stop_server
no_cvv_in_log sessions

if [ "$POSTGRES" = 1 ]; then
  pg_cluster_start "$WORK/pg"
  echo "== the PostgreSQL store, with a server restart before the page reloads"
  start_server postgres
  cat >"$WORK/restart.sh" <<RESTART
#!/usr/bin/env bash
set -euo pipefail
kill \$(cat "$WORK/server.pid")
while curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; do sleep 0.1; done
"$BIN" --hostname 127.0.0.1 --port "$PORT" --today 2026-11-21 --log-level trace >>"$WORK/server-postgres.log" 2>&1 &
echo \$! >"$WORK/server.pid"
for _ in \$(seq 1 150); do curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null 2>&1 && exit 0; sleep 0.2; done
echo "the server did not come back" >&2; exit 1
RESTART
  chmod +x "$WORK/restart.sh"
  # The database as pg_dump writes it (every table: the sessions, the API ledger).
  cat >"$WORK/dump.sh" <<DUMP
#!/usr/bin/env bash
set -euo pipefail
$( [ "$(id -u)" -eq 0 ] && echo "runuser -u $PG_OWNER -- " )"$PG_BIN/pg_dump" -h "$PG_DIR/socket" -p "$PG_PORT" -U checkout --data-only checkout
DUMP
  chmod +x "$WORK/dump.sh"
  timeout 600 python3 "$PACKAGE/Scripts/browser_check.py" "http://127.0.0.1:$PORT" --screenshots "$WORK" \
    --restart-command "$WORK/restart.sh" --server-log "$WORK/server-postgres.log" --dump-command "$WORK/dump.sh"
  timeout 300 python3 "$PACKAGE/Scripts/locale_check.py" "http://127.0.0.1:$PORT" --screenshots "$WORK" \
    --restart-command "$WORK/restart.sh"
  stop_server
  no_cvv_in_log postgres

  echo "== a deploy the shopper meets: PLNDR v1, then v1 and v2 with --on-flow-change migrate"
  mkdir -p "$WORK/flows-v1" "$WORK/flows-v1v2"
  cp "$ROOT/Examples/evolution/plndr-v1.json" "$WORK/flows-v1/"
  cp "$ROOT/Examples/evolution/plndr-v1.json" "$ROOT/Examples/evolution/plndr-v2.json" "$WORK/flows-v1v2/"
  start_server deploy --flows "$WORK/flows-v1"
  cat >"$WORK/deploy.sh" <<DEPLOY
#!/usr/bin/env bash
set -euo pipefail
kill \$(cat "$WORK/server.pid")
while curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; do sleep 0.1; done
"$BIN" --hostname 127.0.0.1 --port "$PORT" --today 2026-11-21 --log-level trace --flows "$WORK/flows-v1v2" \
  --on-flow-change migrate >>"$WORK/server-deploy.log" 2>&1 &
echo \$! >"$WORK/server.pid"
for _ in \$(seq 1 150); do curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null 2>&1 && exit 0; sleep 0.2; done
echo "the server did not come back" >&2; exit 1
DEPLOY
  chmod +x "$WORK/deploy.sh"
  timeout 300 python3 "$PACKAGE/Scripts/browser_deploy.py" "http://127.0.0.1:$PORT" --screenshots "$WORK" \
    --deploy-command "$WORK/deploy.sh"
  stop_server
  grep -q "session carried to another flow version" "$WORK/server-deploy.log" \
    || { echo "FAILED: the deploy's migration was not logged" >&2; exit 1; }
  # Like every server this check starts, the deploy's (both instances append to
  # this log, at trace level, on the database the PostgreSQL run left) logs no CVV.
  no_cvv_in_log deploy
fi
if [ "$SHOTS" = "$WORK/screenshots" ]; then
  echo "== ok (keep the screenshots with --screenshots DIR)"
else
  echo "== ok: screenshots in $SHOTS"
fi
