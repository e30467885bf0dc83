"""The contract's mechanical parts written from the code: ``make spec``.

openapi.yaml is prose and examples written by hand around facts the code declares: each
enumeration (the code's enums, in their order), the knobs' names and whole-number ranges (the knob
table, ``rules/knob_checks.py``), the error codes, the problem types, and each operation's
``x-cost`` and batch ``maxItems`` (the declarations on the views, ``web/operations.py``), and the
properties of a knob the spec lacks (``tools/spec_knob_properties.py``). This tool
works those facts out and writes each one where the spec states it, in place: only the value's own
characters change, so the prose, the examples, the comments and the layout around it stay as they
were (a YAML library that rewrote the whole file would not keep them). A clean checkout rewrites
nothing; ``tests/test_spec_from_code.py`` fails on a spec a maintainer forgot to rewrite.

    python -m tools.spec_from_code           # say what is stale; exit 1 if anything is
    python -m tools.spec_from_code --write   # rewrite it (make spec)
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import yaml
from flask import Flask

from maubinh_api.infra.problem_types import EVERY_PROBLEM_TYPE, TYPE_PREFIX
from maubinh_api.infra.tenants import SCOPES
from maubinh_api.rules.arrangement import FoulCode, Position
from maubinh_api.rules.chi import Category, Wheel
from maubinh_api.rules.errors import ErrorCode
from maubinh_api.rules.knob_checks import BOUNDS, PLACES
from maubinh_api.rules.knobs import BONUS_KEYS, Knob, NaturalVsNatural, RuleSet, TableLimit
from maubinh_api.rules.labels import keys
from maubinh_api.rules.naturals import Natural
from maubinh_api.rules.outcomes import MultiplierKind, NaturalOutcomeReason, PositionReason, SapLang
from maubinh_api.rules.variants import PRESET_NAMES
from maubinh_api.strategy.analysis import Verdict
from maubinh_api.strategy.bots import Style
from maubinh_api.strategy.drills import Difficulty, Theme
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.optimiser import Objective
from maubinh_api.web.app import BLUEPRINTS
from maubinh_api.web.language import LANGUAGES
from maubinh_api.web.operations import Operation
from tools.spec_knob_properties import knob_properties

SPEC = Path(__file__).resolve().parents[1] / "openapi.yaml"

#: Where each enumeration of the spec lives (a path into the document) and the code's keys, in order.
ENUMERATIONS: list[tuple[str, tuple[str, ...]]] = [
    ("components/schemas/PresetName", tuple(PRESET_NAMES)),
    ("components/schemas/Category", tuple(category.key for category in Category)),
    ("components/schemas/NaturalKey", tuple(natural.key for natural in Natural)),
    ("components/schemas/PositionReason/properties/key", keys(PositionReason)),
    ("components/schemas/MultiplierKind/properties/key", keys(MultiplierKind)),
    ("components/schemas/NaturalOutcomeReason/properties/key", keys(NaturalOutcomeReason)),
    ("components/schemas/SapLangResult/properties/key", keys(SapLang)),
    ("components/schemas/Objective", keys(Objective)),
    ("components/schemas/Verdict/properties/key", keys(Verdict)),
    ("components/schemas/Level", keys(Level)),
    ("components/schemas/Style/properties/key", keys(Style)),
    ("components/schemas/Usage/properties/scopes/items", tuple(SCOPES)),
    ("components/schemas/DrillThemeKey", keys(Theme)),
    ("components/schemas/Difficulty/properties/key", keys(Difficulty)),
    # The members of GET /v1/enumerations that no answer field holds.
    ("components/schemas/PositionKey", keys(Position)),
    ("components/schemas/FoulCode", keys(FoulCode)),
    ("components/schemas/KnobKey", keys(Knob)),
    ("components/schemas/WheelKey", keys(Wheel)),
    ("components/schemas/NaturalVsNaturalKey", keys(NaturalVsNatural)),
    ("components/schemas/BonusKey", tuple(BONUS_KEYS)),
    ("components/schemas/TableLimitKey", keys(TableLimit)),
    ("components/headers/ContentLanguage/schema", tuple(LANGUAGES)),
    ("components/schemas/ErrorCode", tuple(code.value for code in ErrorCode)),
    ("components/schemas/Receipt/properties/operation", ("settleTable", "settleTables")),
    ("components/schemas/Problem/properties/type", tuple(TYPE_PREFIX + kind.slug for kind in EVERY_PROBLEM_TYPE)),
]

#: Enumerations whose order the spec chooses (the problem types by status): held as sets.
UNORDERED = {"components/schemas/Problem/properties/type"}


@dataclass(frozen=True)
class Fact:
    """One value the code declares and the spec states: where (keys from the document's root) and what."""

    path: tuple[str, ...]
    value: Any
    ordered: bool = True

    def agrees(self, stated: Any) -> bool:
        if not self.ordered and isinstance(stated, list):
            return sorted(stated) == sorted(self.value)
        return bool(stated == self.value)

    def mended(self, stated: Any) -> Any:
        """What the spec should state instead of ``stated``: the value; for a set, the spec's own
        order kept, what the code dropped left out and what it added put last."""
        if self.ordered or not isinstance(stated, list):
            return self.value
        return [item for item in stated if item in self.value] + [item for item in self.value if item not in stated]


def facts(operations: Sequence[Operation], document: dict[str, Any]) -> Iterator[Fact]:
    """Every fact the spec states that the code declares."""
    for where, values in ENUMERATIONS:
        yield Fact((*where.split("/"), "enum"), list(values), where not in UNORDERED)
    knobs = [knob.name for knob in fields(RuleSet)]
    yield Fact(("components", "schemas", "RuleSet", "required"), knobs, ordered=False)
    for knob in fields(RuleSet):
        check = knob.metadata["check"]
        if check in BOUNDS and check not in PLACES:  # a fraction's range is its pattern: held by the tests
            low, high = BOUNDS[check]
            at = ("components", "schemas", "RuleOverrides", "properties", knob.name)
            yield Fact((*at, "minimum"), low)
            yield Fact((*at, "maximum"), high)
    yield from _operation_facts(operations, document)


def _operation_facts(operations: Sequence[Operation], document: dict[str, Any]) -> Iterator[Fact]:
    declared = {operation.operation_id: operation for operation in operations}
    for path, item in document["paths"].items():
        for method, stated in item.items():
            operation = declared.get(stated.get("operationId")) if isinstance(stated, dict) else None
            if operation is None:
                continue
            if operation.x_cost is not None:
                yield Fact(("paths", path, method, "x-cost"), operation.x_cost)
            if operation.batch is not None:
                reference = stated["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                schema = reference.rsplit("/", 1)[1]
                yield Fact(
                    ("components", "schemas", schema, "properties", operation.batch, "maxItems"), operation.batch_max
                )


def declared_operations() -> list[Operation]:
    """Each operation as its view declares it: the service's blueprints on a bare Flask (neither the
    service's application nor its data files, which a new knob makes stale until they are rebuilt)."""
    app = Flask(__name__)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    found = (getattr(view, "operation", None) for view in app.view_functions.values())
    return [operation for operation in found if isinstance(operation, Operation)]


def _node_at(root: yaml.Node, path: tuple[str, ...]) -> yaml.Node:
    node = root
    for key in path:
        if isinstance(node, yaml.MappingNode):
            node = next(value for name, value in node.value if name.value == key)
        elif isinstance(node, yaml.SequenceNode):
            node = node.value[int(key)]
        else:
            raise KeyError(f"{'/'.join(path)}: {key} is under a scalar")
    return node


_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*")


def _scalar(value: Any, style: str | None) -> str:
    """``value`` as the spec writes a scalar: plain where YAML reads it back as the same string,
    single-quoted otherwise (or where the spec quoted it)."""
    if isinstance(value, bool) or not isinstance(value, str):
        return yaml.safe_dump(value, default_flow_style=True).removesuffix("\n...\n").strip()
    if style != "'" and _PLAIN.fullmatch(value) and yaml.safe_load(value) == value:
        return value
    return "'" + value.replace("'", "''") + "'"


def _written(node: yaml.Node, value: Any, text: str) -> str:
    """The text that states ``value`` in place of ``node``, in the node's own style: a flow list
    the spec wrapped is wrapped as wide as its widest line was, under its first item."""
    if isinstance(node, yaml.ScalarNode):
        return _scalar(value, node.style)
    items = [_scalar(item, None) for item in value]
    indent = node.start_mark.column
    if not (isinstance(node, yaml.SequenceNode) and node.flow_style):
        return ("\n" + " " * indent).join(f"- {item}" for item in items)
    if node.start_mark.line == node.end_mark.line:
        return "[" + ", ".join(items) + "]"
    start, end = _span(node)
    width = max(len(line) for line in text[text.rfind("\n", 0, start) + 1 : end].split("\n"))
    lines, line = [], " " * indent + "["
    for index, item in enumerate(items):
        word = item + ("]" if index == len(items) - 1 else ",")
        if line.strip("[ ") and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = " " * (indent + 1) + word
        else:
            line += ("" if line.endswith("[") else " ") + word
    return "\n".join([*lines, line])[indent:]


def _span(node: yaml.Node) -> tuple[int, int]:
    """Where ``node``'s text starts and ends (a block sequence ends with its last item)."""
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
        return node.start_mark.index, node.value[-1].end_mark.index
    return node.start_mark.index, node.end_mark.index


def rewritten(text: str, found: Sequence[Fact]) -> tuple[str, list[str]]:
    """``text`` with every stale fact written anew, and what was stale."""
    document = yaml.safe_load(text)
    root = yaml.compose(text)
    edits, stale = [], []
    for fact in found:
        stated: Any = document
        for key in fact.path:
            stated = stated[int(key)] if isinstance(stated, list) else stated[key]
        if fact.agrees(stated):
            continue
        node = _node_at(root, fact.path)
        edits.append((*_span(node), _written(node, fact.mended(stated), text)))
        stale.append(f"{'/'.join(fact.path)}: the spec says {stated!r}, the code {fact.value!r}")
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text, stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="rewrite the stale facts in openapi.yaml")
    arguments = parser.parse_args(argv)
    text = SPEC.read_text(encoding="utf-8")
    with_knobs, added = knob_properties(text)  # first: a new knob's range is then a fact like the others
    new, stale = rewritten(with_knobs, list(facts(declared_operations(), yaml.safe_load(with_knobs))))
    for line in added + stale:
        print(line)
    by_hand = [line for line in added if line.startswith("write")]
    if arguments.write and new != text:
        SPEC.write_text(new, encoding="utf-8")
        print(f"openapi.yaml: {len(added) - len(by_hand)} knob properties and {len(stale)} facts written from the code")
        return 1 if by_hand else 0
    return 1 if added or stale else 0


if __name__ == "__main__":
    sys.exit(main())
