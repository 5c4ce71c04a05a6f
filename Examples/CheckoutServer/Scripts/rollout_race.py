#!/usr/bin/env python3
"""Races concurrent events on sessions being migrated by another instance, as a
rolling deploy does, and counts the answers: each must be 200, 409 or 410 with a
JSON `error`, never a 5xx.

    rollout_race.py --create URL --a URL --b URL [--sessions 20] [--events 8] [--label NAME]

`--create` makes the sessions (an instance serving only v1 of the flow, so they
start on v1); then every session gets `--events` concurrent `set quantity` events
at once, half sent to A and half to B (all sessions together, released by one
barrier). An event answered 503 `store_unavailable` (the store did not answer
within the server's time limit: a busy machine) is sent again once after its
`Retry-After`, as a client does, and its second answer counts. Finally every
session must still read (GET) 200 on B, the migrating instance. Prints the
statuses counted per instance. Exits 1 on any 5xx, any other unexpected status,
an error without a JSON `error` or an unreadable session; 2 on a transport failure.
"""
import argparse
import collections
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from multi_instance_check import Transport, request

ALLOWED = {200, 409, 410}
RETRY_AFTER = 2


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--create", required=True)
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--events", type=int, default=8)
    parser.add_argument("--label", default="race")
    options = parser.parse_args()

    ids = []
    for _ in range(options.sessions):
        status, answer = request(options.create, "POST", "/sessions", {"flow": "plndr"})
        if status != 201:
            print(f"FAILED: POST /sessions answered {status}: {answer}", file=sys.stderr)
            return 1
        ids.append(answer["id"])

    jobs = []
    for session in ids:
        for index in range(options.events):
            base = options.a if index % 2 == 0 else options.b
            jobs.append((base, session, {"event": "set", "row": "quantity", "value": str(1 + index % 4)}))
    barrier = threading.Barrier(len(jobs))
    results = []
    lock = threading.Lock()

    retried = []

    def send(job):
        base, session, body = job
        barrier.wait()
        status, answer = request(base, "POST", f"/sessions/{session}/events", body)
        if status == 503 and isinstance(answer, dict) and answer.get("error") == "store_unavailable":
            # The store did not answer within the server's time limit (a busy machine): the
            # answer carries Retry-After, and a client sends the event again after it.
            with lock:
                retried.append(session)
            time.sleep(RETRY_AFTER)
            status, answer = request(base, "POST", f"/sessions/{session}/events", body)
        with lock:
            results.append((base, session, status, answer))

    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        list(pool.map(send, jobs))

    failures = []
    counts = {options.a: collections.Counter(), options.b: collections.Counter()}
    for base, session, status, answer in results:
        code = answer.get("error") if isinstance(answer, dict) else None
        counts[base][f"{status}{' ' + code if code else ''}"] += 1
        if status not in ALLOWED:
            failures.append(f"{status} from {base} on {session}: {answer}")
        elif status != 200 and not code:
            failures.append(f"{status} without a JSON error from {base} on {session}: {answer}")

    for session in ids:
        status, answer = request(options.b, "GET", f"/sessions/{session}")
        if status != 200:
            failures.append(f"GET {session} on B (the migrating instance) answered {status}: {answer}")

    for name, base in (("A", options.a), ("B", options.b)):
        summary = ", ".join(f"{count} × {key}" for key, count in sorted(counts[base].items()))
        print(f"{options.label}: {name} ({sum(counts[base].values())} events): {summary}")
    fives = sum(count for counter in counts.values() for key, count in counter.items() if key.startswith("5"))
    print(f"{options.label}: {fives} of {len(results)} events answered 5xx"
          + (f" ({len(retried)} sent again after a 503 store_unavailable, as its Retry-After asks)"
             if retried else ""))
    if failures:
        for line in failures[:5]:
            print(f"FAILED: {line}", file=sys.stderr)
        print(f"FAILED: {len(failures)} unexpected answers", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Transport as error:
        print(f"FAILED (transport): {error}", file=sys.stderr)
        sys.exit(2)
