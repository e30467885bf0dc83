"""A deprecated part of the contract still works, and says so on every answer that used it:
``Deprecation`` (RFC 9745), ``Sunset`` (RFC 8594) and a ``Link`` to the notice."""

from __future__ import annotations

from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import pytest

from maubinh_api import __version__
from maubinh_api.web.deprecations import NUMERIC_FRACTIONS

CHI = ["As", "Kd", "Qh"]
FORFEITS = [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}]


def _online(**overrides):
    return {"preset": "online", "overrides": overrides}


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/hands/classify", {"cards": CHI, "variant": _online(rake=0.03)}),
        ("/v1/hands/classify/batch", {"hands": [CHI], "variant": _online(draw_fee=0)}),
        ("/v1/settlements", {"bet": "10", "players": FORFEITS, "variant": _online(rake=0.05)}),
        # One table of a batch is enough: the batch used it.
        ("/v1/settlements/batch", {"tables": [{"bet": "1", "players": FORFEITS}, {"bet": "1", "players": FORFEITS,
                                                                           "variant": _online(rake=0.01)}]}),
    ],
)  # fmt: skip
def test_a_rake_sent_as_a_json_number_is_answered_and_announced_as_deprecated(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 200
    since = datetime.fromtimestamp(int(response.headers["Deprecation"].removeprefix("@")), UTC)
    sunset = parsedate_to_datetime(response.headers["Sunset"])
    assert since.date() == NUMERIC_FRACTIONS.since and sunset.date() == NUMERIC_FRACTIONS.sunset
    # At least a minor release's window: six months between the announcement and the sunset.
    assert (sunset - since).days >= 180
    assert response.headers["Link"] == '</openapi.yaml>; rel="deprecation"; type="application/yaml"'
    # The notice is where the link points: the description marks the number form deprecated.
    assert client.get("/openapi.yaml").status_code == 200


def test_the_same_rules_as_decimal_strings_are_not_deprecated_and_give_the_same_answer(client):
    as_number = client.post("/v1/hands/classify", json={"cards": CHI, "variant": _online(rake=0.03)})
    as_text = client.post("/v1/hands/classify", json={"cards": CHI, "variant": _online(rake="0.03")})
    assert {"Deprecation", "Sunset", "Link"}.isdisjoint(as_text.headers.keys())
    assert as_text.get_json() == as_number.get_json()


def test_the_description_marks_the_number_forms_deprecated_with_their_sunset(spec_document):
    overrides = spec_document["components"]["schemas"]["RuleOverrides"]["properties"]
    for name in ("rake", "draw_fee"):
        number = next(member for member in overrides[name]["oneOf"] if member["type"] == "number")
        assert number["deprecated"] is True and NUMERIC_FRACTIONS.sunset.isoformat() in number["description"]


def test_every_answer_names_the_contract_it_keeps_to(client):
    for response in (
        client.get("/healthz"),
        client.post("/v1/hands/classify", json={"cards": ["Zz"]}),
        client.get("/x"),
    ):
        assert response.headers["X-API-Version"] == __version__
