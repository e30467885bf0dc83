"""The bounds a body's bytes are held to before it is parsed: every valid request fits them with
room to spare, and the worst shapes of a megabyte are refused from their bytes alone."""

from __future__ import annotations

import json

import pytest

from maubinh_api.rules.knobs import BONUS_KEYS, NATURAL_KEYS
from maubinh_api.rules.variants import preset
from maubinh_api.web.body_shape import MAX_BODY_MEMBERS, MAX_BODY_VALUES, MAX_DEPTH, shape_of

HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]


def every_knob() -> dict[str, object]:
    """A variant overriding every knob, each bonus and natural named: the largest a request sends."""
    overrides = dict(preset("online").rules.canonical())
    overrides["bonuses"] = dict.fromkeys(BONUS_KEYS, 5)
    overrides["naturals"] = dict.fromkeys(NATURAL_KEYS, 9)
    return {"preset": "online", "overrides": overrides}


def arrangement(cards: list[str]) -> dict[str, list[str]]:
    return {"back": cards[:5], "middle": cards[5:10], "front": cards[10:]}


def largest_requests() -> dict[str, dict[str, object]]:
    """The largest valid body of each batch, every optional field sent."""
    variant = every_knob()
    player = {"id": "x" * 64, "arrangement": arrangement(HAND), "declare_natural": True, "forfeit": False}
    table = {"bet": "1000000", "variant": variant, "players": [player] * 4}
    return {
        "settlements/batch": {"variant": variant, "tables": [table] * 200},
        "hands/classify/batch": {"variant": variant, "hands": [HAND[:5]] * 1000},
        "arrangements/analysis/batch": {
            "variant": variant,
            "declare_natural": True,
            "opponents": 3,
            "arrangements": [{"arrangement": arrangement(HAND), "declare_natural": False}] * 100,
        },
        "arrangements/optimal/batch": {"variant": variant, "hands": [HAND] * 100, "top": 10, "opponents": 3},
    }


@pytest.mark.parametrize(("name", "body"), largest_requests().items())
def test_the_largest_valid_request_of_each_batch_is_within_the_bounds(name, body):
    shape = shape_of(json.dumps(body).encode())
    assert shape.depth <= 7 < MAX_DEPTH  # a card of an arrangement of a player of a table of a batch
    assert shape.members < MAX_BODY_MEMBERS
    assert shape.values < MAX_BODY_VALUES


def test_the_settlement_batch_is_the_largest_and_what_the_module_says_of_it():
    from maubinh_api.rules.knobs import KNOB_NAMES

    shape = shape_of(json.dumps(largest_requests()["settlements/batch"]).encode())
    # 200 tables, each: 3 members, its variant's 2 + every knob (18 today) + 8 bonuses + 11 naturals
    # + 3 table limits, 4 players of 4 members and 3 chi: 3 + 42 + 4 * 7 = 73 members a table today.
    variant = 2 + len(KNOB_NAMES) + 8 + 11 + 3
    assert shape.members == 200 * (3 + variant + 4 * 7) + 2 + variant
    assert 20_000 < shape.values < 30_000  # "about 27,000" in web/body_shape.py


@pytest.mark.parametrize(
    ("raw", "depth", "values", "members", "longest"),
    [
        # the body, two texts (one ends with an escaped backslash, one holds an escaped quote), an array,
        # 1, an object, null
        (b'{"a": "x\\\\", "b": "\\"[[", "c": [1, {"d": null}]}', 3, 7, 4, 4),
        (b'{"a": "[,:{"}', 1, 2, 1, 4),  # brackets, commas and colons in a text are the text's
        (b"[[[[]]]]", 4, 4, 0, 0),
        (b'[-1.5e+3, true, false, null, "n"]', 1, 6, 0, 1),  # a scalar is one value, however written
        (b"7", 0, 1, 0, 0),
    ],
)
def test_the_shape_is_read_outside_the_strings(raw, depth, values, members, longest):
    found = shape_of(raw)
    assert (found.depth, found.values, found.members, found.longest) == (depth, values, members, longest)


#: The worst shapes of a megabyte (bench/hostile_input.py times each): nested arrays, many small
#: numbers, deep objects, a long text, and members and values spread over objects.
HOSTILE = {
    "480,000 nested empty arrays": b'{"theme": "random", "pad": ['
    + b",".join([b"[[[[[[[[[[[[]]]]]]]]]]]]"] * 40_000)
    + b"]}",
    "500,000 small numbers": b'{"hands": [' + b",".join([b"0"] * 499_990) + b"]}",
    "150,000 nested objects": b'{"a":' * 150_000 + b"1" + b"}" * 150_000,
    "a text of a million characters": b'{"cards": ["' + b"x" * 1_000_000 + b'"]}',
    "200,000 short texts": b'{"hands": [' + b",".join([b'"ab"'] * 200_000) + b"]}",
}


@pytest.mark.parametrize(("name", "raw"), HOSTILE.items())
def test_the_worst_shapes_are_refused_with_what_they_exceed(client, name, raw):
    assert len(raw) <= 1024 * 1024
    response = client.post("/v1/drills", data=raw, content_type="application/json")
    assert response.status_code == 422, name
    detail = response.get_json()["detail"]
    expected = {
        "480,000 nested empty arrays": "holds 480,003 values",  # 480,000 arrays, the body, its text and its array
        "500,000 small numbers": "holds 499,992 values",  # and the body and its array,
        "150,000 nested objects": "nests 150,000 levels",
        "a text of a million characters": "has 1,000,000 characters",
        "200,000 short texts": "holds 200,002 values",
    }[name]
    assert expected in detail
    assert len(response.get_data()) < 4096
