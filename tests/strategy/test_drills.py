"""Drills: each theme's condition re-checked with the analysis (not with the module's own
checks), reproducible from the seed, their difficulty what the level's bot gives up, and themes a
variant cannot deal refused with the field named."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from maubinh_api.rules.arrangement import Arrangement, Position, foul_reasons
from maubinh_api.rules.naturals import Natural, detect
from maubinh_api.rules.variants import preset, resolve_variant
from maubinh_api.strategy.analysis import analyse
from maubinh_api.strategy.bots import expected_loss
from maubinh_api.strategy.drills import (
    DIFFICULTY_BANDS,
    MAX_DRILLS,
    VARIED_RUN,
    Difficulty,
    DrillError,
    Theme,
    deal_drills,
    difficulty_of,
    tries,
)
from maubinh_api.strategy.levels import Level
from maubinh_api.strategy.natural_deals import deal_natural, pattern
from maubinh_api.strategy.optimiser import Objective, optimise
from tests.support.model import MODEL, valued

CLASSIC = preset("classic")
ONLINE = preset("online")


def drills(theme: Theme, count: int = 4, seed: int = 5, variant=CLASSIC, **options):
    options = {"opponents": 3, "level": Level.CASUAL} | options
    return deal_drills(theme, count, seed, variant, MODEL, **options)


def strongest(cards, variant, opponents=3) -> Arrangement:
    return optimise(cards, variant, MODEL, objective=Objective.STRONGEST, top=1, opponents=opponents).best.arrangement


def best(cards, variant, opponents=3):
    return optimise(cards, variant, MODEL, top=1, opponents=opponents)


@pytest.mark.parametrize("theme", list(Theme), ids=lambda theme: theme.value)
def test_every_drill_is_13_distinct_cards_of_its_theme_high_to_low(theme):
    variant = ONLINE if theme is Theme.SAP_LANG else CLASSIC
    found = drills(theme, variant=variant)
    assert len(found.drills) == 4 and found.theme is theme and found.tried >= 4
    for drill in found.drills:
        assert len(set(drill.cards)) == 13 and drill.theme is theme
        assert [card.index for card in drill.cards] == sorted((card.index for card in drill.cards), reverse=True)


def test_an_auto_blunder_is_an_auto_arrangement_the_analysis_calls_a_blunder():
    for drill in drills(Theme.AUTO_BLUNDER, count=6).drills:
        auto = strongest(drill.cards, CLASSIC)
        analysis = analyse(auto, valued(drill.cards, CLASSIC), declare_natural=False)
        assert analysis.ev_loss >= 1.0 and analysis.verdict.value == "blunder"
        assert detect(drill.cards, CLASSIC.rules) is None


def test_where_the_front_decides_every_move_the_analysis_gives_goes_into_or_out_of_the_front():
    for drill in drills(Theme.FRONT_DECIDES, count=5).drills:
        analysis = analyse(strongest(drill.cards, CLASSIC), valued(drill.cards, CLASSIC), declare_natural=False)
        assert analysis.ev_loss >= 0.3
        assert analysis.moves and all(Position.FRONT in (move.source, move.target) for move in analysis.moves)


def test_a_foul_trap_is_one_swap_of_the_best_plays_back_and_middle_from_binh_lung():
    for drill in drills(Theme.FOUL_TRAP, count=5).drills:
        played = best(drill.cards, CLASSIC).best.arrangement
        assert played.back.category.order == played.middle.category.order >= 2  # two pair or better
        swapped = Arrangement(back=played.middle, middle=played.back, front=played.front)
        assert foul_reasons(swapped, CLASSIC.rules) and not foul_reasons(played, CLASSIC.rules)


@pytest.mark.parametrize("variant", [CLASSIC, preset("extended")], ids=["classic", "extended"])
def test_a_natural_call_is_within_a_point_either_way(variant):
    for drill in drills(Theme.NATURAL_CALL, count=3, variant=variant).drills:
        solution = optimise(drill.cards, variant, MODEL, top=10)
        assert solution.natural is not None
        found = valued(drill.cards, variant)
        declared = analyse(solution.natural.split or solution.best.arrangement, found, declare_natural=True)
        # The best chi play: the best alternative when declaring wins, else the answer itself; the
        # natural's own layout played as chi is not listed among the alternatives, so it is asked too.
        layouts = [solution.best.arrangement, *(choice.arrangement for choice in solution.alternatives)]
        if solution.natural.split is not None:
            layouts.append(solution.natural.split)
        played = max(analyse(layout, found, declare_natural=False).ev for layout in layouts)
        assert declared.natural is not None and abs(declared.natural.ev - played) <= 1.0 + 1e-9


def test_sap_lang_is_at_stake_in_every_sap_lang_drill():
    for drill in drills(Theme.SAP_LANG, count=3, variant=ONLINE).drills:
        solution = best(drill.cards, ONLINE)
        analysis = analyse(solution.best.arrangement, valued(drill.cards, ONLINE))
        assert analysis.sap_lang is not None and max(analysis.sap_lang) >= 0.05
        assert drill.typical_loss >= 0.1


def test_the_same_request_deals_the_same_drills_and_a_longer_run_starts_with_a_shorter_one():
    first = drills(Theme.FOUL_TRAP, count=3, seed=99)
    assert first == drills(Theme.FOUL_TRAP, count=3, seed=99)
    assert drills(Theme.FOUL_TRAP, count=5, seed=99).drills[:3] == first.drills
    assert drills(Theme.FOUL_TRAP, count=3, seed=100).drills != first.drills
    # The level judges the difficulty only: the cards are the same for a club player.
    club = drills(Theme.FOUL_TRAP, count=3, seed=99, level=Level.CLUB)
    assert [drill.cards for drill in club.drills] == [drill.cards for drill in first.drills]


def test_a_drills_difficulty_is_what_the_levels_bot_gives_up_against_its_yardstick():
    for level in (Level.CASUAL, Level.EXPERT):
        yardstick = MODEL.yardsticks("classic", 3)[level].mean
        for drill in drills(Theme.RANDOM, count=8, level=level).drills:
            loss = expected_loss(valued(drill.cards, CLASSIC), level)
            assert drill.typical_loss == pytest.approx(loss)
            assert drill.difficulty is difficulty_of(loss, yardstick)


def test_the_difficulty_bands_split_the_loss_over_the_yardstick():
    (easy, easy_bound), (medium, medium_bound) = DIFFICULTY_BANDS
    assert (easy, medium) == (Difficulty.EASY, Difficulty.MEDIUM)
    assert difficulty_of(0.0, 0.4) is Difficulty.EASY
    assert difficulty_of(0.4 * easy_bound - 1e-6, 0.4) is Difficulty.EASY
    assert difficulty_of(0.4 * easy_bound + 1e-6, 0.4) is Difficulty.MEDIUM
    assert difficulty_of(0.4 * medium_bound + 1e-6, 0.4) is Difficulty.HARD


def test_a_theme_the_variant_never_deals_is_refused_at_once_naming_the_theme():
    with pytest.raises(DrillError) as caught:
        drills(Theme.SAP_LANG, variant=CLASSIC)  # classic plays no sập làng
    assert caught.value.path == ("theme",) and "sập làng" in caught.value.said.vi
    with pytest.raises(DrillError) as caught:
        drills(Theme.SAP_LANG, variant=ONLINE, opponents=2)  # online's sập làng needs four players
    assert "table of 3" in str(caught.value)
    with pytest.raises(DrillError, match="pays none"):
        drills(Theme.NATURAL_CALL, variant=preset("chinese-poker-2-4"))


#: Classic with every natural paying 1,000 units: no chi play comes within a point of declaring.
RICH_NATURALS = resolve_variant(
    {"preset": "classic", "overrides": {"naturals": dict.fromkeys(CLASSIC.rules.naturals, 1000)}}
)


def test_a_theme_the_variant_deals_too_seldom_gives_up_after_its_tries():
    with pytest.raises(DrillError) as caught:
        drills(Theme.NATURAL_CALL, count=1, variant=RICH_NATURALS)
    assert caught.value.path == ("theme",)
    assert f"only 0 of 1 drills of theme natural_call were found in {tries(Theme.NATURAL_CALL, 1)} hands" in str(
        caught.value
    )


def test_counts_levels_and_tables_out_of_range_are_refused():
    with pytest.raises(ValueError, match="count"):
        drills(Theme.RANDOM, count=MAX_DRILLS + 1)
    with pytest.raises(ValueError, match="best level"):
        drills(Theme.RANDOM, level=Level.BEST)
    with pytest.raises(ValueError, match="opponents"):
        drills(Theme.RANDOM, opponents=4)


def test_an_override_that_pays_no_natural_is_judged_as_its_own_variant():
    plain = resolve_variant({"preset": "classic", "overrides": {"naturals": dict.fromkeys(CLASSIC.rules.naturals)}})
    with pytest.raises(DrillError, match="pays none"):
        drills(Theme.NATURAL_CALL, variant=plain)


#: Runs of five natural-call drills (a practice run's default) dealt to measure their variety, per preset:
#: 300 drills under classic, 100 under online (whose close calls are few patterns and dearer to find).
VARIETY_RUNS = {"classic": 60, "online": 20}
#: The most of a preset's natural-call drills one pattern may be (the five highest ranks held twice or
#: more).  Measured over 500 drills (100 runs of five): the commonest, A K Q J 10 all paired, is 16% under
#: classic, 17% under extended and 18% under online; it was 66% under classic and 27% under online when a
#: grouped natural's ranks leaned with the fourth power of their place and runs could repeat a pattern
#: (issue 41: "AA KK QQ JJ TT and three cards" run after run).  The bounds leave 4 (classic) and 3 (online)
#: binomial standard errors of these samples above today's figures.
MOST_COMMON_PATTERN = {"classic": 0.25, "online": 0.30}


@pytest.mark.parametrize("name", list(VARIETY_RUNS))
def test_natural_call_drills_vary_no_pattern_repeats_in_a_run_or_dominates_the_runs(name):
    # No run of five holds two drills of one pattern: a candidate repeating one of the last four drills'
    # is passed over (VARIED_RUN), and a request passes over at most as many as it may value, which none
    # of these comes near.  Before, 94% of classic's runs held a pattern twice, and 78% of online's.
    variant = preset(name)
    patterns: list[frozenset] = []
    for seed in range(VARIETY_RUNS[name]):
        run = [pattern(drill.cards) for drill in drills(Theme.NATURAL_CALL, count=5, seed=seed, variant=variant).drills]
        assert len(set(run)) == len(run), (seed, run)
        patterns += run
    commonest, times = Counter(patterns).most_common(1)[0]
    assert times / len(patterns) <= MOST_COMMON_PATTERN[name], (sorted(commonest, reverse=True), times)
    assert VARIED_RUN == 5


@pytest.mark.parametrize("natural", list(Natural), ids=lambda natural: natural.key)
def test_a_hand_dealt_for_a_natural_holds_it(natural):
    rng = np.random.default_rng(11)
    extended = preset("extended")  # pays every natural
    for _ in range(25):
        cards = deal_natural(natural, rng)
        assert len(set(cards)) == 13
        held = detect(cards, extended.rules)
        assert held is not None and held.natural.precedence <= natural.precedence  # it, or a higher one
