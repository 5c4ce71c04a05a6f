#!/usr/bin/env python3
"""Places orders through server instances that crash and a database that fails,
and checks that every order is placed exactly once.

    fault_check.py --bin PATH --database-url URL --pg-restart CMD --pg-stop CMD --pg-start CMD
                   --psql CMD --work DIR [--orders 100] [--seed 15] [--call-timeout 1]

Starts two instances A and B on the PostgreSQL database, a memory-store reference
instance M, and, for the orders that crash, an instance F started with
CHECKOUT_FAULT set to one of the call's points (it kills itself with SIGKILL
there, as `kill -9` would). Orders cycle through these cases:

  normal               A and B alternate; the CVV and the order go to one of them
  before-intent-save   F dies after applying the tap, before the intent is saved
  after-intent-save    F dies after saving the intent, before calling the API
  after-api-answer     F dies after the API answered (and charged), before anything else
  before-answer-save   F dies after applying the answer, before saving it
  db-restart           the database is restarted just before the order
  db-stopped           the database is stopped while the order is sent, started 2 s later
  at-challenge         an Express order paid with a 3-D Secure card (4000 0027 6000 3184): F
                       answers Pay (the demo API asks for three_d_secure) and the challenge
                       step appears; F is killed (SIGKILL) while the shopper is at the bank
                       and started again; the shopper completes the challenge
                       (actionCompleted, authenticated) on F again, on A, or on F started
                       with the fault after-api-answer (it dies once the continuation was
                       charged; the client carries on through A), in turn

Then, one checkout per case below, each an Express order paid with the 3-D
Secure card on A (the challenge step appears) whose shopper leaves at the bank
(the abandonment: `--abandon-after`, CallCoordinator.abandonIdleCalls):

  left-at-bank, before-abandon-request  F, started with --abandon-after 2 (its
                       passes then run every 0.5 s), abandons it once it has been
                       idle 2 s, and dies before asking the API (nothing asked, nothing saved)
  left-at-bank, before-abandon-save     F dies after the API answered the
                       abandonment (its ledger records the continuation cancelled,
                       payment_intent_authentication_failure), before the answer is saved
  left-at-bank, before-abandon-save, back at the bank
                       as the previous one, then the shopper comes back before any
                       pass and authenticates on A: the continuation carries the key
                       the API recorded cancelled and is answered failed (not charged)
  confirmed-at-bank, before-abandon-request
  confirmed-at-bank, before-abandon-save
                       the shopper authenticates at the bank, which confirms the
                       payment to the API, but no page reports back (the tab was
                       closed): the script records the charge in the demo API's
                       ledger under the continuation's key, as a provider's webhook
                       would; F dies at the point after (before-abandon-save: the
                       API answered succeeded) and S's abandonment places the order,
                       charged once, at its receipt (no reference replays it: the
                       bank's confirmation is no event a client sends)
  authenticated-then-gone               the shopper authenticates at the bank
                       (actionCompleted) on F started with the fault after-api-answer:
                       F dies once the API charged the continuation, and the shopper
                       never comes back

Then (but for the shopper back at the bank) S, another instance started once F is
dead (so F surely reached its point first) with --abandon-after 2, finishes the
checkout by its own pass (LostCallRecovery) and is stopped. Nothing reads the
session meanwhile (a read is the shopper's activity and would put the
abandonment off): the script watches the database, each wait bounded (30 s) and
named when it fails. When F is dead it checks that F died at its point (F's log)
and that nothing was saved (the call still waits on the action; for
before-abandon-save the ledger already records the cancellation). F and S start
with --replace-sweep-settings: the database records one --abandon-after for every
instance, and an instance whose own is shorter would use the recorded 1800 s
without it; A and B keep the 1800 s they settled on at their start, so they
abandon nothing. An authenticated-then-gone checkout no longer waits on the
action (the continuation's intent, the action done, was saved before the API was
called): S's recovery of a lost call (the API replays its charge), not its
abandonment, places it. The script counts which pass finished each, from the logs.
Each case starts with no session waiting (else it fails, saying which), and a
case that fails has S finish what it left, so the next case is its own.

After a crash the shopper's client carries on through A: it reads the session
(which finishes a call left waiting once the call timeout has passed: made again
with the same idempotency key, answered from the demo API's ledger), reports the
confirmation step, or, when the order was never made (or was given up), places
it again, entering the CVV again (the dead instance held it).

Checked at the end, from the database: every order charged exactly once (successful
placeOrder or confirmPayment rows of the demo API's ledger per session), every
checkout left at the bank unpaid never, no session with a call waiting (nor one
given up unanswered), every session at its confirmation (Express: its receipt)
with its own order number, or, left at the bank unpaid, with no order number and
the bank's error (payment_intent_authentication_failure) offered on the card
number over the challenge (checkout|challenge, as when the bank declines with the
shopper there: accepting routes to the number, declining closes the challenge);
and every session equal (state, screen, offer, route) to the replay of its
accepted events on a reference instance on the memory store: M for the orders
(authenticated-then-gone included: its continuation, whose intent was saved, and
the receipt's `appeared` the pass sent are events the server kept), and for the
checkouts left at the bank unpaid, whose abandonment is no shopper's event, M2
(--abandon-after 5): their events replayed, then M2's own pass abandons them (no
crash; waited for on its metrics), then the events their shopper sent after it,
so each is compared with the same abandonment uncrashed. Last, no checkout left
at the bank unpaid is stranded: its shopper comes back through A, accepts the
offer and is routed to the card number (focused, the bank's error on it). Prints
the statuses counted, the abandoned checkouts' apart (the orders' figures are
those of a run without them). Exits 1 on any failure.
"""
import argparse
import json
import os
import random
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from multi_instance_check import body_of, normalized, order_number, tap, setv, appeared  # noqa: E402
import session_secrets  # noqa: E402

CASES = ["normal", "before-intent-save", "after-intent-save", "after-api-answer", "before-answer-save",
         "db-restart", "db-stopped", "at-challenge"]
GOOD = "4242424242424242"
CHALLENGE_CARD = "4000002760003184"  # Stripe's "always authenticate" 3-D Secure test card
AUTHENTICATED = ("actionCompleted", "confirmPayment", {"three_d_secure.result": "authenticated"})
COMPLETIONS = ["the restarted F", "A", "the restarted F, killed after the charge"]
# After the orders above, one checkout per case is left at the bank's challenge and
# never taken up again by its shopper: a pass finishes it (see the header).
ABANDONMENTS = {"left-at-bank, before-abandon-request": "before-abandon-request",
                "left-at-bank, before-abandon-save": "before-abandon-save",
                "left-at-bank, before-abandon-save, back at the bank": "before-abandon-save",
                "confirmed-at-bank, before-abandon-request": "before-abandon-request",
                "confirmed-at-bank, before-abandon-save": "before-abandon-save",
                "authenticated-then-gone": "after-api-answer"}
# The continuation's key of an Express checkout's first Pay, under which the bank's
# confirmation is recorded (the session's id before it).
CONTINUATION = "confirmPayment-1/three_d_secure-1"
ABANDON_AFTER = 2  # seconds: --abandon-after of F (the abandoning faults) and of S; passes every 0.5 s
SHORT = ["--abandon-after", str(ABANDON_AFTER), "--replace-sweep-settings"]
# M2's, longer: a replay's events come well within it, so M2 abandons only once a replay is done.
REFERENCE_ABANDON_AFTER = 5
BANK_ERROR = "payment_intent_authentication_failure"
STATUSES = {}  # the orders' statuses
ABANDON_STATUSES = {}  # the abandoned checkouts', counted apart (the orders' figures are unchanged by them)
TALLY = [STATUSES]  # where count() counts now


def count(key):
    TALLY[0][key] = TALLY[0].get(key, 0) + 1


class Crashed(Exception):
    """The instance closed the connection without an answer."""


def request(base, method, path, body=None, timeout=20):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers=session_secrets.headers(path, {"Content-Type": "application/json"}))
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            answer = json.loads(response.read() or b"null")
            session_secrets.remember(method, path, response.status, answer)
            return response.status, answer
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text or b"null")
        except ValueError:
            return error.code, {"raw": text.decode(errors="replace")}
    except (urllib.error.URLError, ConnectionError, TimeoutError, socket.timeout) as error:
        raise Crashed(f"{method} {base}{path}: {error}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Instance:
    def __init__(self, name, args, env):
        self.name, self.args, self.env = name, args, env
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.log = open(os.path.join(args.work, f"server-{name}.log"), "ab")

    def start(self, fault=None, options=()):
        """Starts the instance (`fault`: CHECKOUT_FAULT; `options`: more server options)."""
        self.log.flush()
        self.log_from = os.path.getsize(self.log.name)
        env = dict(os.environ)
        env.pop("CHECKOUT_FAULT", None)
        env.update({key: value for key, value in self.env.items() if value is not None})
        for key in [key for key, value in self.env.items() if value is None]:
            env.pop(key, None)  # unset: the server refuses a set but empty DATABASE_URL
        if fault:
            env["CHECKOUT_FAULT"] = fault
        self.process = subprocess.Popen(
            [self.args.bin, "--hostname", "127.0.0.1", "--port", str(self.port), "--today", "2026-11-21",
             "--call-timeout", str(self.args.call_timeout), *options],
            env=env, stdout=self.log, stderr=self.log)
        for _ in range(300):
            if fault and self.process.poll() is not None:
                return  # it reached its fault point while starting: the caller sees it dead
            try:
                if request(self.base, "GET", "/health", timeout=2)[0] == 200:
                    return
            except Crashed:
                pass
            time.sleep(0.05)
        raise SystemExit(f"error: instance {self.name} did not start on {self.base}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def wait_dead(self, seconds=10):
        """The exit status of an instance that killed itself (-9: SIGKILL); None if alive after `seconds`."""
        try:
            return self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            return None

    def log_since_start(self):
        """What the instance logged since its latest start."""
        with open(self.log.name, "rb") as log:
            log.seek(self.log_from)
            return log.read().decode(errors="replace")


def shell(command):
    subprocess.run(command, shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Order:
    def __init__(self, n, rng, case):
        self.n, self.case = n, case
        self.flow, self.final = ("express", "receipt") if case == "at-challenge" or case in ABANDONMENTS \
            else ("plndr", "confirmation")
        # An order left at the bank unpaid is never charged, and ends back on the checkout.
        self.unpaid = case.startswith("left-at-bank")
        # The bank confirmed it with no page reporting back: the abandonment places it.
        self.confirmed = case.startswith("confirmed-at-bank")
        self.abandoned_at = None  # how many accepted events came before the abandonment (for the replay)
        self.ended = None  # the state it ended at, as read at the end
        if self.unpaid:
            # The bank's error offered over the challenge, as when the bank declines
            # with the shopper there: accepting routes to the card number, declining closes it.
            self.final = "checkout|challenge"
        self.cvv = str(rng.randint(100, 999))
        self.quantity = str(rng.randint(1, 4))
        self.accepted = []  # (event) the server kept, in order, for the reference replay
        self.sid = None
        self.version = 1


def send(base, order, event):
    """Sends one event; retries 503 (store unavailable) for up to 30 s; records accepted events."""
    deadline = time.monotonic() + 30
    while True:
        status, view = request(base, "POST", f"/sessions/{order.sid}/events", body_of(event))
        count(f"{status}")
        if status == 503 and time.monotonic() < deadline:
            time.sleep(0.25)
            continue
        if 200 <= status < 300:
            order.accepted.append(event)
            order.version = view["version"]
        return status, view


def story_before_order(order):
    return [setv("quantity", order.quantity), tap("checkout"), appeared("stepOne"), tap("shippingAddress"),
            appeared("address"), setv("name", f"Shopper {order.n}"), setv("street", f"{order.n} Main St"),
            setv("city", "Portland"), setv("state", "OR"), setv("zip", "97201"), tap("done"), appeared("stepOne"),
            tap("creditCard"), appeared("creditCard"), setv("name", f"Shopper {order.n}"), setv("number", GOOD),
            setv("expiry", "12/30")]


def story_cvv(order):
    return [setv("cvv", order.cvv), tap("done"), appeared("stepOne"), tap("continue"), appeared("stepTwo")]


def place_again(base, order):
    """The order was never made, or was given up: enter the CVV again (the dead
    instance held it) and place it."""
    order.accepted.append(setv("payment.card.cvv", ""))  # the reference forgets it too
    status, view = send(base, order, tap("placeOrder"))
    if view.get("effects") and view["effects"][0].get("kind") == "offer":
        for event in [("accept",), appeared("stepOne"), appeared("creditCard")] + story_cvv(order):
            send(base, order, event)
        status, view = send(base, order, tap("placeOrder"))
    return status, view


def story_express_before_cvc(order):
    return [setv("quantity", order.quantity), setv("email", f"shopper{order.n}@example.com"),
            setv("firstName", "Shopper"), setv("lastName", f"Number {order.n}"),
            setv("address1", f"{order.n} Main St"), setv("city", "Portland"), setv("zip", "97201"),
            tap("payment"), appeared("paymentSheet"), tap("card"), appeared("cardEntry"),
            setv("cardholder", f"Shopper {order.n}"), setv("number", CHALLENGE_CARD), setv("expiry", "12/30")]


def story_express_cvc(order):
    """The CVC goes to the instance that pays (an instance holds the CVVs it was sent)."""
    return [setv("cvc", order.cvv), tap("billing"), appeared("billingAddress"), setv("zip", "97201"),
            tap("done"), appeared("cardEntry"), tap("done"), appeared("paymentSheet"), tap("done"),
            appeared("checkout")]


def view_of(base, sid):
    deadline = time.monotonic() + 30
    while True:
        status, view = request(base, "GET", f"/sessions/{sid}")
        count(f"GET {status}")
        if status == 200 or time.monotonic() > deadline:
            return status, view
        time.sleep(0.25)


def create_session(a, order):
    status, created = request(a.base, "POST", "/sessions", {"flow": order.flow})
    while status == 503:
        time.sleep(0.25)
        status, created = request(a.base, "POST", "/sessions", {"flow": order.flow})
    order.sid = created["id"]


def run_challenge_order(order, a, b, f):
    """Killed while the shopper is at the bank: the order is neither lost nor charged twice."""
    create_session(a, order)
    for turn, event in enumerate(story_express_before_cvc(order)):
        send((a, b)[turn % 2].base, order, event)
    f.start()
    for event in story_express_cvc(order):
        send(f.base, order, event)
    status, view = send(f.base, order, tap("pay"))
    outcomes = [e.get("outcome", {}).get("status") for e in view.get("effects", []) if e["kind"] == "callAPI"]
    if status != 200 or outcomes != ["actionRequired"]:
        count(f"Pay did not ask for 3-D Secure ({status} {outcomes})")
        return
    send(f.base, order, appeared("challenge"))
    f.process.kill()  # SIGKILL, as kill -9: the shopper is at the bank's challenge
    count(f"instance killed at the bank's challenge (exit {f.wait_dead()})")
    completion = COMPLETIONS[(order.n // len(CASES)) % len(COMPLETIONS)]
    f.start(fault="after-api-answer" if completion.endswith("charge") else None)
    holder = a if completion == "A" else f
    status, shown = view_of(holder.base, order.sid)
    if shown.get("waiting") != ["confirmPayment"] or not shown.get("state", "").endswith("|challenge"):
        count("the session lost the challenge in the crash")
        return
    count(f"challenge completed on {completion}")
    before = order.version
    try:
        status, view = send(holder.base, order, AUTHENTICATED)
    except Crashed:
        count(f"instance killed at after-api-answer of the continuation (exit {f.wait_dead()})")
        carry_on_after_crash(order, a, before, AUTHENTICATED)
        return
    if status == 200:
        send(holder.base, order, appeared(order.final))


def carry_on_after_crash(order, a, before, sent):
    """The client carries on through A: reading the session finishes a call left
    waiting. Returns (status, view) of an order still to finish, or None."""
    deadline = time.monotonic() + 30
    while True:
        status, shown = view_of(a.base, order.sid)
        if not shown.get("waiting") or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    if shown.get("waiting"):
        count("stuck")
        return None
    if shown["version"] > before:
        order.accepted.append(sent)  # its intent was saved: the server kept it
        order.version = shown["version"]
    if shown.get("offer"):
        send(a.base, order, ("decline",))
        count("given up after the crash, placed again")
        return place_again(a.base, order)
    if shown["version"] > before:
        count("finished after the crash")
        send(a.base, order, appeared(order.final))
        return None
    count("never made before the crash, placed again")
    return place_again(a.base, order)


def run_order(order, a, b, f, args):
    if order.case == "at-challenge":
        return run_challenge_order(order, a, b, f)
    create_session(a, order)
    for turn, event in enumerate(story_before_order(order)):
        send((a, b)[turn % 2].base, order, event)
    holder = (a, b)[order.n % 2]
    if order.case in CASES[1:5]:
        f.start(fault=order.case)
        holder = f
    for event in story_cvv(order):
        send(holder.base, order, event)

    if order.case == "db-restart":
        shell(args.pg_restart)
    stopper = None
    if order.case == "db-stopped":
        shell(args.pg_stop)
        stopper = threading.Timer(2.0, lambda: shell(args.pg_start))
        stopper.start()
    before = order.version
    try:
        status, view = send(holder.base, order, tap("placeOrder"))
    except Crashed:
        status, view = None, None
        code = f.wait_dead() if holder is f else None
        count(f"instance killed at {order.case} (exit {code})")
    if stopper:
        stopper.join()

    if view is None:
        answer = carry_on_after_crash(order, a, before, tap("placeOrder"))
        if answer is None:
            return
        status, view = answer
    if status == 200 and view["effects"] and view["effects"][0].get("outcome", {}).get("status") == "unanswered":
        send(a.base, order, ("decline",))
        count("unanswered, placed again")
        status, view = place_again(a.base, order)
    if status == 200:
        send(holder.base if holder is not f else a.base, order, appeared("confirmation"))


class Failed(Exception):
    """A condition waited for did not come within its deadline."""


def wait_for(what, condition, seconds=30):
    """Polls `condition` (every 0.1 s) until it returns something true; Failed after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failed(f"{what}: not within {seconds} s")
        time.sleep(0.1)


def waiting_sessions(args):
    """The ids of the stored sessions with a call waiting (on the API's answer or
    on the shopper's action) or given up unanswered."""
    return {row[0] for row in psql(args, "SELECT id FROM sessions WHERE jsonb_array_length(snapshot->'calls') > 0 "
                                         "OR jsonb_array_length(coalesce(snapshot->'unanswered', '[]')) > 0")}


def stored_calls(args, sid):
    """From the database, without reading the session through an instance (a read
    is activity: it would put the abandonment off): (calls waiting on the API's
    answer, calls waiting on the shopper's action, calls given up unanswered)."""
    assert re.fullmatch(r"[A-Za-z0-9_-]+", sid), sid
    rows = psql(args, "SELECT snapshot->'calls', coalesce(snapshot->'unanswered', '[]') "
                      f"FROM sessions WHERE id = '{sid}'")
    if not rows:
        raise Failed(f"session {sid} is not in the database")
    calls, unanswered = (json.loads(text) for text in rows[0])
    on_action = sum(1 for call in calls if isinstance(call.get("action"), dict))
    return len(calls) - on_action, on_action, len(unanswered)


def stored_step(args, sid):
    """The step on top of the stored session's navigation."""
    rows = psql(args, f"SELECT snapshot->>'navigation' FROM sessions WHERE id = '{sid}'")
    return rows[0][0] if rows else None


def continuation_answers(args, sid):
    """The demo API's ledger rows under the 3-D Secure continuation's key: their statuses."""
    return sorted(row[0] for row in psql(
        args, f"SELECT status FROM api_calls WHERE session = '{sid}' AND key LIKE '%/three_d_secure-%'"))


def run_abandoned_order(order, a, b, f, s, args):
    """Left at the bank's challenge, never taken up again by the shopper: F dies at
    the case's checkpoint, then S's pass finishes the checkout. Nothing reads the
    session meanwhile (a read is activity): the database is watched instead."""
    point = ABANDONMENTS[order.case]
    left = waiting_sessions(args)
    if left:  # F's pass would meet them first: the case would not be this checkout's
        raise Failed(f"before the case, sessions with a call waiting: {sorted(left)}")
    create_session(a, order)
    for turn, event in enumerate(story_express_before_cvc(order)):
        send((a, b)[turn % 2].base, order, event)
    for event in story_express_cvc(order):
        send(a.base, order, event)
    status, view = send(a.base, order, tap("pay"))
    outcomes = [e.get("outcome", {}).get("status") for e in view.get("effects", []) if e["kind"] == "callAPI"]
    if status != 200 or outcomes != ["actionRequired"]:
        raise Failed(f"Pay did not ask for 3-D Secure ({status} {outcomes})")
    send(a.base, order, appeared("challenge"))
    if point == "after-api-answer":
        # The shopper authenticates at the bank on F, which dies once the API charged
        # the continuation; the shopper never comes back.
        f.start(fault=point)
        try:
            send(f.base, order, AUTHENTICATED)
            raise Failed("F answered the continuation instead of dying after the API's answer")
        except Crashed:
            count(f"instance killed at {point} of the continuation (exit {f.wait_dead()})")
        if continuation_answers(args, order.sid) != ["succeeded"]:
            raise Failed(f"the continuation's ledger rows: {continuation_answers(args, order.sid)}, not one charge")
        # It waits on the API's answer now, not on the action (or A's or B's minutely
        # pass has finished it already, the call timeout past).
        if stored_calls(args, order.sid) not in ((1, 0, 0), (0, 0, 0)):
            raise Failed(f"after the continuation's crash: calls {stored_calls(args, order.sid)}, "
                         "not (1 on the answer, 0 on the action, 0 unanswered)")
        order.accepted.append(AUTHENTICATED)  # its intent was saved: the server kept it
        order.accepted.append(appeared(order.final))  # the pass shows the confirmation, as a client would
    else:
        if order.confirmed:
            confirm_at_bank(args, order)
        # F abandons it after ABANDON_AFTER idle seconds, and dies at the checkpoint.
        f.start(fault=point, options=SHORT)
        code = f.wait_dead(30)
        if code is None:
            raise Failed(f"F (--abandon-after {ABANDON_AFTER}) did not die at {point} within 30 s")
        if f"CHECKOUT_FAULT {point}: killing the process" not in f.log_since_start():
            raise Failed(f"F died (exit {code}) elsewhere than at {point}")
        count(f"instance killed at {point} (exit {code})")
        # Nothing saved: the call still waits on the action; the API was asked only before the save.
        want = ["succeeded"] if order.confirmed else ["failed"] if point == "before-abandon-save" else []
        if stored_calls(args, order.sid) != (0, 1, 0) or continuation_answers(args, order.sid) != want:
            raise Failed(f"after F died at {point}: calls {stored_calls(args, order.sid)}, continuation's "
                         f"ledger rows {continuation_answers(args, order.sid)}; wanted (0, 1, 0) and {want}")
        order.abandoned_at = len(order.accepted)
        if order.case.endswith("back at the bank"):
            # The shopper comes back before any pass, and authenticates: the continuation
            # carries the key the API recorded cancelled, and is answered failed, not charged.
            status, view = send(a.base, order, AUTHENTICATED)
            outcomes = [e.get("outcome", {}).get("status") for e in view.get("effects", []) if e["kind"] == "callAPI"]
            if status != 200 or outcomes != ["failed"] or stored_calls(args, order.sid) != (0, 0, 0):
                raise Failed(f"the shopper back at the bank after F died at {point}: {status} {outcomes}, calls "
                             f"{stored_calls(args, order.sid)}; wanted 200, the continuation failed, no call left")
            count(f"{order.case}: the continuation answered failed on A (the API's cancellation)")
            return
    s.start(options=SHORT)
    try:
        wait_for(f"S's pass finishing order {order.n} ({order.case}) {order.sid}",
                 lambda: stored_calls(args, order.sid) == (0, 0, 0))
        if not order.unpaid:
            # The pass shows the confirmation after the answer's save, as a client would.
            wait_for(f"S's pass showing order {order.n}'s receipt", lambda: stored_step(args, order.sid) == "receipt")
    finally:
        s.stop()
    # Which pass finished it, from the logs (A's and B's run every minute: one of theirs may come first).
    for instance in (s, a, b):
        log = [line for line in instance.log_since_start().splitlines() if order.sid in line]
        if any("abandoned API call" in line for line in log):
            count(f"{order.case}: finished by {instance.name}'s abandonment")
        elif any("finishing a lost API call" in line for line in log):
            count(f"{order.case}: finished by {instance.name}'s recovery of a lost call")


def confirm_at_bank(args, order):
    """The shopper authenticated at the bank, and the bank confirmed the payment to
    the API, but no page reported back (the tab was closed): the demo API's ledger
    gets the charge under the continuation's key, as a provider's webhook would
    record it. Only the abandonment can then place the order."""
    calls = json.loads(psql(args, f"SELECT snapshot->'calls' FROM sessions WHERE id = '{order.sid}'")[0][0])
    keys = [call.get("key") for call in calls if isinstance(call.get("action"), dict)]
    if keys != [CONTINUATION.split("/")[0]]:
        raise Failed(f"the call waiting on the bank has keys {keys}, not {CONTINUATION.split('/')[0]}")
    answer = json.dumps({"status": "succeeded", "data": {"order.number": order_number(order.sid, order.flow)}})
    psql(args, "INSERT INTO api_calls (key, session, operation, status, answer) VALUES "
               f"('{order.sid}:{CONTINUATION}', '{order.sid}', 'confirmPayment', 'succeeded', '{answer}'::jsonb)")
    count("confirmed-at-bank: the charge recorded under the continuation's key, no page reporting back")


def comes_back(base, order):
    """The shopper of a checkout abandoned unpaid comes back and accepts the offer;
    the client performs each navigation (appeared). Returns the view where it ends."""
    status, view = send(base, order, ("accept",))
    layers = [layer.split(">") for layer in view["state"].split("|")]
    for _ in range(12):
        commands = [e["command"].split() for e in view.get("effects", []) if e["kind"] == "navigate"]
        if status != 200 or not commands:
            break
        for command in commands:
            if command[0] == "push":
                layers[-1].append(command[1])
            elif command[0] == "present":
                layers.append([command[1]])
            elif command[0] == "pop":
                layers[-1].pop()
            elif command[0] == "dismiss":
                layers.pop()
            else:
                layers = [[command[1]]]
        status, view = send(base, order, appeared(layers[-1][-1]))
    return view_of(base, order.sid)[1]


def abandoned_replays(m2, orders):
    """Replays the unpaid abandoned orders on M2 (memory store, --abandon-after
    REFERENCE_ABANDON_AFTER), waits for M2's own passes to abandon them (its metrics; reading
    the sessions would put the abandonment off), and returns their ids."""
    unpaid = [order for order in orders if order.unpaid and order.abandoned_at is not None]
    replays = {order.n: replay(m2, order, order.accepted[:order.abandoned_at]) for order in unpaid}

    def abandoned():
        status, text = 0, ""
        try:
            with urllib.request.urlopen(m2.base + "/metrics", timeout=5) as response:
                status, text = response.status, response.read().decode()
        except (urllib.error.URLError, ConnectionError, TimeoutError, socket.timeout):
            return False
        found = re.search(r'checkout_api_calls_abandoned_total\{outcome="failed"\} (\d+)', text)
        return status == 200 and found and int(found.group(1)) >= len(replays)

    wait_for(f"M2 abandoning the replays of {len(replays)} orders left at the bank", abandoned)
    for order in unpaid:  # what the shopper did after the abandonment (back at the bank)
        for event in order.accepted[order.abandoned_at:]:
            request(m2.base, "POST", f"/sessions/{replays[order.n]}/events", body_of(event))
    return replays


def replay(m, order, events=None):
    """Replays the order's accepted events (or `events`) on a new session of `m`; returns its id."""
    status, created = request(m.base, "POST", "/sessions", {"flow": order.flow})
    rid = created["id"]
    for event in order.accepted if events is None else events:
        request(m.base, "POST", f"/sessions/{rid}/events", body_of(event))
    return rid


def psql(args, query):
    out = subprocess.run(shlex.split(args.psql) + ["-Atc", query], check=True, capture_output=True, text=True).stdout
    return [line.split("|") for line in out.strip().splitlines() if line]


def main():
    parser = argparse.ArgumentParser()
    for name in ("--bin", "--database-url", "--pg-restart", "--pg-stop", "--pg-start", "--psql", "--work"):
        parser.add_argument(name, required=True)
    parser.add_argument("--orders", type=int, default=100)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--call-timeout", type=float, default=1)
    args = parser.parse_args()

    pg = {"DATABASE_URL": args.database_url}
    a, b, f, s = (Instance(name, args, pg) for name in "ABFS")
    m, m2 = Instance("M", args, {"DATABASE_URL": None}), Instance("M2", args, {"DATABASE_URL": None})
    for instance in (a, b, m):
        instance.start()
    m2.start(options=["--abandon-after", str(REFERENCE_ABANDON_AFTER)])
    rng = random.Random(args.seed)
    orders = [Order(n, rng, CASES[n % len(CASES)]) for n in range(args.orders)]
    abandoned = [Order(args.orders + n, rng, case) for n, case in enumerate(ABANDONMENTS)]
    started = time.monotonic()
    failures = []
    try:
        for order in orders:
            try:
                run_order(order, a, b, f, args)
            except Crashed as error:
                failures.append(f"order {order.n} ({order.case}): {error}")
            f.stop()
            # A database restart drops the instances' pooled connections: wait until A answers again.
            if order.case.startswith("db-"):
                count("database " + order.case[3:])
        seconds = time.monotonic() - started

        TALLY[0] = ABANDON_STATUSES
        started = time.monotonic()
        for order in abandoned:
            try:
                run_abandoned_order(order, a, b, f, s, args)
            except (Crashed, Failed) as error:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: {error}")
                f.stop()
                try:  # what the failed case left waiting is finished, so the next case starts clean
                    s.start(options=SHORT)
                    wait_for("S finishing what a failed case left waiting", lambda: not waiting_sessions(args))
                except Failed as left:
                    failures.append(str(left))
                finally:
                    s.stop()
            f.stop()
        try:
            references = abandoned_replays(m2, abandoned)
        except Failed as error:
            failures.append(str(error))
            references = {}
        abandon_seconds = time.monotonic() - started

        charges = {sid: int(n) for sid, n in psql(
            args, "SELECT session, count(*) FROM api_calls WHERE operation IN ('placeOrder', 'confirmPayment') "
                  "AND status = 'succeeded' "
                  "GROUP BY session")}
        waiting = waiting_sessions(args)
        mismatches = 0
        for order in orders + abandoned:
            TALLY[0] = ABANDON_STATUSES if order in abandoned else STATUSES
            if order.sid is None:
                failures.append(f"order {order.n} ({order.case}): no session")
                continue
            placed, wanted = charges.get(order.sid, 0), 0 if order.unpaid else 1
            if placed != wanted:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: charged {placed} times, not {wanted}")
            if order.sid in waiting:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: a call is still waiting")
            _, got = view_of(a.base, order.sid)
            order.ended = got.get("state")
            if got.get("state") != order.final:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: ended at {got.get('state')}")
            details = " ".join(row.get("detail") or "" for row in got["screen"]["rows"])
            number = order_number(order.sid, order.flow)
            if order.unpaid:
                offer = got.get("offer") or {}
                if (offer.get("code"), offer.get("step"), offer.get("row")) != (BANK_ERROR, "cardEntry", "number") \
                        or number in details or got.get("waiting"):
                    failures.append(f"order {order.n} ({order.case}) {order.sid}: not the bank's error offered on "
                                    f"the card number, with no order and no call waiting: {normalized(got)}")
            elif number not in details:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: no order number {number}")
            if order.confirmed:
                # No reference: the bank's confirmation is no event a replay could send
                # (its state, order number and single charge are checked above).
                continue
            reference = m2 if order.unpaid else m
            rid = references.get(order.n) if order.unpaid else replay(m, order)
            if rid is None:
                continue
            _, want = view_of(reference.base, rid)
            strip = lambda view: {k: v for k, v in normalized(view).items() if k != "version"}
            if strip(got) != strip(want):
                mismatches += 1
                failures.append(f"order {order.n} ({order.case}) {order.sid}: differs from the replay of its "
                                f"accepted events on {reference.name}\n  stored: {strip(got)}\n  replay: {strip(want)}")
            if order.unpaid:
                # Not stranded: its shopper, coming back, is routed to the card number
                # (checked last: it changes the session).
                back = comes_back(a.base, order)
                rows = back["screen"]["rows"]
                focused = [(row["id"], bool(row.get("error"))) for row in rows if row.get("isFocused")]
                if (back.get("state"), focused, back.get("waiting")) != ("checkout|paymentSheet|cardEntry",
                                                                         [("number", True)], None):
                    failures.append(f"order {order.n} ({order.case}) {order.sid}: its shopper, coming back and "
                                    f"accepting the offer, is not routed to the card number: {normalized(back)}")
                else:
                    count("abandoned unpaid: its shopper, coming back, is routed to the card number")
        total_charges = sum(charges.get(o.sid, 0) for o in orders)
        print(f"orders: {len(orders)} in {seconds:.1f}s; cases: "
              + ", ".join(f"{case} {sum(1 for o in orders if o.case == case)}" for case in CASES))
        print("statuses: " + ", ".join(f"{key}: {value}" for key, value in sorted(STATUSES.items())))
        print(f"charges: {total_charges} for {len(orders)} orders "
              f"({sum(1 for o in orders if charges.get(o.sid, 0) == 1)} charged exactly once); "
              f"sessions with a call waiting: {len(waiting)}; differing from their replay: {mismatches}")
        print(f"abandoned at the bank: {len(abandoned)} in {abandon_seconds:.1f}s: "
              + "; ".join(f"{o.case} charged {charges.get(o.sid, 0)}x, at {o.ended}" for o in abandoned))
        print("their statuses: " + ", ".join(f"{key}: {value}" for key, value in sorted(ABANDON_STATUSES.items())))
        if failures:
            for failure in failures:
                print("FAILED: " + failure)
            return 1
        print(f"ok: every order placed exactly once, every checkout abandoned unpaid charged never, no stuck "
              f"session, every session equal to its accepted events")
        return 0
    finally:
        for instance in (a, b, f, s, m, m2):
            instance.stop()


if __name__ == "__main__":
    sys.exit(main())
