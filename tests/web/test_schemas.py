"""The request schemas' fast readers give exactly what marshmallow's own reading gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields

from maubinh_api.rules.cards import DECK
from maubinh_api.web.schemas import ArrangementField, ArrangementSchema


class Fast(Schema):
    arrangement = ArrangementField(required=True)


class Nested(Schema):
    """What ArrangementField stands for: marshmallow's nested schema."""

    arrangement = fields.Nested(
        ArrangementSchema, required=True, error_messages={"null": ArrangementField().error_messages["null"]}
    )


TEXTS = [str(card) for card in DECK] + ["10d", "td", "Zz", "", " As"]
chi = st.one_of(st.lists(st.sampled_from(TEXTS), min_size=0, max_size=6), st.none(), st.integers(), st.text(max_size=3))
arrangements = st.one_of(
    st.fixed_dictionaries({"back": chi, "middle": chi, "front": chi}),
    st.dictionaries(st.sampled_from(["back", "middle", "front", "extra"]), chi),
    st.none(),
    st.integers(),
    st.lists(st.integers(), max_size=2),
)


def read(schema: Schema, value: object) -> tuple[str, object]:
    try:
        return "ok", schema.load({"arrangement": value})
    except ValidationError as error:
        return "error", error.messages


@settings(max_examples=400, deadline=None)
@given(arrangements)
def test_an_arrangement_reads_as_the_nested_schema_reads_it(value):
    assert read(Fast(), value) == read(Nested(), value)


def test_a_valid_arrangement_is_read_by_the_fast_path_to_cards():
    texts = [str(card) for card in DECK[:13]]
    loaded = Fast().load({"arrangement": {"back": texts[:5], "middle": texts[5:10], "front": texts[10:]}})
    assert loaded["arrangement"] == {"back": list(DECK[:5]), "middle": list(DECK[5:10]), "front": list(DECK[10:13])}
