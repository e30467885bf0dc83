"""The rule variants: list the presets, show one resolved, by name or by fingerprint."""

from __future__ import annotations

import re

from flask import Blueprint, Response, jsonify

from ...rules.texts import words
from ...rules.variants import PRESET_NAMES, Variant, preset, resolve_variant
from ..cached_answers import revalidated
from ..loading import caller, settings
from ..operations import declare
from ..pinned_models import chosen_version
from ..presenters import variant_detail_json, variant_summary_json
from ..problems import Problem
from ..services import services

blueprint = Blueprint("variants", __name__, url_prefix="/v1/variants")
_FINGERPRINT = re.compile(r"sha256:[0-9a-f]{64}")


@blueprint.get("")
@declare("listVariants")
def list_variants() -> Response:
    """Every preset with its fingerprint, the default one, the model answering, and every model kept."""
    listed = {
        "default": settings().default_variant,
        "model": chosen_version(),
        "models": list(services().models.versions),
        "variants": [variant_summary_json(preset(name)) for name in PRESET_NAMES],
    }
    return revalidated(jsonify(listed))


@blueprint.get("/<name>")
@declare("showVariant")
def show_variant(name: str) -> Response:
    """One variant with every knob resolved: a preset by its name, or any
    variant the service has answered with by its fingerprint."""
    return revalidated(jsonify(variant_detail_json(_variant_named(name))))


def _variant_named(name: str) -> Variant:
    if _FINGERPRINT.fullmatch(name):
        return _by_fingerprint(name)
    if name not in PRESET_NAMES:
        shown = name if len(name) <= 64 else name[:63] + "…"
        said = words(
            "there is no preset {name}; the presets are {presets}, or ask for a fingerprint"
            " (sha256: and 64 hexadecimal digits)",
            name=repr(shown), presets=", ".join(PRESET_NAMES),
        )  # fmt: skip
        raise Problem(404, said)
    return preset(name)


def _by_fingerprint(fingerprint: str) -> Variant:
    for name in PRESET_NAMES:
        if preset(name).fingerprint == fingerprint:
            return preset(name)
    spec = services().variants.recall(caller(), fingerprint)
    if spec is not None:
        found = resolve_variant(spec)
        if found.fingerprint == fingerprint:  # the same rules engine: a stored variant reads as it did
            return found
    said = words(
        "no variant with the fingerprint {fingerprint} is known to you here: it is no preset, and no answer"
        " this service gave you (since it started, or within the shared cache's lifetime) used it; send its"
        " preset and overrides with any request to have it remembered",
        fingerprint=fingerprint,
    )
    raise Problem(404, said)
