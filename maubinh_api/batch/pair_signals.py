"""Money between a pair beyond what the cards and their usual play explain: a z statistic per pair.

For each hand two players sat at together (``batch/pairs.py``), from the first player's side:

* **money**: the points the first won from the second, less what their cards were worth against
  each other (``best_ev`` of each, set best), plus the gap between their usual play (``UsualPlay``:
  each one's loss beyond a reference level against its other partners; a weaker player is
  expected to pay a stronger one, and that is not a finding);
* **play**: what the second gave up by its arrangement beyond its usual, less the same for the
  first: a player who plays worse than usual against one partner only (a deliberate foul, a weak
  set) gives that partner money the cards do not explain.

Each is summed over the pair's hands together and divided by its standard error (the per-hand
standard deviation times the root of the hands): under honest play both have mean 0, and by the
central limit theorem the statistic is near a standard normal once the pair has
``MIN_PAIR_HANDS`` hands.

Where the pass weighed it (``integrity --sharing``), a third: **sharing**, the pair's hand-sharing
evidence at tables of 3 or 4 (``batch/sharing.py``), whose mean is exactly 0 under honest play:
its sum over its root sum of squares (a self-normalised sum, near a standard normal under the null
once ``MIN_PAIR_HANDS`` hands were weighed), one-sided (sharing only raises it).

The pair's p-value is the smallest p of its statistics times their number (Bonferroni: 2, or 3 with
sharing). Over the history's many pairs the false alarms are held by
Bonferroni too: a pair is flagged when its p is under ``FAMILY_ALPHA`` divided by the pairs tested,
and never above ``PAIR_ALPHA``: at most one honest pair in 10,000 is flagged, and a whole honest
history is flagged at all less than once in 100. What the null really gives is measured on
simulated honest rooms by ``make bench-integrity`` (docs/benchmarks.md).

>>> from maubinh_api.batch.pairs import PairSums
>>> sums = PairSums(hands=400, money=-160.0, money_squared=4000.0, play_gap=200.0, play_gap_squared=500.0)
>>> row = pair_row(("ann", "bob"), sums, UsualPlay.of({("ann", "bob"): sums}), tested=1)  # they met no one else
>>> round(row["z_play"], 2), row["paid_to"], row["flagged"]  # bob 0.5 a hand worse; sd 1.001: 0.5 x 20 / 1.001
(9.99, 'ann', True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from .pairs import Pair, PairSums

__all__ = [
    "FAMILY_ALPHA",
    "MIN_PAIR_HANDS",
    "PAIR_ALPHA",
    "PAIR_COLUMNS",
    "UsualPlay",
    "pair_row",
    "pair_rule",
    "threshold",
]

#: The chance that a whole honest history flags any pair (Bonferroni over the pairs tested).
FAMILY_ALPHA: Final = 0.01
#: The most a single honest pair may be flagged, however few pairs a history has.
PAIR_ALPHA: Final = 1e-4
#: Fewer hands together than this are not tested: the normal approximation needs volume.
MIN_PAIR_HANDS: Final = 100
PAIR_COLUMNS: Final = (
    "first",
    "second",
    "hands",
    "heads_up",
    "points",
    "money",
    "money_per_hand",
    "z_money",
    "play_gap_per_hand",
    "z_play",
    "fouls_first",
    "fouls_second",
    "shared_hands",
    "z_sharing",
    "p_value",
    "signal",
    "paid_to",
    "tested",
    "flagged",
    "evidence",
)


def threshold(tested: int) -> float:
    """The p-value under which a pair is flagged when ``tested`` pairs are."""
    return min(PAIR_ALPHA, FAMILY_ALPHA / max(tested, 1))


def pair_rule() -> str:
    """The pair flag's statistic in words (for the report and the summary)."""
    return (
        f"for each pair with at least {MIN_PAIR_HANDS} hands together: z_money = the points the first won from the "
        "second, less what their cards were worth against each other and the gap between their usual play (each "
        "one's against its other partners), summed and divided by its standard error; z_play = how much worse than "
        "usual the second played than the first, the same way; z_sharing (where weighed, with at least "
        f"{MIN_PAIR_HANDS} hands at tables of 3 or 4) = the pair's hand-sharing evidence, how much better each one's "
        "arrangement was by the other's cards than by its own, summed over its root sum of squares, one-sided; "
        "p = the smallest normal p of these times their number (two-sided for z_money and z_play); "
        f"a pair is flagged when p < min({PAIR_ALPHA}, {FAMILY_ALPHA} / pairs tested)"
    )


def _z(total: float, squares: float, hands: int) -> float:
    """A sum over ``hands`` in its own standard errors (sample variance per hand)."""
    if hands < 2:
        return 0.0
    variance = max(0.0, (squares - total * total / hands) / (hands - 1))
    if variance == 0.0:
        return 0.0 if total == 0 else math.copysign(math.inf, total)
    return total / math.sqrt(hands * variance)


def _two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2.0))


@dataclass(frozen=True, slots=True)
class UsualPlay:
    """Each player's play against each partner: its loss beyond the reference level, per hand.

    A player's usual play, seen from one partner, is the weighted median of its play against every
    other partner (weighted by hands): a dumper's hands with its own partner do not make its usual
    play look bad against everyone else, and a player never seen away from a partner is held to
    the reference level (0), its own play then being the player check's to judge."""

    partners: Mapping[str, tuple[tuple[str, int, float], ...]]  #: player: (partner, hands, loss a hand) each

    @classmethod
    def of(cls, pairs: Mapping[Pair, PairSums]) -> UsualPlay:
        partners: dict[str, list[tuple[str, int, float]]] = {}
        for (first, second), sums in sorted(pairs.items()):
            partners.setdefault(first, []).append((second, sums.hands, sums.loss_first / sums.hands))
            partners.setdefault(second, []).append((first, sums.hands, sums.loss_second / sums.hands))
        return cls({player: tuple(found) for player, found in partners.items()})

    def without(self, player: str, partner: str) -> float:
        """``player``'s usual loss beyond the reference a hand, away from ``partner``."""
        others = sorted((loss, hands) for other, hands, loss in self.partners.get(player, ()) if other != partner)
        half, seen = sum(hands for _loss, hands in others) / 2, 0
        for loss, hands in others:
            seen += hands
            if seen >= half:
                return loss
        return 0.0


def pair_row(pair: Pair, total: PairSums, usual: UsualPlay, *, tested: int) -> dict[str, Any]:
    """One pair's figures and flag from its sums; ``tested``: how many pairs of the history are tested."""
    first, second = pair
    # What the first is expected to win from the second per hand by their usual play alone.
    shift = usual.without(first, second) - usual.without(second, first)
    hands = total.hands
    money = total.money + hands * shift
    money_squares = total.money_squared + 2 * shift * total.money + hands * shift * shift
    play = total.play_gap + hands * shift
    play_squares = total.play_gap_squared + 2 * shift * total.play_gap + hands * shift * shift
    z_money, z_play = _z(money, money_squares, hands), _z(play, play_squares, hands)
    z_sharing = total.shared / math.sqrt(total.shared_squared) if total.shared_squared > 0 else 0.0
    tests = {"money": _two_sided(z_money), "play": _two_sided(z_play)}
    if total.shared_hands >= MIN_PAIR_HANDS:
        tests["sharing"] = 0.5 * math.erfc(z_sharing / math.sqrt(2.0))
    signal = min(tests, key=lambda name: (tests[name], name))
    p_value = min(1.0, len(tests) * tests[signal])
    is_tested = hands >= MIN_PAIR_HANDS
    # Whom the stronger statistic says gained: positive money, or the second playing worse, is the first's gain.
    leading = z_money if abs(z_money) >= abs(z_play) else z_play
    evidence = total.to_first if leading >= 0 else total.to_second
    if signal == "sharing":  # the two gain together, from the others at their tables
        evidence = total.most_shared
    return {
        "first": first,
        "second": second,
        "hands": hands,
        "heads_up": total.heads_up,
        "points": total.points,
        "money": money,
        "money_per_hand": money / hands if hands else 0.0,
        "z_money": z_money,
        "play_gap_per_hand": play / hands if hands else 0.0,
        "z_play": z_play,
        "fouls_first": total.fouls_first,
        "fouls_second": total.fouls_second,
        "shared_hands": total.shared_hands,
        "z_sharing": z_sharing,
        "p_value": p_value,
        "signal": signal,
        "paid_to": None if signal == "sharing" else first if leading >= 0 else second,
        "tested": is_tested,
        "flagged": is_tested and p_value < threshold(tested),
        "evidence": " ".join(deal for _money, deal in evidence),
    }
