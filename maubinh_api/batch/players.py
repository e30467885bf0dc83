"""One row per player: how well they play, the level they play like, and
whether they play too well for a human.

A player's hands are set under different variants and table sizes, and may be
drills of a theme (a practice run's export says which), so the yardstick is
built hand by hand: for each level, the mean and variance of that level's loss
on the same mix of variants, table sizes and themes
(:mod:`maubinh_api.strategy.level_reference`).

* **plays like**: the level the player is nearest to, in the level's own
  standard errors, on two counts: the mean loss, and the share of hands set
  exactly as the best play (how much is given up, and how often); the
  distance is the root of the sum of the two squared;
* **too strong**: against ``expert`` (the strongest human level), on the
  same two counts: ``z_vs_expert = (mean loss - expert's) / expert's standard
  error`` (a player who gives up far less) and ``z_best_vs_expert = (share of
  best plays - expert's) / its standard error`` (a player who finds the very
  best play far more often: a solver).  With at least ``FLAG_MIN_HANDS``
  hands, a player is flagged when ``z_vs_expert < -FLAG_Z`` or
  ``z_best_vs_expert > FLAG_Z``: each one-sided p < 0.00005, so an expert
  human is flagged by chance less than once in 10,000 (``p_value`` is the
  smaller p doubled, the Bonferroni bound).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final

import pandas as pd

from ..strategy.analysis import Verdict
from ..strategy.drills import Theme
from ..strategy.level_reference import LossReference
from ..strategy.levels import Level
from .grading import LEVELS, VERDICTS, PlayerSums, interval

__all__ = ["FLAG_MIN_HANDS", "FLAG_Z", "flag_rule", "group_tables", "player_rows", "yardsticks"]

#: How far past the expert a player must be, on either count, to be flagged
#: (one-sided normal p = 0.00005 each, 0.0001 for the two together).
FLAG_Z: Final = 3.891
#: Fewer hands than this are never flagged: the normal approximation needs volume.
FLAG_MIN_HANDS: Final = 30
#: A level with no spread (``best`` loses exactly 0 and always sets the best
#: play) still gets this per-hand standard deviation on both counts, so a
#: player close to it but not at it is not infinitely far.
SD_FLOOR: Final = 0.02
PLAYER_COLUMNS: Final = (
    "player_id",
    "hands",
    "mean_ev_loss",
    "sd_ev_loss",
    "ci_low",
    "ci_high",
    "fouls",
    "foul_rate",
    "naturals_held",
    "naturals_missed",
    "best_share",
    *(verdict.value for verdict in VERDICTS),
    "plays_like",
    "z_vs_expert",
    "z_best_vs_expert",
    "p_value",
    "too_strong",
)


def flag_rule() -> str:
    """The flag's statistic in words (for the report and the summary)."""
    return (
        "against the expert bot on the same variants and table sizes: z_loss = (player's mean loss − expert's) / "
        "(expert's per-hand standard deviation / √hands) and z_best = (player's share of best plays − expert's) / "
        f"(its binomial standard error); a player with at least {FLAG_MIN_HANDS} hands is flagged as too strong "
        f"for a human when z_loss < −{FLAG_Z} or z_best > {FLAG_Z} (each one-sided p < 0.00005; together p < 0.0001)"
    )


def _normal_cdf(z: float) -> float:
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def _gaps(sums: PlayerSums, place: int, mean: float, best_share: float) -> tuple[float, float]:
    """(mean loss - the level's) and (share of best plays - the level's), each
    in the level's standard errors over the player's hands."""
    hands = sums.hands
    loss_se = math.sqrt(max(sums.level_variance[place], hands * SD_FLOOR**2)) / hands
    best_se = math.sqrt(max(sums.level_best_variance[place], hands * SD_FLOOR**2)) / hands
    return (
        (mean - sums.level_mean[place] / hands) / loss_se,
        (best_share - sums.level_best[place] / hands) / best_se,
    )


def player_rows(players: dict[str, PlayerSums]) -> list[dict[str, Any]]:
    """The per-player table, sorted by player id."""
    expert = LEVELS.index(Level.EXPERT)
    rows = []
    for player in sorted(players):
        sums = players[player]
        hands = sums.hands
        mean = sums.loss / hands
        variance = max(0.0, sums.loss_squared - hands * mean * mean) / max(hands - 1, 1)
        sd = math.sqrt(variance)
        low, high = interval(mean, sd, hands)
        best_share = sums.verdicts[VERDICTS.index(Verdict.BEST)] / hands
        # Per level: how many of its own standard errors away the player is, on both counts.
        gaps = [_gaps(sums, place, mean, best_share) for place in range(len(LEVELS))]
        distances = [math.hypot(*gap) for gap in gaps]
        z_loss, z_best = gaps[expert]
        p_value = min(1.0, 2 * min(_normal_cdf(z_loss), _normal_cdf(-z_best)))
        row: dict[str, Any] = {
            "player_id": player,
            "hands": hands,
            "mean_ev_loss": mean,
            "sd_ev_loss": sd,
            "ci_low": low,
            "ci_high": high,
            "fouls": sums.fouls,
            "foul_rate": sums.fouls / hands,
            "naturals_held": sums.naturals_held,
            "naturals_missed": sums.naturals_missed,
            "best_share": best_share,
        }
        row.update({verdict.value: count for verdict, count in zip(VERDICTS, sums.verdicts, strict=True)})
        row.update(
            plays_like=LEVELS[min(range(len(LEVELS)), key=distances.__getitem__)].value,
            z_vs_expert=z_loss,
            z_best_vs_expert=z_best,
            p_value=p_value,
            too_strong=hands >= FLAG_MIN_HANDS and (z_loss < -FLAG_Z or z_best > FLAG_Z),
        )
        rows.append(row)
    return rows


def yardsticks(
    groups: Mapping[tuple[str, int, str], int], reference: Callable[[str, int, Theme], Mapping[Level, LossReference]]
) -> list[dict[str, Any]]:
    """The level yardsticks (``reference``: a preset's at a table size on a theme's hands) of each
    variant, table size and theme a history holds, the largest first: ``{variant, opponents, theme,
    hands, levels: {level: {mean, sd, best_share}}}`` (``summary.json``)."""
    ordered = sorted(groups.items(), key=lambda item: (-item[1], item[0]))
    return [
        {
            "variant": variant,
            "opponents": opponents,
            "theme": theme,
            "hands": hands,
            "levels": {
                level.value: {"mean": line.mean, "sd": line.sd, "best_share": line.best_share}
                for level, line in reference(variant, opponents, Theme(theme)).items()
            },
        }
        for (variant, opponents, theme), hands in ordered
    ]


def group_tables(hands: pd.DataFrame, flagged: Collection[str]) -> dict[tuple[str, int, str], pd.DataFrame]:
    """Each player's figures over the hands of one variant, table size and theme (``hands``: the
    graded hands' ``player_id``, ``variant``, ``opponents``, ``theme`` and ``ev_loss``), to draw
    against that group's own yardsticks; ``too_strong`` is the player's flag over all their hands."""
    tables: dict[tuple[str, int, str], pd.DataFrame] = {}
    for (variant, opponents, theme), group in hands.groupby(["variant", "opponents", "theme"], sort=True):
        stats = group.groupby("player_id", sort=True)["ev_loss"].agg(["count", "mean", "std"]).reset_index()
        bounds = [
            interval(float(mean), 0.0 if math.isnan(sd) else float(sd), int(count))  # a lone hand: no sd
            for mean, sd, count in zip(stats["mean"], stats["std"], stats["count"], strict=True)
        ]
        tables[(str(variant), int(opponents), str(theme))] = pd.DataFrame(
            {
                "player_id": stats["player_id"],
                "hands": stats["count"],
                "mean_ev_loss": stats["mean"],
                "ci_low": [low for low, _high in bounds],
                "ci_high": [high for _low, high in bounds],
                "too_strong": stats["player_id"].isin(set(flagged)),
            }
        )
    return tables
