"""Structured logs: one JSON object per line.

* The application's own records (warnings, errors with their traceback) go
  through :func:`configure_logging` with python-json-logger; when the service traces
  (``infra/tracing.py``), a record written during a request carries its ``request_id``,
  ``trace_id`` and ``span_id`` (:class:`RequestFields`).
* gunicorn's access log uses :class:`AccessLogger`: one line per request
  with method, route template, path, status, duration, request id, worker
  pid, client, tenant and size, and its trace id when the service traces.  The application leaves
  the route, the request id, the tenant and the trace id in the WSGI environ for it (``ROUTE_KEY``,
  ``REQUEST_ID_KEY``, ``TENANT_KEY``, ``TRACE_ID_KEY``: what the server's log sees of the app).
  A request gunicorn refused itself never reached the app: its line is ``gunicorn_refusals``'.
"""

from __future__ import annotations

import datetime
import logging
import os
import sys
from typing import Any

import orjson
from gunicorn.glogging import Logger as GunicornLogger
from pythonjsonlogger.json import JsonFormatter

from .gunicorn_refusals import refusing
from .tracing import current

ROUTE_KEY = "maubinh.route"
REQUEST_ID_KEY = "maubinh.request_id"
#: The request's tenant (its name, never its key), as the web layer's request context names it.
TENANT_KEY = "maubinh.tenant"
#: The request's trace id (32 hexadecimal digits), when the service traces (``infra/tracing.py``).
TRACE_ID_KEY = "maubinh.trace_id"
#: Set on a request the access log leaves out: the front's own question of which tenant a key names
#: (``web/front_lookup.py``), asked for a request that has its own line.
UNLOGGED_KEY = "maubinh.unlogged"


def configure_logging(level: str = "INFO") -> None:
    """Send the application's records to stderr as JSON lines (once)."""
    root = logging.getLogger("maubinh_api")
    if any(getattr(handler, "_maubinh", False) for handler in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler._maubinh = True  # type: ignore[attr-defined]
    handler.addFilter(RequestFields())
    handler.setFormatter(
        JsonFormatter(
            "%(asctime)s %(levelname)s %(name)s %(message)s",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        )
    )
    root.addHandler(handler)
    root.setLevel(level)
    root.propagate = False


class RequestFields(logging.Filter):
    """Put the request's ids on a record written while a traced request runs: its request id beside
    its trace id and the request span's id, so that a log line leads to its trace and back. A
    record of an untraced request (or outside any) is left as it is."""

    def filter(self, record: logging.LogRecord) -> bool:
        found = current()
        if found is not None and not hasattr(record, "trace_id"):
            record.request_id = found.environ.get(REQUEST_ID_KEY)
            record.trace_id = found.trace_id
            record.span_id = found.span_id
        return True


class AccessLogger(GunicornLogger):  # type: ignore[misc]
    """gunicorn's logger, with the access log as JSON lines."""

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: datetime.timedelta) -> None:
        if not (self.cfg.accesslog or self.cfg.logconfig or self.cfg.logconfig_dict or self.cfg.syslog):
            return
        if refusing():  # a request gunicorn refused has its one line, with its id, from gunicorn_refusals
            return
        if environ.get(UNLOGGED_KEY):
            return
        status = resp.status
        record = {
            "time": datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds"),
            "level": "INFO",
            "logger": "access",
            "method": environ.get("REQUEST_METHOD"),
            "route": environ.get(ROUTE_KEY, "unmatched"),
            "path": environ.get("PATH_INFO"),
            "status": int(status.split(None, 1)[0]) if isinstance(status, str) else status,
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "request_id": environ.get(REQUEST_ID_KEY),
            "tenant": environ.get(TENANT_KEY),  # the tenant's name, never its key
            "pid": os.getpid(),
            "remote": environ.get("REMOTE_ADDR"),
            "bytes": getattr(resp, "sent", None),
        }
        trace_id = environ.get(TRACE_ID_KEY)
        if trace_id is not None:  # beside the request id: the line leads to the request's trace
            record["trace_id"] = trace_id
        try:
            self.access_log.info(orjson.dumps(record).decode())
        except Exception:  # a log line must never break a request
            self.error_log.exception("failed to write the access log")
