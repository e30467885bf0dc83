"""One source for every enumeration: each ``enum`` of openapi.yaml lists exactly the keys of the
code's own enumeration, in its order, and every labelled code has both its labels.

A value added to the code and not to the spec (or the other way round) fails here, so the spec,
the schemas that read these enumerations and the playground that reads the labels from the API
cannot drift apart."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest
import yaml

import maubinh_api
from maubinh_api.infra.problem_types import EVERY_PROBLEM_TYPE
from maubinh_api.rules.arrangement import FoulCode
from maubinh_api.rules.labels import LabelledCode, keys
from maubinh_api.rules.outcomes import MultiplierKind, NaturalOutcomeReason, PositionReason, SapLang
from maubinh_api.rules.variants import PRESET_NAMES
from maubinh_api.strategy.analysis import Verdict
from maubinh_api.strategy.bots import Style
from maubinh_api.strategy.drills import Difficulty, Theme
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.optimiser import Objective
from maubinh_api.web.schemas import DRILL_LEVELS, LEVELS, OBJECTIVES, THEMES
from tools.spec_from_code import ENUMERATIONS, UNORDERED

SPEC = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text(encoding="utf-8"))

#: Where each enumeration of the spec lives and the code's keys: the list ``make spec`` writes them from.
ORDERED = [(path, keys) for path, keys in ENUMERATIONS if path not in UNORDERED]


def _at(path: str) -> object:
    node: object = SPEC
    for part in path.split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]  # type: ignore[index]
    return node


@pytest.mark.parametrize(("path", "expected"), ORDERED, ids=[path for path, _ in ORDERED])
def test_the_spec_lists_exactly_the_codes_keys(path, expected):
    assert tuple(_at(path)["enum"]) == tuple(expected)


def test_every_enumeration_of_the_spec_is_held_to_the_code():
    found = []

    def walk(node: object, trail: tuple[str, ...]) -> None:
        if isinstance(node, dict):
            if "enum" in node:
                found.append("/".join(trail))
            for key, value in node.items():
                walk(value, (*trail, str(key)))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, (*trail, str(index)))

    walk(SPEC["components"], ("components",))
    # The Cache header's three values are the answers' own (tests/web/test_cache.py); the rest of
    # the spec's enumerations outside components are file names and single statuses.
    held = {path for path, _ in ENUMERATIONS} | {"components/headers/Cache/schema"}
    assert sorted(set(found) - held) == []


PROBLEM_TYPE = "components/schemas/Problem/properties/type"


def test_a_problems_type_is_one_of_the_kinds_the_service_answers():
    # A set: the spec lists the kinds by status, the code by where each is made.
    assert set(_at(PROBLEM_TYPE)["enum"]) == {f"urn:maubinh:problem:{kind.slug}" for kind in EVERY_PROBLEM_TYPE}


def test_the_schemas_accept_the_codes_keys():
    assert keys(Level) == LEVELS
    assert keys(Objective) == OBJECTIVES
    assert keys(Theme) == THEMES
    assert keys(Level)[:-1] == DRILL_LEVELS and keys(Level)[-1] == Level.BEST


def _labelled_codes() -> list[type[LabelledCode]]:
    for module in pkgutil.walk_packages(maubinh_api.__path__, "maubinh_api."):
        if module.name.startswith(("maubinh_api.rules", "maubinh_api.strategy")):
            importlib.import_module(module.name)
    found: list[type[LabelledCode]] = []
    pending = list(LabelledCode.__subclasses__())
    while pending:
        codes = pending.pop()
        found.append(codes)
        pending.extend(codes.__subclasses__())
    return found


def test_every_labelled_code_has_two_labels_a_reader_can_tell_apart():
    codes = _labelled_codes()
    assert {FoulCode, Level, Style, Verdict, PositionReason, MultiplierKind, NaturalOutcomeReason, SapLang} <= set(
        codes
    )
    assert {Theme, Difficulty} <= set(codes)
    for enumeration in codes:
        members = list(enumeration)
        assert all(code.label.en.strip() and code.label.vi.strip() for code in members), enumeration
        assert len({code.label.en for code in members}) == len(members), enumeration
        assert len({code.label.vi for code in members}) == len(members), enumeration


def test_a_variant_path_names_a_preset_or_a_fingerprint():
    # A plain string pattern (every generator makes a string parameter of it), its presets the code's.
    (parameter,) = SPEC["paths"]["/v1/variants/{name}"]["get"]["parameters"][-1:]
    assert parameter["schema"]["pattern"] == f"^({'|'.join(PRESET_NAMES)}|sha256:[0-9a-f]{{64}})$"
