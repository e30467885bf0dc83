"""maubinh-api: hand analysis for Mậu Binh (Binh Xập Xám) over HTTP.

``maubinh_api.rules`` holds the game rules and imports no web code;
``maubinh_api.web`` is the Flask application built by :func:`create_app`;
``maubinh_api.infra`` holds configuration and the other plumbing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .version import __version__

__all__ = ["__version__", "create_app"]

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask application (imported lazily, so that importing the
    rules never imports Flask)."""
    from .web.app import create_app as build  # noqa: PLC0415 - keeps Flask out of the rules

    return build(config)
