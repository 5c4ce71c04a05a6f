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

After a crash the shopper's client carries on through A: it reads the session
(which finishes a call left waiting once the call timeout has passed: made again
with the same idempotency key, answered from the demo API's ledger), reports the
confirmation step, or, when the order was never made (or was given up), places
it again, entering the CVV again (the dead instance held it).

Checked at the end, from the database: every order charged exactly once (successful
placeOrder or confirmPayment rows of the demo API's ledger per session), no session
with a call waiting, every session at its confirmation (Express: its receipt) with
its own order number; and every
session equal (state, screen, offer, route) to the replay of its accepted events
on the reference instance. Prints the statuses counted. Exits 1 on any failure.
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
STATUSES = {}


def count(key):
    STATUSES[key] = STATUSES.get(key, 0) + 1


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

    def start(self, fault=None):
        env = dict(os.environ)
        env.pop("CHECKOUT_FAULT", None)
        env.update({key: value for key, value in self.env.items() if value is not None})
        for key in [key for key, value in self.env.items() if value is None]:
            env.pop(key, None)  # unset: the server refuses a set but empty DATABASE_URL
        if fault:
            env["CHECKOUT_FAULT"] = fault
        self.process = subprocess.Popen(
            [self.args.bin, "--hostname", "127.0.0.1", "--port", str(self.port), "--today", "2026-11-21",
             "--call-timeout", str(self.args.call_timeout)],
            env=env, stdout=self.log, stderr=self.log)
        for _ in range(300):
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

    def wait_dead(self):
        """The exit status of an instance that killed itself (-9: SIGKILL)."""
        try:
            return self.process.wait(10)
        except subprocess.TimeoutExpired:
            return None


def shell(command):
    subprocess.run(command, shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Order:
    def __init__(self, n, rng, case):
        self.n, self.case = n, case
        self.flow, self.final = ("express", "receipt") if case == "at-challenge" else ("plndr", "confirmation")
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


def replay(m, order):
    status, created = request(m.base, "POST", "/sessions", {"flow": order.flow})
    rid = created["id"]
    for event in order.accepted:
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
    a, b, f = Instance("A", args, pg), Instance("B", args, pg), Instance("F", args, pg)
    m = Instance("M", args, {"DATABASE_URL": None})
    for instance in (a, b, m):
        instance.start()
    rng = random.Random(args.seed)
    orders = [Order(n, rng, CASES[n % len(CASES)]) for n in range(args.orders)]
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

        charges = {sid: int(n) for sid, n in psql(
            args, "SELECT session, count(*) FROM api_calls WHERE operation IN ('placeOrder', 'confirmPayment') "
                  "AND status = 'succeeded' "
                  "GROUP BY session")}
        waiting = {row[0] for row in psql(args, "SELECT id FROM sessions WHERE jsonb_array_length(snapshot->'calls') > 0")}
        mismatches = 0
        for order in orders:
            if order.sid is None:
                failures.append(f"order {order.n} ({order.case}): no session")
                continue
            placed = charges.get(order.sid, 0)
            if placed != 1:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: charged {placed} times")
            if order.sid in waiting:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: a call is still waiting")
            _, got = view_of(a.base, order.sid)
            if got.get("state") != order.final:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: ended at {got.get('state')}")
            details = " ".join(row.get("detail") or "" for row in got["screen"]["rows"])
            if order_number(order.sid, order.flow) not in details:
                failures.append(f"order {order.n} ({order.case}) {order.sid}: no order number {order_number(order.sid, order.flow)}")
            _, want = view_of(m.base, replay(m, order))
            strip = lambda view: {k: v for k, v in normalized(view).items() if k != "version"}
            if strip(got) != strip(want):
                mismatches += 1
                failures.append(f"order {order.n} ({order.case}) {order.sid}: differs from the replay of its "
                                f"accepted events\n  stored: {strip(got)}\n  replay: {strip(want)}")
        total_charges = sum(charges.values())
        print(f"orders: {len(orders)} in {seconds:.1f}s; cases: "
              + ", ".join(f"{case} {sum(1 for o in orders if o.case == case)}" for case in CASES))
        print("statuses: " + ", ".join(f"{key}: {value}" for key, value in sorted(STATUSES.items())))
        print(f"charges: {total_charges} for {len(orders)} orders "
              f"({sum(1 for o in orders if charges.get(o.sid, 0) == 1)} charged exactly once); "
              f"sessions with a call waiting: {len(waiting)}; differing from their replay: {mismatches}")
        if failures:
            for failure in failures:
                print("FAILED: " + failure)
            return 1
        print(f"ok: every order placed exactly once, no stuck session, every session equal to its accepted events")
        return 0
    finally:
        for instance in (a, b, f, m):
            instance.stop()


if __name__ == "__main__":
    sys.exit(main())
