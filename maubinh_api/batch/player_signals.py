"""A player's own fouls against the weakest human level's: the dumper who always sits with its partner.

A dumper pays a partner by fouling (binh lủng) on purpose; whom it paid is the pair check's
(``batch/pair_signals.py``), but a dumper that only ever sits with its partner has no other play
to be held against. This check holds its fouls against the ``beginner`` bot's chance of fouling a
hand (``strategy/bots.py``: the weakest level fouls most), ``foul_rate`` unless the operator gives
its own players' rate: a one-sided binomial p, fouling this often being rare even for a beginner.
A player is flagged when the p is under ``FAMILY_ALPHA`` over the players tested (never above
``PAIR_ALPHA``), with at least ``FLAG_MIN_HANDS`` hands, as the too-strong flag
(``batch/players.py``) is.

How much a player's sets give up against the beginner's (``z_vs_beginner``) is shown, not flagged:
a person can play worse than the beginner bot honestly, and the yardsticks, drawn from the bots,
are a little off a player of their own level over thousands of hands (``make bench-integrity``
found the beginner bot 2 standard errors above its yardstick over 3,700 hands).

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
PLAYER_SIGNAL_COLUMNS: Final = ("p_fouls", "z_vs_beginner", "dumping")


def threshold(tested: int) -> float:
    """The p-value under which a player is flagged when ``tested`` players are."""
    return min(PAIR_ALPHA, FAMILY_ALPHA / max(tested, 1))


def player_rule(foul_rate: float = BEGINNER_FOUL_RATE) -> str:
    return (
        f"for each player with at least {FLAG_MIN_HANDS} hands: p_fouls = the binomial chance of fouling as often "
        f"at {foul_rate:.1%} of hands (the beginner bot's rate unless --foul-rate says otherwise); flagged when "
        f"p_fouls < min({PAIR_ALPHA}, {FAMILY_ALPHA} / players tested)"
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


def player_signals(sums: PlayerSums, *, tested: int, foul_rate: float = BEGINNER_FOUL_RATE) -> dict[str, Any]:
    """A player's dumping figures and flag; ``tested``: the players of the history with enough hands."""
    hands = sums.hands
    beginner = LEVELS.index(Level.BEGINNER)
    se = math.sqrt(max(sums.level_variance[beginner], hands * SD_FLOOR**2)) / hands
    p_fouls = foul_p(hands=hands, fouls=sums.fouls, rate=foul_rate)
    return {
        "p_fouls": p_fouls,
        "z_vs_beginner": (sums.loss / hands - sums.level_mean[beginner] / hands) / se,
        "dumping": hands >= FLAG_MIN_HANDS and p_fouls < threshold(tested),
    }
