"""What gunicorn answers itself, in the service's shape: problem details, and a line in the access log.

A request gunicorn cannot read (a header holding a control byte such as 0x01 or 0x7f, which nginx
passes on, a request line it refuses, an unknown transfer coding) never reaches the application:
gunicorn writes an HTML page and, without a request to log, no access line.
``deploy/gunicorn.conf.py`` puts :func:`write_problem` in its place in each worker, so that such a
refusal is ``application/problem+json`` like every other answer, and is logged, once.

Like every answer of the service, it carries an ``X-Request-ID``, and its line the same
``request_id``: the one the front sent (``X-Request-ID``, as the application takes it:
``infra/request_ids.py``), read from what gunicorn had parsed of the request or, when it refused the
request before it had parsed its headers, from the bytes it had read of them; else a new one.
gunicorn hands its ``util.write_error`` nothing of the request, so :func:`install` wraps the
worker's ``handle_error``, which has it, to keep it for the time of the answer.
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import re
import socket
import threading
from collections.abc import Callable
from types import TracebackType
from typing import Any, Final

from gunicorn import util
from gunicorn.http.message import Message

from ..version import __version__
from .problem_types import PROBLEM_TYPES, TYPE_PREFIX
from .request_ids import is_request_id, new_request_id

__all__ = ["TYPES", "install", "problem_bytes", "refusing", "request_id_of", "write_problem"]

#: The problem type of each status gunicorn refuses with: the service's (infra/problem_types.py).
TYPES: Final = {
    status: (PROBLEM_TYPES[status].slug, PROBLEM_TYPES[status].title.en)
    for status in (400, 403, 414, 417, 431, 500, 501)
}

_log = logging.getLogger("gunicorn.access")  # gunicorn's own access log: one JSON line a request

#: An ``X-Request-ID`` line of a request's head, whole (ended by CRLF), as gunicorn reads a field: its
#: name, a colon, the value between optional spaces or tabs.
_REQUEST_ID_LINE: Final = re.compile(rb"(?:^|\r\n)X-Request-ID:([^\r\n]*)(?=\r\n)", re.IGNORECASE)
#: gunicorn's parser of a request's head, and the names of the buffers it reads the head into.
_PARSER: Final = "gunicorn.http.message"
_BUFFERS: Final = ("data", "buf")


class _Refusal(threading.local):
    """The request being refused in this thread (gunicorn's ``handle_error`` runs in the request's
    thread): what gunicorn had parsed of it, and why it refused it."""

    refusing: bool = False
    request: Message | None = None
    error: BaseException | None = None


_refusal: Final = _Refusal()


def refusing() -> bool:
    """Whether this thread is answering a request gunicorn refused: its one access line is
    :func:`write_problem`'s (gunicorn's own, for a request it had parsed, would say less)."""
    return _refusal.refusing


def request_id_of(request: Message | None, error: BaseException | None) -> str:
    """The refused request's id: the ``X-Request-ID`` it carried when that is one (the front's,
    behind nginx), from the headers gunicorn had parsed, else from the bytes it had read of the head
    when it refused it; else a new one. Two ``X-Request-ID`` fields are read as one, joined by a
    comma (as the application reads them), which is no id."""
    sent = _parsed(request) or _sent_before(error)
    given = ",".join(sent)
    return given if given and is_request_id(given) else new_request_id()


def _parsed(request: Any) -> list[str]:
    """The ``X-Request-ID`` values of a request gunicorn had parsed (none of one it had not)."""
    headers = request.headers if isinstance(request, Message) else ()
    return [value for name, value in headers if name == "X-REQUEST-ID"]


def _sent_before(error: BaseException | None) -> list[str]:
    """The ``X-Request-ID`` values of the request gunicorn's parser was reading when it raised
    ``error``, as its frames the error went through hold them: its headers when it had parsed them
    (a framing it refused, an unknown transfer coding), else the bytes it had read of the head. Each
    buffer is a window on the same bytes, from the start of the head on: the one that reaches
    furthest holds the most lines."""
    found: list[bytes] = []
    trace: TracebackType | None = error.__traceback__ if error is not None else None
    while trace is not None:
        frame = trace.tb_frame
        if frame.f_globals.get("__name__") == _PARSER:
            parsed = _parsed(frame.f_locals.get("self"))
            if parsed:
                return parsed
            for name in _BUFFERS:
                buffer = frame.f_locals.get(name)
                if isinstance(buffer, bytes | bytearray):
                    end = buffer.find(b"\r\n\r\n")  # the head's end: what follows is its body
                    head = bytes(buffer if end < 0 else buffer[: end + 2])
                    values = _REQUEST_ID_LINE.findall(head)
                    if len(values) > len(found):
                        found = values
        trace = trace.tb_next
    return [value.strip(b" \t").decode("latin-1") for value in found]


def problem_bytes(status: int, reason: str, detail: str, request_id: str | None = None) -> bytes:
    """The whole HTTP answer of a refusal: status line, headers (the request's id, when given, and the
    contract's version, as every answer of the service carries them), problem details."""
    slug, title = TYPES.get(status, ("malformed-request", reason))
    said = detail or title
    body = json.dumps(
        {
            "type": TYPE_PREFIX + slug,
            "title": title,
            "status": status,
            "detail": f"the server refused: {said}",
        },
        ensure_ascii=True,
    ).encode()
    identified = "" if request_id is None else f"X-Request-ID: {request_id}\r\n"
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
        f"Content-Language: en\r\n{identified}X-API-Version: {__version__}\r\n"
        f"Content-Length: {len(body) + 1}\r\n\r\n"
    )
    return head.encode("latin-1") + body + b"\n"


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error``, answering problem details, and logging the refusal under its
    request id (what the worker's ``handle_error`` kept of the request: :func:`install`)."""
    request = _refusal.request
    request_id = request_id_of(request, _refusal.error)
    _log.info(
        json.dumps(
            {
                "time": datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds"),
                "level": "INFO",
                "logger": "access",
                "method": getattr(request, "method", None),
                "route": "refused by gunicorn",
                "path": getattr(request, "path", None),
                "status": status_int,
                "detail": mesg[:200],
                "request_id": request_id,
                "pid": os.getpid(),
            },
            separators=(",", ":"),
        )
    )
    util.write_nonblock(sock, problem_bytes(status_int, reason, mesg, request_id))


def _keeping_the_request(handle_error: Callable[..., Any]) -> Callable[..., Any]:
    """The worker's ``handle_error(req, client, addr, exc)``, keeping the request (``req``, or the one
    the error names: it may be None, or parsed in part) and the error for :func:`write_problem`."""

    def handle(req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        named = req if req is not None else getattr(exc, "req", None)  # InvalidRequestLine's is its text
        _refusal.request = named if isinstance(named, Message) else None
        _refusal.error = exc
        _refusal.refusing = True
        try:
            handle_error(req, client, addr, exc)
        finally:
            _refusal.refusing = False
            _refusal.request = _refusal.error = None  # the error holds its frames: let them go

    return handle


def install(worker: Any = None) -> None:
    """Answer gunicorn's own refusals as problem details in this process, under the request's id:
    the worker's ``post_worker_init`` hook calls it with the worker."""
    util.write_error = write_problem
    if worker is not None:
        worker.handle_error = _keeping_the_request(worker.handle_error)
