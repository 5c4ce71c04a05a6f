#!/usr/bin/env bash
# Drives the real `checkout repl` through tmux, as a person at a terminal would,
# and checks what the screen shows after every step of a PLNDR checkout:
#
#   tap checkout, fill the shipping address and the credit card (with a CVV),
#   continue, script the API to reject the CVV, place the order, accept the
#   offer (the engine walks back to the CVV row), fix the CVV, place the order
#   again (the API says ok) and see the confirmation; quit.
#
# A CVV leaves no trace at the prompt: after `set cvv 555` the whole scroll-back
# (`capture-pane -S -`, the echoed line included) holds no 555 (the line reads
# `set cvv •••`), arrow-up does not bring it back, and `set cvv` alone asks for
# the value with echo off. Tab completes `tap chec` to `tap checkout`.
#
# Letters outside ASCII typed at the prompt arrive whole (`set city Kraków`, then
# `expect value shipping.city Kraków` holds), with no LANG in the REPL's
# environment (the C locale, as on many CI machines) and again with LANG=C.UTF-8.
#
# Then it replays the recording the REPL wrote (`--record`) with
# `checkout replay` and checks that the recording does not hold the CVVs typed
# and holds the letters typed (`Kraków`) exactly.
#
# usage: Examples/repl-tmux-check.sh [CHECKOUT_BINARY]   (default .build/debug/checkout)
#
# Prints one PASS or FAIL line per check and exits 1 if any check failed (2 if
# the check could not run). Waits for the screen by polling, never with long
# sleeps; every wait is bounded, and so is the whole run.

set -u

BINARY=${1:-.build/debug/checkout}
# Run from elsewhere than the package root, the default is found from this script.
if [ $# -eq 0 ] && [ ! -e "$BINARY" ]; then
  BINARY="$(cd "$(dirname "$0")/.." && pwd)/.build/debug/checkout"
fi
PLNDR_FLOW="$(cd "$(dirname "$0")/.." && pwd)/Flows/plndr.json"  # the built-in flow, for migrate
WAIT_SECONDS=${WAIT_SECONDS:-15}     # the longest wait for one screen
TOTAL_SECONDS=${TOTAL_SECONDS:-180}  # the longest the whole check may take
TODAY=2026-11-21
CVV_WRONG=555                        # typed, rejected by the API; must never show
CVV_RIGHT=4821                       # typed at the no-echo prompt to fix it; never shown either

# The checks read the screen with grep and sed, whose patterns (`━+`) need a UTF-8
# locale to match a character outside ASCII as one; the REPLs get their own
# environment (no LANG, then LANG=C.UTF-8).
if locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then export LC_ALL=C.UTF-8; fi

FAILS=0
CHECKS=0
START=$SECONDS

say() { printf '%s\n' "$*"; }
die() { say "FAIL  $*"; exit 2; }

# --- set-up ---------------------------------------------------------------

if ! command -v tmux >/dev/null 2>&1; then
  say "tmux is missing; installing it with apt-get"
  if command -v apt-get >/dev/null 2>&1; then
    { apt-get install -y tmux || { apt-get update && apt-get install -y tmux; }; } >/dev/null 2>&1
  fi
  command -v tmux >/dev/null 2>&1 || die "tmux is not installed and apt-get could not install it"
fi

# The binary may be mid-rebuild: wait for it (bounded), then run a private copy
# so that a rebuild during the check cannot change it under us.
for _ in $(seq 1 90); do
  [ -x "$BINARY" ] && break
  sleep 1
done
[ -x "$BINARY" ] || die "no checkout binary at $BINARY (build it with: swift build)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/checkout-repl-check.XXXXXX")
SOCKET="$WORK/tmux.socket"            # a private tmux server, removed with $WORK
SESSION="repl"
TARGET="$SESSION:0.0"
RECORDING="$WORK/recorded.scenario"
STATUS_FILE="$WORK/repl.status"          # the REPL's exit status, written by the pane's shell
CHECKOUT="$WORK/checkout"
cp "$BINARY" "$CHECKOUT" || die "cannot copy $BINARY"

cleanup() {
  tmux -S "$SOCKET" kill-server >/dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A private tmux server: a long history (the whole session is read back) and
# panes that stay after the REPL exits, so its last words can be read.
cat >"$WORK/tmux.conf" <<'EOF'
set -g history-limit 20000
set -g remain-on-exit on
EOF

tmux -S "$SOCKET" -f "$WORK/tmux.conf" new-session -d -s "$SESSION" -x 120 -y 50 \
  "cd '$WORK' && env -u LANG -u LC_ALL -u LC_CTYPE TERM=xterm-256color '$CHECKOUT' repl --today $TODAY --record '$RECORDING'; echo \$? >'$STATUS_FILE'" \
  || die "tmux could not start the REPL"

# --- reading the screen ---------------------------------------------------

# Everything the pane showed, wrapped lines joined, any styling removed.
capture() {
  tmux -S "$SOCKET" capture-pane -p -J -t "$TARGET" -S - -E - 2>/dev/null \
    | sed -e 's/\x1b\[[0-9;]*m//g' -e 's/\[[0-9;]*m\(checkout> \)/\1/g'
}

prompts() { capture | grep -c '^checkout> '; }

# The output of the last command: the lines between the last two prompts.
last_block() {
  capture | awk '/^checkout> /{ n++; line[n] = NR } { text[NR] = $0 }
    END { if (n >= 2) for (i = line[n-1] + 1; i < line[n]; i++) print text[i] }'
}

out_of_time() { [ $((SECONDS - START)) -ge "$TOTAL_SECONDS" ]; }

# Polls until the pane shows at least N prompts; false on timeout.
wait_for_prompts() {
  local wanted=$1 deadline=$((SECONDS + WAIT_SECONDS))
  while [ "$(prompts)" -lt "$wanted" ]; do
    if [ "$SECONDS" -ge "$deadline" ] || out_of_time; then return 1; fi
    if [ "$(tmux -S "$SOCKET" display -p -t "$TARGET" '#{pane_dead}' 2>/dev/null)" = 1 ]; then return 1; fi
    sleep 0.1
  done
}

BLOCK=""
# Types one line at the prompt and waits for the REPL to answer with a new prompt.
type_line() {
  local line=$1 before
  before=$(prompts)
  tmux -S "$SOCKET" send-keys -t "$TARGET" -l -- "$line"
  tmux -S "$SOCKET" send-keys -t "$TARGET" Enter
  if ! wait_for_prompts $((before + 1)); then
    say "FAIL  the REPL answered '$line' within ${WAIT_SECONDS}s"
    say "----- the screen:"
    capture | grep -v '^[[:space:]]*$' | tail -40 | sed 's/^/    | /'
    exit 1
  fi
  BLOCK=$(last_block)
}

# The line being edited at the prompt: the last prompt line on screen.
input_line() {
  tmux -S "$SOCKET" capture-pane -p -J -t "$TARGET" 2>/dev/null | sed -e 's/\x1b\[[0-9;]*m//g' \
    | grep '^checkout> ' | tail -1
}

# Polls until the input line is $1 (bounded); false on timeout.
wait_for_input() {
  local wanted=$1 deadline=$((SECONDS + WAIT_SECONDS))
  while [ "$(input_line)" != "$wanted" ]; do
    if [ "$SECONDS" -ge "$deadline" ] || out_of_time; then return 1; fi
    sleep 0.1
  done
}

# Polls until the screen's last line starts with $1 (a prompt that asks for a value).
wait_for_last_line() {
  local wanted=$1 deadline=$((SECONDS + WAIT_SECONDS))
  while ! tmux -S "$SOCKET" capture-pane -p -J -t "$TARGET" 2>/dev/null | grep -v '^[[:space:]]*$' | tail -1 | grep -qF -- "$wanted"; do
    if [ "$SECONDS" -ge "$deadline" ] || out_of_time; then return 1; fi
    sleep 0.1
  done
}

# --- checks ---------------------------------------------------------------

has() { grep -qF -- "$1" <<<"$BLOCK"; }
has_re() { grep -qE -- "$1" <<<"$BLOCK"; }
lacks() { ! grep -qF -- "$1" <<<"$BLOCK"; }
lacks_re() { ! grep -qE -- "$1" <<<"$BLOCK"; }

# check "what is checked" COMMAND...: one PASS or FAIL line; the screen on failure.
check() {
  local name=$1
  shift
  CHECKS=$((CHECKS + 1))
  if "$@"; then
    say "PASS  $name"
  else
    say "FAIL  $name"
    FAILS=$((FAILS + 1))
    say "----- the REPL's last answer:"
    sed 's/^/    | /' <<<"$BLOCK"
  fi
}

# --- the checkout ---------------------------------------------------------

say "checking $BINARY with tmux $(tmux -V | cut -d' ' -f2) (pane 120x50, session date $TODAY)"

if ! wait_for_prompts 1; then
  say "FAIL  the REPL showed its prompt within ${WAIT_SECONDS}s"
  capture | grep -v '^[[:space:]]*$' | tail -20 | sed 's/^/    | /'
  exit 1
fi
BLOCK=$(capture)
check "start: the built-in PLNDR flow on My Cart" has "PLNDR checkout"
check "start: the My Cart screen" has_re '^━━ My Cart ━+$'
check "start: the Checkout row is numbered" has_re '^ +5\. Checkout +\[Checkout\]'
check "start: the subtotal is an amount, written the English way" has_re '^ +3\. Subtotal +\$84\.00$'

# The shopper's language: German words, and the amount as German writes it.
type_line "locale de"
check "locale de: the cart's German title" has_re '^━━ Mein Warenkorb ━+$'
check "locale de: the subtotal as German writes an amount (84,00 $)" has_re '^ +3\. Zwischensumme +84,00.+\$$'
type_line "locale en"
check "locale en: back to English" has_re '^ +3\. Subtotal +\$84\.00$'

# Tab completion: `tap chec` + Tab becomes `tap checkout ` (the rows of My Cart).
tmux -S "$SOCKET" send-keys -t "$TARGET" -l -- "tap chec"
tmux -S "$SOCKET" send-keys -t "$TARGET" Tab
wait_for_input "checkout> tap checkout "
BLOCK=$(input_line)
check "tab: 'tap chec' completes to 'tap checkout'" test "$BLOCK" = "checkout> tap checkout "
tmux -S "$SOCKET" send-keys -t "$TARGET" C-a C-k
wait_for_input "checkout> "

type_line "tap checkout"
check "tap checkout: breadcrumb 'My Cart › Step One'" has_re '^My Cart › Step One$'
check "tap checkout: Continue disabled until the address and card are complete" has_re '^ +disabled: Continue$'
check "tap checkout: one line for the address step, its missing rows listed" has_re '^ +Complete "Shipping Address" first\. Full name is required\. Street address is required\.'
check "tap checkout: one line for the card step" has_re '^ +Complete "Credit Card" first\. Name on card is required\. Card number is required\.'
check "tap checkout: the reason is wrapped to the pane's 120 columns" test "$(grep -E '^ {6}' <<<"$BLOCK" | awk '{ if (length($0) > 120) n++ } END { print n + 0 }')" = 0

type_line "tap shippingAddress"
check "tap shippingAddress: breadcrumb 'My Cart › Step One | modal: Shipping Address'" \
  has_re '^My Cart › Step One \| modal: Shipping Address$'
type_line 'set name "Ada Lovelace"'
type_line 'set street "1 Main St"'
type_line "set city Portland"
type_line "set state OR"
type_line "set zip 97201"
check "address: the ZIP row shows 97201" has_re 'ZIP code +97201'
check "address: the street row shows '1 Main St'" has_re 'Street address +1 Main St'
check "address: no row shows an error" lacks_re '^ +! '
# Letters outside ASCII, typed in the C locale (the REPL runs with no LANG).
type_line "set city Kraków"
check "utf-8 (no LANG): 'set city Kraków' shows City 'Kraków'" has_re 'City +Kraków$'
type_line 'set name "Zażółć Straße"'
check "utf-8 (no LANG): the name row shows 'Zażółć Straße'" has_re 'Full name +Zażółć Straße$'
type_line "expect value shipping.city Kraków"
check "utf-8 (no LANG): 'expect value shipping.city Kraków' holds" has "✓ holds"
type_line "expect value shipping.city Krakw"
check "utf-8 (no LANG): 'expect value shipping.city Krakw' fails: the ó arrived" has "✗ expected value shipping.city Krakw"
type_line 'set name "Ada Lovelace"'
type_line "set city Portland"
type_line "tap done"
check "tap done: back on 'My Cart › Step One'" has_re '^My Cart › Step One$'
check "Step One: the address row shows the street" has_re 'Shipping address +1 Main St ›'

type_line "tap creditCard"
check "tap creditCard: breadcrumb 'My Cart › Step One | modal: Credit Card'" \
  has_re '^My Cart › Step One \| modal: Credit Card$'
type_line 'set name "Ada Lovelace"'
type_line 'set number "4242 4242 4242 4242"'
check "card: the number is masked as '•••• 4242'" has_re 'Card number +•••• 4242$'
check "card: the whole number is not shown" lacks "4242 4242 4242 4242"
type_line "set expiry 12/28"
check "card: the expiry shows 12/28" has_re 'Expiry date +12/28'
type_line "set cvv $CVV_WRONG"
check "card: the CVV row shows '•••'" has_re 'CVV +•••$'
check "card: the CVV is never shown in clear" lacks "$CVV_WRONG"
BLOCK=$(capture)
check "card: the whole scroll-back holds no $CVV_WRONG, the typed line included" lacks "$CVV_WRONG"
check "card: the typed line now reads 'set cvv •••'" has_re '^checkout> set cvv •••$'
# Arrow-up brings back the line before (the expiry), never the CVV; Down returns.
tmux -S "$SOCKET" send-keys -t "$TARGET" Up
wait_for_input "checkout> set expiry 12/28"
BLOCK=$(input_line)
check "arrow-up skips 'set cvv': it brings back 'set expiry 12/28'" test "$BLOCK" = "checkout> set expiry 12/28"
tmux -S "$SOCKET" send-keys -t "$TARGET" Up
sleep 0.3
BLOCK=$(input_line)
check "arrow-up again: no CVV in the history" lacks "$CVV_WRONG"
tmux -S "$SOCKET" send-keys -t "$TARGET" C-a C-k
wait_for_input "checkout> "
# Ctrl-C at the no-echo prompt cancels it, sets nothing, and the echo comes back.
tmux -S "$SOCKET" send-keys -t "$TARGET" -l -- "set cvv"
tmux -S "$SOCKET" send-keys -t "$TARGET" Enter
wait_for_last_line "CVV (hidden as you type):" || { say "FAIL  'set cvv' asked for the value"; exit 1; }
PROMPTS_BEFORE=$(prompts)
tmux -S "$SOCKET" send-keys -t "$TARGET" C-c
wait_for_prompts $((PROMPTS_BEFORE + 1)) || { say "FAIL  Ctrl-C at the hidden prompt: no new prompt"; exit 1; }
BLOCK=$(last_block)
check "Ctrl-C at the hidden prompt: nothing set, the REPL goes on" has "nothing set"
type_line "stack"
BLOCK=$(capture)
check "after Ctrl-C the terminal echoes again ('checkout> stack' is on screen)" has_re '^checkout> stack$'
type_line "tap done"
check "tap done: the card row on Step One shows '•••• 4242'" has_re 'Credit card +•••• 4242 ›'
check "Step One: Continue is enabled now" lacks "disabled: Continue"

type_line "tap continue"
check "tap continue: breadcrumb 'My Cart › Step One › Step Two'" has_re '^My Cart › Step One › Step Two$'
check "Step Two: pays with '•••• 4242'" has_re 'Pay with +•••• 4242'
check "Step Two: ships to the address" has "Ada Lovelace, 1 Main St, Portland, OR 97201"

type_line "api placeOrder fail cvv_invalid \"Your card's security code is incorrect.\""
check "api: the answer is queued, nothing moves" has_re '^My Cart › Step One › Step Two$'
type_line "tap placeOrder"
check "tap placeOrder: the API was called (CVV redacted)" has_re '→ callAPI placeOrder .*payment\.card\.cvv: •••'
check "tap placeOrder: the offer line names the error, in the flow's words" has "offer: The security code (CVV) isn't right."
check "tap placeOrder: the offer says where it is fixed" has "fix it at creditCard.cvv? accept | decline"
check "tap placeOrder: still on Step Two until accepted" has_re '^My Cart › Step One › Step Two$'

type_line "accept"
check "accept: the route pops to Step One" has "→ navigate pop"
check "accept: then presents Credit Card" has "→ navigate present creditCard"
check "accept: breadcrumb 'My Cart › Step One | modal: Credit Card'" \
  has_re '^My Cart › Step One \| modal: Credit Card$'
check "accept: the focus marker ▶ is on the CVV row" has_re '^▶ *4\. CVV'
check "accept: the '!' error is shown under the CVV row" \
  grep -qzP -- "CVV +•••\n +! The security code \\(CVV\\) isn't right\." <<<"$BLOCK"
check "accept: the offer is gone" lacks "offer:"

# The no-echo form: `set cvv` asks for the value, which is typed unseen.
tmux -S "$SOCKET" send-keys -t "$TARGET" -l -- "set cvv"
tmux -S "$SOCKET" send-keys -t "$TARGET" Enter
wait_for_last_line "CVV (hidden as you type):" || { say "FAIL  'set cvv' asked for the value"; capture | tail -5; exit 1; }
PROMPTS_BEFORE=$(prompts)
tmux -S "$SOCKET" send-keys -t "$TARGET" -l -- "$CVV_RIGHT"
sleep 0.3
BLOCK=$(capture)
check "fix: the CVV typed at the prompt is not echoed" lacks "$CVV_RIGHT"
tmux -S "$SOCKET" send-keys -t "$TARGET" Enter
wait_for_prompts $((PROMPTS_BEFORE + 1)) || { say "FAIL  the REPL answered the hidden CVV"; exit 1; }
BLOCK=$(last_block)
check "fix: the CVV row shows '•••'" has_re 'CVV +•••$'
check "fix: the error on the CVV row is gone" lacks "isn't right"
check "fix: the focus marker is gone" lacks "▶"
check "fix: the new CVV is not shown either" lacks "$CVV_RIGHT"
type_line "expect valid cvv"
check "fix: the CVV is set and valid" has "✓ holds"
type_line "tap done"
check "tap done: back on 'My Cart › Step One'" has_re '^My Cart › Step One$'
type_line "tap continue"
check "tap continue: back on Step Two" has_re '^My Cart › Step One › Step Two$'

# snapshot FILE: Tab completes the command; the file, what `checkout migrate`
# reads, holds the card number masked and neither CVV.
tmux -S "$SOCKET" send-keys -t "$TARGET" -l -- "snaps"
tmux -S "$SOCKET" send-keys -t "$TARGET" Tab
wait_for_input "checkout> snapshot "
BLOCK=$(input_line)
check "tab: 'snaps' completes to 'snapshot'" test "$BLOCK" = "checkout> snapshot "
tmux -S "$SOCKET" send-keys -t "$TARGET" C-a C-k
wait_for_input "checkout> "
type_line "snapshot at-review.json"
check "snapshot: 'snapshot written to at-review.json'" has "snapshot written to at-review.json"
BLOCK=$(cat "$WORK/at-review.json" 2>/dev/null)
check "snapshot: the file holds the card number masked" has '"payment.card.number":"•••• 4242"'
check "snapshot: the file holds neither CVV nor the whole number" lacks_re "$CVV_WRONG|$CVV_RIGHT|4242 4242 4242 4242"
BLOCK=$(cd "$WORK" && "$CHECKOUT" migrate --to "$PLNDR_FLOW" at-review.json 2>&1)
check "snapshot: checkout migrate reads it (unchanged on the same flow)" has "at-review.json: unchanged"

type_line "api placeOrder ok order.number=1042"
type_line "tap placeOrder"
check "tap placeOrder: the confirmation resets the stack" has "→ navigate reset confirmation"
check "confirmation: breadcrumb 'Thank You' only" has_re '^Thank You$'
check "confirmation: the order number" has "Order number 1042"
check "confirmation: ships to the shopper" has "Ada Lovelace, Portland"

# Nothing on screen, in the whole session, showed a CVV: not the screens, not
# the lines typed at the prompt (rewritten masked, or never echoed).
BLOCK=$(capture)
check "the whole scroll-back never showed either CVV" lacks_re "$CVV_WRONG|$CVV_RIGHT"

# quit: the REPL says where it recorded, and exits 0. The pane's shell writes
# the exit status to a file (tmux itself sometimes learns it late or never: it
# can miss the child's exit, leaving #{pane_dead_status} empty).
tmux -S "$SOCKET" send-keys -t "$TARGET" -l -- "quit"
tmux -S "$SOCKET" send-keys -t "$TARGET" Enter
deadline=$((SECONDS + WAIT_SECONDS))
until [ -s "$STATUS_FILE" ]; do
  if [ "$SECONDS" -ge "$deadline" ] || out_of_time; then break; fi
  sleep 0.1
done
BLOCK=$(capture | grep -v '^[[:space:]]*$' | tail -3)
check "quit: the REPL ended" test -s "$STATUS_FILE"
check "quit: exit status 0" test "$(cat "$STATUS_FILE" 2>/dev/null)" = 0
check "quit: 'recorded to $RECORDING'" has "recorded to $RECORDING"

# --- the recording --------------------------------------------------------

check "the recording exists" test -s "$RECORDING"
# The work directory's random name (in the recording's header) could hold the digits by chance.
BLOCK=$(sed "s|$WORK|WORK|g" "$RECORDING" 2>/dev/null)
check "the recording does not contain the CVV typed ($CVV_WRONG)" lacks "$CVV_WRONG"
check "the recording does not contain the fixed CVV ($CVV_RIGHT)" lacks "$CVV_RIGHT"
check "the recording marks the CVV lines as stand-ins" has "# secret: a stand-in, not the value typed"
check "the recording holds 'set city Kraków' exactly" has_re '^set city Kraków$'
check "the recording holds 'set name \"Zażółć Straße\"' exactly" has_re '^set name "Zażółć Straße"$'
check "the recording holds 'expect value shipping.city Kraków'" has_re '^expect value shipping\.city Kraków$'

BLOCK=$(cd "$WORK" && "$CHECKOUT" replay "$RECORDING" 2>&1)
status=$?
check "checkout replay of the recording exits 0" test "$status" = 0
check "checkout replay of the recording: '0 failed'" has_re '^[1-9][0-9]* passed, 0 failed$'
say "      replay: $(tail -1 <<<"$BLOCK")"

# --- the same letters with LANG=C.UTF-8 ------------------------------------

# A second REPL, in a UTF-8 environment this time; the first one's pane stays.
tmux -S "$SOCKET" new-session -d -s utf8 -x 120 -y 50 \
  "cd '$WORK' && env -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 TERM=xterm-256color '$CHECKOUT' repl --today $TODAY" \
  || die "tmux could not start the second REPL"
TARGET="utf8:0.0"
if ! wait_for_prompts 1; then
  say "FAIL  the second REPL (LANG=C.UTF-8) showed its prompt within ${WAIT_SECONDS}s"
  exit 1
fi
type_line "tap checkout"
type_line "tap shippingAddress"
type_line "set city Kraków"
check "utf-8 (LANG=C.UTF-8): 'set city Kraków' shows City 'Kraków'" has_re 'City +Kraków$'
type_line "expect value shipping.city Kraków"
check "utf-8 (LANG=C.UTF-8): 'expect value shipping.city Kraków' holds" has "✓ holds"
type_line "expect value shipping.city Krakw"
check "utf-8 (LANG=C.UTF-8): 'expect value shipping.city Krakw' fails: the ó arrived" has "✗ expected value shipping.city Krakw"

say "$((CHECKS - FAILS)) of $CHECKS checks passed in $((SECONDS - START))s"
if [ "$FAILS" -gt 0 ]; then
  say "FAIL  repl-tmux-check: $FAILS check(s) failed"
  exit 1
fi
say "PASS  repl-tmux-check"
exit 0
