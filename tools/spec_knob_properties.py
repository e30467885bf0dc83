"""A knob the spec lacks, written into openapi.yaml from its declaration (part of ``make spec``).

A new knob of ``RuleSet`` (``rules/knobs.py``) needs a property in ``RuleOverrides`` (what a
request may send: its type, its range, its words) and one in ``RuleSet`` (what an answer holds).
For a whole number or a yes/no, both follow from the declaration, so ``make spec`` writes them:
``RuleOverrides`` in the knobs' order, ``RuleSet`` in the alphabetical order it keeps, each as one
line in the style of its neighbours, the description the knob's label. A knob of another kind (a
choice, a fraction, a table) is named for a maintainer to write by hand. A property already there
is never touched: its prose is the maintainer's.
"""

from __future__ import annotations

import json
import re
from dataclasses import Field, fields
from typing import Any

import yaml

from maubinh_api.rules.knob_checks import BOUNDS, PLACES, boolean
from maubinh_api.rules.knobs import RuleSet

OVERRIDES = ("components", "schemas", "RuleOverrides", "properties")
RESOLVED = ("components", "schemas", "RuleSet", "properties")
_PLAIN = re.compile(r"[A-Za-z][^,\[\]{}:#'\"]*")


def _forms(knob: Field[Any]) -> tuple[str, str] | None:
    """The knob's property in ``RuleOverrides`` and in ``RuleSet``, or None for a kind written by hand."""
    check, said = knob.metadata["check"], knob.metadata["label"].en.rstrip(".") + "."
    description = said if _PLAIN.fullmatch(said) and yaml.safe_load(said) == said else json.dumps(said)
    if check is boolean:
        return f"{{type: boolean, description: {description}}}", "{type: boolean}"
    if check in BOUNDS and check not in PLACES:
        low, high = BOUNDS[check]
        return f"{{type: integer, minimum: {low}, maximum: {high}, description: {description}}}", "{type: integer}"
    return None


def _mapping_at(root: yaml.Node, path: tuple[str, ...]) -> yaml.MappingNode:
    node = root
    for key in path:
        assert isinstance(node, yaml.MappingNode), path
        node = next(value for name, value in node.value if name.value == key)
    assert isinstance(node, yaml.MappingNode), path
    return node


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def insertion(text: str, mapping: yaml.MappingNode, name: str, order: list[str]) -> int:
    """Where ``name``'s line goes: before the first property that follows it in ``order``, or after the last."""
    present = {key.value: key for key, _ in mapping.value}
    following = [present[other] for other in order[order.index(name) + 1 :] if other in present]
    if following:
        return _line_start(text, following[0].start_mark.index)
    last = mapping.value[-1][1].end_mark
    # A flow value ends within its line: after that line. A block value ends where a later line's
    # first token (a sibling of the mapping, say its examples) starts: before that line.
    if not text[_line_start(text, last.index) : last.index].strip():
        return _line_start(text, last.index)
    return text.index("\n", last.index) + 1


def knob_properties(text: str) -> tuple[str, list[str]]:
    """``text`` with the property of every knob it lacks written in, and a line for each (one
    naming a knob that must be written by hand starts with "write")."""
    root = yaml.compose(text)
    names = [knob.name for knob in fields(RuleSet)]
    inserts: list[tuple[int, str]] = []
    said: list[str] = []
    for knob in fields(RuleSet):
        forms = _forms(knob)
        for path, order, index in ((OVERRIDES, names, 0), (RESOLVED, sorted(names), 1)):
            mapping = _mapping_at(root, path)
            if knob.name in {key.value for key, _ in mapping.value}:
                continue
            if forms is None:
                said.append(f"write {'/'.join(path)}/{knob.name} by hand: only whole numbers and yes/no are written")
                continue
            indent = " " * mapping.value[0][0].start_mark.column
            inserts.append((insertion(text, mapping, knob.name, order), f"{indent}{knob.name}: {forms[index]}\n"))
            said.append(f"{'/'.join(path)}/{knob.name}: written from its declaration")
    for at, line in sorted(inserts, reverse=True):
        text = text[:at] + line + text[at:]
    return text, said
