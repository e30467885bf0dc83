"""nginx's error log as JSON lines, a client's mistakes below error level.

nginx writes its error log as text and has no directive to change that, nor the level of one
message. ``deploy/serve.sh`` runs nginx with its stderr on a pipe to this filter::

    nginx ... 2> RUN/nginx/errors      python -m maubinh_api.infra.front_log < RUN/nginx/errors

Each line becomes one JSON object on stderr, as every other line the service writes: ``time``,
``level`` (nginx's, in Python's names), ``logger`` (``nginx``), ``message``, nginx's own level
(``nginx_level``), its ``pid`` and connection number, and the request's context (``client``,
``server``, ``request``, ``upstream``, ``host``, ``referrer``) when nginx gives it. What a client
did wrong is not the service's fault, so it pages no one: a body over the limit (nginx's
``[error]``, answered 413) is a warning, a body buffered to a file (nginx's ``[warn]`` for every
body over the 64 KiB buffer: the front keeps large bodies on disk, not in memory) and a client that
closed or timed out early are info. A line that does not read as nginx's is kept whole, at error
level. The filter ignores the signals that stop a process group (Ctrl-C under ``make run``): it ends
when nginx closes its stderr, so that nginx's last lines are written too.
"""

from __future__ import annotations

import datetime
import json
import re
import signal
import sys
from collections.abc import Iterable
from typing import IO, Any

__all__ = ["LEVELS", "demoted", "record", "run"]

#: nginx's levels, as Python's logging names them (the service's other lines use these).
LEVELS = {
    "debug": "DEBUG",
    "info": "INFO",
    "notice": "INFO",
    "warn": "WARNING",
    "error": "ERROR",
    "crit": "CRITICAL",
    "alert": "CRITICAL",
    "emerg": "CRITICAL",
}

#: A client's mistakes, and the level each is logged at (never error): how nginx's message starts.
CLIENT_MISTAKES = (
    ("client intended to send too large body", "WARNING"),  # answered 413
    ("client sent ", "WARNING"),  # a request nginx cannot read: answered 400
    ("a client request body is buffered to a temporary file", "INFO"),  # any body over 64 KiB
    ("client prematurely closed connection", "INFO"),
    ("client closed connection", "INFO"),
    ("client timed out", "INFO"),
    ("epoll_wait() reported that client prematurely closed connection", "INFO"),
)

_LINE = re.compile(
    r"(?P<time>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) \[(?P<level>[a-z]+)\] (?P<pid>\d+)#\d+: "
    r"(?:\*(?P<connection>\d+) )?(?P<message>.*)"
)
#: What nginx writes before it has read its configuration: "nginx: [emerg] ...".
_EARLY = re.compile(r"nginx: \[(?P<level>[a-z]+)\] (?P<message>.*)")
#: The context nginx appends to a request's message: ", client: ..., server: ..., request: "...".
_CONTEXT = re.compile(r', (client|server|request|upstream|host|referrer|subrequest): ("(?:[^"\\]|\\.)*"|[^,]*)')


def demoted(message: str, level: str) -> str:
    """The level a message is logged at: a client's mistake below error, anything else as nginx said."""
    for start, lower in CLIENT_MISTAKES:
        if message.startswith(start):
            return lower
    return level


def record(line: str) -> dict[str, Any]:
    """One line of nginx's error log as the JSON object the service writes."""
    found = _LINE.fullmatch(line)
    if found is None:
        early = _EARLY.fullmatch(line)
        if early is None:
            return {"time": _now(), "level": "ERROR", "logger": "nginx", "message": line}
        level = early["level"]
        return {
            "time": _now(),
            "level": LEVELS.get(level, "ERROR"),
            "logger": "nginx",
            "message": early["message"],
            "nginx_level": level,
        }
    level = found["level"]
    message, context = _split_context(found["message"])
    stamp = datetime.datetime.strptime(found["time"], "%Y/%m/%d %H:%M:%S").astimezone()  # nginx's local time
    result: dict[str, Any] = {
        "time": stamp.isoformat(),
        "level": demoted(message, LEVELS.get(level, "ERROR")),
        "logger": "nginx",
        "message": message,
        "nginx_level": level,
        "pid": int(found["pid"]),
    }
    if found["connection"]:
        result["connection"] = int(found["connection"])
    return result | context


def _split_context(text: str) -> tuple[str, dict[str, str]]:
    start = text.find(", client: ")
    if start < 0:
        return text, {}
    context = {}
    rest = text[start:]
    while rest:
        part = _CONTEXT.match(rest)
        if part is None:  # not the context after all: keep the message whole
            return text, {}
        name, value = part.groups()
        context[name] = value[1:-1].replace('\\"', '"') if value.startswith('"') else value
        rest = rest[part.end() :]
    return text[:start], context


def _now() -> str:
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def run(lines: Iterable[bytes], out: IO[str]) -> None:
    """Write each line of nginx's as a JSON line, as it comes."""
    for raw in lines:
        line = raw.decode("utf-8", errors="backslashreplace").rstrip("\r\n")
        if not line:
            continue
        try:
            written = json.dumps(record(line), ensure_ascii=False)
        except Exception:  # a line that does not parse is still written, whole
            written = json.dumps({"time": _now(), "level": "ERROR", "logger": "nginx", "message": line})
        out.write(written + "\n")
        out.flush()


def main() -> int:
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    run(sys.stdin.buffer, sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
