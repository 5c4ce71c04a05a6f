#!/usr/bin/env python3
"""Drives interleaved events for many sessions through two server instances that
share one PostgreSQL database, then checks that every session ends exactly as a
sequential replay of its events on a single memory-store instance does.

    multi_instance_check.py --a URL --b URL --reference URL [--sessions 48] [--workers 8] [--seed 7]

Each session's events alternate between the two instances (without
expectedVersion, so the server retries write conflicts), sessions run in
parallel, and some events are sent concurrently to the same session (the five
address fields; concurrent reads). Compared at the end: version, navigation
state, offer, route, and every screen row (value, detail, error, focus, enabled),
with two documented exceptions: secret rows (a CVV lives in the memory of the
instance that received it, never in the database, so its masked display depends
on which instance answers) and order numbers, which the demo API derives from
the session id (checked separately against that derivation).

Events between a `set cvv` and the order that needs it go to one instance, as a
load balancer with session affinity would send them: another instance never sees
a secret (secrets stay in the memory of the instance that received them), and
would ask for it again.

Exits 1 on any mismatch, 2 on a transport failure.
"""
import argparse
import json
import random
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import session_secrets

TIMEOUT = 15
AFFINITY = True


class Transport(Exception):
    pass


def request(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers=session_secrets.headers(path, {"Content-Type": "application/json"}))
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as response:
                answer = json.loads(response.read() or b"null")
                session_secrets.remember(method, path, response.status, answer)
                return response.status, answer
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            if attempt == 2:
                raise Transport(f"{method} {base}{path}: {error}")
            time.sleep(0.2)


# Events: ("tap", row) ("set", row, value) ("appeared", step) ("back",) ("accept",) ("decline",)
# Markers: ("burst", [events...]) sends its events concurrently; ("pin",) / ("unpin",) bound the
# events that must reach the instance holding the CVV (the first pin chooses it).

def tap(row): return ("tap", row)
def setv(row, value): return ("set", row, value)
def appeared(step): return ("appeared", step)


PLNDR_DECLINES = ["4000000000000127", "4000000000000002", "4000000000000069", "4000000000000119", "4000000000009995"]
EXPRESS_DECLINES = ["4000000000000127", "4000000000009995", "4000000000000069", "4000000000009987"]
GOOD = "4242424242424242"


def plndr_story(rng):
    card = rng.choice(PLNDR_DECLINES + [GOOD, GOOD])
    events = [setv("quantity", str(rng.randint(1, 4))), tap("checkout"), appeared("stepOne")]
    if rng.random() < 0.3:
        events += [tap("discount"), ("back",), tap("checkout"), appeared("stepOne")]
    events += [tap("continue")]  # refused: the address and card are not complete
    events += [tap("shippingAddress"), appeared("address"),
               ("burst", [setv("name", "Ada Lovelace"), setv("street", f"{rng.randint(1, 999)} Main St"),
                          setv("city", "Portland"), setv("state", "OR"), setv("zip", "97201")]),
               tap("done"), appeared("stepOne")]
    events += [setv("shippingMethod", rng.choice(["standard", "express", "overnight", "teleport"]))]
    events += [tap("creditCard"), appeared("creditCard"), setv("name", "Ada Lovelace"), setv("number", card),
               setv("expiry", "12/30"), ("pin",), setv("cvv", str(rng.randint(100, 999))), tap("done"),
               appeared("stepOne"), tap("continue"), appeared("stepTwo"), tap("placeOrder"), ("unpin",)]
    if card == GOOD:
        return events + [appeared("confirmation")]
    if rng.random() < 0.25:
        return events + [("decline",), ("pin",), tap("placeOrder"), ("unpin",), ("accept",), appeared("stepOne"),
                         appeared("creditCard")]
    events += [("accept",), appeared("stepOne"), appeared("creditCard")]
    if rng.random() < 0.5:
        events += [setv("number", GOOD), ("pin",), setv("cvv", "456"), tap("done"), appeared("stepOne"),
                   tap("continue"), appeared("stepTwo"), tap("placeOrder"), ("unpin",), appeared("confirmation")]
    return events


def plndr_discount_story(rng):
    code = rng.choice(["EXPIRED-5", "SAVE10", "x"])
    events = [tap("discount"), appeared("discount"), setv("code", code), tap("apply")]
    if code != "SAVE10":
        events += [("accept",), setv("code", "SAVE10"), tap("apply")]
    return events + [tap("cancel"), appeared("cart"), tap("checkout"), appeared("stepOne"), ("back",)]


def express_story(rng):
    card = rng.choice(EXPRESS_DECLINES + [GOOD])
    events = [("burst", [setv("email", "ada@example.com"), setv("firstName", "Ada"), setv("lastName", "Lovelace"),
                         setv("address1", "1 Main St"), setv("city", "Portland"), setv("zip", "97201")]),
              setv("deliveryOption", rng.choice(["standard", "express", "pickup"])),
              tap("pay"),  # refused: no card yet
              tap("payment"), appeared("paymentSheet"), tap("card"), appeared("cardEntry"),
              setv("cardholder", "Ada Lovelace"), setv("number", card), setv("expiry", "12/30"),
              ("pin",), setv("cvc", "123"), tap("billing"), appeared("billingAddress"), setv("zip", "97201"),
              tap("done"), appeared("cardEntry"), tap("done"), appeared("paymentSheet"), tap("done"),
              appeared("checkout"), tap("pay"), ("unpin",)]
    if card == GOOD:
        return events + [appeared("receipt")]
    return events + [("accept",), appeared("paymentSheet"), appeared("cardEntry")]


def body_of(event):
    kind = event[0]
    if kind == "tap":
        return {"event": "tap", "row": event[1]}
    if kind == "set":
        return {"event": "set", "row": event[1], "value": event[2]}
    if kind == "appeared":
        return {"event": "appeared", "step": event[1]}
    if kind == "actionCompleted":
        return {"event": "actionCompleted", "operation": event[1], "data": event[2]}
    return {"event": kind}


SECRET_ROWS = {("creditCard", "cvv"), ("cardEntry", "cvc")}
ORDER = re.compile(r"\b[A-Z][A-Z0-9_-]*-\d{8}\b")


def normalized(view):
    screen = view["screen"]
    rows = []
    for row in screen["rows"]:
        secret = (screen["step"], row["id"]) in SECRET_ROWS
        rows.append({
            "id": row["id"],
            "value": None if secret else row.get("value"),
            "detail": row.get("detail"), "error": row.get("error"),
            "isFocused": row.get("isFocused"), "isEnabled": row.get("isEnabled"),
        })
    shown = {"version": view["version"], "state": view["state"], "step": screen["step"], "rows": rows,
             "offer": view.get("offer"), "route": view.get("route")}
    return json.loads(ORDER.sub("<order>", json.dumps(shown, sort_keys=True)))


def order_number(session_id, flow):
    value = 0xCBF29CE484222325
    for byte in session_id.encode():
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%s-%08d" % (flow.upper(), value % 100_000_000)


class Counters:
    def __init__(self):
        self.lock = threading.Lock()
        self.values = {}

    def add(self, key, amount=1):
        with self.lock:
            self.values[key] = self.values.get(key, 0) + amount


def run_multi(flow, events, instances, counters):
    """Runs a session's events alternating between instances; returns its id."""
    status, created = request(instances[0], "POST", "/sessions", {"flow": flow})
    if status != 201:
        raise Transport(f"create {flow}: {status} {created}")
    sid = created["id"]
    turn = 1
    pinned = None
    holder = None  # the instance that received the CVV
    for event in events:
        if event[0] == "pin":
            holder = holder or instances[turn % 2]
            pinned = holder if AFFINITY else None
            continue
        if event[0] == "unpin":
            pinned = None
            continue
        if event[0] == "burst":
            results = []
            def send(item, base):
                results.append(request(base, "POST", f"/sessions/{sid}/events", body_of(item))[0])
            threads = [threading.Thread(target=send, args=(item, instances[(turn + n) % 2]))
                       for n, item in enumerate(event[1])]
            # Concurrent reads of the same session while it is written.
            threads += [threading.Thread(target=lambda base=base: request(base, "GET", f"/sessions/{sid}"))
                        for base in instances]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            counters.add("concurrent events", len(event[1]))
            counters.add("events", len(event[1]))
            for code in results:
                counters.add(f"status {code}")
            turn += 1
            continue
        base = pinned or instances[turn % 2]
        turn += 1
        status, _ = request(base, "POST", f"/sessions/{sid}/events", body_of(event))
        counters.add("events")
        counters.add(f"status {status}")
        counters.add(f"instance {'A' if base == instances[0] else 'B'}")
    return sid


def run_sequential(flow, events, base):
    status, created = request(base, "POST", "/sessions", {"flow": flow})
    if status != 201:
        raise Transport(f"create {flow} on the reference: {status} {created}")
    sid = created["id"]
    for event in events:
        if event[0] in ("pin", "unpin"):
            continue
        for item in (event[1] if event[0] == "burst" else [event]):
            request(base, "POST", f"/sessions/{sid}/events", body_of(item))
    return sid


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--sessions", type=int, default=48)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-affinity", action="store_true",
                        help="ignore the CVV pins (to see the check fail: the other instance asks for the CVV again)")
    args = parser.parse_args()
    global AFFINITY
    AFFINITY = not args.no_affinity

    rng = random.Random(args.seed)
    stories = []
    for n in range(args.sessions):
        pick = n % 4
        if pick in (0, 1):
            stories.append(("plndr", plndr_story(rng)))
        elif pick == 2:
            stories.append(("plndr", plndr_discount_story(rng)))
        else:
            stories.append(("express", express_story(rng)))

    counters = Counters()
    started = time.monotonic()
    instances = [args.a, args.b]
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        ids = list(pool.map(lambda story: run_multi(story[0], story[1], instances, counters), stories))
    multi_seconds = time.monotonic() - started
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        reference_ids = list(pool.map(lambda story: run_sequential(story[0], story[1], args.reference), stories))

    mismatches = 0
    orders = 0
    for n, ((flow, events), sid, rid) in enumerate(zip(stories, ids, reference_ids)):
        _, on_a = request(args.a, "GET", f"/sessions/{sid}")
        _, on_b = request(args.b, "GET", f"/sessions/{sid}")
        _, expected = request(args.reference, "GET", f"/sessions/{rid}")
        got_a, got_b, want = normalized(on_a), normalized(on_b), normalized(expected)
        for row in on_a["screen"]["rows"]:
            for number in ORDER.findall(row.get("detail") or ""):
                orders += 1
                if number != order_number(sid, flow):
                    mismatches += 1
                    print(f"MISMATCH session {n} ({flow}) {sid}: order number {number}, expected {order_number(sid, flow)}")
        if got_a != got_b:
            mismatches += 1
            print(f"MISMATCH session {n} ({flow}) {sid}: instance A and B disagree\n  A: {got_a}\n  B: {got_b}")
        if got_a != want:
            mismatches += 1
            print(f"MISMATCH session {n} ({flow}) {sid}: differs from the sequential replay")
            print(f"  multi-instance: {json.dumps(got_a, sort_keys=True)}")
            print(f"  sequential:     {json.dumps(want, sort_keys=True)}")

    values = counters.values
    statuses = ", ".join(f"{key[7:]}: {value}" for key, value in sorted(values.items()) if key.startswith("status "))
    finals = {}
    for flow, _ in stories:
        finals[flow] = finals.get(flow, 0) + 1
    states = {}
    for sid in ids:
        _, view = request(args.a, "GET", f"/sessions/{sid}")
        states[view["state"]] = states.get(view["state"], 0) + 1
    print(f"sessions: {len(stories)} ({', '.join(f'{k} {v}' for k, v in sorted(finals.items()))}), "
          f"{args.workers} in parallel")
    print(f"events: {values.get('events', 0)} through two instances (A {values.get('instance A', 0)}, "
          f"B {values.get('instance B', 0)}, {values.get('concurrent events', 0)} sent concurrently to one session) "
          f"in {multi_seconds:.1f}s")
    print(f"statuses: {statuses}")
    print(f"final states: {', '.join(f'{k} x{v}' for k, v in sorted(states.items()))}")
    print(f"order numbers checked: {orders}")
    if mismatches:
        print(f"FAILED: {mismatches} mismatches")
        return 1
    print(f"ok: all {len(stories)} sessions end exactly as their sequential replay "
          "(version, state, screen, offer, route)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Transport as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
