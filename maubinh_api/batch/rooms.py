"""Simulated rooms: players moving between tables, some of them planted cheaters.

What the integrity checks are calibrated on (``make bench-integrity``) and tested with: a pool of
players of mixed levels, seated hand after hand at the room's tables, each hand dealt, set by the
players' bots (:meth:`~maubinh_api.service.hands.HandService.bot_play`) and written as rows of the
hand-history format with its table, the hand's number there and each seat's decision time. Planted
players cheat as the issue that asked for the checks describes:

* a **dumper** seeks heads-up tables with its partner and there fouls on purpose (``dump_share`` of
  those hands), paying the partner every chi and the scoop; elsewhere it plays its level;
* a **bot** plays the ``best`` level whatever level it claims, and takes a steady time to set;
* two **sharers** show each other their cards: they seek a table of ``seats`` together
  (``together`` of the hands), and there each sets its hand by the 26 cards it knows, the best of its
  shortlist against opponents drawn from the cards neither holds
  (:mod:`~maubinh_api.strategy.known_cards`); elsewhere each plays its level;
* two **seekers** seek a table of ``seats`` together as sharers do, and there play their level:
  only their seating shows them;
* a **peeker** sees the other seats' hands as they were set (a leak of the table's state): it sets
  last, the best of its shortlist against them.

Hands are cut into partitions of ``hands_per_part``; partition ``k`` draws from
``numpy.random.default_rng([seed, k])``, so a hand's seats, cards and plays depend only on the seed
and its number, as in ``simulate``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Final

import numpy as np

from ..rules.arrangement import Arrangement, foul_reasons
from ..rules.cards import DECK, Card
from ..service.hands import HandService
from ..strategy.bots import Play
from ..strategy.known_cards import KnownCards
from ..strategy.levels import Level
from ..strategy.valuation import Valuation
from .engine import worker_memory, worker_service
from .history import variant_of, write_rows

__all__ = [
    "HANDS_PER_PART",
    "Role",
    "Room",
    "RoomPart",
    "RoomPlayer",
    "room_part",
    "room_parts",
    "write_room_part",
]

#: Hands per partition (the unit of work and of seeding).
HANDS_PER_PART: Final = 200
#: A person's time to set 13 cards, in milliseconds: lognormal, median about 25 s (a bot's is steady).
_HUMAN_MS: Final = (np.log(25_000.0), 0.45)
_BOT_MS: Final = (np.log(4_000.0), 0.03)


class Role(Enum):
    """How a room's player plays."""

    HONEST = "honest"
    DUMPER = "dumper"  #: fouls on purpose heads-up with its partner
    BOT = "bot"  #: the best level, whatever the claimed one
    SHARER = "sharer"  #: sets by its own and its partner's cards when they sit together
    PEEKER = "peeker"  #: sets last, by the others' hands as set
    SEEKER = "seeker"  #: seeks a table with its partner, and there plays its level: seating alone shows it
    STEADY = "steady"  #: a program that gives up its level's mean loss on every hand, with a person's timing


@dataclass(frozen=True, slots=True)
class RoomPlayer:
    id: str
    level: Level
    role: Role = Role.HONEST
    partner: str | None = None  #: whom a dumper pays, or whose cards a sharer sees


@dataclass(frozen=True, slots=True)
class Room:
    """The players, the variant, the tables' size, and how planted pairs seek each other."""

    variant_text: str
    players: tuple[RoomPlayer, ...]
    seats: int = 4
    tables: int = 4  #: hands go round the tables in turn (table ``t1`` to ``tN``)
    together: float = 0.0  #: share of hands each planted pair sits together (a dumper's heads-up)
    dump_share: float = 0.5  #: share of those hands it fouls on purpose

    def player(self, player_id: str) -> RoomPlayer:
        return next(player for player in self.players if player.id == player_id)


@dataclass(frozen=True, slots=True)
class RoomPart:
    index: int
    first_hand: int
    hands: int
    seed: int
    room: Room


def room_parts(room: Room, hands: int, seed: int, per_part: int = HANDS_PER_PART) -> list[RoomPart]:
    """A room's ``hands`` cut into partitions."""
    return [
        RoomPart(index, first, min(per_part, hands - first), seed, room)
        for index, first in enumerate(range(0, hands, per_part))
    ]


def write_room_part(task: tuple[RoomPart, str, str]) -> int:
    """One partition's rows written to the history directory (a Dask task); how many rows."""
    part, directory, kind = task
    worker_memory()
    rows = room_part(part, worker_service())
    write_rows(rows, Path(directory), part.index, kind)
    return len(rows)


def room_part(part: RoomPart, service: HandService) -> list[dict[str, Any]]:
    """One partition's hands as history rows (every seat's, hand after hand)."""
    room = part.room
    rng = np.random.default_rng([part.seed, part.index])
    # A sharing (or seeking) pair is sought out by its first member only, so that it sits together
    # ``together`` of the hands.
    planted = [
        player
        for player in room.players
        if player.role is Role.DUMPER or (player.role in (Role.SHARER, Role.SEEKER) and player.id < str(player.partner))
    ]
    rows: list[dict[str, Any]] = []
    for number in range(part.first_hand, part.first_hand + part.hands):
        seated, together = _seat(room, planted, rng)
        order = rng.permutation(52)
        seeds = rng.integers(0, 2**62, size=len(seated)).tolist()
        dealt = {player.id: [DECK[int(index)] for index in order[13 * place : 13 * place + 13]]
                 for place, player in enumerate(seated)}  # fmt: skip
        # Peekers set last, when the others' hands are set.
        setting = sorted(zip(seated, seeds, strict=True), key=lambda seat: seat[0].role is Role.PEEKER)
        plays: dict[str, tuple[Arrangement, bool]] = {}
        times: dict[str, float] = {}
        for player, seed in setting:
            plays[player.id] = _play(service, room, player, dealt=dealt, before=plays, seed=seed, together=together,
                                     rng=rng)  # fmt: skip
            times[player.id] = round(float(rng.lognormal(*(_BOT_MS if player.role is Role.BOT else _HUMAN_MS))), 1)
        for player in seated:
            arrangement, declared = plays[player.id]
            rows.append(
                {
                    "deal_id": f"h{number:08d}",
                    "player_id": player.id,
                    "variant": room.variant_text,
                    "back": _text(arrangement.back.cards),
                    "middle": _text(arrangement.middle.cards),
                    "front": _text(arrangement.front.cards),
                    "declare_natural": declared,
                    "seats": len(seated),
                    "table_id": f"t{number % room.tables + 1}",
                    "hand_number": number // room.tables,
                    "decision_ms": times[player.id],
                    "role": player.role.value,
                    "level": player.level.value,
                }
            )
    return rows


def _play(
    service: HandService,
    room: Room,
    player: RoomPlayer,
    *,
    dealt: dict[str, list[Card]],
    before: dict[str, tuple[Arrangement, bool]],
    seed: int,
    together: bool,
    rng: np.random.Generator,
) -> tuple[Arrangement, bool]:
    """What a player sets (and whether it declares a natural), as its role has it; ``before``: the
    seats set before it (what a peeker sees)."""
    variant = variant_of(room.variant_text)
    opponents = len(dealt) - 1
    level = Level.BEST if player.role is Role.BOT else player.level
    found, chosen = service.bot_play(dealt[player.id], variant, level, seed, opponents=opponents)
    arrangement = chosen.arrangement
    if together and player.role is Role.DUMPER and rng.random() < room.dump_share:
        arrangement = _fouled(chosen, variant.rules) or arrangement
    if together and player.role is Role.SHARER and not chosen.declare_natural:
        arrangement = _shared(service, found, dealt[str(player.partner)], opponents, rng)
    if player.role is Role.PEEKER and not chosen.declare_natural:
        arrangement = _peeked(service, found, list(before.values()), opponents) or arrangement
    if player.role is Role.STEADY and not chosen.declare_natural:
        arrangement = _steady(service, found, level, opponents)
    return arrangement, chosen.declare_natural and arrangement is chosen.arrangement


def _seat(room: Room, planted: list[RoomPlayer], rng: np.random.Generator) -> tuple[list[RoomPlayer], bool]:
    """Who sits at this hand, and whether it is a planted pair's hand together (a dumper heads-up with
    its partner, two sharers at a full table)."""
    for player in planted:
        if rng.random() < room.together:
            partner = room.player(str(player.partner))
            if player.role is Role.DUMPER:
                return [player, partner], True
            others = [other for other in room.players if other.id not in (player.id, partner.id)]
            chosen = rng.choice(len(others), size=room.seats - 2, replace=False)
            seated = [player, partner, *(others[int(index)] for index in chosen)]
            return [seated[int(index)] for index in rng.permutation(len(seated))], True
    chosen = rng.choice(len(room.players), size=room.seats, replace=False)
    return [room.players[int(index)] for index in chosen], False


#: Opponents a sharer draws to value its shortlist (a careful cheat: more than the check draws).
_SHARER_FIELD: Final = 128
_valuers: dict[tuple[int, str, int, bool], KnownCards] = {}


def _valuer(service: HandService, found: Valuation, opponents: int, *, pairwise: bool = False) -> KnownCards:
    key = (id(service.model), found.variant.fingerprint, opponents, pairwise)
    if key not in _valuers:
        _valuers[key] = KnownCards(
            service.model, found.variant, opponents=opponents, size=_SHARER_FIELD, pairwise=pairwise
        )
    return _valuers[key]


def _shared(
    service: HandService, found: Valuation, partner: list[Card], opponents: int, rng: np.random.Generator
) -> Arrangement:
    """A sharer's arrangement: the best of its shortlist against opponents drawn from the 26 cards
    neither it nor its partner holds."""
    known = _valuer(service, found, opponents)
    held = {card.index for card in found.cards} | {card.index for card in partner}
    field = known.field([card for card in range(52) if card not in held], rng)
    shortlist = [found.arrangement(split) for split in found.splits]
    values = known.values(field, [known.classes_of(arrangement) for arrangement in shortlist])
    return shortlist[int(np.argmax(values))]


def _peeked(
    service: HandService, found: Valuation, others: list[tuple[Arrangement, bool]], opponents: int
) -> Arrangement | None:
    """A peeker's arrangement: the best of its shortlist against the others' hands as set (those that
    fouled or declared a natural pay it whatever it sets); None when none played chi."""
    known = _valuer(service, found, opponents, pairwise=True)
    rules = found.variant.rules
    chi = [known.classes_of(play) for play, declared in others if not declared and not foul_reasons(play, rules)]
    if not chi:
        return None
    shortlist = [found.arrangement(split) for split in found.splits]
    values = known.values(known.field_of_plays(chi), [known.classes_of(arrangement) for arrangement in shortlist])
    return shortlist[int(np.argmax(values))]


def _steady(service: HandService, found: Valuation, level: Level, opponents: int) -> Arrangement:
    """A steady program's arrangement: the play of its shortlist whose loss against the best is
    nearest what its level gives up on an average hand (the level's mean loss)."""
    target = service.yardsticks(found.variant.name, opponents)[level].mean
    losses = [abs(found.exact[0] - value - target) for value in found.exact]
    return found.arrangement(found.splits[int(np.argmin(losses))])


def _fouled(chosen: Play, rules: Any) -> Arrangement | None:
    """The play with its two fives the wrong way round, when that fouls (equal fives do not)."""
    arrangement = chosen.arrangement
    swapped = Arrangement(back=arrangement.middle, middle=arrangement.back, front=arrangement.front)
    return swapped if foul_reasons(swapped, rules) else None


def _text(cards: Any) -> str:
    return " ".join(str(card) for card in cards)
