"""Structured logs: one JSON object per line.

* The application's own records (warnings, errors with their traceback) go
  through :func:`configure_logging` with python-json-logger.
* gunicorn's access log uses :class:`AccessLogger`: one line per request
  with method, route template, path, status, duration, request id, worker
  pid, client, tenant and size.  The application leaves the route, the
  request id and the tenant in the WSGI environ for it (``ROUTE_KEY``,
  ``REQUEST_ID_KEY``, ``TENANT_KEY``: what the server's log sees of the app).
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

ROUTE_KEY = "maubinh.route"
REQUEST_ID_KEY = "maubinh.request_id"
#: The request's tenant (its name, never its key), as the web layer's request context names it.
TENANT_KEY = "maubinh.tenant"


def configure_logging(level: str = "INFO") -> None:
    """Send the application's records to stderr as JSON lines (once)."""
    root = logging.getLogger("maubinh_api")
    if any(getattr(handler, "_maubinh", False) for handler in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler._maubinh = True  # type: ignore[attr-defined]
    handler.setFormatter(
        JsonFormatter(
            "%(asctime)s %(levelname)s %(name)s %(message)s",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        )
    )
    root.addHandler(handler)
    root.setLevel(level)
    root.propagate = False


class AccessLogger(GunicornLogger):  # type: ignore[misc]
    """gunicorn's logger, with the access log as JSON lines."""

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: datetime.timedelta) -> None:
        if not (self.cfg.accesslog or self.cfg.logconfig or self.cfg.logconfig_dict or self.cfg.syslog):
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
        try:
            self.access_log.info(orjson.dumps(record).decode())
        except Exception:  # a log line must never break a request
            self.error_log.exception("failed to write the access log")
