"""The odds-table builder: reproducible, and what it writes loads."""

from __future__ import annotations

import numpy as np

from maubinh_api.rules.cards import parse_cards
from maubinh_api.rules.chi import Wheel, classify
from maubinh_api.rules.variants import PRESET_NAMES
from maubinh_api.strategy.classes import FLUSH_ID_BASE, HandClasses
from maubinh_api.strategy.odds import OddsTables, load_tables
from maubinh_api.strategy.odds_build import class_id3, class_id5, fit_exponent, main


def test_the_same_seed_writes_the_same_tables(tmp_path):
    arguments = ["--preset", "classic", "--deals", "150", "--rounds", "2", "--workers", "1"]
    main([*arguments, "--output", str(tmp_path / "one")])
    main([*arguments, "--output", str(tmp_path / "two")])
    one = OddsTables.load((tmp_path / "one" / "classic.npz").read_bytes())
    two = OddsTables.load((tmp_path / "two" / "classic.npz").read_bytes())
    for name in ("back", "middle", "front", "naturals"):
        assert np.array_equal(getattr(one, name), getattr(two, name))
    assert (one.scoop_exponent, one.meta) == (two.scoop_exponent, two.meta)
    assert abs(float(one.back.sum()) - 1) < 1e-5  # a distribution over class ids


def test_class_ids_agree_with_the_class_tables():
    classes = HandClasses.for_wheel(Wheel.LOW)
    flush = parse_cards(["2h", "7h", "9h", "Jh", "Kh"])
    pair = parse_cards(["Ks", "Kd", "7c", "4h", "2s"])
    front = parse_cards(["Qs", "Qd", "7c"])
    assert class_id5(flush) >= FLUSH_ID_BASE
    for cards in (flush, pair):
        number = classes.class_of_id5[class_id5(cards)]
        assert classes.scores5[number] == classify(cards).score
    assert classes.scores3[classes.class_of_id3[class_id3(front)]] == classify(front).score


def test_fit_exponent_matches_the_observed_count():
    products = np.array([0.5, 0.25, 0.125, 0.8])
    # independent positions: the expected count is the sum of the products, 1.675
    assert abs(fit_exponent(products, 1.675) - 1.0) < 1e-9
    exponent = fit_exponent(products, 2)  # more scoops than independence: exponent below 1
    assert exponent < 1
    assert abs(float(np.sum(products**exponent)) - 2) < 1e-6


def test_every_preset_ships_converged_tables():
    for name in PRESET_NAMES:
        tables = load_tables(name)
        assert tables.meta["preset"] == name
        assert tables.meta["round"] >= 2
        assert tables.meta["gap"] < 0.02  # the last two rounds' distributions agree to 2%
        for distribution in (tables.back, tables.middle, tables.front):
            assert abs(float(distribution.sum()) - 1) < 1e-4
