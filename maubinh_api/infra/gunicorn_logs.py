"""gunicorn's own lines as JSON, beside its JSON access log (``deploy/gunicorn.conf.py``).

gunicorn writes its own messages (starting, a worker booted, a signal handled, a worker timed out
or exited) as text by default: ``[2025-01-01 12:00:00 +0000] [7] [INFO] Booting worker``. Its
``logconfig_dict`` setting takes :func:`log_config` instead, so that these are JSON objects with the
same fields as the application's (``time``, ``level``, ``logger``, ``message``; a traceback in
``exc_info``), the access log stays one line per request as :class:`~maubinh_api.infra.logging.AccessLogger`
writes it, and any other library's warning, Python's warnings included, is a JSON line too.
"""

from __future__ import annotations

import logging
from typing import Any

from pythonjsonlogger.json import JsonFormatter

__all__ = ["json_formatter", "log_config"]


def json_formatter() -> logging.Formatter:
    """The application's JSON line (``configure_logging``), for gunicorn's and other libraries' records."""
    return JsonFormatter(
        "%(asctime)s %(levelname)s %(name)s %(message)s",
        rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
    )


def log_config() -> dict[str, Any]:
    """gunicorn's ``logconfig_dict``: its error log as JSON on stderr, its access log (already JSON)
    as it is on stdout, every other logger's warnings as JSON on stderr. The levels stay gunicorn's
    (``--log-level``; the access log's INFO). Python's warnings go to logging from here on."""
    logging.captureWarnings(True)
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "json": {"()": f"{__name__}.json_formatter"},
            "line": {"format": "%(message)s"},
        },
        "handlers": {
            "json": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"},
            "access": {"class": "logging.StreamHandler", "formatter": "line", "stream": "ext://sys.stdout"},
        },
        "loggers": {
            "gunicorn.error": {"handlers": ["json"], "propagate": False},
            "gunicorn.access": {"handlers": ["access"], "propagate": False},
        },
        "root": {"level": "WARNING", "handlers": ["json"]},
    }
