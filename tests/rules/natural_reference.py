"""A brute-force, separately written check of which naturals 13 cards qualify for.

Count naturals are checked by building the groups they need; the split
naturals by trying fronts, then backs, then what is left as the middle.
Nothing is shared with maubinh_api.rules.naturals.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

Card = tuple[int, str]  # (rank 2-14, suit letter)
RED = {"h", "d"}


def _pairs_from_sorted(ranks: list[int]) -> int:
    """Disjoint pairs of equal rank, taken greedily from a sorted list."""
    count, index = 0, 0
    while index + 1 < len(ranks):
        if ranks[index] == ranks[index + 1]:
            count += 1
            index += 2
        else:
            index += 1
    return count


def _five_pairs_and_trips(ranks: list[int]) -> bool:
    for trips_rank in set(ranks):
        if ranks.count(trips_rank) >= 3:
            rest = list(ranks)
            for _ in range(3):
                rest.remove(trips_rank)
            if _pairs_from_sorted(sorted(rest)) == 5:  # the other 10 cards are five pairs
                return True
    return False


def _is_run(ranks: list[int]) -> bool:
    values = sorted(ranks)
    if len(set(values)) != len(values):
        return False
    if values[-1] - values[0] == len(values) - 1:
        return True
    low = sorted(1 if rank == 14 else rank for rank in values)  # ace low
    return low[-1] - low[0] == len(values) - 1


def _one_suit(cards: list[Card]) -> bool:
    return len({suit for _, suit in cards}) == 1


def _split_exists(cards: list[Card], chi_ok) -> bool:
    for front in combinations(cards, 3):
        if not chi_ok(list(front)):
            continue
        rest = [card for card in cards if card not in front]
        # The two 5-card chi pass the same test, so fix which one holds rest[0].
        for others in combinations(rest[1:], 4):
            back = [rest[0], *others]
            if chi_ok(back):
                middle = [card for card in rest if card not in back]
                if chi_ok(middle):
                    return True
    return False


def qualifying(cards: list[Card]) -> set[str]:
    ranks = [rank for rank, _ in cards]
    reds = sum(suit in RED for _, suit in cards)
    counts = Counter(ranks)
    found = set()
    if sorted(ranks) == list(range(2, 15)):
        found.add("dragon")
        if _one_suit(cards):
            found.add("dragon_flush")
    if reds in (0, 13):
        found.add("thirteen_one_colour")
    if reds in (1, 12):
        found.add("twelve_one_colour")
    if _five_pairs_and_trips(ranks):
        found.add("five_pairs_trips")
    if _pairs_from_sorted(sorted(ranks)) == 6:
        found.add("six_pairs")
    if any(True for _ in combinations([r for r in counts if counts[r] >= 3], 4)):
        found.add("four_trips")
    if any(True for _ in combinations([r for r in counts if counts[r] == 4], 3)):
        found.add("three_quads")
    if _split_exists(cards, _one_suit):
        found.add("three_flushes")
    if _split_exists(cards, lambda chi: _is_run([rank for rank, _ in chi])):
        found.add("three_straights")
    if _split_exists(cards, lambda chi: _one_suit(chi) and _is_run([rank for rank, _ in chi])):
        found.add("three_straight_flushes")
    return found
