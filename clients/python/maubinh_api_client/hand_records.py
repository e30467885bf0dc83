"""Hand records, built and checked offline (written by hand beside the generated package;
tools/python_client.py keeps it): one hand at a table as a platform keeps it for recall and
disputes (openapi.yaml's ``HandRecord``; docs/integrating.md, "Hand records"), each naming the
digest of its table's previous record, so that a changed record breaks the chain.

    from maubinh_api_client.hand_records import build_hand_record, hand_record_line, verify_hand_records
    record = build_hand_record(table_id="t-7", hand_id="h-1", seats=seats, previous=None,
                               deal=(commitment, deal), settlement=(request, answer))
    file.write(hand_record_line(record))       # JSON Lines: one record a line, oldest first
    chains = verify_hand_records(text, keys_json, heads={"t-7": digest})  # raises HandRecordError

The check is the rule every client and ``python -m maubinh_api.batch verify`` follow, record by
record, with the same codes: the record reads (``not_strict_json``, ``record_fields``), its link
(``previous``) and ``number``, its seats' cards (``seat_cards``), its deal (``deal.`` and the deal's
code, then ``deal_seats``), its settlement (``settlement.`` and the receipt's code, then
``settlement_seats``), and each table's newest record against the head published (``head``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .deals import DealError, verify_deal
from .receipts import ReceiptError, exact_canonical, read_strict, verify_receipt

__all__ = [
    "RECORD_FORMAT",
    "HandRecordError",
    "TableChain",
    "build_hand_record",
    "hand_record_line",
    "record_digest",
    "verify_hand_records",
]

#: The format and version a record names in ``record``.
RECORD_FORMAT = "maubinh-hand-record/1"
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
_CARD = re.compile(r"[2-9TJQKA][shdc]")
_CHI = (("back", 5), ("middle", 5), ("front", 3))
_SEAT_FIELDS = {"player_id", "cards", "arrangement", "declare_natural", "forfeit", "set_after_ms"}
_RECORD_FIELDS = {"record", "table_id", "hand_id", "number", "previous", "started_at", "deal", "seats", "settlement"}
_RANKS = {"10": "T"} | {rank: rank for rank in "23456789TJQKA"}
_SUITS = {"s": "s", "h": "h", "d": "d", "c": "c", "♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d",
          "♣": "c", "♧": "c"}  # fmt: skip


class HandRecordError(ValueError):
    """The first record of a file that does not hold: ``index`` (from 0), ``hand_id`` (None when
    unreadable), the failing step's ``code`` and ``reason``."""

    def __init__(self, index: int, hand_id: str | None, code: str, reason: str) -> None:
        which = f"record {index + 1}" + (f" (hand {hand_id})" if hand_id is not None else "")
        super().__init__(f"{which} does not hold: {reason}")
        self.index, self.hand_id, self.code, self.reason = index, hand_id, code, reason


@dataclass(frozen=True)
class TableChain:
    """One table's records in a file: first and last numbers, whether its chain starts at the
    table's first record, and the digest of its newest record (the head to publish)."""

    table_id: str
    first: int
    last: int
    from_the_start: bool
    head: str


def record_digest(record: Any) -> str:
    """``sha256:`` and the SHA-256 of a record's exact canonical form: what its successor names."""
    return "sha256:" + hashlib.sha256(exact_canonical(record)).hexdigest()


def hand_record_line(record: Any) -> str:
    """A record as one line of a JSON Lines file: its canonical form (exact numbers) and a newline."""
    return exact_canonical(record).decode("utf-8") + "\n"


def build_hand_record(
    *,
    table_id: str,
    hand_id: str,
    seats: Sequence[Mapping[str, Any]],
    previous: Mapping[str, Any] | None,
    deal: tuple[Mapping[str, Any], Mapping[str, Any]] | None = None,
    settlement: tuple[Any, Mapping[str, Any]] | None = None,
    started_at: str | None = None,
) -> dict[str, Any]:
    """The record of one hand: its ``seats`` (each ``player_id``, the 13 ``cards`` dealt and what
    the player set: ``arrangement``, ``declare_natural``, ``forfeit``, ``set_after_ms``), the deal's
    proof (``POST /v1/deals`` and ``POST /v1/deals/{id}``'s answers), the settlement (the request
    sent and the answer, its receipt in it), linked to ``previous``, the table's record before
    (None: this one starts the table's chain, number 1)."""
    record: dict[str, Any] = {
        "record": RECORD_FORMAT,
        "table_id": table_id,
        "hand_id": hand_id,
        "number": 1 if previous is None else previous["number"] + 1,
        "previous": None if previous is None else record_digest(previous),
    }
    if started_at is not None:
        record["started_at"] = started_at
    if deal is not None:
        record["deal"] = {"commitment": dict(deal[0]), "deal": dict(deal[1])}
    record["seats"] = [dict(seat) for seat in seats]
    if settlement is not None:
        record["settlement"] = {"request": settlement[0], "answer": dict(settlement[1])}
    return record


def verify_hand_records(
    text: str | bytes | Iterable[str | bytes],
    keys: str | bytes | Mapping[str, Any] | None,
    *,
    tenant: str | None = None,
    heads: Mapping[str, str] | None = None,
) -> list[TableChain]:
    """Check a JSON Lines file of records (its text, split at line feeds only, or its lines), oldest first, with the
    deployment's key set; with ``tenant``, that every receipt and deal is that tenant's; with
    ``heads`` (table id: digest), that each table's newest record is the one published.  Return each
    table's chain, or raise :class:`HandRecordError` at the first record that does not hold."""
    records = _read(_lines(text) if isinstance(text, (str, bytes)) else text)
    chains: dict[str, TableChain] = {}
    for index, record in enumerate(records):
        hand_id = record.get("hand_id") if isinstance(record, Mapping) else None
        try:
            _check_one(record, chains.get(record["table_id"]) if _reads(record) else None, keys, tenant)
        except _Broken as broken:
            shown = hand_id if isinstance(hand_id, str) else None
            raise HandRecordError(index, shown, broken.code, broken.reason) from None
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
            raise HandRecordError(last, None, "head", f"table {table_id}'s newest record is not the one published")
    return list(chains.values())


class _Broken(Exception):
    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


def _lines(text: str | bytes) -> list[str] | list[bytes]:
    """Lines end at line feeds only: U+2028 and its kind are characters a string may hold."""
    return text.split(b"\n") if isinstance(text, bytes) else text.split("\n")


def _read(lines: Iterable[str | bytes]) -> list[Any]:
    records = []
    for line in lines:
        rest = line.strip(" \t\r\n") if isinstance(line, str) else line.strip(b" \t\r\n")
        if not rest:  # JSON whitespace only
            continue
        try:
            records.append(read_strict(line))
        except ReceiptError:
            raise HandRecordError(len(records), None, "not_strict_json", "it is not strict JSON") from None
    return records


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


def _check_dealt(record: Mapping[str, Any], keys: Any, tenant: str | None) -> None:
    try:
        dealt = verify_deal(record["deal"]["commitment"], record["deal"]["deal"], keys, tenant=tenant)
    except DealError as refused:
        raise _Broken(f"deal.{refused.code}", f"its deal does not hold: {refused.reason}") from None
    if [seat["cards"] for seat in record["seats"]] != dealt["hands"]:
        raise _Broken("deal_seats", "the seats' cards are not the deal's hands, seat by seat")


def _check_settled(record: Mapping[str, Any], keys: Any, tenant: str | None) -> None:
    settlement = record["settlement"]
    try:
        # The record was read strictly, numbers exact: the values digest as the texts stored did.
        verify_receipt(
            settlement["request"], settlement["answer"], {"keys": []} if keys is None else keys, tenant=tenant
        )
    except ReceiptError as refused:
        said = f"its settlement's receipt does not hold: {refused.reason}"
        raise _Broken(f"settlement.{refused.code}", said) from None
    if not _settles_the_seats(settlement["request"], record["seats"]):
        raise _Broken("settlement_seats", "the settlement is not of these seats, their players and arrangements")


def _reads(record: Any) -> bool:
    if not isinstance(record, Mapping) or not set(record) <= _RECORD_FIELDS:
        return False
    seats, previous, started = record.get("seats"), record.get("previous", 0), record.get("started_at", "")
    return (
        record.get("record") == RECORD_FORMAT
        and _name(record.get("table_id"))
        and _name(record.get("hand_id"))
        and type(record.get("number")) is int
        and record["number"] >= 1
        and (previous is None or (isinstance(previous, str) and _DIGEST.fullmatch(previous) is not None))
        and ("started_at" not in record or (isinstance(started, str) and _AT.fullmatch(started) is not None))
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
    timing = seat.get("set_after_ms", 0)
    return (
        isinstance(seat.get("player_id"), str)
        and _cards(seat.get("cards"), 13)
        and ("arrangement" not in seat or _arrangement_reads(seat["arrangement"]))
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
        and all(isinstance(card, str) and _CARD.fullmatch(card) is not None for card in value)
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
    """A card in the service's notation: rank (``10`` as ``T``) then suit, symbols and case read."""
    if not isinstance(text, str) or len(text) < 2:
        return repr(text)
    rank, suit = _RANKS.get(text[:-1].upper()), _SUITS.get(text[-1].lower())
    return f"{rank}{suit}" if rank is not None and suit is not None else repr(text)
