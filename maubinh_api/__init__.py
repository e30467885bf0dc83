"""maubinh-api: hand analysis for Mậu Binh (Binh Xập Xám) over HTTP, and in batches on Dask.

The packages, each built only on those above it:

* ``rules``: what the game is (cards, chi, fouls, naturals, variants, settlement); imports
  nothing else of the package;
* ``strategy``: how to play it (odds, splits, the compiled kernel, the optimiser, the analysis,
  the bots), on the rules only;
* ``service``: the sequences the entry points share (value, set, play, grade, analyse a hand),
  over the rules and the strategy;
* ``web`` (the Flask application :func:`create_app` builds) and ``batch`` (``python -m
  maubinh_api.batch``): thin entry points over the service layer;
* ``infra``, beside them: settings, the result cache, tenants and their budgets, metrics,
  logging, traces, the front's configuration.

docs/architecture.md, "Every module", lists every module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from .version import __version__

__all__ = ["__version__", "create_app"]

if TYPE_CHECKING:
    from flask import Flask

    from .infra.tracing import Tracing


def create_app(config: Mapping[str, Any] | None = None, tracing: Tracing | Literal[False] | None = None) -> Flask:
    """Build the Flask application (imported lazily, so that importing the
    rules never imports Flask); ``tracing``: see :func:`maubinh_api.web.app.create_app`."""
    from .web.app import create_app as build  # noqa: PLC0415 - keeps Flask out of the rules

    return build(config, tracing)
