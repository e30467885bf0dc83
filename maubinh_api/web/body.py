"""Reading a JSON request body strictly.

Flask's ``request.get_json`` accepts NaN and Infinity, turns numbers into
binary floats and reports every failure the same way; money cannot work with
that.  Here: JSON only (415 otherwise), UTF-8 only, numbers with a fraction
or exponent become ``Decimal`` (exact), a member named twice in one object
is refused, and every failure is a 400 that says where the text went wrong.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, NoReturn

from flask import request

from .problems import Problem


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or (mimetype.startswith("application/") and mimetype.endswith("+json"))


class DuplicateKey(ValueError):
    """One JSON object names a member twice: which value was meant is not for us to guess."""


def _unique_members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    members = dict(pairs)
    if len(members) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(f"the member {key!r} appears twice in one object; send each name once")
            seen.add(key)
    return members


# One decoder for every request (json.loads with hooks would build one each time).
_DECODER = json.JSONDecoder(parse_float=Decimal, parse_constant=_reject_constant, object_pairs_hook=_unique_members)


def json_object() -> dict[str, Any]:
    """The request body as a JSON object, or a Problem (400, 415, 422)."""
    current = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
    if current.environ.get("CONTENT_TYPE") != "application/json":  # the usual case needs no parsing
        if not _is_json(current.mimetype):
            given = current.mimetype or "no Content-Type"
            raise Problem(415, f"send the body as application/json, not {given}")
        charset = current.mimetype_params.get("charset", "utf-8").lower()
        if charset not in ("utf-8", "utf8"):
            raise Problem(415, f"JSON bodies must be UTF-8, not {charset}")
    raw = current.get_data(cache=True)
    if not raw.strip():
        raise Problem(400, "the request body is empty; send a JSON object")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Problem(400, f"the request body is not valid UTF-8 (byte {error.start})") from None
    try:
        data = _DECODER.decode(text)
    except json.JSONDecodeError as error:
        raise Problem(
            400, f"the request body is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except DuplicateKey as error:
        raise Problem(400, f"the request body is ambiguous: {error}") from None
    except ValueError as error:  # NaN / Infinity
        raise Problem(400, f"the request body is not valid JSON: {error}") from None
    except RecursionError:
        raise Problem(400, "the request body is nested too deeply to be read") from None
    if not isinstance(data, dict):
        raise Problem.invalid([{"pointer": "", "detail": f"the body must be a JSON object, not {_kind(data)}"}])
    return data


def _kind(value: object) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return "a number"
