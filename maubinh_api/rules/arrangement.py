"""A player's 13 cards set as three chi, the foul check and the bonus entries.

Positions are named ``back`` (5 cards, strongest), ``middle`` (5) and
``front`` (3, weakest); docs/rules.md, "The three chi" explains why the API avoids the numbered
Vietnamese names, which the sources use in opposite directions.

>>> from maubinh_api.rules.variants import preset
>>> rules = preset("classic").rules
>>> arrangement = Arrangement.from_cards(
...     back=parse_cards(['As', 'Ks', 'Qs', 'Js', 'Ts']),
...     middle=parse_cards(['9h', '9d', '9c', '8c', '7c']),
...     front=parse_cards(['2d', '2c', '3h']),
...     wheel=rules.wheel,
... )
>>> foul_reasons(arrangement, rules)
()
>>> [(bonus.key, bonus.value) for bonus in bonuses(arrangement, rules)]
[('back.royal_flush', 5)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .cards import Card, parse_cards
from .chi import Category, Chi, Wheel, classify, compare, front_beats_middle
from .errors import CardCountError, DuplicateCardError
from .knobs import RuleSet
from .labels import LabelledCode
from .texts import Text, words

__all__ = [
    "Arrangement",
    "Bonus",
    "FoulCode",
    "FoulReason",
    "Position",
    "bonus_label",
    "bonuses",
    "foul_reasons",
    "parse_cards",
    "position_value",
]


class Position(StrEnum):
    """The three chi, strongest first."""

    BACK = "back"
    MIDDLE = "middle"
    FRONT = "front"

    @property
    def size(self) -> int:
        """Cards in this chi."""
        return 3 if self is Position.FRONT else 5

    @property
    def label(self) -> Text:
        """The chi's name: its key in English, in Vietnamese the name used by seeds 001/003/004
        (seed 000 numbers the other way)."""
        return _POSITION_LABELS[self]


_POSITION_LABELS: Final = {
    # TRANSLATORS: the name of a chi (the 5 strongest cards), as the API's key "back" names it.
    Position.BACK: words("back"),
    # TRANSLATORS: the name of a chi (the middle 5 cards), as the API's key "middle" names it.
    Position.MIDDLE: words("middle"),
    # TRANSLATORS: the name of a chi (the 3 weakest cards), as the API's key "front" names it.
    Position.FRONT: words("front"),
}


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Three classified chi holding 13 distinct cards."""

    back: Chi
    middle: Chi
    front: Chi

    @classmethod
    def from_cards(
        cls, *, back: Sequence[Card], middle: Sequence[Card], front: Sequence[Card], wheel: Wheel
    ) -> Arrangement:
        """Check the counts (5/5/3) and that no card repeats, then classify.

        Errors name the position, e.g. ``('front',)`` for a count or
        ``('back', 2)`` for the second place a card appears.
        """
        chi = {Position.BACK: back, Position.MIDDLE: middle, Position.FRONT: front}
        seen: dict[Card, tuple[str, int]] = {}
        for position, cards in chi.items():
            if len(cards) != position.size:
                # TRANSLATORS: {position} is the chi's key (back, middle, front), {name} its Vietnamese name.
                said = words(
                    "the {position} chi ({name}) holds {size} cards, not {count}",
                    position=position.value, name=position.label.vi, size=position.size, count=len(cards),
                )  # fmt: skip
                raise CardCountError(said, path=(position.value,))
            for index, card in enumerate(cards):
                if card in seen:
                    raise DuplicateCardError(card_text=str(card), paths=(seen[card], (position.value, index)))
                seen[card] = (position.value, index)
        return cls(
            back=classify(back, wheel),
            middle=classify(middle, wheel),
            front=classify(front, wheel),
        )

    def __getitem__(self, position: Position) -> Chi:
        match position:
            case Position.BACK:
                return self.back
            case Position.MIDDLE:
                return self.middle
            case Position.FRONT:
                return self.front
        raise KeyError(position)  # pragma: no cover - every Position is matched

    def __iter__(self) -> Iterator[tuple[Position, Chi]]:
        yield Position.BACK, self.back
        yield Position.MIDDLE, self.middle
        yield Position.FRONT, self.front

    @property
    def cards(self) -> tuple[Card, ...]:
        """All 13 cards, back first."""
        return self.back.cards + self.middle.cards + self.front.cards


class FoulCode(LabelledCode):
    """The kind of foul (binh lủng), in a few words (a :class:`FoulReason`'s detail names the chi)."""

    BACK_WEAKER_THAN_MIDDLE = "back_weaker_than_middle", words("Back weaker than the middle")
    BACK_EQUALS_MIDDLE = "back_equals_middle", words("Back equal to the middle")
    MIDDLE_WEAKER_THAN_FRONT = "middle_weaker_than_front", words("Middle weaker than the front")


@dataclass(frozen=True, slots=True)
class FoulReason:
    """Why an arrangement is binh lủng: a code for programs and a sentence for people."""

    code: FoulCode
    #: The sentence: which chi is weaker than which, and what each holds.
    detail: Text

    @property
    def label(self) -> Text:
        """The kind of foul, in a few words (the detail names the chi)."""
        return self.code.label


def foul_reasons(arrangement: Arrangement, rules: RuleSet) -> tuple[FoulReason, ...]:
    """Every reason the arrangement is fouled (docs/rules.md, "Binh lủng (foul)"); empty when it is not.

    Back weaker than middle, or middle weaker than front, is a foul.  Equal
    back and middle is a foul only with ``foul_on_equal`` (ruling R3); a front
    can never equal a middle (R2).
    """
    back, middle, front = arrangement.back, arrangement.middle, arrangement.front
    reasons = []
    back_vs_middle = compare(back, middle)
    if back_vs_middle < 0:
        reasons.append(_weaker(FoulCode.BACK_WEAKER_THAN_MIDDLE, Position.BACK, back, Position.MIDDLE, middle))
    elif back_vs_middle == 0 and rules.foul_on_equal:
        reasons.append(
            FoulReason(
                code=FoulCode.BACK_EQUALS_MIDDLE,
                detail=words(
                    "the back and the middle are equal ({hand}) and this variant fouls equal chi (foul_on_equal)",
                    hand=back.description,
                ),
            )
        )
    if front_beats_middle(front, middle):
        reasons.append(_weaker(FoulCode.MIDDLE_WEAKER_THAN_FRONT, Position.MIDDLE, middle, Position.FRONT, front))
    return tuple(reasons)


def _weaker(code: FoulCode, weak: Position, weak_hand: Chi, strong: Position, strong_hand: Chi) -> FoulReason:
    return FoulReason(
        code=code,
        detail=words(
            "the {weak} ({weak_hand}) is weaker than the {strong} ({strong_hand})",
            weak=weak.label,
            weak_hand=weak_hand.description,
            strong=strong.label,
            strong_hand=strong_hand.description,
        ),
    )


@dataclass(frozen=True, slots=True)
class Bonus:
    """A bonus-table entry a chi earns when it wins its position (docs/rules.md, "Settling a table", R10)."""

    position: Position
    key: str
    value: int
    chi: Chi

    @property
    def label(self) -> Text:
        """E.g. ``'Four of a kind in the middle'``, ``'Tứ quý chi giữa'``."""
        return bonus_label(self.key)


def bonus_label(key: str) -> Text:
    """The name of a bonus-table key, in both languages.

    >>> bonus_label("middle.full_house").vi
    'Cù lũ chi giữa'
    """
    position, category = key.split(".")
    return words(
        "{category} in the {position}", category=Category.from_key(category).label, position=Position(position).label
    )


def bonus_for(position: Position, chi: Chi, rules: RuleSet) -> Bonus | None:
    """The bonus entry for ``chi`` at ``position``, if the table has one."""
    key = f"{position.value}.{chi.category.key}"
    value = rules.bonus_value(key)
    if value is None:
        return None
    return Bonus(position=position, key=key, value=value, chi=chi)


def bonuses(arrangement: Arrangement, rules: RuleSet) -> tuple[Bonus, ...]:
    """The bonus entries the arrangement would earn for the positions it wins."""
    found = (bonus_for(position, chi, rules) for position, chi in arrangement)
    return tuple(bonus for bonus in found if bonus is not None)


def position_value(position: Position, chi: Chi, rules: RuleSet) -> int:
    """What winning ``position`` with ``chi`` is worth: the bonus, which
    replaces the unit (R10), or 1."""
    bonus = bonus_for(position, chi, rules)
    return 1 if bonus is None else bonus.value
