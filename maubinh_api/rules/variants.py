"""Rule variants: the presets, overrides and fingerprints of the rules' knobs (docs/rules.md, "The knobs").

A *rule set* (:class:`~maubinh_api.rules.knobs.RuleSet`) fixes every knob.  The presets of
docs/rules.md, "The presets" are data files (``presets/*.toml``); a request names one and may
override any knob::

    "online"
    {"preset": "online", "overrides": {"scoop_multiplier": 3, "bonuses": {"front.trips": null}}}

Overrides follow JSON Merge Patch (RFC 7396): a scalar knob is replaced; in
the ``bonuses`` and ``naturals`` maps a key is set, or removed with ``null``;
``table`` is replaced whole (all three limits, or ``null``).  The resolved
rule set has a *fingerprint*, the SHA-256 of its canonical JSON form, so a
platform can audit which rules produced an answer.

>>> variant = resolve_variant({"preset": "online", "overrides": {"scoop_multiplier": 3}})
>>> variant.name, variant.rules.scoop_multiplier, variant.overridden
('online', 3, ('scoop_multiplier',))
>>> variant.fingerprint == resolve_variant("online").fingerprint
False
>>> resolve_variant("kitchen")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
maubinh_api.rules.errors.VariantError: unknown preset 'kitchen'; the presets are classic, online, ...
"""

from __future__ import annotations

import functools
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final

from .errors import ErrorCode, VariantError
from .knob_checks import shown_text, unknown_entry
from .knobs import BONUS_KEYS, KNOB_NAMES, MERGED_MAPS, NATURAL_KEYS, RuleSet, build_rules, unknown_knob
from .texts import Text, words

__all__ = [
    "PRESET_NAMES",
    "Variant",
    "overrides_of",
    "preset",
    "resolve_variant",
]

#: Preset names in the order the documentation lists them.
PRESET_NAMES: Final = ("classic", "online", "extended", "chinese-poker-2-4")


@dataclass(frozen=True, slots=True)
class Variant:
    """A named, resolved rule set: what every answer reports as ``variant``."""

    name: str
    rules: RuleSet
    #: The preset's title and what it is, in both languages (the preset's file says them).
    title: Text
    description: Text
    #: What the sources say of it, in both languages.
    sources: tuple[Text, ...]
    overridden: tuple[str, ...] = ()
    fingerprint: str = field(default="", compare=False)
    #: :func:`overrides_of`, worked out once: every answer names its variant, several times over.
    echoed: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fingerprint", self.rules.fingerprint())
        if self.overridden:
            object.__setattr__(self, "echoed", _echoed_overrides(self))

    @property
    def is_preset(self) -> bool:
        """Whether these are its preset's rules as they are (overrides, if any, that change nothing).

        >>> resolve_variant({"preset": "online", "overrides": {"rake": "0.02"}}).is_preset
        True
        """
        return self.fingerprint == preset(self.name).fingerprint


# --- presets ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _PresetFile:
    title: Text
    description: Text
    sources: tuple[Text, ...]
    knobs: Mapping[str, Any]


@functools.cache
def _preset_file(name: str) -> _PresetFile:
    text = resources.files(__package__).joinpath("presets", f"{name}.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return _PresetFile(
        title=Text(data["title"], data["title_vi"]),
        description=Text(data["description"], data["description_vi"]),
        sources=tuple(_source_texts()[number] for number in data["sources"]),
        knobs=data["rules"],
    )


@functools.cache
def _source_texts() -> dict[str, Text]:
    text = resources.files(__package__).joinpath("presets", "sources.toml").read_text(encoding="utf-8")
    return {number: Text(said["en"], said["vi"]) for number, said in tomllib.loads(text).items()}


@functools.cache
def preset(name: str) -> Variant:
    """A preset by name, resolved.

    >>> preset("classic").rules.scoop_multiplier
    3
    """
    if name not in PRESET_NAMES:
        raise VariantError(
            words("unknown preset {name}; the presets are {presets}", name=repr(name), presets=", ".join(PRESET_NAMES)),
            code=ErrorCode.UNKNOWN_PRESET,
        )
    data = _preset_file(name)
    rules = build_rules(data.knobs)
    return Variant(
        name=name,
        rules=rules,
        title=data.title,
        description=data.description,
        sources=data.sources,
    )


def resolve_variant(spec: object) -> Variant:
    """Resolve what a request says under ``variant``: a preset name, or
    ``{"preset": name, "overrides": {...}}``.  Errors carry the path inside
    that value (``()`` for a bad name given as a string).

    A platform sends the same variant with every request: the last 256 resolved are kept by their
    JSON text (member order and values as read), so a repeat costs one ``json.dumps``."""
    if isinstance(spec, str):
        return preset(spec)
    if isinstance(spec, Mapping):
        try:
            text = json.dumps(spec, ensure_ascii=True, allow_nan=True)
        except (TypeError, ValueError):  # not JSON (a caller's own objects): resolved as it is
            return _resolve_spec(spec)
        return _resolved(text)
    return _resolve_spec(spec)


@functools.lru_cache(maxsize=256)
def _resolved(text: str) -> Variant:
    # JSON text read back is the very value it was written from; a refusal is raised, never kept.
    return _resolve_spec(json.loads(text))


def _resolve_spec(spec: object) -> Variant:
    if not isinstance(spec, Mapping):
        raise VariantError(
            words(
                "variant must be a preset name or an object with 'preset' and 'overrides', not {value}",
                value=shown_text(spec),
            ),
            code=ErrorCode.WRONG_TYPE,
        )
    for key in spec:
        if key not in ("preset", "overrides", "fingerprint"):
            raise VariantError(
                words("unknown field {field}; a variant has 'preset', 'overrides' and 'fingerprint'", field=repr(key)),
                path=(key,),
                code=ErrorCode.UNKNOWN_FIELD,
            )
    variant = _resolve_object(spec)
    if "fingerprint" in spec and spec["fingerprint"] != variant.fingerprint:
        raise VariantError(
            words(
                "this preset and these overrides have the fingerprint {fingerprint}, not {given}:"
                " the rules differ from those the fingerprint was taken of",
                fingerprint=variant.fingerprint,
                given=shown_text(spec["fingerprint"]),
            ),
            path=("fingerprint",),
            code=ErrorCode.FINGERPRINT_MISMATCH,
        )
    return variant


def overrides_of(variant: Variant) -> dict[str, Any]:
    """The overrides that resolve to ``variant`` from its preset, in JSON form:
    each overridden knob's resolved value (a bonus or natural table whole, with
    null for each of the preset's entries it removed), so that
    ``{"preset": variant.name, "overrides": overrides_of(variant)}`` names the
    very same rules.

    >>> online = resolve_variant({"preset": "online", "overrides": {"rake": "0.030", "bonuses": None}})
    >>> overrides_of(online)["rake"], sorted(set(overrides_of(online)["bonuses"].values()))
    ('0.03', [None])
    >>> resolve_variant({"preset": "online", "overrides": overrides_of(online)}) == online
    True
    """
    return dict(variant.echoed)


def _echoed_overrides(variant: Variant) -> dict[str, Any]:
    canonical = variant.rules.canonical()
    base = preset(variant.name).rules.canonical()
    echoed: dict[str, Any] = {}
    for knob in variant.overridden:
        value = canonical[knob]
        if knob in MERGED_MAPS:
            value = {key: None for key in base[knob] if key not in value} | value
        echoed[knob] = value
    return echoed


def _resolve_object(spec: Mapping[str, object]) -> Variant:
    name = spec.get("preset")
    if not isinstance(name, str):
        raise VariantError(
            words("preset must be a preset name, not {value}", value=shown_text(name)),
            path=("preset",),
            code=ErrorCode.WRONG_TYPE,
        )
    try:
        base = preset(name)
    except VariantError as error:
        raise error.at("preset") from None
    overrides = spec.get("overrides", {})
    if not isinstance(overrides, Mapping):
        raise VariantError(
            words("overrides must be an object of knobs, not {value}", value=shown_text(overrides)),
            path=("overrides",),
            code=ErrorCode.WRONG_TYPE,
        )
    if not overrides:
        return base
    return _apply_overrides(base, overrides)


def _apply_overrides(base: Variant, overrides: Mapping[str, object]) -> Variant:
    merged: dict[str, object] = dict(_preset_file(base.name).knobs)
    for key, value in overrides.items():
        if key not in KNOB_NAMES:
            raise unknown_knob(key, ("overrides", key))
        if key in MERGED_MAPS and isinstance(value, Mapping):
            _check_map_keys(key, value)
        merged[key] = _merge_patch(merged.get(key), value) if key in MERGED_MAPS else value
    for key in ("bonuses", "naturals"):
        if merged[key] is None:  # "bonuses": null removes every entry
            merged[key] = {}
    return Variant(
        name=base.name,
        rules=_build_with_override_paths(merged, overrides),
        title=base.title,
        description=base.description,
        sources=base.sources,
        overridden=tuple(sorted(overrides)),
    )


def _check_map_keys(knob: str, patch: Mapping[str, object]) -> None:
    """An unknown entry is an error even when it is only removed (null)."""
    known, one = (BONUS_KEYS, "bonus key") if knob == "bonuses" else (NATURAL_KEYS, "natural")
    for entry in patch:
        if entry not in known:
            raise VariantError(
                unknown_entry(one, entry, known),
                path=("overrides", knob, entry),
                code=ErrorCode.NOT_A_CHOICE,
            )


def _merge_patch(current: object, patch: object) -> object:
    """RFC 7396 for one level: entries of ``patch`` set or (null) remove
    entries of ``current``; a patch that is not an object replaces it."""
    if not isinstance(patch, Mapping):
        return patch
    merged = dict(current) if isinstance(current, Mapping) else {}
    for entry, value in patch.items():
        if value is None:
            merged.pop(entry, None)
        else:
            merged[entry] = value
    return merged


def _build_with_override_paths(merged: Mapping[str, object], overrides: Mapping[str, object]) -> RuleSet:
    try:
        return build_rules(merged)
    except VariantError as error:
        # The preset itself is valid, so the bad value came from the overrides.
        if error.path and error.path[0] in overrides:
            raise error.at("overrides") from None
        raise
