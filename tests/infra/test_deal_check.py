"""The check of a deal's proof and the shuffle it recomputes: the corpus every verifier judges alike
(tests/conformance/deals.json), and the shuffle's own properties."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from maubinh_api.infra.deal_check import DealRefused, check_deal
from maubinh_api.infra.deals import DECK, dealt_hands, shuffled_deck

ROOT = Path(__file__).resolve().parents[2]
CORPUS = json.loads((ROOT / "tests" / "conformance" / "deals.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CORPUS["cases"], ids=[case["id"] for case in CORPUS["cases"]])
def test_every_case_of_the_corpus_gets_its_verdict(case):
    try:
        check_deal(case["commitment"], case["deal"], CORPUS["key_sets"][case["keys"]], tenant=case["tenant"],
                   require_signature=case["require_signature"])  # fmt: skip
        verdict = "holds"
    except DealRefused as refused:
        verdict = refused.code
    assert verdict == case["verdict"]


def test_the_shuffle_is_a_function_of_every_seed():
    seed, deal_id = bytes(range(32)), "deal-00000000-" + "0" * 32
    deck = shuffled_deck(seed, deal_id, ["an"])
    assert sorted(deck) == sorted(DECK) and deck == shuffled_deck(seed, deal_id, ["an"])
    for other in (
        shuffled_deck(bytes(range(1, 33)), deal_id, ["an"]),
        shuffled_deck(seed, deal_id[:-1] + "1", ["an"]),
        shuffled_deck(seed, deal_id, ["an", "binh"]),
        shuffled_deck(seed, deal_id, ["a", "n"]),  # seeds are lines: "a","n" is not "an"
    ):
        assert other != deck
    assert dealt_hands(deck, 3) == [deck[0:13], deck[13:26], deck[26:39]]


def test_every_card_reaches_every_place_about_equally_often():
    # 5,200 decks (seeded, so the count is fixed): each card's count at each place is Binomial(5200, 1/52),
    # mean 100, sd 9.9; over all 2,704 cells the chi-square (2,601 degrees of freedom, sd 72) stays within
    # 2,601 +- 5 sd. bench/deals.py runs a million decks.
    counts: Counter[tuple[int, str]] = Counter()
    for number in range(5200):
        for place, card in enumerate(shuffled_deck(number.to_bytes(32, "big"), f"deal-00000000-{number:032x}", ["x"])):
            counts[(place, card)] += 1
    chi_square = sum((counts[(place, card)] - 100) ** 2 / 100 for place in range(52) for card in DECK)
    assert 2601 - 5 * 72 < chi_square < 2601 + 5 * 72
