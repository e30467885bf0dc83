"""GET /v1/enumerations: every enumeration with its labels, read from the code, and the same
words the other answers use (a client shows these and may post any key back)."""

from __future__ import annotations

from dataclasses import fields

from maubinh_api.rules.arrangement import FoulCode
from maubinh_api.rules.chi import Wheel
from maubinh_api.rules.knobs import BONUS_KEYS, NATURAL_KEYS, NaturalVsNatural, RuleSet, TableLimits
from maubinh_api.rules.naturals import Natural
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.optimiser import Objective

# Four of a kind at the back and a full house in the middle: both on the classic bonus table.
QUADS_AND_FULL_HOUSE = {
    "back": ["9s", "9h", "9d", "9c", "2d"],
    "middle": ["Ks", "Kh", "Kd", "3c", "3h"],
    "front": ["As", "Ah", "7c"],
}


def _keys(members):
    return [member["key"] for member in members]


def test_each_enumeration_is_the_codes_own_with_both_labels(client):
    answer = client.get("/v1/enumerations").get_json()
    assert answer["levels"] == [
        {"key": level.value, "label": {"en": level.label.en, "vi": level.label.vi}} for level in Level
    ]
    assert _keys(answer["objectives"]) == [objective.value for objective in Objective]
    assert _keys(answer["foul_reasons"]) == [code.value for code in FoulCode]
    assert _keys(answer["knob_values"]["wheel"]) == [wheel.value for wheel in Wheel]
    assert _keys(answer["knob_values"]["natural_vs_natural"]) == [choice.value for choice in NaturalVsNatural]
    # The maps' keys in the order a variant lists them.
    assert tuple(_keys(answer["knob_values"]["bonuses"])) == BONUS_KEYS
    assert tuple(_keys(answer["knob_values"]["naturals"])) == NATURAL_KEYS
    assert answer["knob_values"]["naturals"] == answer["naturals"]
    # The knobs are the rule set's own fields, in its order; the table limits, those of TableLimits.
    assert _keys(answer["knobs"]) == [field.name for field in fields(RuleSet)]
    assert _keys(answer["knob_values"]["table"]) == [field.name for field in fields(TableLimits)]
    lists = [value for key, value in answer.items() if key != "knob_values"] + list(answer["knob_values"].values())
    for members in lists:
        assert members and all(member["label"]["en"] and member["label"]["vi"] for member in members)


def test_the_labels_are_the_words_the_other_answers_use(client):
    enumerations = client.get("/v1/enumerations").get_json()
    bonuses = {member["key"]: member["label"] for member in enumerations["knob_values"]["bonuses"]}
    checked = client.post("/v1/arrangements/validate", json={"arrangement": QUADS_AND_FULL_HOUSE}).get_json()
    earned = {bonus["key"]: bonus["label"] for bonus in checked["bonuses"]}
    assert set(earned) == {"back.quads", "middle.full_house"}
    assert earned == {key: bonuses[key] for key in earned}
    categories = {member["key"]: member["label"] for member in enumerations["categories"]}
    assert checked["chi"]["back"]["category"]["label"] == categories["quads"]
    dragon = {member["key"]: member["label"] for member in enumerations["naturals"]}["dragon"]
    assert dragon == {"en": Natural.DRAGON.label.en, "vi": Natural.DRAGON.label.vi}


def test_the_answer_revalidates_with_its_etag(client):
    first = client.get("/v1/enumerations")
    assert first.headers["ETag"]
    again = client.get("/v1/enumerations", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def _schema(spec, node):
    while "$ref" in node:
        node = spec["components"]["schemas"][node["$ref"].split("/")[-1]]
    return node


def test_each_list_is_typed_by_a_member_schema_whose_key_is_that_enumeration(client, spec_document):
    # A key read from this answer can be passed to the request that takes it with no type guard:
    # the spec types each list's key as exactly its members' keys, in the answer's order.
    answer = client.get("/v1/enumerations").get_json()
    schema = spec_document["components"]["schemas"]["Enumerations"]
    lists = [(name, value, schema["properties"][name]) for name, value in answer.items() if name != "knob_values"]
    values = schema["properties"]["knob_values"]["properties"]
    lists += [(name, value, values[name]) for name, value in answer["knob_values"].items()]
    for name, members, typed in lists:
        member = _schema(spec_document, typed["items"])
        key = _schema(spec_document, member["properties"]["key"])
        assert key["enum"] == _keys(members), name
