"""The Flask application factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from ..infra.allocator import keep_freed_memory
from ..infra.config import Settings
from ..rules.evaluator import Evaluator
from ..rules.hands import Wheel
from ..rules.odds import odds_for
from ..rules.variants import PRESET_NAMES, preset
from .blueprints import arrangements, hands, health, settlements, variants
from .problems import register_error_handlers


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the service.  Settings come from the environment (``MAUBINH_*``),
    then from ``config`` (setting name -> value), which tests use."""
    settings = Settings.from_env().with_overrides(config or {})
    app = Flask("maubinh_api")
    app.extensions["maubinh.settings"] = settings
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the documented field order
    app.json.ensure_ascii = False  # type: ignore[attr-defined]  # Vietnamese labels stay readable

    register_error_handlers(app)
    for module in (health, variants, hands, arrangements, settlements):
        app.register_blueprint(module.blueprint)

    _warm_up()
    return app


def _warm_up() -> None:
    """Load the presets, the evaluation tables and the optimiser's odds before
    the first request, so no request pays for them and /readyz tells the truth."""
    keep_freed_memory()
    for name in PRESET_NAMES:
        odds_for(preset(name))
    for wheel in Wheel:
        Evaluator.for_wheel(wheel)
