"""A deliberately simple second implementation of chi comparison, for tests.

It shares nothing with maubinh_api.rules but the rule book: cards are
(rank, suit) pairs with ranks 2..14, categories are found by plain checks,
straights by looking them up in an explicit list, and ties are broken by the
ranks repeated as often as they occur ("8 8 A K 2"), which is how a player
compares two hands.  Slow and obvious on purpose.
"""

from __future__ import annotations

Card = tuple[int, str]

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def straights(wheel: str) -> list[set[int]]:
    """The ten straights as rank sets, weakest first."""
    runs = [set(range(top - 4, top + 1)) for top in range(6, 15)]  # 2-6 .. 10-A
    wheel_run = {14, 2, 3, 4, 5}
    if wheel == "low":
        return [wheel_run, *runs]
    return [*runs[:-1], wheel_run, runs[-1]]  # just below 10-J-Q-K-A


def key(cards: list[Card], wheel: str) -> tuple[int, ...]:
    """A tuple that orders hands of the same size."""
    ranks = [rank for rank, _ in cards]
    suits = [suit for _, suit in cards]
    counts = sorted((ranks.count(rank) for rank in set(ranks)), reverse=True)
    by_count = sorted(ranks, key=lambda rank: (ranks.count(rank), rank), reverse=True)
    if len(cards) == 5:
        flush = len(set(suits)) == 1
        run = next((i for i, run in enumerate(straights(wheel)) if set(ranks) == run), None)
        if run is not None and flush:
            return (STRAIGHT_FLUSH, run)
        if counts[0] == 4:
            return (QUADS, *by_count)
        if counts == [3, 2]:
            return (FULL_HOUSE, *by_count)
        if flush:
            return (FLUSH, *by_count)
        if run is not None:
            return (STRAIGHT, run)
    if counts[0] == 3:
        return (TRIPS, *by_count)
    if counts[:2] == [2, 2]:
        return (TWO_PAIR, *by_count)
    if counts[0] == 2:
        return (PAIR, *by_count)
    return (HIGH, *by_count)


def category(cards: list[Card], wheel: str = "low") -> int:
    return key(cards, wheel)[0]


def front_beats_middle(front: list[Card], middle: list[Card]) -> bool:
    """docs/rules.md, "Chi categories" literally: same category scale; trips by rank; a pair by its
    rank, then the front's kicker against the middle's highest kicker; high
    card card by card; any remaining tie goes to the middle."""
    front_key, middle_key = key(front, "low"), key(middle, "low")
    if front_key[0] != middle_key[0]:
        return front_key[0] > middle_key[0]
    kind = front_key[0]
    if kind == TRIPS:
        return front_key[1] > middle_key[1]
    if kind == PAIR:
        # (PAIR, p, p, kicker) against (PAIR, p, p, k1, k2, k3)
        return (front_key[1], front_key[3]) > (middle_key[1], middle_key[3])
    return front_key[1:4] > middle_key[1:4]
