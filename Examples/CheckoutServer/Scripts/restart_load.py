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


def count(counts, lock, key):
    with lock:
        counts[key] = counts.get(key, 0) + 1


def drive(base, deadline, counts, lock):
    url = urllib.parse.urlsplit(base)
    connection = None
    session = None
    n = 0

    def send(method, path, body, headers):
        """The answer's status and body; a 503 without Retry-After counted too."""
        connection.request(method, path, body=body, headers={"Content-Type": "application/json", **headers})
        answer = connection.getresponse()
        payload = answer.read()
        if answer.status == 503 and not answer.getheader("Retry-After"):
            count(counts, lock, "503 without Retry-After")
        return answer.status, payload

    while time.monotonic() < deadline:
        try:
            if connection is None:
                connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
            if session is None:
                status, payload = send("POST", "/sessions", '{"flow":"plndr"}', {})
                if status in (200, 201):
                    created = json.loads(payload)
                    session = (created["id"], created["secret"])
                    continue
            else:
                n += 1
                event = json.dumps({"event": "set", "row": "quantity", "value": str(1 + n % 9)})
                status, _ = send("POST", f"/sessions/{session[0]}/events", event,
                                 {"Authorization": f"Bearer {session[1]}"})
            count(counts, lock, str(status))
            if status == 503:
                time.sleep(0.05)
        except (OSError, http.client.HTTPException):
            count(counts, lock, "connection errors")
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
