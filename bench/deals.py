"""The deal's shuffle (maubinh_api/infra/deals.py) at scale: is every card equally likely at every
place, and how fast does it deal?  ``make bench-deals`` (about a minute on 2 cores).

Deals DECKS decks (a million by default), each from its own server seed and deal id with one client
seed, in worker processes, and counts how often each card lands at each place.  Under a fair
shuffle each of the 52 x 52 counts is Binomial(N, 1/52); the whole table's chi-square has
51 x 51 = 2,601 degrees of freedom (rows and columns each sum to N), and each card's row alone 51.
It prints the table's statistic and p-value, and the worst card's and the worst place's (each
p-value times 52, the Bonferroni bound over the 52 it was the worst of), and passes when none of
the three is below 0.001: a fair shuffle fails it in at most 3 runs in 1,000.

The test's power is shown on a control in the same run: the same count of decks shuffled the
well-known wrong way (each place swapped with any of the 52, not of the places left), which the
test must reject.

Speed is judged against a fixed reference timed in the same run: Python's own ``random.shuffle`` of
the same deck (Mersenne Twister, not a proof), as the ratio of the two times per deck.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time

import numpy as np

from maubinh_api.infra.deals import DECK, shuffled_deck

INDEX = {card: place for place, card in enumerate(DECK)}


def _counts(span: tuple[int, int]) -> np.ndarray:
    """The place-by-card counts of decks ``span[0]`` to ``span[1] - 1``."""
    counts = np.zeros((52, 52), dtype=np.int64)
    places = np.arange(52)
    for number in range(*span):
        seed = number.to_bytes(32, "big")
        deck = shuffled_deck(seed, f"deal-0000bead-{number:032x}", [f"bench-{number % 7919}"])
        counts[places, [INDEX[card] for card in deck]] += 1
    return counts


def _naive_counts(span: tuple[int, int]) -> np.ndarray:
    """The control: each place swapped with any of the 52 (n^n orders for 52! decks: biased)."""
    counts = np.zeros((52, 52), dtype=np.int64)
    places = np.arange(52)
    stream = random.Random(span[0])
    for _ in range(*span):
        deck = list(range(52))
        for place in range(52):
            other = stream.randrange(52)
            deck[place], deck[other] = deck[other], deck[place]
        counts[places, deck] += 1
    return counts


def _p_value(statistic: float, freedom: int) -> float:
    """Upper tail of chi-square (Wilson-Hilferty's normal approximation: within 1e-3 here)."""
    cube = (statistic / freedom) ** (1 / 3)
    z = (cube - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _fairness(counts: np.ndarray, decks: int) -> tuple[list[str], bool]:
    expected = decks / 52
    cells = (counts - expected) ** 2 / expected
    whole = float(cells.sum())
    by_card = cells.sum(axis=0)  # each card's 52 places
    by_place = cells.sum(axis=1)  # each place's 52 cards
    p_whole = _p_value(whole, 51 * 51)
    worst_card = int(by_card.argmax())
    worst_place = int(by_place.argmax())
    p_card = min(1.0, 52 * _p_value(float(by_card[worst_card]), 51))
    p_place = min(1.0, 52 * _p_value(float(by_place[worst_place]), 51))
    lines = [
        f"counts per cell: expected {expected:,.1f}, lowest {counts.min():,}, highest {counts.max():,}",
        f"chi-square of the 52 x 52 table: {whole:,.1f} on 2,601 degrees of freedom, p = {p_whole:.3f}",
        f"worst card ({DECK[worst_card]}): chi-square {by_card[worst_card]:.1f} on 51, p x 52 = {p_card:.3f}",
        f"worst place ({worst_place + 1}): chi-square {by_place[worst_place]:.1f} on 51, p x 52 = {p_place:.3f}",
    ]
    return lines, min(p_whole, p_card, p_place) >= 0.001


def _speed(decks: int) -> tuple[float, float]:
    """Microseconds a deck: the shuffle, and random.shuffle of the same deck (the reference)."""
    started = time.perf_counter()
    for number in range(decks):
        shuffled_deck(number.to_bytes(32, "big"), "deal-0000bead-" + "0" * 32, ["speed"])
    ours = (time.perf_counter() - started) / decks * 1e6
    stream, deck = random.Random(1), list(DECK)
    started = time.perf_counter()
    for _ in range(decks):
        stream.shuffle(deck)
    reference = (time.perf_counter() - started) / decks * 1e6
    return ours, reference


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1_000_000)
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    ours, reference = _speed(20_000)
    print(f"speed: {ours:.1f} us a deck; random.shuffle {reference:.1f} us; ratio {ours / reference:.2f}")
    step = -(-args.decks // (args.processes * 8))
    spans = [(start, min(start + step, args.decks)) for start in range(0, args.decks, step)]
    started = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        counts = sum(pool.map(_counts, spans), np.zeros((52, 52), dtype=np.int64))
    elapsed = time.perf_counter() - started
    print(f"dealt {args.decks:,} decks in {elapsed:.1f} s on {args.processes} processes")
    lines, fair = _fairness(counts, args.decks)
    print("\n".join(lines))
    print("fair: no p-value below 0.001" if fair else "NOT FAIR: a p-value below 0.001")
    with multiprocessing.Pool(args.processes) as pool:
        control = sum(pool.map(_naive_counts, spans), np.zeros((52, 52), dtype=np.int64))
    control_lines, control_fair = _fairness(control, args.decks)
    print("control (each place swapped with any of the 52): " + control_lines[1].split(": ", 1)[1])
    print("the test rejects the control" if not control_fair else "THE TEST MISSED THE CONTROL'S BIAS")
    return 0 if fair and not control_fair else 1


if __name__ == "__main__":
    raise SystemExit(main())
