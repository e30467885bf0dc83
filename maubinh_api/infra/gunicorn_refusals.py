"""What gunicorn answers itself, in the service's shape: problem details, and a line in the access log.

A request gunicorn cannot read (a header holding a control byte such as 0x01 or 0x7f, which nginx
passes on, a request line it refuses, an unknown transfer coding) never reaches the application:
gunicorn writes an HTML page and, without a request to log, no access line.
``deploy/gunicorn.conf.py`` puts :func:`write_problem` in its place in each worker, so that such a
refusal is ``application/problem+json`` like every other answer, and is logged.
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import socket
from typing import Final

from gunicorn import util

__all__ = ["TYPES", "install", "problem_bytes", "write_problem"]

#: The problem type of each status gunicorn refuses with, as the service names them (web/problems.py;
#: a test checks that the two agree).
TYPES: Final = {
    400: ("malformed-request", "Malformed request"),
    403: ("forbidden", "Forbidden"),
    414: ("uri-too-long", "URI too long"),
    417: ("expectation-failed", "Expectation failed"),
    431: ("header-too-large", "Request header too large"),
    500: ("internal-error", "Internal server error"),
    501: ("not-implemented", "Not implemented"),
}

_log = logging.getLogger("gunicorn.access")  # gunicorn's own access log: one JSON line a request


def problem_bytes(status: int, reason: str, detail: str) -> bytes:
    """The whole HTTP answer of a refusal: status line, headers, problem details."""
    slug, title = TYPES.get(status, ("malformed-request", reason))
    said = detail or title
    body = json.dumps(
        {
            "type": f"urn:maubinh:problem:{slug}",
            "title": title,
            "status": status,
            "detail": f"the server refused: {said}",
        },
        ensure_ascii=True,
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
        f"Content-Language: en\r\nContent-Length: {len(body) + 1}\r\n\r\n"
    )
    return head.encode("latin-1") + body + b"\n"


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error``, answering problem details, and logging the refusal."""
    _log.info(
        json.dumps(
            {
                "time": datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds"),
                "level": "INFO",
                "logger": "access",
                "route": "refused by gunicorn",
                "status": status_int,
                "detail": mesg[:200],
                "pid": os.getpid(),
            },
            separators=(",", ":"),
        )
    )
    util.write_nonblock(sock, problem_bytes(status_int, reason, mesg))


def install() -> None:
    """Answer gunicorn's own refusals as problem details in this process (a worker's hook calls it)."""
    util.write_error = write_problem
