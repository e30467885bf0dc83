"""Answers as JSON bytes: one encoder (orjson) for every answer, cached or not.

orjson writes the same JSON as the standard library's encoder with the service's settings
(members in the documented order, UTF-8 text unescaped, floats as their shortest repr) without
the insignificant spaces, about ten times faster (bench/request_path.py); openapi.yaml says that
answers are compact. Problems keep the standard encoder: they are rare, and one whose text cannot
be encoded as UTF-8 falls back to ASCII escapes (:mod:`maubinh_api.web.problems`).
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Response
from flask.json.provider import JSONProvider

__all__ = ["AnswerJSON", "encoded"]


def encoded(answer: Any) -> bytes:
    """An answer's body: compact JSON and a final newline (a terminal shows it whole)."""
    return orjson.dumps(answer, option=orjson.OPT_APPEND_NEWLINE)


class AnswerJSON(JSONProvider):
    """Flask's JSON for ``jsonify`` and ``app.json``, through the same encoder as every answer."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        try:
            return orjson.dumps(obj).decode()
        except TypeError:  # text that is not UTF-8 (a lone surrogate: a test client's hostile body)
            return json.dumps(obj, separators=(",", ":"), **kwargs)  # escaped: UTF-8 cannot hold it

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return json.loads(s, **kwargs)  # request bodies are read by web/body.py, with its own checks

    def response(self, *args: Any, **kwargs: Any) -> Response:
        return Response(encoded(self._prepare_response_obj(args, kwargs)), mimetype="application/json")
