"""The contract's mechanical parts agree with the code that declares them: each knob's range and
places (rules/knobs.py and its checks), the knobs' names and the rule set's required fields, every
error code and every problem type. (Each operation's x-cost, scope and batch maximum are held by
tests/web/test_operations.py, the enumerations by tests/test_enumerations.py.) A knob whose range
changes in the code and not in openapi.yaml fails here."""

from __future__ import annotations

import re
from dataclasses import fields
from decimal import Decimal
from typing import Any

import pytest
import yaml

from maubinh_api.infra.problem_types import EVERY_PROBLEM_TYPE
from maubinh_api.rules.errors import ErrorCode
from maubinh_api.rules.knob_checks import BOUNDS, PLACES
from maubinh_api.rules.knobs import RuleSet

KNOBS = [(knob.name, knob.metadata["check"]) for knob in fields(RuleSet)]


def _schemas(spec_document: dict[str, Any]) -> dict[str, Any]:
    schemas: dict[str, Any] = spec_document["components"]["schemas"]
    return schemas


def test_the_knobs_names_are_the_rule_set_s(spec_document):
    schemas = _schemas(spec_document)
    names = [name for name, _check in KNOBS]
    assert schemas["KnobKey"]["enum"] == names
    assert sorted(schemas["RuleSet"]["required"]) == sorted(names)
    assert list(schemas["RuleOverrides"]["properties"]) == names


@pytest.mark.parametrize(
    ("name", "check"), [(name, check) for name, check in KNOBS if check in BOUNDS and check not in PLACES]
)
def test_a_whole_number_knob_s_range_is_the_code_s(spec_document, name, check):
    low, high = BOUNDS[check]
    stated = _schemas(spec_document)["RuleOverrides"]["properties"][name]
    assert (stated["minimum"], stated["maximum"]) == (low, high)


@pytest.mark.parametrize(("name", "check"), [(name, check) for name, check in KNOBS if check in PLACES])
def test_a_fraction_knob_s_range_and_places_are_the_code_s(spec_document, name, check):
    _low, high = BOUNDS[check]
    places = PLACES[check]
    stated = _schemas(spec_document)["RuleOverrides"]["properties"][name]
    pattern = re.compile(next(form["pattern"] for form in stated["oneOf"] if form.get("title") == "FractionText"))
    smallest = Decimal(1).scaleb(-places)
    accepted = [f"{high:f}", f"{smallest:f}", "0", f"{high - smallest:f}"]
    refused = [f"{high + smallest:f}", f"{smallest / 10:f}", "-0.1"]
    assert [text for text in accepted if not pattern.fullmatch(text)] == []
    assert [text for text in refused if pattern.fullmatch(text)] == []
    assert f"at most {high}" in stated["description"] and f"{places} decimal places" in stated["description"]


def test_every_error_code_and_problem_type_is_the_code_s(spec_document):
    schemas = _schemas(spec_document)
    assert sorted(schemas["ErrorCode"]["enum"]) == sorted(code.value for code in ErrorCode)
    stated = schemas["Problem"]["properties"]["type"]
    urns = stated.get("enum") or [form["const"] for form in stated.get("oneOf", []) if "const" in form]
    assert sorted(urns) == sorted(f"urn:maubinh:problem:{kind.slug}" for kind in EVERY_PROBLEM_TYPE)


@pytest.fixture(scope="module")
def stated_facts():
    from tools.spec_from_code import SPEC, declared_operations, facts

    text = SPEC.read_text(encoding="utf-8")
    return text, list(facts(declared_operations(), yaml.safe_load(text)))


def test_make_spec_reads_every_operation_the_service_declares(app):
    # make spec reads the blueprints without the application (whose data files a new knob makes
    # stale): the same declarations as the running service's, none left out.
    from maubinh_api.web.operations import operation_of
    from tools.spec_from_code import declared_operations

    served = {found for found in map(operation_of, app.view_functions.values()) if found is not None}
    assert sorted(declared_operations(), key=str) == sorted(served, key=str)


def test_make_spec_rewrites_nothing_on_a_clean_checkout(stated_facts):
    from tools.spec_from_code import rewritten

    text, found = stated_facts
    assert len(found) > 60  # 25 enumerations, the knobs' ranges, each operation's cost and batch
    assert rewritten(text, found) == (text, [])


def _wrong(fact, document):
    if isinstance(fact.value, list):  # in the spec's order: a set is mended in the spec's own order
        stated = document
        for key in fact.path:
            stated = stated[key]
        return [*(fact.value if fact.ordered else stated)[:-1], "stale_value"]
    if isinstance(fact.value, int):
        return fact.value + 1
    return fact.value + " (stale)"


def test_make_spec_writes_every_stale_fact_back_as_it_was(stated_facts):
    # Every fact made wrong at once (by the writer itself), then written from the code again: the
    # spec comes back byte for byte, so a stale spec is mended without touching the prose around it.
    from tools.spec_from_code import Fact, rewritten

    text, found = stated_facts
    document = yaml.safe_load(text)
    stale, said = rewritten(text, [Fact(fact.path, _wrong(fact, document)) for fact in found])
    assert len(said) == len(found) and yaml.safe_load(stale) != yaml.safe_load(text)
    mended, mends = rewritten(stale, found)
    assert len(mends) == len(found)
    assert mended == text


def _without(text: str, name: str) -> str:
    """The spec with the knob's one-line properties taken out of RuleOverrides and RuleSet."""
    lines = [line for line in text.splitlines(keepends=True) if not line.startswith(f"        {name}: {{type: ")]
    assert len(lines) == len(text.splitlines()) - 2, name  # one line in each schema
    return "".join(lines)


def test_make_spec_writes_a_new_yes_no_knob_s_properties_as_the_spec_has_them():
    # foul_on_equal's properties are what the writer makes of its declaration (label and all): taken
    # out, as if the knob were new, they come back byte for byte, each in its schema's order.
    from tools.spec_from_code import SPEC
    from tools.spec_knob_properties import knob_properties

    text = SPEC.read_text(encoding="utf-8")
    assert knob_properties(text) == (text, [])
    written, said = knob_properties(_without(text, "foul_on_equal"))
    assert written == text and len(said) == 2


@pytest.mark.parametrize(
    ("last", "after"),
    [
        ("    table:\n      oneOf:\n        - {type: 'null'}\n", "  examples:\n"),  # a block value, then a sibling
        ("    table: {type: 'null'}\n", "  examples:\n"),  # a flow value
        ("    table: {type: 'null'}\n", ""),  # the document's end
    ],
)
def test_a_new_knob_declared_last_goes_after_the_last_property(last, after):
    # A knob declared after every other (the rule set's last field) is written after the schema's
    # last property, whatever that property's style, never between the sibling key and its value.
    from tools.spec_knob_properties import insertion

    text = "RuleOverrides:\n  properties:\n    wheel: {type: string}\n" + last + after + ("    - {}\n" if after else "")
    mapping = yaml.compose(text).value[0][1].value[0][1]
    at = insertion(text, mapping, "new_knob", ["wheel", "table", "new_knob"])
    assert text[:at].endswith(last) and text[at:] == after + ("    - {}\n" if after else "")


def test_make_spec_writes_a_new_whole_number_knob_s_range_from_its_check():
    from tools.spec_from_code import SPEC
    from tools.spec_knob_properties import knob_properties

    written, said = knob_properties(_without(SPEC.read_text(encoding="utf-8"), "sap_lang_min_players"))
    document = yaml.safe_load(written)
    stated = _schemas(document)["RuleOverrides"]["properties"]["sap_lang_min_players"]
    low, high = BOUNDS[RuleSet.__dataclass_fields__["sap_lang_min_players"].metadata["check"]]
    assert (stated["type"], stated["minimum"], stated["maximum"]) == ("integer", low, high)
    assert stated["description"] == "Smallest table for sập làng."  # its label (rules/knobs.py)
    overrides = list(_schemas(document)["RuleOverrides"]["properties"])
    assert overrides.index("sap_lang_min_players") == overrides.index("sap_lang_multiplier") + 1  # the knobs' order
    assert _schemas(document)["RuleSet"]["properties"]["sap_lang_min_players"] == {"type": "integer"}
    assert len(said) == 2


def test_make_spec_names_a_new_knob_of_another_kind_for_a_maintainer_to_write():
    from tools.spec_from_code import SPEC
    from tools.spec_knob_properties import knob_properties

    text = SPEC.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    gone = [index for index, line in enumerate(lines) if line.startswith("        natural_vs_natural: {$ref")]
    written, said = knob_properties("".join(line for index, line in enumerate(lines) if index not in gone))
    assert len(gone) == 2 and all(line.startswith("write ") and "natural_vs_natural" in line for line in said)
    assert len(said) == 2 and "natural_vs_natural: {$ref" not in written
