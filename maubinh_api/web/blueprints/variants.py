"""The rule presets: list them, show one resolved."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ...rules.variants import PRESET_NAMES, preset
from ..params import settings
from ..presenters import variant_detail_json, variant_summary_json
from ..problems import Problem

blueprint = Blueprint("variants", __name__, url_prefix="/v1/variants")


@blueprint.get("")
def list_variants() -> dict[str, Any]:
    """Every preset with its fingerprint, and the default one."""
    return {
        "default": settings().default_variant,
        "variants": [variant_summary_json(preset(name)) for name in PRESET_NAMES],
    }


@blueprint.get("/<name>")
def show_variant(name: str) -> dict[str, Any]:
    """One preset with every knob resolved."""
    if name not in PRESET_NAMES:
        raise Problem(404, f"there is no preset {name!r}; the presets are {', '.join(PRESET_NAMES)}")
    return variant_detail_json(preset(name))
