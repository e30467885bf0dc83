"""Problem details in the client's language: English by default, Vietnamese on
``Accept-Language: vi``; every answer says which (``Content-Language``) and
that it depends on the header (``Vary``).  Normal answers carry both
languages whatever the header, and are cached once for both."""

from __future__ import annotations

import copy
import inspect
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Response
from marshmallow import Schema, fields
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from maubinh_api import create_app
from maubinh_api.infra.problem_types import OTHER_TYPE, PROBLEM_TYPES
from maubinh_api.web import language, schemas
from maubinh_api.web.language import (
    ACCEPT_LANGUAGE_BYTES,
    ACCEPT_LANGUAGE_ENTRIES,
    Message,
    bounded_accept_language,
    choose_language,
)
from maubinh_api.web.request_fields import OWN_WORDS
from tests.support import hostile

from . import test_hostile_bodies as hostile_bodies
from . import test_hostile_fields as hostile_fields

PACKAGE = Path(__file__).resolve().parents[2] / "maubinh_api"
HAND = hostile.HAND
FORFEITS = [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}]
VI = {"Accept-Language": "vi"}


def problem(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json()
    return body


# --------------------------------------------------------------------------- the two languages


def test_a_bad_card_is_answered_in_vietnamese_on_request_and_in_english_otherwise(client):
    body = {"cards": ["Kh", "Kd", "Zz"]}
    vietnamese = problem(client.post("/v1/hands/classify", json=body, headers=VI), 422)
    assert vietnamese["title"] == "Nội dung không hợp lệ"
    assert vietnamese["errors"] == [
        {
            "pointer": "/cards/2",
            "code": "card_unknown",
            "detail": "không nhận ra lá bài 'Zz': giá trị phải là một trong 2-9, T (hoặc 10), J, Q, K, A",
        }
    ]
    assert vietnamese["detail"] == "/cards/2: " + vietnamese["errors"][0]["detail"]
    english = problem(client.post("/v1/hands/classify", json=body), 422)
    assert english["title"] == "Invalid content"
    assert english["errors"] == [
        {
            "pointer": "/cards/2",
            "code": "card_unknown",
            "detail": "unknown card 'Zz': the rank must be one of 2-9, T (or 10), J, Q, K, A",
        }
    ]
    # Everything but the texts is the same document.
    assert {key: value for key, value in english.items() if key not in ("title", "detail", "errors")} == {
        key: value for key, value in vietnamese.items() if key not in ("title", "detail", "errors")
    }


@pytest.mark.parametrize(
    ("bet", "code", "english", "vietnamese"),
    [
        ("-5", "bet_range", "the bet must be greater than 0, not -5", "mức cược phải lớn hơn 0, không phải -5"),
        ("0", "bet_range", "the bet must be greater than 0, not 0", "mức cược phải lớn hơn 0, không phải 0"),
        (
            10,
            "bet_format",
            'must be a decimal string such as "10.50", not a JSON number: money is sent as text,'
            " so that no client's binary float changes it",
            'phải là một chuỗi số thập phân như "10.50", không phải một số JSON: tiền được gửi dạng chuỗi,'
            " để số thực nhị phân của máy khách không làm sai lệch nó",
        ),
        (
            "0.005",
            "bet_decimals",
            "the bet 0.005 has more decimal places than this variant pays (amount_decimals = 2)",
            # A Vietnamese reader writes the decimals after a comma (0.005 would read as five units).
            "mức cược 0,005 có nhiều chữ số thập phân hơn luật chơi này cho phép (amount_decimals = 2)",
        ),
        (
            "1" * 14,
            "bet_range",
            "the bet must be at most 1,000,000,000,000, not 11111111111111",
            "mức cược tối đa là 1.000.000.000.000 (một nghìn tỷ), không phải 11.111.111.111.111",
        ),
        (
            "ten",
            "bet_format",
            "the bet 'ten' is not a decimal number such as \"10.50\"",
            "mức cược 'ten' không phải là số thập phân như \"10.50\"",
        ),
        (
            "10,50",
            "bet_format",
            "the bet '10,50' has a comma: send the digits together, with a point before any decimals,"
            ' such as "1000" or "10.50"',
            "mức cược '10,50' có dấu phẩy: hãy gửi các chữ số liền nhau, dấu chấm trước phần thập phân,"
            ' ví dụ "1000" hoặc "10.50"',
        ),
        (
            True,
            "bet_format",
            'must be a decimal string such as "10.50", not a boolean',
            'phải là một chuỗi số thập phân như "10.50", không phải một giá trị true/false',
        ),
    ],
)
def test_a_bad_bet_gives_its_true_reason_in_either_language(client, bet, code, english, vietnamese):
    body = {"bet": bet, "players": FORFEITS}
    answered = problem(client.post("/v1/settlements", json=body), 422)
    assert answered["errors"] == [{"pointer": "/bet", "code": code, "detail": english}]
    answered = problem(client.post("/v1/settlements", json=body, headers=VI), 422)
    assert answered["errors"] == [{"pointer": "/bet", "code": code, "detail": vietnamese}]


def test_several_faults_are_counted_in_either_language(client):
    body = {"cards": ["Zz", "Yy", "Kd"], "variant": 7}
    english = problem(client.post("/v1/hands/classify", json=body), 422)
    vietnamese = problem(client.post("/v1/hands/classify", json=body, headers=VI), 422)
    assert [error["pointer"] for error in english["errors"]] == [error["pointer"] for error in vietnamese["errors"]]
    assert len(english["errors"]) == 3
    assert english["detail"].endswith(" (and 2 more)") and vietnamese["detail"].endswith(" (và 2 lỗi khác)")


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("vi", "vi"),
        ("vi-VN", "vi"),
        ("VI-vn", "vi"),
        ("vi-VN;q=0.9, en;q=0.5", "vi"),
        ("en-US,en;q=0.9,vi;q=0.8", "en"),
        ("fr", "en"),
        ("fr, vi;q=0.1", "vi"),
        ("*", "en"),
        ("en;q=0, *", "vi"),
        ("vi;q=0", "en"),
        ("en", "en"),
        ("", "en"),
        (";;;q=x, ,", "en"),
        (None, "en"),
    ],
)
def test_the_language_is_negotiated_from_accept_language(client, header, language):
    headers = {} if header is None else {"Accept-Language": header}
    response = client.post("/v1/hands/classify", json={"cards": ["Kh", "Kd", "Zz"]}, headers=headers)
    body = problem(response, 422)
    assert response.headers["Content-Language"] == language
    assert body["title"] == {"en": "Invalid content", "vi": "Nội dung không hợp lệ"}[language]


# --------------------------------------------------------------------------- a long header


def _read(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[int]]:
    """What werkzeug's parser is handed, and how many entries the choice goes over, request by request."""
    handed: list[str] = []
    entries: list[int] = []

    def parse(header: str, cls: type[LanguageAccept]) -> LanguageAccept:
        handed.append(header)
        return parse_accept_header(header, cls)

    def choose(accepted: LanguageAccept) -> str:
        entries.append(len(accepted))
        return choose_language(accepted)

    monkeypatch.setattr(language, "parse_accept_header", parse)
    monkeypatch.setattr(language, "choose_language", choose)
    return handed, entries


def _long_header(first: list[str], count: int = 1300) -> str:
    """``first``, then other languages up to ``count`` entries (nearly 8 KB for 1,300)."""
    return ",".join(first + [f"x{number % 10}-AB" for number in range(count - len(first))])


@pytest.mark.parametrize(
    ("first", "language"),
    [
        (["vi-VN", "en;q=0.5"], "vi"),
        (["en-US", "vi;q=0.9"], "en"),
        (["*", "en;q=0"], "vi"),
        (["fr", "de"], "en"),
    ],
)
def test_a_header_of_1300_entries_is_answered_as_its_first_entries_choose_and_read_only_so_far(
    client, monkeypatch, first, language
):
    header = _long_header(first)
    assert header.count(",") == 1299 and len(header) > 7500
    handed, entries = _read(monkeypatch)
    response = client.post(
        "/v1/hands/classify", json={"cards": ["Kh", "Kd", "Zz"]}, headers={"Accept-Language": header}
    )
    assert response.headers["Content-Language"] == language
    # The work is bounded as for a short header: at most 16 entries, at most 256 bytes, read once.
    assert len(handed) == 1 and len(handed[0]) <= ACCEPT_LANGUAGE_BYTES
    assert handed[0].count(",") < ACCEPT_LANGUAGE_ENTRIES and entries == [ACCEPT_LANGUAGE_ENTRIES]
    assert problem(response, 422)["title"] == {"en": "Invalid content", "vi": "Nội dung không hợp lệ"}[language]


def test_the_parser_is_handed_as_much_of_an_8_kb_header_as_of_a_short_one(client, monkeypatch):
    handed, entries = _read(monkeypatch)
    short = "vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7,fr;q=0.6,de;q=0.5,ja;q=0.4,zh;q=0.3"
    for header in (short, _long_header(short.split(","), 1300), "vi-VN;q=0.9," * 682):
        client.post("/v1/hands/classify", json={"cards": ["Kh"]}, headers={"Accept-Language": header})
    assert handed[0] == short and max(map(len, handed)) <= ACCEPT_LANGUAGE_BYTES
    assert entries[0] == 8 and max(entries) <= ACCEPT_LANGUAGE_ENTRIES


@pytest.mark.parametrize(
    ("header", "read"),
    [
        ("vi", "vi"),
        (" vi-VN , en;q=0.5 ", " vi-VN , en;q=0.5 "),
        (",".join(["en"] * 16), ",".join(["en"] * 16)),  # 16 entries: all read
        (",".join(["en"] * 16) + ",vi", ",".join(["en"] * 16)),  # the 17th is not
        (",,,,,,,,,,,,,,,,vi", ",,,,,,,,,,,,,,,"),  # empty entries count
        ("en;q=0.1," + "a" * 246 + ",vi", "en;q=0.1," + "a" * 246),  # 255 bytes, then a comma: all read
        ("en;q=0.1," + "a" * 247 + ",vi", "en;q=0.1," + "a" * 247),  # 256 bytes: all read
        ("en;q=0.1," + "a" * 248 + ",vi", "en;q=0.1"),  # 257: the entry the bound cuts is left out
        ("vi-" + "a" * 300, ""),  # one entry longer than the bound: nothing read (English)
    ],
)
def test_the_bounds_on_what_is_read(header, read):
    assert bounded_accept_language(header) == read


def test_the_bounds_leave_room_for_any_browser_header():
    # A long list a user might set: 12 languages with regions and qualities.
    header = (
        "vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7,fr-FR;q=0.6,fr;q=0.5,de-DE;q=0.4,de;q=0.3,ja;q=0.2,zh-CN;q=0.1,ko;q=0.1,"
        "th;q=0.1"
    )
    assert len(header) < ACCEPT_LANGUAGE_BYTES and header.count(",") < ACCEPT_LANGUAGE_ENTRIES
    assert bounded_accept_language(header) == header


# --------------------------------------------------------------------------- the headers


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/v1/hands/classify", {"cards": ["Kh", "Kd", "2c"]}),  # a normal answer
        ("POST", "/v1/hands/classify", {"cards": ["Kh", "Kd", "2x"]}),  # a 422
        ("POST", "/v1/settlements", {"bet": "1", "players": FORFEITS}),
        ("GET", "/v1/variants", None),  # revalidated, with an ETag
        ("GET", "/v1/variants/kitchen", None),  # a 404 of a view
        ("GET", "/nowhere", None),  # a 404 of the router
        ("DELETE", "/v1/variants", None),  # a 405
        ("GET", "/healthz", None),
        ("GET", "/openapi.yaml", None),
        ("GET", "/playground", None),
        ("GET", "/playground/playground.js", None),
        ("GET", "/docs/", None),
    ],
)
@pytest.mark.parametrize("header", [None, "vi", "en-GB"])
def test_every_answer_names_its_language_and_varies_on_the_header(client, method, path, body, header):
    headers = {} if header is None else {"Accept-Language": header}
    response = client.open(path, method=method, json=body, headers=headers)
    assert response.headers["Content-Language"] == ("vi" if header == "vi" else "en")
    assert "Accept-Language" in [value.strip() for value in response.headers["Vary"].split(",")]


def test_a_304_varies_on_the_header_and_carries_no_representation_metadata(client):
    first = client.get("/v1/variants", headers=VI)
    again = client.get("/v1/variants", headers={**VI, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    # RFC 9110 15.4.5: a 304 repeats Vary (and ETag, Cache-Control), not the representation's Content-Language.
    assert again.headers["Vary"] == "Accept-Language" and "Content-Language" not in again.headers


def test_vary_is_added_to_what_an_answer_varies_on_already():
    app = create_app()

    @app.get("/test-only/varied")
    def varied() -> Response:
        return Response("x", headers={"Vary": "Origin, Accept-Encoding"})

    response = app.test_client().get("/test-only/varied", headers=VI)
    assert [value.strip() for value in response.headers["Vary"].split(",")] == [
        "Origin",
        "Accept-Encoding",
        "Accept-Language",
    ]
    assert response.headers["Content-Language"] == "vi"


def test_a_normal_answer_is_the_same_in_both_languages_and_cached_once(client):
    body = {"cards": ["Qh", "Qd", "7c", "7s", "2d"], "variant": "online"}
    english = client.post("/v1/hands/classify", json=body)
    vietnamese = client.post("/v1/hands/classify", json=body, headers=VI)
    assert (english.headers["X-Cache"], vietnamese.headers["X-Cache"]) == ("miss", "hit-local")
    assert english.get_data() == vietnamese.get_data()
    # Both languages, as always: one shape per concept.
    text = vietnamese.get_data(as_text=True)
    assert "Two pair" in text and "Thú" in text
    assert vietnamese.headers["Content-Language"] == "vi"


def test_a_problem_is_never_served_from_the_cache_in_the_wrong_language(client):
    body = {"cards": ["As", "Kd", "Qh"], "variant": {"preset": "online", "overrides": {"scoop_multiplier": 0}}}
    vietnamese = problem(client.post("/v1/hands/classify", json=body, headers=VI), 422)
    english = problem(client.post("/v1/hands/classify", json=body), 422)
    assert vietnamese["errors"][0]["detail"] == "scoop_multiplier phải từ 1 đến 100, không phải 0"
    assert english["errors"][0]["detail"] == "scoop_multiplier must be between 1 and 100, not 0"


# --------------------------------------------------------------------------- the service's other problems


def test_401_404_405_413_and_500_are_in_vietnamese_on_request(checked_client, monkeypatch):
    guarded = checked_client(create_app({"api_keys": ("k3y-for-platform-one",), "max_body_bytes": 4096}))
    refused = problem(guarded.post("/v1/hands/classify", json={"cards": ["As"]}, headers=VI), 401)
    assert (refused["title"], refused["detail"]) == (
        "Chưa xác thực",
        "yêu cầu này cần một khóa API: hãy gửi khóa qua 'Authorization: Bearer <key>' hoặc 'X-API-Key: <key>'",
    )
    missing = problem(guarded.get("/v2/nothing", headers=VI), 404)
    assert (missing["title"], missing["detail"]) == ("Không tìm thấy", "không có gì ở /v2/nothing")
    wrong = problem(guarded.delete("/healthz", headers=VI), 405)
    assert wrong["detail"] == "không dùng được DELETE với /healthz; hãy dùng GET, HEAD, OPTIONS"
    large = guarded.post(
        "/v1/hands/classify",
        data=b'{"cards": [' + b'"As",' * 2000 + b'"Kd"]}',
        content_type="application/json",
        headers={**VI, "X-API-Key": "k3y-for-platform-one"},
    )
    assert problem(large, 413)["detail"] == "nội dung yêu cầu lớn hơn giới hạn 4096 byte"

    from maubinh_api.web.blueprints import hands

    def explode(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(hands, "classify", explode)
    client = checked_client(create_app())
    failed = problem(client.post("/v1/hands/classify", json={"cards": ["As", "Kd", "Qh"]}, headers=VI), 500)
    assert (failed["title"], failed["detail"]) == (
        "Lỗi máy chủ nội bộ",
        "dịch vụ không trả lời được yêu cầu này; lỗi đã được ghi lại",
    )


def test_readiness_failures_are_in_vietnamese_on_request(client, monkeypatch):
    from maubinh_api.web.blueprints import health

    def broken(name: str) -> None:
        raise OSError("preset files missing")

    monkeypatch.setattr(health, "preset", broken)
    body = problem(client.get("/readyz", headers=VI), 503)
    assert (body["title"], body["detail"]) == ("Dịch vụ chưa sẵn sàng", "chưa sẵn sàng: preset files missing")


# --------------------------------------------------------------------------- the hostile catalogue, in Vietnamese


def _parametrized(test: Any) -> list[tuple[Any, ...]]:
    """The parameter sets of one of the hostile-input catalogue's parametrized tests."""
    [mark] = [mark for mark in test.pytestmark if mark.name == "parametrize"]
    return [tuple(values) for values in mark.args[1]]


def _catalogue() -> list[Any]:
    """Every request the hostile-input catalogue (test_hostile_fields and test_hostile_bodies) sends
    that is refused, as (id, path, open() arguments)."""
    cases: list[tuple[str, str, dict[str, Any]]] = []
    for parameters in hostile_fields.wrong_types():
        path, pointer, value = parameters.values
        body = copy.deepcopy(hostile.VALID[path])
        hostile.put(body, pointer, value)
        cases.append((f"wrong type {parameters.id}", hostile.target(path), {"json": body}))
    for path, pointer in _parametrized(hostile_fields.test_a_missing_field_is_a_422_naming_it):
        body = copy.deepcopy(hostile.VALID[path])
        hostile.put(body, pointer, hostile.REMOVE)
        cases.append((f"missing {path}{pointer}", hostile.target(path), {"json": body}))
    for path, parent in _parametrized(hostile_fields.test_an_unknown_field_is_a_422_naming_it):
        body = copy.deepcopy(hostile.VALID[path])
        hostile.put(body, parent + "/surprise", 1)
        cases.append((f"unknown {path}{parent}", hostile.target(path), {"json": body}))
    for value, _ in _parametrized(hostile_fields.test_cards_that_are_not_cards):
        cases.append((f"card {value!r:.20}", "/v1/hands/classify", {"json": {"cards": ["Kh", "Kd", value]}}))
    for index, (path, body, _, _) in enumerate(
        _parametrized(hostile_fields.test_rule_breaking_content_is_a_422_naming_the_place)
    ):
        cases.append((f"rule {index} {path}", path, {"json": body}))
    players = json.dumps(FORFEITS)
    for raw, _, _ in _parametrized(hostile_fields.test_bets_that_are_not_money):
        data = f'{{"bet": {raw}, "players": {players}}}'
        cases.append((f"bet {raw:.20}", "/v1/settlements", {"data": data, "content_type": "application/json"}))
    for index, (data, content_type, _) in enumerate(_parametrized(hostile_bodies.test_unreadable_bodies)):
        cases.append((f"unreadable {index}", "/v1/hands/classify", {"data": data, "content_type": content_type}))
    for path in hostile.VALID:
        cases.append((f"nothing known {path}", hostile.target(path), {"json": {"surprise": 1}}))
        cases.append(
            (f"all null {path}", hostile.target(path), {"json": {"surprise": 1, **dict.fromkeys(hostile.VALID[path])}})
        )
    big = json.dumps({"hands": [["As", "Kd", "Qh"]] * 80_000})
    cases.append(("too large", "/v1/hands/classify", {"data": big, "content_type": "application/json"}))
    return [pytest.param(path, arguments, id=name) for name, path, arguments in cases]


CATALOGUE = _catalogue()


def test_the_catalogue_holds_every_kind_of_hostile_request():
    assert len(CATALOGUE) > 300
    assert {"too large", "unreadable 0", "bet NaN"} <= {case.id for case in CATALOGUE}


@pytest.mark.parametrize(("path", "arguments"), CATALOGUE)
def test_every_hostile_request_is_refused_in_vietnamese_too(client, path, arguments):
    english = client.post(path, **arguments)
    vietnamese = client.post(path, headers=VI, **arguments)
    assert english.status_code == vietnamese.status_code >= 400
    english_body, vietnamese_body = problem(english, english.status_code), problem(vietnamese, english.status_code)
    assert vietnamese.headers["Content-Language"] == "vi" and english.headers["Content-Language"] == "en"
    assert vietnamese_body["title"] and vietnamese_body["title"] != english_body["title"]
    assert vietnamese_body["detail"] and vietnamese_body["detail"] != english_body["detail"]
    assert (vietnamese_body["type"], vietnamese_body["status"]) == (english_body["type"], english_body["status"])
    english_errors, vietnamese_errors = english_body.get("errors", []), vietnamese_body.get("errors", [])
    assert [error["pointer"] for error in english_errors] == [error["pointer"] for error in vietnamese_errors]
    for said, translated in zip(english_errors, vietnamese_errors, strict=True):
        assert translated["detail"] and translated["detail"] != said["detail"], said
        assert _kept(said["detail"]) <= _kept(translated["detail"]), (said, translated)


def _kept(text: str) -> set[str]:
    """What a translation keeps as it is: quoted values, JSON pointers and field names."""
    return set(re.findall(r"'[^']*'|\"[^\"]*\"|(?<![\w.])/[\w/.~-]+|\b[a-z]+_[a-z_]+\b", text))


# --------------------------------------------------------------------------- every text has its Vietnamese


def test_every_own_word_and_problem_type_has_vietnamese():
    assert OWN_WORDS, "marshmallow's messages are put in the service's words, by key"
    for library, said in OWN_WORDS.items():
        assert isinstance(said, Message), library
        assert said.said.vi and said.said.vi != str(said), library
    for status, kind in [*PROBLEM_TYPES.items(), (0, OTHER_TYPE)]:
        assert kind.title.vi and kind.title.vi != kind.title.en, status
    assert len({kind.title.vi for kind in PROBLEM_TYPES.values()}) == len(PROBLEM_TYPES)


def _fields_of(schema: Schema) -> list[tuple[str, fields.Field[Any]]]:
    found: list[tuple[str, fields.Field[Any]]] = []
    for name, field in schema.fields.items():
        found.append((f"{type(schema).__name__}.{name}", field))
        inner = getattr(field, "inner", None)
        while inner is not None:
            found.append((f"{type(schema).__name__}.{name}[]", inner))
            if isinstance(inner, fields.Nested):
                found.extend(_fields_of(inner.schema))
            inner = getattr(inner, "inner", None)
        if isinstance(field, fields.Nested):
            found.extend(_fields_of(field.schema))
    return found


# marshmallow's messages no request can bring about, by key: the fields that have them never read that way.
_UNREACHABLE = {
    "invalid_utf8",  # JSON strings are text, never bytes
    "too_large",  # WholeNumber reads integers itself
}


def test_every_message_a_schema_can_give_has_its_vietnamese():
    request_schemas = [
        value()
        for value in vars(schemas).values()
        if inspect.isclass(value) and issubclass(value, Schema) and value.__module__ == schemas.__name__
    ]
    assert len(request_schemas) > 8
    checked = 0
    for schema in request_schemas:
        for name, message in schema.error_messages.items():
            assert isinstance(message, Message), (type(schema).__name__, name, message)
        for where, field in _fields_of(schema):
            for key, message in field.error_messages.items():
                if key not in _UNREACHABLE:  # every other is the service's words, taken by its key
                    assert isinstance(message, Message), (where, key)
                    assert message.said.vi and message.said.vi != str(message), (where, key)
                checked += 1
            for validator in field.validators:
                error = getattr(validator, "error", None)
                assert isinstance(error, Message) and error.said.vi != str(error), (where, validator)
    assert checked > 100
