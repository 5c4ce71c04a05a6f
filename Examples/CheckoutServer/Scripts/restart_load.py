"""Events on several sessions at once, for a fixed time, counting the answers.

    python3 restart_load.py BASE SECONDS SESSIONS

Used by Examples/server-outage.sh while it restarts the database: each of SESSIONS
threads creates a PLNDR session and sends `set quantity` events on it over one
keep-alive connection until SECONDS have passed (a refused or reset connection is
counted and opened again). Prints one JSON line: the count of each status, of
503s without Retry-After, and of connection errors.
"""

import http.client
import json
import sys
import threading
import time
import urllib.parse


def drive(base, deadline, counts, lock):
    url = urllib.parse.urlsplit(base)
    connection = None
    session = None
    n = 0
    while time.monotonic() < deadline:
        try:
            if connection is None:
                connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
            if session is None:
                connection.request("POST", "/sessions", body='{"flow":"plndr"}',
                                   headers={"Content-Type": "application/json"})
                answer = connection.getresponse()
                body = answer.read()
                if answer.status != 201 and answer.status != 200:
                    key, retry = str(answer.status), answer.getheader("Retry-After")
                    with lock:
                        counts[key] = counts.get(key, 0) + 1
                        if answer.status == 503 and not retry:
                            counts["503 without Retry-After"] = counts.get("503 without Retry-After", 0) + 1
                    time.sleep(0.05)
                    continue
                created = json.loads(body)
                session = (created["id"], created["secret"])
            n += 1
            event = json.dumps({"event": "set", "row": "quantity", "value": str(1 + n % 9)})
            connection.request("POST", f"/sessions/{session[0]}/events", body=event,
                               headers={"Content-Type": "application/json",
                                        "Authorization": f"Bearer {session[1]}"})
            answer = connection.getresponse()
            answer.read()
            with lock:
                key = str(answer.status)
                counts[key] = counts.get(key, 0) + 1
                if answer.status == 503 and not answer.getheader("Retry-After"):
                    counts["503 without Retry-After"] = counts.get("503 without Retry-After", 0) + 1
            if answer.status == 503:
                time.sleep(0.05)
        except (OSError, http.client.HTTPException):
            with lock:
                counts["connection errors"] = counts.get("connection errors", 0) + 1
            if connection is not None:
                connection.close()
            connection = None
            time.sleep(0.05)


def main():
    base, seconds, sessions = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    deadline = time.monotonic() + seconds
    counts, lock = {}, threading.Lock()
    threads = [threading.Thread(target=drive, args=(base, deadline, counts, lock)) for _ in range(sessions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps(counts, sort_keys=True))


if __name__ == "__main__":
    main()
