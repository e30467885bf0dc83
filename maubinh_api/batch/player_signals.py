"""A player's own hands against the weakest human level: fouls and weak sets too many even for it.

A dumper pays a partner by fouling (binh lủng) or by setting a weak hand on purpose; whom it paid
is the pair check's (``batch/pair_signals.py``), how often it plays that way is this one's, and it
catches the dumper who only ever sits with its partner, which the pair check cannot tell from its
usual play:

* **fouls**: the player's fouls against the ``beginner`` bot's chance of fouling a hand (the
  weakest level fouls most: ``strategy/bots.py``), a one-sided binomial p: fouling this often is
  rare even for a beginner;
* **weak sets**: the player's mean loss against the beginner's on the same variants and table
  sizes (``batch/grading.py``'s yardsticks), ``z_vs_beginner`` in the beginner's standard errors.

The player's p-value is the smaller of the two, doubled; a player is flagged as above when it is
under ``FAMILY_ALPHA`` over the players tested (never above ``PAIR_ALPHA``), with at least
``FLAG_MIN_HANDS`` hands, as the too-strong flag (``batch/players.py``) is.

>>> round(foul_p(hands=1000, fouls=30), 2), foul_p(hands=1000, fouls=80) < 1e-10  # a beginner fouls 3 in 100
(0.53, True)
"""

from __future__ import annotations

import math
from typing import Any, Final

from ..strategy.bots import LEVELS as LEVEL_MIXES
from ..strategy.bots import Style
from ..strategy.levels import Level
from .grading import LEVELS, PlayerSums
from .pair_signals import FAMILY_ALPHA, PAIR_ALPHA
from .players import FLAG_MIN_HANDS, SD_FLOOR

__all__ = ["BEGINNER_FOUL_RATE", "PLAYER_SIGNAL_COLUMNS", "foul_p", "player_rule", "player_signals", "threshold"]

#: The beginner bot's chance of fouling a hand it has no natural in (the most any level fouls).
BEGINNER_FOUL_RATE: Final = dict(LEVEL_MIXES[Level.BEGINNER].weights)[Style.FOUL]
PLAYER_SIGNAL_COLUMNS: Final = ("p_fouls", "z_vs_beginner", "p_weak", "p_dumping", "dumping")


def threshold(tested: int) -> float:
    """The p-value under which a player is flagged when ``tested`` players are."""
    return min(PAIR_ALPHA, FAMILY_ALPHA / max(tested, 1))


def player_rule() -> str:
    return (
        f"for each player with at least {FLAG_MIN_HANDS} hands: p_fouls = the binomial chance of fouling as often "
        f"at the beginner bot's rate ({BEGINNER_FOUL_RATE:.0%} of hands); z_vs_beginner = (mean loss − the "
        "beginner's on the same variants and table sizes) / its standard error; p = the smaller one-sided p of "
        f"the two, doubled; flagged when p < min({PAIR_ALPHA}, {FAMILY_ALPHA} / players tested)"
    )


def foul_p(*, hands: int, fouls: int, rate: float = BEGINNER_FOUL_RATE) -> float:
    """The chance of ``fouls`` or more fouls in ``hands`` at ``rate`` (the binomial upper tail,
    summed in logs from ``fouls`` up until the terms no longer count)."""
    if fouls <= 0:
        return 1.0
    total = 0.0
    log_rate, log_rest = math.log(rate), math.log1p(-rate)
    for count in range(fouls, hands + 1):
        term = math.exp(
            math.lgamma(hands + 1) - math.lgamma(count + 1) - math.lgamma(hands - count + 1)
            + count * log_rate + (hands - count) * log_rest
        )  # fmt: skip
        total += term
        if count > hands * rate and term < total * 1e-17:
            break
    return min(1.0, total)


def player_signals(sums: PlayerSums, *, tested: int) -> dict[str, Any]:
    """A player's dumping figures and flag; ``tested``: the players of the history with enough hands."""
    hands = sums.hands
    beginner = LEVELS.index(Level.BEGINNER)
    se = math.sqrt(max(sums.level_variance[beginner], hands * SD_FLOOR**2)) / hands
    z_weak = (sums.loss / hands - sums.level_mean[beginner] / hands) / se
    p_fouls = foul_p(hands=hands, fouls=sums.fouls)
    p_weak = 0.5 * math.erfc(z_weak / math.sqrt(2.0))
    p_value = min(1.0, 2 * min(p_fouls, p_weak))
    return {
        "p_fouls": p_fouls,
        "z_vs_beginner": z_weak,
        "p_weak": p_weak,
        "p_dumping": p_value,
        "dumping": hands >= FLAG_MIN_HANDS and p_value < threshold(tested),
    }
