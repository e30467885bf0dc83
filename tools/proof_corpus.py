"""Writes tests/conformance/deals.json and tests/conformance/hand_records.json: deals and hand
records as a platform keeps them, genuine and forged, each with the verdict every verifier must
reach (docs/integrating.md, "Deals anyone can check" and "Hand records").

    python -m tools.proof_corpus --write     # after a change of a rule; else it only checks

The genuine ones are the service's own answers (test keys derived from fixed phrases, a fixed deal
secret and time, so the files are written the same every run), played into a table of ten hands and
a second table of three beside it, whose records the Python client builds.  The forged ones are
edits of them, each failing at the step it is named for.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from maubinh_api.infra.deal_check import DealRefused, check_deal
from maubinh_api.infra.deals import DealSecrets
from maubinh_api.infra.hand_records import RecordBroken, check_records, read_records, split_lines
from maubinh_api.infra.tenants import key_digest
from maubinh_api.web import receipted_answers
from maubinh_api.web.app import create_app
from maubinh_api.web.blueprints import deals as deal_views
from tools.receipt_corpus import AT, FOREIGN_KEY, KEY, OLD_KEY, TENANT_KEY, key_set, pem_file

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "clients" / "python"))  # records are built as a platform builds them
from maubinh_api_client.hand_records import build_hand_record, hand_record_line  # noqa: E402
from maubinh_api_client.receipts import read_strict  # noqa: E402

DEALS = ROOT / "tests" / "conformance" / "deals.json"
RECORDS = ROOT / "tests" / "conformance" / "hand_records.json"
SECRET = hashlib.sha256(b"maubinh-api proof corpus: the deal secret").hexdigest() * 2
PLAYERS = ("an", "binh", "chi", "dung")
LEVELS = ("club", "expert", "casual", "beginner")


@contextmanager
def _service(signing: Any) -> Iterator[Any]:
    """The service's test client: tenant platform-a, signing with ``signing`` (None: unsigned), its
    deal ids counted from 1 and every time of issue :data:`AT`."""
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        entry = f'  - name: platform-a\n    key_sha256: "{key_digest(TENANT_KEY)}"\n    limits: ["10000/minute"]\n'
        (where / "tenants.yaml").write_text("tenants:\n" + entry)
        (where / "deals").write_text(SECRET + "\n")
        config: dict[str, Any] = {"tenants_file": where / "tenants.yaml", "deal_secret_file": where / "deals",
                                  "receipt_old_keys": (pem_file(OLD_KEY, where, "old.pem"),)}  # fmt: skip
        if signing is not None:
            config["receipt_key"] = pem_file(signing, where, "key.pem")
        counter = iter(range(1, 1000))

        def numbered(self: DealSecrets) -> str:
            return f"deal-{self.secret_id(self.secrets[0])}-{next(counter):032x}"

        client = create_app(config).test_client()
        with (
            mock.patch.object(receipted_answers, "issue_time", return_value=AT),
            mock.patch.object(deal_views, "issue_time", return_value=AT),
            mock.patch.object(DealSecrets, "new_deal_id", numbered),
        ):
            yield client


def _post(client: Any, path: str, body: Any = None) -> str:
    headers = {"X-API-Key": TENANT_KEY}
    sent = client.post(path, headers=headers) if body is None else client.post(path, json=body, headers=headers)
    if sent.status_code != 200:
        sys.exit(f"{path}: {sent.status_code} {sent.get_data(as_text=True)}")
    return str(sent.get_data(as_text=True))


def _hand(client: Any, table: str, number: int, seats: int, previous: Any) -> dict[str, Any]:
    """One hand played through the service: committed, dealt, set by bots, settled; its record."""
    commitment = json.loads(_post(client, "/v1/deals"))
    seeds = [f"{player}-{table}-{number}" for player in PLAYERS[:seats]]
    deal = json.loads(_post(client, f"/v1/deals/{commitment['deal_id']}", {"client_seeds": seeds, "seats": seats}))
    record_seats = []
    for place, cards in enumerate(deal["hands"]):
        seat: dict[str, Any] = {"player_id": PLAYERS[place], "cards": cards}
        if not (number % 4 == 3 and place == seats - 1):  # now and then the last seat leaves
            play = {"cards": cards, "level": LEVELS[place], "seed": number * 10 + place, "variant": "online"}
            seat["arrangement"] = json.loads(_post(client, "/v1/arrangements/play", play))["arrangement"]
            seat["set_after_ms"] = 9000 + 1000 * place + number
        else:
            seat["forfeit"] = True
        record_seats.append(seat)
    request = {
        "bet": "1000",
        "variant": "online",
        "players": [
            {"id": seat["player_id"], "forfeit": True} if seat.get("forfeit")
            else {"id": seat["player_id"], "arrangement": seat["arrangement"]}
            for seat in record_seats
        ],
    }  # fmt: skip
    answer = read_strict(_post(client, "/v1/settlements", request))
    return build_hand_record(
        table_id=table, hand_id=f"{table}-h{number}", seats=record_seats, previous=previous,
        deal=(commitment, deal), settlement=(request, answer), started_at=AT,
    )  # fmt: skip


def played() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Thirteen records (table t-1's ten hands, t-2's three between them) and spare answers."""
    records: list[dict[str, Any]] = []
    last: dict[str, Any] = {}
    with _service(KEY) as client:
        for number in range(1, 11):
            records.append(_hand(client, "t-1", number, 2 + number % 3, last.get("t-1")))
            last["t-1"] = records[-1]
            if number in (3, 5, 8):
                records.append(_hand(client, "t-2", len([r for r in records if r["table_id"] == "t-2"]) + 1, 4,
                                     last.get("t-2")))  # fmt: skip
                last["t-2"] = records[-1]
    spare: dict[str, Any] = {}
    with _service(OLD_KEY) as client:
        spare["old_key"] = _hand(client, "t-9", 1, 2, None)
    with _service(None) as client:
        spare["unsigned"] = _hand(client, "t-9", 1, 2, None)
    return records, spare


def _lines(records: list[dict[str, Any]]) -> str:
    return "".join(hand_record_line(record) for record in records)


def _rechained(records: list[dict[str, Any]], change: Callable[[list[dict[str, Any]]], None]) -> str:
    """The records after ``change``, as stored (the links left as they were)."""
    changed = copy.deepcopy(records)
    change(changed)
    return _lines(changed)


def _set(index: int, path: tuple[Any, ...], value: Any) -> Callable[[list[dict[str, Any]]], None]:
    def change(records: list[dict[str, Any]]) -> None:
        target: Any = records[index]
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return change


def deal_cases(records: list[dict[str, Any]], spare: dict[str, Any]) -> list[dict[str, Any]]:
    proof = records[0]["deal"]
    other = records[1]["deal"]
    cases: list[dict[str, Any]] = []

    def case(name: str, about: str, verdict: str, commitment: Any = None, deal: Any = None, *,
             keys: str = "deployment", tenant: str | None = None, require_signature: bool = True) -> None:  # fmt: skip
        cases.append({"id": name, "about": about, "commitment": commitment or proof["commitment"],
                      "deal": deal or proof["deal"], "keys": keys, "tenant": tenant,
                      "require_signature": require_signature, "verdict": verdict})  # fmt: skip

    def edited(what: str, **values: Any) -> dict[str, Any]:
        return dict(proof[what], **values)

    deck = list(proof["deal"]["deck"])
    deck[0], deck[51] = deck[51], deck[0]
    swapped = edited("deal", deck=deck, hands=[deck[13 * k : 13 * k + 13] for k in range(proof["deal"]["seats"])])
    case("genuine", "The two answers as they came: the deal holds.", "holds")
    case("genuine_as_the_platform", "Checked as the tenant it was committed for.", "holds", tenant="platform-a")
    case("genuine_old_key", "Committed with the key before a rotation, still in the key set.", "holds",
         spare["old_key"]["deal"]["commitment"], spare["old_key"]["deal"]["deal"])  # fmt: skip
    unsigned = spare["unsigned"]["deal"]
    case("genuine_unsigned_accepted", "A deployment with no key; the caller accepts that.", "holds",
         unsigned["commitment"], unsigned["deal"], require_signature=False)  # fmt: skip
    case("fields_seats_five", "A deal of five seats.", "deal_fields", deal=edited("deal", seats=5))
    case("fields_card_in_words", "A card written another way in the deck.", "deal_fields",
         deal=edited("deal", deck=["10" + card[1] if card[0] == "T" else card for card in deck]))  # fmt: skip
    case("fields_commitment_signed_without_signature", "A commitment saying signed with no signature.",
         "deal_fields", edited("commitment", signature=None))  # fmt: skip
    case("another_tenant", "Checked as another tenant's.", "tenant", tenant="platform-b")
    case("another_deal", "The deal of another commitment.", "deal_id", deal=other["deal"])
    case("shuffle_renamed", "A shuffle the verifier does not know.", "shuffle",
         deal=edited("deal", shuffle="hmac-sha256-fisher-yates-2"))  # fmt: skip
    case("seed_changed", "Another server seed revealed.", "server_seed",
         deal=edited("deal", server_seed=other["deal"]["server_seed"]))  # fmt: skip
    case("seed_hash_changed", "The deal restating another commitment's hash.", "server_seed",
         deal=edited("deal", server_seed_hash=other["commitment"]["server_seed_hash"]))  # fmt: skip
    case("client_seed_changed", "A client seed changed after the deal.", "deck",
         deal=edited("deal", client_seeds=["an-forged", *proof["deal"]["client_seeds"][1:]]))  # fmt: skip
    case("two_cards_swapped", "The first and last cards of the deck swapped (the hands with them).", "deck",
         deal=swapped)  # fmt: skip
    case("hands_reordered", "The seats' hands in another order.", "hands",
         deal=edited("deal", hands=proof["deal"]["hands"][::-1]))  # fmt: skip
    case("unsigned", "An unsigned commitment where a signed one is required.", "unsigned",
         spare["unsigned"]["deal"]["commitment"], spare["unsigned"]["deal"]["deal"])  # fmt: skip
    case("foreign_key_under_the_id", "A key set holding a forger's key under the deployment's id.",
         "key_thumbprint", keys="foreign")  # fmt: skip
    case("unknown_key", "A key set without the commitment's key.", "unknown_key", keys="other")
    case("another_commitments_signature", "The signature of another deal's commitment.", "jws_payload",
         edited("commitment", signature=other["commitment"]["signature"]))  # fmt: skip
    case("time_changed", "The commitment's time moved.", "jws_payload",
         edited("commitment", at="2026-12-07T12:00:00Z"))  # fmt: skip
    receipt_signature = records[0]["settlement"]["answer"]["receipt"]["signature"]
    case("receipt_signature", "A settlement receipt's signature in the commitment's place (another typ).",
         "jws_header", edited("commitment", signature=receipt_signature))  # fmt: skip
    return cases


def record_cases(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    heads = {"t-1": _head(records, "t-1"), "t-2": _head(records, "t-2")}
    first_t1 = [i for i, r in enumerate(records) if r["table_id"] == "t-1"]
    cases: list[dict[str, Any]] = []

    genuine_lines = _split(_lines(records))

    def case(name: str, about: str, verdict: Any, text: str, *, keys: str = "deployment",
             tenant: str | None = None, with_heads: bool = True) -> None:  # fmt: skip
        # A line as stored in the genuine file is named by its place there; any other is written out.
        lines: list[Any] = [genuine_lines.index(line) if line in genuine_lines else line for line in _split(text)]
        cases.append({"id": name, "about": about, "lines": lines, "keys": keys, "tenant": tenant,
                      "heads": heads if with_heads else None, "verdict": verdict})  # fmt: skip

    def at(index: int, code: str) -> dict[str, Any]:
        return {"index": index, "code": code}

    genuine = _lines(records)
    third, fourth, sixth = first_t1[2], first_t1[3], first_t1[5]
    case("genuine", "Table t-1's ten hands and t-2's three between them, with their heads.", "holds", genuine)
    case("genuine_without_heads", "The same, no head published.", "holds", genuine, with_heads=False)
    case("genuine_as_the_platform", "Checked as the tenant that dealt and settled.", "holds", genuine,
         tenant="platform-a")  # fmt: skip
    case("genuine_respaced", "The same records written with other spacing and member order.", "holds",
         "\n".join(json.dumps(json.loads(line), indent=None, sort_keys=False, separators=(", ", ": "))[::1]
                   for line in _split(genuine)) + "\n")  # fmt: skip
    case("genuine_window", "Only the last five records of t-1 (a recall of recent hands).", "holds",
         _lines([r for r in records if r["table_id"] == "t-1"][5:]), with_heads=False)  # fmt: skip
    case("another_tenant", "Checked as another tenant's.", at(0, "deal.tenant"), genuine, tenant="platform-b")
    case("not_strict_json", "A record naming a member twice.", at(third, "not_strict_json"),
         _with_line(genuine, third, lambda line: line.replace('{"deal":', '{"deal":null,"deal":', 1)))  # fmt: skip
    case("unknown_member", "A record with a member the format does not have.", at(third, "record_fields"),
         _rechained(records, _set(third, ("paid",), True)))  # fmt: skip
    case("started_at_changed", "A record's time changed: its own checks hold, its successor's link breaks.",
         at(fourth, "previous"), _rechained(records, _set(third, ("started_at",), "2026-12-06T12:00:01Z")))  # fmt: skip
    case("record_removed", "A record of t-1 removed.", at(fourth - 1, "previous"),
         _lines(records[:third] + records[third + 1 :]))  # fmt: skip
    case("records_swapped", "Two records of t-1 swapped.", at(third, "previous"),
         _lines([*records[:third], records[fourth], records[third], *records[fourth + 1 :]]))  # fmt: skip
    case("number_changed", "A record's number changed.", at(third, "number"),
         _rechained(records, _set(third, ("number",), records[third]["number"] + 1)))  # fmt: skip
    case("chain_starts_late", "A first record naming no previous one but numbered 2.", at(0, "number"),
         _rechained(records, _set(0, ("number",), 2)), with_heads=False)  # fmt: skip
    case("card_changed", "A card of a seat changed.", at(fourth, "seat_cards"),
         _rechained(records, _card_changed(fourth)))  # fmt: skip
    case("seats_swapped", "Two seats' cards swapped with their arrangements.", at(fourth, "deal_seats"),
         _rechained(records, _seats_swapped(fourth)))  # fmt: skip
    case("deal_of_another_hand", "Another hand's deal in a record.", at(third, "deal_seats"),
         _rechained(records, _set(third, ("deal",), records[fourth]["deal"])))  # fmt: skip
    case("seed_changed", "The server seed changed in a record's deal.", at(third, "deal.server_seed"),
         _rechained(records, _set(third, ("deal", "deal", "server_seed"), "0" * 64)))  # fmt: skip
    case("net_changed", "A net changed in a record's settlement.", at(sixth, "settlement.answer_digest"),
         _rechained(records, _net_changed(sixth)))  # fmt: skip
    case("settlement_of_another_hand", "Another hand's settlement (its receipt genuine) in a record.",
         at(third, "settlement_seats"),
         _rechained(records, _set(third, ("settlement",), records[fourth]["settlement"])))  # fmt: skip
    last = len(records) - 1
    case("last_record_changed", "t-1's newest record changed: only its published head shows it.",
         at(last, "head"), _rechained(records, _set(last, ("seats", 0, "set_after_ms"), 1)))  # fmt: skip
    case("foreign_key_set", "A key set holding a forger's key under the deployment's id.",
         at(0, "deal.key_thumbprint"), genuine, keys="foreign")  # fmt: skip
    # Added after the first 21: lines end at line feeds only, and blank means JSON whitespace only.
    case("line_separator_in_a_string", "The newest record's hand id holds U+2028: a character, not a line end.",
         "holds", _rechained(records, _set(last, ("hand_id",), "t-1-h10\u2028")), with_heads=False)  # fmt: skip
    case("crlf_line_ends", "The file written with CR LF line ends.", "holds",
         genuine.replace("\n", "\r\n"))  # fmt: skip
    case("blank_lines", "Lines of spaces and tabs between the records.", "holds",
         genuine.replace("\n", "\n \t\n", 3))  # fmt: skip
    case("no_break_space_line", "A line holding only U+00A0, which is no JSON whitespace.",
         at(len(records), "not_strict_json"), genuine + "\u00a0\n")  # fmt: skip
    # Heads are checked in table id order (by code point): the first that fails is named.
    wrong = {"t-2": "sha256:" + "0" * 64, "t-1": "sha256:" + "1" * 64}
    cases.append({"id": "two_heads_wrong", "about": "Both tables' published heads wrong: t-1's is named first.",
                  "lines": list(range(len(records))), "keys": "deployment", "tenant": None, "heads": wrong,
                  "verdict": at(last, "head")})  # fmt: skip
    cases.append({"id": "head_of_an_absent_table", "about": "A head published for a table the file does not hold.",
                  "lines": list(range(len(records))), "keys": "deployment", "tenant": None,
                  "heads": {"t-3": "sha256:" + "2" * 64}, "verdict": at(len(records), "head")})  # fmt: skip
    return cases


def _split(text: str) -> list[str]:
    """A JSON Lines text's lines, at line feeds only (its last line ends with one)."""
    return text.removesuffix("\n").split("\n")


def _head(records: list[dict[str, Any]], table: str) -> str:
    from maubinh_api_client.hand_records import record_digest  # noqa: PLC0415 - the client's own

    return record_digest([record for record in records if record["table_id"] == table][-1])


def _with_line(text: str, index: int, change: Callable[[str], str]) -> str:
    lines = _split(text)
    lines[index] = change(lines[index])
    return "\n".join(lines) + "\n"


def _card_changed(index: int) -> Callable[[list[dict[str, Any]]], None]:
    def change(records: list[dict[str, Any]]) -> None:
        cards = records[index]["seats"][0]["cards"]
        unused = next(card for card in records[index]["deal"]["deal"]["deck"][-1:] if card not in cards)
        cards[0] = unused

    return change


def _seats_swapped(index: int) -> Callable[[list[dict[str, Any]]], None]:
    def change(records: list[dict[str, Any]]) -> None:
        seats = records[index]["seats"]
        for name in ("cards", "arrangement"):
            seats[0][name], seats[1][name] = seats[1][name], seats[0][name]

    return change


def _net_changed(index: int) -> Callable[[list[dict[str, Any]]], None]:
    def change(records: list[dict[str, Any]]) -> None:
        player = records[index]["settlement"]["answer"]["players"][0]
        player["net"] = "9999.00"

    return change


ABOUT_DEALS = [
    "Deals as a platform keeps them: the commitment (POST /v1/deals) and the deal (POST /v1/deals/{id}) "
    "as answered, a key set by name (key_sets), the tenant expected (null: any) and whether an unsigned "
    "commitment is refused. `verdict` is 'holds' or the code of the first step that fails "
    "(docs/integrating.md, 'Deals anyone can check'); the service's check and the four clients' judge "
    "every case in make test.",
    "Written by python -m tools.proof_corpus --write with test keys and a test deal secret; a case is "
    "added, never changed.",
]
ABOUT_RECORDS = [
    "Hand records as a platform keeps them: a JSON Lines text (one record a line, oldest first: a case's "
    "`lines`, each a number naming a line of the genuine file `records`, or a line's own text, each line "
    "ending with a line feed), a key set "
    "by name, the tenant expected, and the heads published (table id: digest of its newest record; null: "
    "none). `verdict` is 'holds' or the first record that does not hold (`index` from 0) and its code "
    "(docs/integrating.md, 'Hand records'); the service's batch verify and the four clients judge every "
    "case in make test.",
    "Written by python -m tools.proof_corpus --write: the records are the Python client's, of hands the "
    "service committed, dealt, set (its bots) and settled; a case is added, never changed.",
]


def corpora() -> tuple[dict[str, Any], dict[str, Any]]:
    records, spare = played()
    foreign = key_set(FOREIGN_KEY)
    foreign["keys"][0]["kid"] = key_set(KEY)["keys"][0]["kid"]
    key_sets = {"deployment": key_set(KEY, OLD_KEY), "foreign": foreign, "other": key_set(FOREIGN_KEY)}
    deals = {"about": ABOUT_DEALS, "key_sets": key_sets, "cases": deal_cases(records, spare)}
    hand_records = {"about": ABOUT_RECORDS, "key_sets": key_sets, "records": _split(_lines(records)),
                    "cases": record_cases(records)}  # fmt: skip
    return deals, hand_records


def deal_verdict(case: dict[str, Any], key_sets: dict[str, Any]) -> str:
    try:
        check_deal(case["commitment"], case["deal"], key_sets[case["keys"]], tenant=case["tenant"],
                   require_signature=case["require_signature"])  # fmt: skip
    except DealRefused as refused:
        return refused.code
    return "holds"


def stored_text(case: dict[str, Any], genuine: list[str]) -> str:
    """A case's file as stored: each line a genuine record's (by its place) or its own text."""
    return "".join((genuine[line] if isinstance(line, int) else line) + "\n" for line in case["lines"])


def record_verdict(case: dict[str, Any], corpus: dict[str, Any]) -> Any:
    text = stored_text(case, corpus["records"])
    try:
        check_records(read_records(split_lines(text)), corpus["key_sets"][case["keys"]], tenant=case["tenant"],
                      heads=case["heads"])  # fmt: skip
    except RecordBroken as broken:
        return {"index": broken.index, "code": broken.code}
    return "holds"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the corpora (else: check every verdict)")
    deals, hand_records = corpora()
    wrong = [f"deals {case['id']}: {deal_verdict(case, deals['key_sets'])}, not {case['verdict']}"
             for case in deals["cases"] if deal_verdict(case, deals["key_sets"]) != case["verdict"]]  # fmt: skip
    wrong += [f"records {case['id']}: {record_verdict(case, hand_records)}, not {case['verdict']}"
              for case in hand_records["cases"] if record_verdict(case, hand_records) != case["verdict"]]  # fmt: skip
    if wrong:
        sys.exit("\n".join(wrong))
    if parser.parse_args().write:
        for path, corpus in ((DEALS, deals), (RECORDS, hand_records)):
            path.write_text(json.dumps(corpus, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {len(deals['cases'])} deals and {len(hand_records['cases'])} record files")


if __name__ == "__main__":
    main()
