"""The secrets of the sessions a check script created, by id.

POST /sessions answers {"id", "secret", ...}; every request on that session must
carry the secret as `Authorization: Bearer SECRET` (a missing or wrong one is
answered 404 like an unknown id). `remember` keeps the secret of a creation
answer; `headers` adds the session's Authorization header to a request's headers.
"""

import re
import threading

_SECRETS = {}
_LOCK = threading.Lock()
_SESSION_PATH = re.compile(r"^/sessions/([^/?]+)")


def remember(method, path, status, answer):
    """Keeps the secret of a `POST /sessions` answer."""
    if method == "POST" and path == "/sessions" and status == 201 and isinstance(answer, dict):
        if "id" in answer and "secret" in answer:
            with _LOCK:
                _SECRETS[answer["id"]] = answer["secret"]


def headers(path, base=None):
    """`base` (a dict of headers) plus the Authorization of the session `path` names."""
    result = dict(base or {})
    found = _SESSION_PATH.match(path)
    if found:
        with _LOCK:
            secret = _SECRETS.get(found.group(1))
        if secret:
            result["Authorization"] = f"Bearer {secret}"
    return result
