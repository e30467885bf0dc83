"""The unit-cost benchmark's requests (bench/unit_cost.py): the tenants' keys and limits, the cards, the
variant with every knob overridden, the requests with the units their declared costs charge, the
bodies that make them dearest, and a tenant's kept-alive connection that sends them."""

from __future__ import annotations

import http.client
import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from maubinh_api.rules.knobs import BONUS_KEYS, NATURAL_KEYS
from maubinh_api.rules.variants import PRESET_NAMES
from maubinh_api.strategy.drills import Theme, tries
from maubinh_api.web.costs import reading_cost

METER_KEY = "key-of-the-metered-platform-0123"
A_KEY = "key-of-the-costly-platform-012345"
METER_LIMIT, A_LIMIT, A_UNITS = "10000000/year", "50/second", 50
RANKS, SUITS = "23456789TJQKA", "shdc"
DECK = [rank + suit for rank in RANKS for suit in SUITS]
PRESETS, NATURALS, BONUSES = PRESET_NAMES, NATURAL_KEYS, BONUS_KEYS
#: Every knob of openapi.yaml's RuleOverrides, each away from the classic preset's value.
EVERY_KNOB: dict[str, Any] = {
    "wheel": "second",
    "foul_on_equal": True,
    "majority_bonus": 1,
    "scoop_multiplier": 4,
    "foul_multiplier": 3,
    "foul_pays_bonuses": False,
    "sap_lang": True,
    "sap_lang_multiplier": 3,
    "sap_lang_min_players": 3,
    "foul_counts_as_scoop": True,
    "natural_vs_natural": "draw",
    "natural_tie_breaks": True,
    "rake": "0.05",
    "draw_fee": "0.03",
    "amount_decimals": 4,
    "bonuses": dict.fromkeys(BONUSES, 7),
    "naturals": dict.fromkeys(NATURALS, 9),
    "table": {"join_min_bets": 50, "leave_below_bets": 25, "escrow_bets": 50},
}
_FRESH = itertools.count(1)


def knobs(fresh: bool) -> dict[str, Any]:
    """The classic preset with every knob overridden: the same variant, or one nobody played (its rake)."""
    overrides = dict(EVERY_KNOB)
    if fresh:
        overrides["rake"] = f"0.0{next(_FRESH):09d}"
    return {"preset": "classic", "overrides": overrides}


# --- requests -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """One request, and what the service's declared costs charge for it (from its status and answer)."""

    method: str
    path: str
    body: bytes | None
    headers: dict[str, str]
    units: Callable[[int, bytes], int]


def post(path: str, payload: object, declared: int | Callable[[int, bytes], int], **headers: str) -> Request:
    """A POST whose validated body is charged ``declared`` units (a number, or worked out from the
    answer), never less than its reading; refused (4xx), only its reading."""
    body = json.dumps(payload, separators=(",", ":")).encode()
    reading = reading_of(body)

    def units(status: int, answer: bytes) -> int:
        if 400 <= status < 500 and not path.startswith("/v1/drills"):
            return reading
        found = declared(status, answer) if callable(declared) else declared
        return max(found, reading)

    return Request("POST", path, body, {"Content-Type": "application/json", **headers}, units)


def reading_of(body: bytes) -> int:
    """What reading ``body`` costs, as the service counts it: a unit per 4 KiB."""
    return reading_cost(len(body))


def get(path: str, **headers: str) -> Request:
    return Request("GET", path, None, headers, lambda _status, _answer: 1)


def hand(rng: random.Random, count: int = 13) -> list[str]:
    return rng.sample(DECK, count)


def arranged(cards: list[str]) -> dict[str, list[str]]:
    return {"back": cards[:5], "middle": cards[5:10], "front": cards[10:13]}


def six_pairs(rng: random.Random) -> dict[str, list[str]]:
    """An arrangement of a six-pairs natural."""
    ranks = rng.sample(RANKS, 7)
    cards = [rank + suit for rank in ranks[:6] for suit in rng.sample(SUITS, 2)] + [ranks[6] + rng.choice(SUITS)]
    return {"back": cards[:4] + cards[12:], "middle": cards[4:9], "front": cards[9:12]}


def random_table(rng: random.Random, variant: object = None) -> dict[str, Any]:
    deal = rng.sample(DECK, 52)
    table: dict[str, Any] = {
        "bet": "10",
        "players": [{"id": f"p{seat}", "arrangement": arranged(deal[13 * seat : 13 * seat + 13])} for seat in range(4)],
    }
    return table if variant is None else table | {"variant": variant}


FLUSH_VARIANT = {"preset": "extended", "overrides": {"foul_on_equal": True}}


def flush_table(rng: random.Random) -> dict[str, Any]:
    """Four seats, each a back and a middle of equal straight flushes and a straight-flush front (the
    whole deck: each suit is 2-6, 7-J and Q-K-A), suits dealt at random, ids fresh (no cached answer)."""
    a, b, c, d = rng.sample(SUITS, 4)

    def seat(back: str, middle: str, front: str, low: int) -> dict[str, list[str]]:
        run = RANKS[low : low + 5]
        return {
            "back": [rank + back for rank in run],
            "middle": [rank + middle for rank in run],
            "front": [rank + front for rank in "QKA"],
        }

    seats = (seat(a, b, c, 0), seat(c, d, a, 0), seat(a, b, d, 5), seat(c, d, b, 5))
    tag = rng.getrandbits(40)
    players = [{"id": f"seat{index}-{tag:x}", "arrangement": chi} for index, chi in enumerate(seats)]
    rng.shuffle(players)
    return {"variant": FLUSH_VARIANT, "bet": "10", "players": players}


def fouls_valued(status: int, answer: bytes) -> int:
    """Settlements asking ``foul_cost`` (one, or a batch's): a unit a table, and one per fouled seat
    valued (a non-null ``foul_cost``: a seat that collected a natural is not); the other seats'
    reserved units are given back."""
    assert status == 200, "the bench sends only valid settlements"
    found = json.loads(answer)
    tables = found.get("results", [found])
    return sum(1 + sum(player.get("foul_cost") is not None for player in table["players"]) for table in tables)


def drilled(theme: str, count: int) -> Callable[[int, bytes], int]:
    """A drills request's charge: what its search valued (``tried``), or all it reserved when it found too few."""

    def units(status: int, answer: bytes) -> int:
        return int(json.loads(answer)["tried"]) if status == 200 else tries(Theme(theme), count)

    return units


# --- sending --------------------------------------------------------------------------------------


class Client:
    """One tenant's kept-alive connection, from an address of its own."""

    def __init__(self, url: str, key: str, address: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.host, self.port, self.key, self.address = host, int(port), key, address
        self.connection: http.client.HTTPConnection | None = None

    def send(self, request: Request) -> tuple[int, dict[str, str], bytes]:
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    self.host, self.port, timeout=300, source_address=(self.address, 0)
                )
            try:
                self.connection.request(
                    request.method, request.path, request.body, {"X-API-Key": self.key, **request.headers}
                )
                answer = self.connection.getresponse()
                body = answer.read()
                if answer.will_close:
                    self.close()
                return answer.status, {name.lower(): value for name, value in answer.getheaders()}, body
            except (OSError, http.client.HTTPException):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
