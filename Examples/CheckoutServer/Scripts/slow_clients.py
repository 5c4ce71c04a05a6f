#!/usr/bin/env python3
"""Attacks a running checkout server on 127.0.0.1 with slow clients, and
measures what a fresh client sees meanwhile.

    slow_clients.py --port 8080 --pid PID [--connections 1100] [--seconds 25]
                    [--header-timeout 5] [--body-timeout 10]

Two phases, one after the other, each bounded in connections and in time:

  slow-body     each connection sends the head of a POST declaring
                Content-Length: 60000, then one byte of the body every 5 s
  slow-headers  each connection sends a request line and one header byte
                every 2 s, never ending the header block

During each phase a fresh `GET /health` is sent every 0.5 s on a new connection;
the server's open descriptors are counted from /proc/PID/fd. A phase passes when
every /health answers 200 within --health-limit (default 1 s), when the server
closed every attack connection within its timeout plus --slack (default 4 s),
and when the descriptors are back within --fd-slack of where they started
afterwards. Exit status 1 otherwise. Only 127.0.0.1 is ever connected to.
"""
import argparse
import os
import resource
import selectors
import socket
import sys
import time

HOST = "127.0.0.1"  # loopback only, by construction


def open_fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def health(port, limit):
    """Returns (seconds, status or None) of one GET /health on a new connection."""
    start = time.monotonic()
    try:
        with socket.create_connection((HOST, port), timeout=5) as sock:
            sock.settimeout(5)
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            data = b""
            while b"\r\n" not in data:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                data += chunk
    except OSError:
        return time.monotonic() - start, None
    seconds = time.monotonic() - start
    status = int(data[9:12]) if data.startswith(b"HTTP/1.1 ") else None
    return seconds, status


def attack(name, port, pid, count, seconds, head, drip, interval, timeout, args):
    print(f"== {name}: {count} connections, a byte every {interval} s, for at most {seconds} s"
          f" (the server should close each within {timeout} s + {args.slack} s)")
    selector = selectors.DefaultSelector()
    fds_before = open_fds(pid)
    opened = {}
    refused_connect = 0
    for _ in range(count):
        try:
            sock = socket.create_connection((HOST, port), timeout=2)
            sock.sendall(head)
            sock.setblocking(False)
        except OSError:
            refused_connect += 1
            continue
        opened[sock] = {"start": time.monotonic(), "next": time.monotonic() + interval, "answer": b"", "closed": None}
        selector.register(sock, selectors.EVENT_READ)
    print(f"   opened {len(opened)} ({refused_connect} could not connect); server descriptors {open_fds(pid)}"
          f" (were {fds_before})")
    started = time.monotonic()
    probes = []
    peak_fds = open_fds(pid)
    next_probe = started
    while time.monotonic() - started < seconds and any(s["closed"] is None for s in opened.values()):
        now = time.monotonic()
        if now >= next_probe:
            probes.append(health(port, args.health_limit))
            peak_fds = max(peak_fds, open_fds(pid))
            next_probe = now + 0.5
        for key, _ in selector.select(timeout=0.05):
            sock = key.fileobj
            state = opened[sock]
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, BrokenPipeError):
                chunk = b""
            except BlockingIOError:
                continue
            if chunk:
                state["answer"] += chunk
            else:
                state["closed"] = time.monotonic() - state["start"]
                selector.unregister(sock)
        now = time.monotonic()
        for sock, state in opened.items():
            if state["closed"] is None and now >= state["next"]:
                state["next"] = now + interval
                try:
                    sock.send(drip)
                except BlockingIOError:
                    pass
                except OSError:
                    state["closed"] = now - state["start"]
                    selector.unregister(sock)
    for sock in opened:
        sock.close()
    time.sleep(1.5)
    fds_after = open_fds(pid)
    closed = [s["closed"] for s in opened.values() if s["closed"] is not None]
    statuses = {}
    for s in opened.values():
        key = s["answer"][9:12].decode("ascii", "replace") if s["answer"].startswith(b"HTTP/1.1 ") else "none"
        statuses[key] = statuses.get(key, 0) + 1
    answered = [p for p in probes if p[1] == 200]
    worst = max((p[0] for p in probes), default=float("nan"))
    print(f"   /health: {len(answered)}/{len(probes)} answered 200, slowest {worst:.3f} s")
    print(f"   closed by the server: {len(closed)}/{len(opened)}"
          + (f", after {min(closed):.1f}-{max(closed):.1f} s" if closed else "")
          + f"; answers {dict(sorted(statuses.items()))}")
    print(f"   server descriptors: {fds_before} before, {peak_fds} at most, {fds_after} after")
    failures = []
    if not probes or len(answered) < len(probes) or worst > args.health_limit:
        failures.append(f"/health did not always answer 200 within {args.health_limit} s")
    if len(closed) < len(opened) or (closed and max(closed) > timeout + args.slack):
        failures.append(f"the server did not close every slow connection within {timeout + args.slack} s")
    if fds_after > fds_before + args.fd_slack:
        failures.append(f"descriptors grew from {fds_before} to {fds_after}")
    for failure in failures:
        print(f"   FAILED: {failure}")
    return not failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument("--seconds", type=float, default=25)
    parser.add_argument("--header-timeout", type=float, default=5)
    parser.add_argument("--body-timeout", type=float, default=10)
    parser.add_argument("--health-limit", type=float, default=1.0)
    parser.add_argument("--slack", type=float, default=4.0)
    parser.add_argument("--fd-slack", type=int, default=16)
    args = parser.parse_args()
    if not 1 <= args.connections <= 5000 or not 1 <= args.seconds <= 120:
        sys.exit("at most 5,000 connections and 120 s")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.connections + 256)), hard))
    body = attack(
        "slow-body", args.port, args.pid, args.connections, args.seconds,
        b"POST /sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 60000\r\n\r\n{",
        b" ", 5, args.body_timeout, args)
    headers = attack(
        "slow-headers", args.port, args.pid, args.connections, args.seconds,
        b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
        b"a", 2, args.header_timeout, args)
    if body and headers:
        print("passed: slow clients were closed in time and /health answered throughout")
        return 0
    print("failed")
    return 1


if __name__ == "__main__":
    sys.exit(main())
