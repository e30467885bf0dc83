"""What the contract still takes but will not for ever: each use is answered with ``Deprecation``
(RFC 9745: when it was deprecated), ``Sunset`` (RFC 8594: after when it may go) and a ``Link`` to
the notice (the API description, which marks it ``deprecated``), so that a platform's logs and
middleware see it long before it goes (docs/integrating.md, "Rules of change")."""

from __future__ import annotations

import calendar
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from email.utils import formatdate
from typing import Any, Final

from flask import Flask, Response

from .context import context


@dataclass(frozen=True, slots=True)
class Deprecation:
    """Something the contract deprecated: since when, until when, and where it says so."""

    what: str
    since: date
    sunset: date

    def headers(self) -> dict[str, str]:
        since = calendar.timegm(self.since.timetuple())
        sunset = calendar.timegm(self.sunset.timetuple())
        return {
            "Deprecation": f"@{since}",
            "Sunset": formatdate(sunset, usegmt=True),
            "Link": '</openapi.yaml>; rel="deprecation"; type="application/yaml"',
        }


#: A variant's ``rake`` or ``draw_fee`` as a JSON number, not a decimal string (the answers write
#: them as strings; a number may be a binary float in the client that sent it).
NUMERIC_FRACTIONS: Final = Deprecation("a rake or draw_fee as a JSON number", date(2026, 12, 4), date(2027, 6, 30))
_FRACTIONS: Final = ("rake", "draw_fee")


def note_deprecated(body: Mapping[str, Any]) -> None:
    """Note what a request body (as sent) uses that is deprecated: its variant's, or its tables'."""
    tables = body.get("tables")
    if tables is None and not isinstance(body.get("variant"), Mapping):  # the usual body: nothing to note
        return
    variants = [body.get("variant")] + (
        [table.get("variant") for table in tables if isinstance(table, Mapping)] if isinstance(tables, list) else []
    )
    for spec in variants:
        overrides = spec.get("overrides") if isinstance(spec, Mapping) else None
        if isinstance(overrides, Mapping) and any(_is_number(overrides.get(name)) for name in _FRACTIONS):
            context().deprecated = NUMERIC_FRACTIONS.headers()


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, Decimal)) and not isinstance(value, bool)


def register_deprecations(app: Flask) -> None:
    """Answer the headers of what the request used that is deprecated."""

    @app.after_request
    def _announce(response: Response) -> Response:
        notice = context().deprecated
        if notice is not None:
            response.headers.update(notice)
        return response
