#!/usr/bin/env python3
"""Sends oversized and malformed HTTP requests to a running checkout server and
prints its resident memory and open descriptors before and after.

    http_abuse.py --port 8080 --pid PID [--requests 10000] [--workers 16] [--warmup 2000]

Each request is one of these kinds, in turn, on a new connection:

  oversized-declared  Content-Length: 1 MiB, no body sent; expects 413 at once
  oversized-sent      Content-Length: 1 MiB and the whole MiB sent; expects 413
  oversized-chunked   a chunked body that runs past 64 KiB; expects 413
  bad-chunk-size      a chunked body whose chunk size is not hex; expects 400
  bad-request-line    a request line that is not HTTP; expects 400
  huge-header         one 32 KiB header field; expects 431
  bad-json            a well-framed body that is not JSON; expects 400

A request passes when the answer has the expected status and the server closes
the connection (or, for bad-json, answers and keeps it usable). The exit status
is 1 when any request did not pass, or when memory or descriptors grew past the
allowed slack (--max-rss-growth-mb, default 20; --max-fd-growth, default 8).
"""
import argparse
import collections
import concurrent.futures
import os
import socket
import sys
import time

MIB = 1024 * 1024


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def open_fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def read_answer(sock, timeout):
    """Reads until the server closes or `timeout` passes; returns (status, closed)."""
    sock.settimeout(timeout)
    data = b""
    closed = False
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            break
        except (ConnectionResetError, BrokenPipeError):
            closed = True
            break
        if not chunk:
            closed = True
            break
        data += chunk
    status = None
    if data.startswith(b"HTTP/1.1 "):
        try:
            status = int(data[9:12])
        except ValueError:
            status = None
    return status, closed, data


def send_all(sock, payload):
    try:
        sock.sendall(payload)
        return True
    except (ConnectionResetError, BrokenPipeError):
        return False


def one(kind, port, timeout):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        path = b"/sessions/00000000-0000-0000-0000-000000000000/events"
        if kind == "oversized-declared":
            send_all(sock, b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % MIB)
            expected = 413
        elif kind == "oversized-sent":
            send_all(sock, b"POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % MIB)
            body = b"x" * (64 * 1024)
            for _ in range(16):
                if not send_all(sock, body):
                    break
            expected = 413
        elif kind == "oversized-chunked":
            send_all(sock, b"POST /sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            chunk = b"4000\r\n" + b"y" * 0x4000 + b"\r\n"
            for _ in range(8):  # 128 KiB
                if not send_all(sock, chunk):
                    break
            expected = 413
        elif kind == "bad-chunk-size":
            send_all(sock, b"POST /sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                     b"5\r\n{\"flo\r\nZZZ\r\nw\":1}\r\n0\r\n\r\n")
            expected = 400
        elif kind == "bad-request-line":
            send_all(sock, b"THIS IS NOT HTTP\r\n\r\n")
            expected = 400
        elif kind == "huge-header":
            send_all(sock, b"GET /health HTTP/1.1\r\nHost: x\r\nX-Filler: " + b"a" * (32 * 1024) + b"\r\n\r\n")
            expected = 431
        elif kind == "bad-json":
            body = b'{"flow": plndr}'
            send_all(sock, b"POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
            expected = 400
        else:
            raise ValueError(kind)
        status, closed, data = read_answer(sock, timeout)
        passed = status == expected and closed
        return kind, status, closed, passed
    finally:
        sock.close()


KINDS = ["oversized-declared", "oversized-sent", "oversized-chunked", "bad-chunk-size", "bad-request-line",
         "huge-header", "bad-json"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--requests", type=int, default=10000)
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--warmup", type=int, default=2000)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--max-rss-growth-mb", type=float, default=20)
    parser.add_argument("--max-fd-growth", type=int, default=8)
    arguments = parser.parse_args()

    # Warm up with the same mix and concurrency, so that the allocator's and the
    # event loops' working set is reached before "before" is read.
    counts = collections.Counter()
    failures = collections.Counter()

    def run(total, record):
        with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.workers) as pool:
            jobs = [pool.submit(one, KINDS[i % len(KINDS)], arguments.port, arguments.timeout) for i in range(total)]
            for job in concurrent.futures.as_completed(jobs):
                try:
                    kind, status, closed, passed = job.result()
                except OSError as error:
                    kind, status, closed, passed = "connect", type(error).__name__, False, False
                if record:
                    counts[(kind, status, "closed" if closed else "open")] += 1
                    if not passed:
                        failures[kind] += 1

    run(arguments.warmup, record=False)
    time.sleep(2.5)
    rss_before, fds_before = rss_kib(arguments.pid), open_fds(arguments.pid)
    print(f"before (after {arguments.warmup} warm-up requests): RSS {rss_before / 1024:.1f} MiB, open descriptors {fds_before}")

    started = time.monotonic()
    rounds = 5
    for round_index in range(rounds):
        run(arguments.requests // rounds, record=True)
        print(f"  after {(round_index + 1) * (arguments.requests // rounds)}: RSS {rss_kib(arguments.pid) / 1024:.1f} MiB, "
              f"open descriptors {open_fds(arguments.pid)}")
    elapsed = time.monotonic() - started
    time.sleep(2.5)  # lingering closes end within 2 s
    rss_after, fds_after = rss_kib(arguments.pid), open_fds(arguments.pid)

    print(f"{arguments.requests} requests in {elapsed:.1f} s ({arguments.requests / elapsed:.0f}/s), {arguments.workers} at a time")
    print(f"{'kind':<20} {'status':>6} {'connection':>10} {'count':>6}")
    for (kind, status, closed), count in sorted(counts.items(), key=lambda item: str(item[0])):
        print(f"{kind:<20} {str(status):>6} {closed:>10} {count:>6}")
    print(f"after:  RSS {rss_after / 1024:.1f} MiB, open descriptors {fds_after}")
    growth = (rss_after - rss_before) / 1024
    print(f"growth: RSS {growth:+.1f} MiB, open descriptors {fds_after - fds_before:+d}")
    ok = True
    if failures:
        print("FAILED: " + ", ".join(f"{kind} {count}" for kind, count in sorted(failures.items())))
        ok = False
    if growth > arguments.max_rss_growth_mb:
        print(f"FAILED: RSS grew by more than {arguments.max_rss_growth_mb} MiB")
        ok = False
    if fds_after - fds_before > arguments.max_fd_growth:
        print(f"FAILED: open descriptors grew by more than {arguments.max_fd_growth}")
        ok = False
    print("passed" if ok else "failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
