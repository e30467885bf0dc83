"""Hand records: one hand at a table as a platform keeps it for recall and disputes (openapi.yaml's
``HandRecord``; docs/integrating.md, "Hand records"), chained table by table, and their check.

A file of records is JSON Lines, one record a line, oldest first (several tables may interleave).
Each record names the digest of its table's previous one (``previous``: the SHA-256 of its exact
canonical form), so a changed record breaks its successor's link.  :func:`check_records` checks,
record by record: the record reads, its link and number, its seats' cards, its deal's proof and
that the deal gave the seats their cards, its settlement's receipt and that the settlement is of
these seats; the first failure is raised with the record it is in.  The clients do the same.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..rules.cards import Card
from .deal_check import CARD, DealRefused, check_deal
from .receipt_check import ReceiptRefused, check_receipt
from .receipts import exact_canonical
from .strict_json import StrictJsonError, read_strict

__all__ = [
    "RECORD_FORMAT",
    "RecordBroken",
    "TableChain",
    "check_records",
    "read_records",
    "record_digest",
    "split_lines",
]

#: The format and version a record names in ``record``.
RECORD_FORMAT: Final = "maubinh-hand-record/1"
_DIGEST: Final = re.compile(r"sha256:[0-9a-f]{64}")
_AT: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
_CHI: Final = (("back", 5), ("middle", 5), ("front", 3))
_SEAT_FIELDS: Final = {"player_id", "cards", "arrangement", "declare_natural", "forfeit", "set_after_ms"}
_RECORD_FIELDS: Final = {
    "record", "table_id", "hand_id", "number", "previous", "started_at", "deal", "seats", "settlement",
}  # fmt: skip


class RecordBroken(ValueError):
    """The first record of a file that does not hold: its place (``index``, from 0), its
    ``hand_id`` (None when unreadable), the failing step's ``code`` and ``reason``."""

    def __init__(self, index: int, hand_id: str | None, code: str, reason: str) -> None:
        which = f"record {index + 1}" + (f" (hand {hand_id})" if hand_id is not None else "")
        super().__init__(f"{which} does not hold: {reason}")
        self.index, self.hand_id, self.code, self.reason = index, hand_id, code, reason


@dataclass(frozen=True)
class TableChain:
    """One table's records in a file: the first and last numbers, whether the chain starts at the
    table's first record (``previous`` null) and the digest of its newest record (its head)."""

    table_id: str
    first: int
    last: int
    from_the_start: bool
    head: str


def record_digest(record: Any) -> str:
    """``sha256:`` and the SHA-256 of a record's exact canonical form: what its successor names."""
    return "sha256:" + hashlib.sha256(exact_canonical(record)).hexdigest()


def split_lines(text: str | bytes) -> list[str | bytes]:
    """A JSON Lines text's lines: split at line feeds only (U+2028 and its kind are characters a
    string may hold, never line ends)."""
    return list(text.split(b"\n")) if isinstance(text, bytes) else list(text.split("\n"))


def read_records(lines: Iterable[str | bytes]) -> list[Any]:
    """The records of a JSON Lines file's lines (:func:`split_lines`), each read strictly; a line of
    JSON whitespace only (space, tab, CR, LF) is skipped; a line that is not strict JSON is
    :class:`RecordBroken` at its place."""
    records = []
    for text in lines:
        if not (text.strip(" \t\r\n") if isinstance(text, str) else text.strip(b" \t\r\n")):
            continue
        try:
            records.append(read_strict(text))
        except StrictJsonError as error:
            raise RecordBroken(len(records), None, "not_strict_json", f"it is not strict JSON ({error})") from None
    return records


def check_records(
    records: Sequence[Any],
    keys: str | bytes | Mapping[str, Any] | None,
    *,
    tenant: str | None = None,
    heads: Mapping[str, str] | None = None,
) -> list[TableChain]:
    """Check every record in order (as :func:`read_records` reads them) with the deployment's key
    set; with ``tenant``, that every receipt and deal is that tenant's; with ``heads`` (table id:
    digest), that each such table's newest record is the one the platform published."""
    chains: dict[str, TableChain] = {}
    for index, record in enumerate(records):
        hand_id = record.get("hand_id") if isinstance(record, Mapping) else None
        shown = hand_id if isinstance(hand_id, str) else None
        try:
            _check_one(record, chains.get(record["table_id"]) if _reads(record) else None, keys, tenant)
        except _Broken as broken:
            raise RecordBroken(index, shown, broken.code, broken.reason) from None
        chain = chains.get(record["table_id"])
        chains[record["table_id"]] = TableChain(
            table_id=record["table_id"],
            first=chain.first if chain else record["number"],
            last=record["number"],
            from_the_start=chain.from_the_start if chain else record["previous"] is None,
            head=record_digest(record),
        )
    for table_id, head in sorted((heads or {}).items()):  # in table id order, in every client
        if table_id not in chains or chains[table_id].head != head:
            last = max((i for i, r in enumerate(records) if r.get("table_id") == table_id), default=len(records))
            raise RecordBroken(last, None, "head", f"table {table_id}'s newest record is not the one published")
    return list(chains.values())


class _Broken(Exception):
    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


def _check_one(record: Any, chain: TableChain | None, keys: Any, tenant: str | None) -> None:
    if not _reads(record):
        raise _Broken("record_fields", "its fields do not read as a maubinh-hand-record/1")
    if chain is not None and record["previous"] != chain.head:
        raise _Broken("previous", f"previous is not the digest of table {record['table_id']}'s record before it")
    if chain is not None and record["number"] != chain.last + 1:
        raise _Broken("number", f"its number is {record['number']}, after {chain.last}")
    if chain is None and record["previous"] is None and record["number"] != 1:
        raise _Broken("number", "a chain's first record is number 1")
    _check_cards(record["seats"])
    if "deal" in record:
        _check_dealt(record, keys, tenant)
    if "settlement" in record:
        _check_settled(record, keys, tenant)


def _reads(record: Any) -> bool:
    """Its fields all present and typed (the cards' own rules are checked after)."""
    if not isinstance(record, Mapping) or not set(record) <= _RECORD_FIELDS:
        return False
    seats, previous = record.get("seats"), record.get("previous", 0)
    return (
        record.get("record") == RECORD_FORMAT
        and _name(record.get("table_id"))
        and _name(record.get("hand_id"))
        and type(record.get("number")) is int
        and record["number"] >= 1
        and (previous is None or (isinstance(previous, str) and _DIGEST.fullmatch(previous) is not None))
        and (
            "started_at" not in record
            or (isinstance(record["started_at"], str) and _AT.fullmatch(record["started_at"]) is not None)
        )
        and ("deal" not in record or _pair(record["deal"], "commitment", "deal"))
        and ("settlement" not in record or _pair(record["settlement"], "request", "answer"))
        and isinstance(seats, list)
        and 2 <= len(seats) <= 4
        and all(_seat_reads(seat) for seat in seats)
    )


def _name(value: Any) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= 64


def _pair(value: Any, first: str, second: str) -> bool:
    return isinstance(value, Mapping) and set(value) == {first, second}


def _seat_reads(seat: Any) -> bool:
    if not isinstance(seat, Mapping) or not set(seat) <= _SEAT_FIELDS:
        return False
    arrangement = seat.get("arrangement")
    timing = seat.get("set_after_ms", 0)
    return (
        isinstance(seat.get("player_id"), str)
        and _cards(seat.get("cards"), 13)
        and ("arrangement" not in seat or _arrangement_reads(arrangement))
        and all(isinstance(seat.get(flag, False), bool) for flag in ("declare_natural", "forfeit"))
        and type(timing) is int
        and timing >= 0
    )


def _arrangement_reads(arrangement: Any) -> bool:
    return (
        isinstance(arrangement, Mapping)
        and set(arrangement) == {chi for chi, _size in _CHI}
        and all(_cards(arrangement[chi], size) for chi, size in _CHI)
    )


def _cards(value: Any, count: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == count
        and all(isinstance(card, str) and CARD.fullmatch(card) is not None for card in value)
    )


def _check_cards(seats: Sequence[Mapping[str, Any]]) -> None:
    dealt = [card for seat in seats for card in seat["cards"]]
    if len(set(dealt)) != len(dealt):
        raise _Broken("seat_cards", "a card was dealt twice")
    for place, seat in enumerate(seats):
        if "arrangement" in seat:
            arranged = [card for chi, _size in _CHI for card in seat["arrangement"][chi]]
            if sorted(arranged) != sorted(seat["cards"]):
                raise _Broken("seat_cards", f"seat {place + 1}'s arrangement is not of the cards dealt to it")


def _check_dealt(record: Mapping[str, Any], keys: Any, tenant: str | None) -> None:
    proof = record["deal"]
    try:
        deal = check_deal(proof["commitment"], proof["deal"], keys, tenant=tenant)
    except DealRefused as refused:
        raise _Broken(f"deal.{refused.code}", f"its deal does not hold: {refused.reason}") from None
    if [seat["cards"] for seat in record["seats"]] != deal["hands"]:
        raise _Broken("deal_seats", "the seats' cards are not the deal's hands, seat by seat")


def _check_settled(record: Mapping[str, Any], keys: Any, tenant: str | None) -> None:
    settlement = record["settlement"]
    try:
        # The record was read strictly, numbers exact: its canonical texts are what was stored.
        check_receipt(
            exact_canonical(settlement["request"]), exact_canonical(settlement["answer"]),
            b'{"keys": []}' if keys is None else exact_canonical(keys) if isinstance(keys, Mapping) else keys,
            tenant=tenant,
        )  # fmt: skip
    except ReceiptRefused as refused:
        said = f"its settlement's receipt does not hold: {refused.reason}"
        raise _Broken(f"settlement.{refused.code.value}", said) from None
    if not _settles_the_seats(settlement["request"], record["seats"]):
        raise _Broken("settlement_seats", "the settlement is not of these seats, their players and arrangements")


def _settles_the_seats(request: Any, seats: Sequence[Mapping[str, Any]]) -> bool:
    players = request.get("players") if isinstance(request, Mapping) else None
    if not isinstance(players, list) or len(players) != len(seats):
        return False
    for player, seat in zip(players, seats, strict=True):
        if not isinstance(player, Mapping) or player.get("id") != seat["player_id"]:
            return False
        if (player.get("forfeit") is True) != (seat.get("forfeit") is True):
            return False
        sent, kept = player.get("arrangement"), seat.get("arrangement")
        if (sent is None) != (kept is None):
            return False
        if sent is not None and kept is not None and not _same_arrangement(sent, kept):
            return False
    return True


def _same_arrangement(sent: Any, kept: Mapping[str, Any]) -> bool:
    """Whether the arrangement sent is the one kept, chi by chi, in any order and card notation."""
    return isinstance(sent, Mapping) and all(
        isinstance(sent.get(chi), list) and sorted(map(_canonical_card, sent[chi])) == sorted(kept[chi])
        for chi, _size in _CHI
    )


def _canonical_card(text: Any) -> str:
    card = Card.read(text)
    return str(card) if card is not None else repr(text)
