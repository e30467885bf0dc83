"""The compiled kernel answers what the NumPy reference answers, checks what it is given, is chosen as documented.

The reference (maubinh_api/strategy/reference.py) is the oracle: on seeded
random hands in every preset, and on random hands under random variants
(Hypothesis), both kernels must give the same legal splits, the same
screening values (bit for bit: the C code does the reference's operations in
its order, without contraction), the same shortlists and strongest splits,
the same counts behind every outlook, foul and natural, and exact values
equal within 1e-9 (sums of whole numbers are exact in both; only the
expected sập làng multiplier is rounded, in a different order).

KERNEL_EQUALITY_HANDS sets the hands per preset (2,000 by default; ``make
sanitize`` runs fewer under AddressSanitizer).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import fields

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maubinh_api.rules.cards import DECK, parse_cards
from maubinh_api.rules.knob_checks import BOUNDS, PLACES, boolean
from maubinh_api.rules.knobs import NATURAL_KEYS, RuleSet
from maubinh_api.rules.naturals import detect
from maubinh_api.rules.variants import PRESET_NAMES, preset, resolve_variant
from maubinh_api.strategy import kernel as kernel_module
from maubinh_api.strategy.kernel import KernelUnavailable, kernel_named
from maubinh_api.strategy.splits import hand_indices, split_key
from tests.support.model import MODEL

HANDS = int(os.environ.get("KERNEL_EQUALITY_HANDS", "2000"))
COMPILED = kernel_named("compiled")
REFERENCE = kernel_named("reference")

#: Hands that hold naturals (the natural's value and the field's naturals are compared on them too).
NATURAL_HANDS = [
    "2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc Ac",  # six pairs
    "2h 3s 4h 5d 6h 7c 8h 9h Th Jc Qs Kd Ad",  # dragon
    "2s 5s 9s 5h 6h 8h Th Kh 4d 7d Jd Qd Ad",  # three flushes
    "As Ah Ad Ac Ks Kh Qs Qh Js Jh Ts Th 2c",  # six pairs by R4, and quads
    "2s 3s 4s 5s 6s 7h 8h 9h Th Jh Qd Kd Ad",  # three straight flushes, dragon, ...
    "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",  # dragon flush: every one of the 36,036 splits is legal
]


def assert_same_hand(tables, cards: tuple[int, ...], opponents: int, rng: random.Random, *, full: bool) -> None:
    """Both kernels on one hand: everything the valuation, the analysis and the bots ask for."""
    compiled = COMPILED.hand(tables, cards, opponents=opponents, shortlist=12, field=True)
    reference = REFERENCE.hand(tables, cards, opponents=opponents, shortlist=12, field=True)
    where = f"hand {cards}, {opponents} opponents, {tables.variant.name} {tables.variant.overridden}"
    assert compiled.legal == reference.legal, where
    assert compiled.natural_hint == reference.natural_hint, where
    assert (compiled.field_size, compiled.plays) == (reference.field_size, reference.plays), where
    shortlist = compiled.shortlist()
    assert shortlist == reference.shortlist(), where  # screening values equal to the last bit
    chi = [pick[1:4] for pick in shortlist]
    splits, screen = compiled.splits()
    their_splits, their_screen = reference.splits()
    # Arrangements asked about: the shortlist, and legal splits at random (players set them).
    picked = rng.sample(range(len(splits.split)), min(8, len(splits.split)))
    asked = chi + [(int(splits.high[row]), int(splits.low[row]), int(splits.front[row])) for row in picked]
    np.testing.assert_allclose(compiled.exact(asked), reference.exact(asked), rtol=0, atol=1e-9, err_msg=where)
    exact = compiled.exact(chi)
    best = int(np.argmax(exact))
    assert reference.exact([chi[best]])[0] >= max(reference.exact(chi)) - 1e-9, where  # the same best
    assert compiled.outlook(*asked[-1]) == reference.outlook(*asked[-1]), where
    assert compiled.fouled() == reference.fouled(), where
    assert compiled.strongest(3) == reference.strongest(3), where
    natural = detect([DECK[index] for index in cards], tables.variant.rules) if compiled.natural_hint else None
    if natural is not None:
        mine = NATURAL_KEYS.index(natural.key)
        assert compiled.natural(mine, natural.payout) == reference.natural(mine, natural.payout), where
    if not full:
        return
    for name in ("split", "high", "low", "front"):
        assert np.array_equal(getattr(splits, name), getattr(their_splits, name)), (where, name)
    assert np.array_equal(screen, their_screen), where
    assert compiled.screen(asked) == reference.screen(asked), where
    assert compiled.distinct() == reference.distinct(), where
    keys = tuple(split_key(*item) for item in chi)
    threshold = exact[len(exact) // 2]
    assert compiled.count_above(threshold, 0.01, keys) == reference.count_above(threshold, 0.01, keys), where
    assert compiled.with_chi(*chi[0]) == reference.with_chi(*chi[0]), where
    assert compiled.front_heavy() == reference.front_heavy(), where
    assert compiled.pair_broken(shortlist[0][0]) == reference.pair_broken(shortlist[0][0]), where


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_compiled_kernel_answers_as_the_reference_on_seeded_hands(name):
    # Every hand in each of 1-3 opponents in turn (sập làng, where the preset
    # has it, from three opponents); every tenth hand also compares every
    # legal split and the analysis's and bots' questions.
    tables = MODEL.tables(preset(name))
    rng = random.Random(f"kernel-{name}")
    for number in range(HANDS):
        cards = hand_indices(rng.sample(DECK, 13))
        assert_same_hand(tables, cards, 1 + number % 3, rng, full=number % 10 == 0)
    for text in NATURAL_HANDS:
        assert_same_hand(tables, hand_indices(parse_cards(text.split())), 3, rng, full=True)


def plain_knob_values():
    """Each whole-number and yes/no knob (the kernel reads them all by name) and the values it takes."""
    found = {}
    for knob in fields(RuleSet):
        check = knob.metadata["check"]
        if check is boolean:
            found[knob.name] = st.booleans()
        elif check in BOUNDS and check not in PLACES:
            low, high = BOUNDS[check]
            found[knob.name] = st.integers(int(low), int(high))
    return found


@st.composite
def variants(draw):
    """A preset with random overrides of the knobs the model reads: every whole-number and yes/no
    knob from the knob table (a new one is drawn without a line here), and the others."""
    overrides = {}
    for name, values in plain_knob_values().items():
        if draw(st.booleans()):
            overrides[name] = draw(values)
    if draw(st.booleans()):
        overrides["wheel"] = draw(st.sampled_from(["low", "second"]))
    if draw(st.booleans()):
        overrides["natural_vs_natural"] = draw(st.sampled_from(["higher_wins", "draw"]))
    if draw(st.booleans()):
        keys = ["front.trips", "middle.full_house", "middle.quads", "back.quads", "back.straight_flush"]
        overrides["bonuses"] = {key: draw(st.one_of(st.none(), st.integers(1, 1000))) for key in keys}
    if draw(st.booleans()):
        overrides["naturals"] = {key: draw(st.one_of(st.none(), st.integers(1, 10_000))) for key in NATURAL_KEYS[:7]}
    return resolve_variant({"preset": draw(st.sampled_from(PRESET_NAMES)), "overrides": overrides})


@settings(
    max_examples=int(os.environ.get("KERNEL_PROPERTY_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(variants(), st.permutations(DECK), st.integers(1, 3), st.randoms(use_true_random=False))
def test_the_compiled_kernel_answers_as_the_reference_under_any_variant(variant, deck, opponents, rnd):
    assert_same_hand(MODEL.tables(variant), hand_indices(deck[:13]), opponents, rnd, full=True)


def test_without_a_bank_both_kernels_screen_alike_and_have_no_field():
    tables = MODEL.with_bank(None).tables(preset("online"))
    cards = hand_indices(random.Random(4).sample(DECK, 13))
    compiled = COMPILED.hand(tables, cards, opponents=3, shortlist=12, field=False)
    reference = REFERENCE.hand(tables, cards, opponents=3, shortlist=12, field=False)
    assert compiled.shortlist() == reference.shortlist()
    assert compiled.field_size == reference.field_size == 0
    with pytest.raises(ValueError, match="without its field"):
        compiled.exact([compiled.shortlist()[0][1:4]])
    with pytest.raises(ValueError, match="no hand bank"):
        COMPILED.hand(tables, cards, opponents=3, shortlist=12, field=True)


# --- what the native code is given is checked, by the wrapper and by the C code itself ----------------


def raw_hand(cards, opponents=3, shortlist=12):
    from maubinh_api.strategy import compiled_kernel

    native = COMPILED.native_tables(MODEL.tables(preset("classic")))
    return compiled_kernel.Hand(native, cards, opponents, shortlist, True)


GOOD = bytes(range(0, 52, 4))  # the thirteen spades... of indices 0, 4, ..., 48: one card per rank


@pytest.mark.parametrize(
    ("cards", "opponents", "shortlist"),
    [
        (GOOD[:12], 3, 12),  # twelve cards
        (GOOD + b"\x01", 3, 12),  # fourteen
        (bytes([0, 0, *GOOD[2:]]), 3, 12),  # a card twice
        (bytes(reversed(GOOD)), 3, 12),  # not sorted
        (bytes([*GOOD[:12], 52]), 3, 12),  # no card 52
        (GOOD, 0, 12),  # no opponent
        (GOOD, 4, 12),  # four opponents
        (GOOD, 3, 0),  # an empty shortlist
        (GOOD, 3, 65),  # longer than the kernel keeps
    ],
)
def test_the_native_hand_refuses_bad_arguments(cards, opponents, shortlist):
    with pytest.raises(ValueError, match=r"cards must be|opponents must|shortlist"):
        raw_hand(cards, opponents, shortlist)
    # Through the wrapper: the same refusal, the native code's (the one check of each argument).
    with pytest.raises(ValueError, match=r"cards must be|opponents must be|shortlist must be"):
        COMPILED.hand(
            MODEL.tables(preset("classic")), tuple(cards), opponents=opponents, shortlist=shortlist, field=True
        )


def test_the_native_hand_refuses_classes_and_splits_out_of_range():
    hand = raw_hand(GOOD)
    for chi in [(-1, 0, 0), (7462, 0, 0), (0, 7462, 0), (0, 0, 455), (0, 0, -1)]:
        with pytest.raises(ValueError, match="out of range"):
            hand.exact([chi])
        with pytest.raises(ValueError, match="out of range"):
            hand.outlook(*chi)
        with pytest.raises(ValueError, match="out of range"):
            hand.screen([chi])
    with pytest.raises(ValueError, match="1 to 4096"):
        hand.exact([])
    with pytest.raises(TypeError):
        hand.exact([(1, 2)])
    with pytest.raises(ValueError, match="split must be"):
        hand.pair_broken(36_036)
    with pytest.raises(ValueError, match="natural must be"):
        hand.natural(11, 3)
    with pytest.raises(ValueError, match="count must be"):
        hand.strongest(0)
    with pytest.raises(TypeError):
        hand.count_above(0.0, 0.0, [1, 2])  # a tuple of keys, nothing else


def test_the_native_model_refuses_tables_of_the_wrong_kind_or_range():
    from maubinh_api.strategy import compiled_kernel

    tables = MODEL.tables(preset("classic"))
    arrays, rules = dict(tables.arrays), dict(tables.rules)
    compiled_kernel.Tables(arrays, rules)  # the real tables are accepted
    broken = [
        ({"class_of_id5": arrays["class_of_id5"].astype(np.int64)}, {}, "class_of_id5"),  # wrong item size
        ({"class_of_id5": arrays["class_of_id5"][:-1]}, {}, "class_of_id5"),  # too short
        ({"split_first": np.full(36_036, 1287, dtype=np.uint16)}, {}, "split_first"),  # a subset that is not there
        ({"front_floor": np.full(455, 99_999, dtype=np.int32)}, {}, "front_floor"),
        ({"screen_back": np.full((7462, 8), np.nan)}, {}, "screen_back"),
        ({"bank_rows": np.full((400_000, 4), 9_000, dtype=np.int16)}, {}, "bank_rows"),
        ({"value_back": np.full(7462, 5_000, dtype=np.int32)}, {}, "value_back"),
        ({}, {"n5": 9_000}, "n5"),
        ({}, {"scoop_multiplier": 0}, "scoop_multiplier"),
        ({}, {"natural_rate": 1.5}, "natural_rate"),
        ({}, {"bank_size": 400_001}, "holds"),  # bit sets of the wrong length for that bank
    ]
    for array_patch, rule_patch, name in broken:
        with pytest.raises(ValueError, match=name):
            compiled_kernel.Tables({**arrays, **array_patch}, {**rules, **rule_patch})
    missing = dict(arrays)
    del missing["holds"]
    with pytest.raises(ValueError, match="holds"):
        compiled_kernel.Tables(missing, rules)


def test_the_compiled_kernel_refuses_tables_of_the_wrong_shape_naming_the_array():
    # The native Tables is the one description of the arrays' layout: the wrapper relies on it.
    tables = MODEL.tables(preset("classic"))

    class Wrong:  # tables the wrapper holds weakly, like KernelTables
        def __init__(self) -> None:
            self.arrays = {**tables.arrays, "screen_front": np.zeros((455, 7))}
            self.rules = tables.rules

    with pytest.raises(ValueError, match="screen_front"):
        kernel_named("compiled").native_tables(Wrong())


def test_best_splits_are_read_with_the_layout_the_native_code_declares():
    from maubinh_api.strategy import compiled_kernel

    fields, size = compiled_kernel.BEST_SPLIT_LAYOUT
    assert [name for name, _, _ in fields] == ["high", "low", "front", "natural_hint", "value", "played", "fouled"]
    assert size == 32  # four int16 and three float64, no padding
    found = COMPILED.best_splits(
        MODEL.tables(preset("classic")), np.array([list(GOOD)], dtype=np.uint8), opponents=3, shortlist=12
    )
    assert found.value.dtype == np.float64 and found.high.dtype == np.int16


# --- which kernel runs ---------------------------------------------------------------------------------


def test_without_the_compiled_module_the_default_refuses_with_a_clear_message(monkeypatch):
    from maubinh_api import strategy  # as if never built: not importable, not on the package

    monkeypatch.setitem(__import__("sys").modules, "maubinh_api.strategy.compiled_kernel", None)
    monkeypatch.delattr(strategy, "compiled_kernel", raising=False)
    kernel_named.cache_clear()
    try:
        monkeypatch.delenv("MAUBINH_KERNEL", raising=False)
        with pytest.raises(KernelUnavailable, match="MAUBINH_KERNEL=reference"):
            kernel_module.active_kernel()
        monkeypatch.setenv("MAUBINH_KERNEL", "reference")
        assert kernel_module.active_kernel().name == "reference"
    finally:
        kernel_named.cache_clear()


def test_an_unknown_kernel_name_is_refused(monkeypatch):
    monkeypatch.setenv("MAUBINH_KERNEL", "fortran")
    with pytest.raises(KernelUnavailable, match="compiled, reference"):
        kernel_module.active_kernel()


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_both_kernels_find_the_same_best_splits_of_many_hands_at_once(name):
    # What a bank round and a grading job ask: the best split of each hand,
    # and the value of an arrangement played and of a foul.
    tables = MODEL.tables(preset(name))
    rng = random.Random(f"batch-{name}")
    hands = np.array([hand_indices(rng.sample(DECK, 13)) for _ in range(60)], dtype=np.uint8)
    hands[0] = hand_indices(parse_cards(NATURAL_HANDS[0].split()))
    played = np.array(
        [[rng.randrange(7462), rng.randrange(7462), rng.randrange(455)] for _ in range(len(hands))], dtype=np.int16
    )
    for opponents in (1, 3):
        compiled = COMPILED.best_splits(tables, hands, opponents=opponents, shortlist=12, played=played)
        reference = REFERENCE.best_splits(tables, hands, opponents=opponents, shortlist=12, played=played)
        for column in ("high", "low", "front", "natural_hint"):
            assert np.array_equal(getattr(compiled, column), getattr(reference, column)), column
        for column in ("value", "played", "fouled"):
            np.testing.assert_allclose(getattr(compiled, column), getattr(reference, column), rtol=0, atol=1e-9)
        assert compiled.natural_hint[0]
    # one hand at a time gives the same best split
    single = COMPILED.hand(tables, tuple(hands[1].tolist()), opponents=3, shortlist=12, field=True)
    values = single.exact([pick[1:4] for pick in single.shortlist()])
    assert max(values) == COMPILED.best_splits(tables, hands[1:2], opponents=3, shortlist=12).value[0]


def test_the_batch_refuses_bad_hands_and_arrangements():
    tables = MODEL.tables(preset("classic"))
    good = np.array([list(GOOD)], dtype=np.uint8)
    with pytest.raises(ValueError, match="13 card indices"):
        COMPILED.best_splits(tables, good[:, :12], opponents=3, shortlist=12)
    with pytest.raises(ValueError, match="increasing order"):
        COMPILED.best_splits(tables, good[:, ::-1], opponents=3, shortlist=12)
    with pytest.raises(ValueError, match="out of range"):
        COMPILED.best_splits(tables, good, opponents=3, shortlist=12, played=np.array([[0, 0, 455]], dtype=np.int16))
    from maubinh_api.strategy import compiled_kernel

    native = COMPILED.native_tables(tables)
    with pytest.raises(ValueError, match="hand 0"):
        compiled_kernel.best_splits(native, bytes(reversed(GOOD)), 3, 12, True)
    with pytest.raises(ValueError, match="out of range"):
        compiled_kernel.best_splits(native, GOOD, 3, 12, True, np.array([0, 9000, 0], dtype=np.int16).tobytes())
    with pytest.raises(ValueError, match="3 int16"):
        compiled_kernel.best_splits(native, GOOD, 3, 12, True, b"\x00\x00")
    for shortlist in (0, 65):  # a shortlist holds 1 to MAX_PICKS (64) splits
        with pytest.raises(ValueError, match="shortlist"):
            compiled_kernel.best_splits(native, GOOD, 3, shortlist, True)
        with pytest.raises(ValueError, match="shortlist"):
            COMPILED.best_splits(tables, good, opponents=3, shortlist=shortlist)


def test_the_scalar_and_the_vector_walks_find_the_same_splits():
    # Where the processor has AVX2 the legal splits are found eight at a time;
    # MAUBINH_KERNEL_SCALAR=1 keeps the scalar loop.  Both must give the same
    # legal counts, shortlists and strongest splits.
    probe = (
        "import json, random, sys\n"
        "from maubinh_api.rules.cards import DECK\n"
        "from maubinh_api.rules.variants import preset, PRESET_NAMES\n"
        "from maubinh_api.strategy import compiled_kernel\n"
        "from maubinh_api.strategy.kernel import kernel_named\n"
        "from maubinh_api.strategy.splits import hand_indices\n"
        "from maubinh_api.strategy.model import shipped_model\n"
        "model = shipped_model(kernel_named('compiled'))\n"
        "rng = random.Random(3)\n"
        "found = [compiled_kernel.vector_legality()]\n"
        "for name in PRESET_NAMES:\n"
        "    tables = model.tables(preset(name))\n"
        "    for number in range(40):\n"
        "        hand = kernel_named('compiled').hand(tables, hand_indices(rng.sample(DECK, 13)),\n"
        "                                             opponents=1 + number % 3, shortlist=12, field=False)\n"
        "        found.append([hand.legal, hand.shortlist(), hand.strongest(2)])\n"
        "print(json.dumps(found))\n"
    )
    runs = {}
    for scalar in ("0", "1"):
        environment = {**os.environ, "MAUBINH_KERNEL_SCALAR": scalar}
        result = subprocess.run(
            [sys.executable, "-c", probe], env=environment, capture_output=True, text=True, check=True
        )
        runs[scalar] = json.loads(result.stdout)
    assert runs["1"][0] is False  # the scalar loop was kept
    assert runs["0"][1:] == runs["1"][1:]


def test_the_constants_the_python_side_keeps_are_the_native_codes():
    # The reference kernel and the tables need them where the module is not built, so Python keeps
    # a copy: the module exports its own (kernel.h), and here the two are held equal.
    from maubinh_api.rules.cards import DECK
    from maubinh_api.rules.knobs import NATURAL_KEYS
    from maubinh_api.rules.table import MAX_OPPONENTS
    from maubinh_api.strategy import bank, classes, kernel_tables
    from maubinh_api.strategy import compiled_kernel as native

    assert (native.FLUSH_ID_BASE, native.ID5_COUNT) == (classes.FLUSH_ID_BASE, classes.ID5_COUNT)
    assert (native.NO_NATURAL, native.RATE_SCALE) == (bank.NO_NATURAL, kernel_tables.RATE_SCALE)
    assert len(NATURAL_KEYS) == native.NATURAL_KINDS
    assert (len(DECK), len(DECK) // 4, MAX_OPPONENTS) == (native.DECK_CARDS, native.HAND_CARDS, native.MAX_OPPONENTS)


def test_every_multiplier_the_rules_allow_is_one_the_kernel_takes():
    # The knob table (rules/knob_checks.py) says what the rules allow; kernel.h says only what the
    # kernel is sized for (MAX_MULTIPLIER): a range widened in the rules alone fails here (and
    # tables.c's static assertion on knobs.h stops the build), not in play.
    from maubinh_api.strategy import compiled_kernel as native

    checks = {knob.name: knob.metadata["check"] for knob in fields(RuleSet)}
    taken = ("majority_bonus", "scoop_multiplier", "sap_lang_multiplier", "foul_multiplier")
    highest = {name: BOUNDS[checks[name]][1] for name in taken}
    assert {name: high for name, high in highest.items() if high > native.MAX_MULTIPLIER} == {}
    assert all(BOUNDS[checks[name]][0] >= 0 for name in taken) and native.MAX_MULTIPLIER == 100  # kernel.h
