"""Benchmark: the integrity checks' false alarms on honest rooms, their detection of planted
cheaters, and the pass's speed against grading's.

Calibration (issue 53, item 3): simulated rooms (``batch/rooms.py``) dealt and checked on Dask with
the integrity pass's own functions:

* **honest rooms** sized so that each pair of players sits together about 200, 1,000 or 5,000
  hands: every pair's flag (the false alarms: the target is at most 1 in 10,000), and how often its
  p-value falls under 1% and 0.1% (what the normal null promises, at rates a bench can measure);
* **planted rooms**: ten honest players of mixed levels, a dumper that sits heads-up with its
  partner in a fifth of the hands and fouls on purpose in ``--dump-share`` of those, and a bot that
  plays the best level; the planted pair at about 200, 1,000 or 5,000 hands together. Found: the
  dumper's pair flagged, the dumper named (by its pair or its own check), the bot flagged, and the
  report's first finding a planted player; with 95% Wilson intervals.

Speed (item 4): one process, a warm service, the same room's partitions: the integrity pass's
task against ``grade``'s (the fixed reference, in the same run, taking turns), in hands a second.

With ``--sharing``, the hand-sharing check instead (``integrity --sharing``): honest rooms of eight
players at tables of four, each pair about 200 hands together, for its false alarms and whether its
p-values fall as the null says; planted rooms of six honest players and a pair that shares its
cards and sits together in half the hands, at about 200, 1,000 and 5,000 hands together; and the
pass's speed with the check against ``grade``'s, in a room of ten (every pair weighed) and in a
platform's room of 400 players (only the pairs that can be tested weighed).

With ``--peeking``, the peeking check (``integrity --peeking``): every honest player's statistic in
honest rooms of ten and in planted rooms of ten honest players and a peeker at tables of four, the
peeker at about 200, 1,000 and 5,000 hands; and the pass's speed with it against ``grade``'s.

With ``--seating``, the seating check (on in every pass): every honest pair's statistic in honest
rooms of 22 players and in planted rooms of twenty honest players and a pair that seeks a table
together in 5% of the hands (and there plays its level), at about 200 and 1,000 sittings together.

With ``--steadiness``, the steadiness check (on in every pass): every honest player's statistic in
honest rooms of ten (about 240 and 1,600 hands a player) and in planted rooms of ten honest players
and a steady program that gives up the club level's mean loss on every hand it can, at about 200,
1,000 and 5,000 of its hands.

    python -m bench.integrity [--quick] [--dump-share 0.25] [--sharing | --peeking | --seating | --steadiness]

Targets: at most 1 honest pair in 10,000 flagged; at least 90% of planted dumpers found within
1,000 hands together; the pass at least 1,000 hands a second a core.
"""

from __future__ import annotations

import argparse
import functools
import math
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from maubinh_api.batch import grading, integrity
from maubinh_api.batch.engine import connect, prepare_workers, run, worker_service
from maubinh_api.batch.history import parts_of
from maubinh_api.batch.integrity_command import pair_table, player_table
from maubinh_api.batch.pair_signals import MIN_PAIR_HANDS
from maubinh_api.batch.rooms import Role, Room, RoomPlayer, room_parts, write_room_part
from maubinh_api.strategy.levels import Level

MIX = (Level.BEGINNER, Level.CASUAL, Level.CLUB, Level.EXPERT)
#: Hands a pair sits together, the three sizes the issue asks for.
SIZES = (200, 1000, 5000)
#: The player flags of a pass without the card checks.
PLAYER_FLAGS = ("dumping", "too_strong", "too_regular", "too_steady")
#: Share of a planted room's hands the dumper plays heads-up with its partner.
TOGETHER = 0.2


@dataclass(frozen=True)
class Trial:
    """One room to deal and check: what it is for, its players and hands."""

    kind: str  #: "honest" or "planted"
    size: int  #: hands a pair sits together, about
    room: Room
    hands: int
    seed: int


def _honest_players(count: int) -> tuple[RoomPlayer, ...]:
    return tuple(RoomPlayer(f"p{number:03d}", MIX[number % 4]) for number in range(count))


def _honest(size: int, hands: int, seed: int) -> Trial:
    """A room of 4-seat tables where each pair meets about ``size`` times in ``hands`` hands: a pair
    of P players sits together in 12 / (P (P - 1)) of the hands."""
    players = max(5, round((1 + math.sqrt(1 + 48 * hands / size)) / 2))
    return Trial("honest", size, Room("classic", _honest_players(players)), hands, seed)


def _planted(size: int, seed: int, dump_share: float) -> Trial:
    players = (
        *_honest_players(10),
        RoomPlayer("d01", Level.CLUB, Role.DUMPER, partner="p000"),
        RoomPlayer("b01", Level.CLUB, Role.BOT),
    )
    room = Room("classic", players, together=TOGETHER, dump_share=dump_share)
    return Trial("planted", size, room, round(size / TOGETHER), seed)


def _trials(quick: bool, dump_share: float) -> list[Trial]:
    honest_hands = 12_000 if quick else 60_000
    planted_rooms = {200: 20, 1000: 20, 5000: 6} if not quick else {200: 6, 1000: 4, 5000: 0}
    trials = [_honest(size, honest_hands, 100 + index) for index, size in enumerate(SIZES) if not quick or size < 5000]
    for size, rooms in planted_rooms.items():
        trials += [_planted(size, 1000 * size + room, dump_share) for room in range(rooms)]
    return trials


def _checked(
    client: object, trials: Sequence[Trial], root: Path, checks: integrity.CardChecks = integrity.NO_CHECKS
) -> list[integrity.IntegritySums]:
    """Deal every trial's room, then run the integrity pass over all of them, on the cluster."""
    writes = [
        (part, str(root / f"room-{number:03d}"), "parquet")
        for number, trial in enumerate(trials)
        for part in room_parts(trial.room, trial.hands, trial.seed)
    ]
    run(client, write_room_part, writes, description="deal rooms", progress=False)
    tasks, owners = [], []
    for number, _trial in enumerate(trials):
        for part in parts_of(root / f"room-{number:03d}", 4000):
            tasks.append((part, str(root / f"out-{number:03d}")))
            owners.append(number)
    task = functools.partial(integrity.integrity_part, checks=checks)
    results = run(client, task, tasks, description="integrity", progress=False)
    by_trial: list[list[integrity.IntegrityPart]] = [[] for _ in trials]
    for owner, result in zip(owners, results, strict=True):
        by_trial[owner].append(result)
    return [integrity.merged(parts, checks=checks) for parts in by_trial]


def _run_rooms(
    trials: Sequence[Trial], workers: int | None, name: str, checks: integrity.CardChecks = integrity.NO_CHECKS
) -> list[integrity.IntegritySums]:
    """Deal and check every trial's room on a local cluster, and say how long it took."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch, connect(None, workers) as client:
        prepare_workers(client, grading.warm_up)
        checked = _checked(client, trials, Path(scratch), checks)
    hands = sum(trial.hands for trial in trials)
    elapsed = time.perf_counter() - started
    print(f"\n{name}{len(trials)} rooms, {hands:,} hands dealt and checked in {elapsed:.0f} s\n")
    return checked


def _wilson(hits: int, count: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate."""
    if count == 0:
        return (math.nan, math.nan)
    z, rate = 1.959964, hits / count
    centre = (rate + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(rate * (1 - rate) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(hits: int, count: int) -> str:
    low, high = _wilson(hits, count)
    return f"{hits:>4}/{count:<5} {hits / max(count, 1):7.2%} [{low:.2%}, {high:.2%}]"


def _report_honest(trial: Trial, sums: integrity.IntegritySums) -> tuple[int, int]:
    pairs = [row for row in pair_table(sums) if row["tested"]]
    people = player_table(sums)
    met = statistics.median(row["hands"] for row in pairs) if pairs else 0
    flagged = sum(row["flagged"] for row in pairs)
    print(
        f"honest, ~{trial.size:>5} hands a pair: {len(people):>3} players, {len(pairs):>5} pairs tested "
        f"(median {met:,.0f} hands together); flagged {_rate(flagged, len(pairs))}; "
        f"p<1%: {_rate(sum(row['p_value'] < 0.01 for row in pairs), len(pairs))}; "
        f"p<0.1%: {_rate(sum(row['p_value'] < 0.001 for row in pairs), len(pairs))}; "
        f"players flagged {sum(any(row[flag] for flag in PLAYER_FLAGS) for row in people)}"
    )
    return flagged, len(pairs)


@dataclass
class Found:
    rooms: int = 0
    pair: int = 0
    dumper: int = 0
    bot: int = 0
    bot_timing: int = 0
    first: int = 0
    honest_flags: int = 0
    honest_tested: int = 0
    together: list[int] | None = None


def _score(found: Found, sums: integrity.IntegritySums) -> None:
    pairs, people = pair_table(sums), {row["player_id"]: row for row in player_table(sums)}
    planted = {"d01", "b01"}
    dumper_pair = next(row for row in pairs if (row["first"], row["second"]) == ("d01", "p000"))
    found.rooms += 1
    found.pair += dumper_pair["flagged"]
    found.dumper += dumper_pair["flagged"] or people["d01"]["dumping"]
    found.bot += people["b01"]["too_strong"]
    found.bot_timing += people["b01"]["too_regular"]
    findings = [(row["p_value"], {row["first"], row["second"]}) for row in pairs if row["flagged"]]
    findings += [(row["p_fouls"], {name}) for name, row in people.items() if row["dumping"]]
    findings += [(row["p_value"], {name}) for name, row in people.items() if row["too_strong"]]
    findings += [(row["p_too_regular"], {name}) for name, row in people.items() if row["too_regular"]]
    findings += [(row["p_steady"], {name}) for name, row in people.items() if row["too_steady"]]
    found.first += bool(findings) and bool(min(findings, key=lambda item: item[0])[1] & planted)
    honest = [row for row in pairs if row["tested"] and not {row["first"], row["second"]} & planted]
    found.honest_flags += sum(row["flagged"] for row in honest)
    found.honest_tested += len(honest)
    found.together = [*(found.together or []), dumper_pair["hands"]]


def _report_planted(size: int, found: Found, dump_share: float) -> None:
    print(
        f"planted, ~{size:>5} hands together (median {statistics.median(found.together or [0]):,.0f}), dumper "
        f"fouling {dump_share:.0%} of its heads-up hands: {found.rooms} rooms\n"
        f"    dumper's pair flagged  {_rate(found.pair, found.rooms)}\n"
        f"    dumper named           {_rate(found.dumper, found.rooms)}\n"
        f"    bot flagged strong     {_rate(found.bot, found.rooms)}\n"
        f"    bot flagged by timing  {_rate(found.bot_timing, found.rooms)}\n"
        f"    first finding planted  {_rate(found.first, found.rooms)}\n"
        f"    honest pairs flagged   {_rate(found.honest_flags, found.honest_tested)}"
    )


def calibrate(quick: bool, dump_share: float, workers: int | None) -> None:
    trials = _trials(quick, dump_share)
    checked = _run_rooms(trials, workers, "")
    flagged = tested = 0
    scores: dict[int, Found] = {}
    for trial, sums in zip(trials, checked, strict=True):
        if trial.kind == "honest":
            hits, count = _report_honest(trial, sums)
            flagged, tested = flagged + hits, tested + count
        else:
            _score(scores.setdefault(trial.size, Found()), sums)
    for size, found in scores.items():
        flagged, tested = flagged + found.honest_flags, tested + found.honest_tested
        _report_planted(size, found, dump_share)
    print(f"\nhonest pairs flagged over every room: {_rate(flagged, tested)} (target at most 0.01%)")
    if flagged == 0 and tested:
        print(f"    none of {tested:,}: the rate is under {3 / tested:.3%} (the rule of three, 95%)")


#: Planted sharers: the share of a room's hands the pair sits together, and the sizes measured.
SHARING_TOGETHER = 0.5
SHARING_SIZES = (200, 1000, 5000)
SHARERS = (
    RoomPlayer("s01a", Level.CLUB, Role.SHARER, partner="s01b"),
    RoomPlayer("s01b", Level.CLUB, Role.SHARER, partner="s01a"),
)


def _sharing_trials(quick: bool) -> list[Trial]:
    """Honest rooms of eight (a pair of 8 players meets in 12 / 56 of the hands: 933 hands, about 200
    each), and planted rooms of six honest players and a sharing pair."""
    honest = Room("classic", _honest_players(8))
    trials = [Trial("honest", 200, honest, 933, 500 + room) for room in range(2 if quick else 8)]
    rooms = dict(zip(SHARING_SIZES, (4, 2, 0) if quick else (10, 10, 3), strict=True))
    for size, count in rooms.items():
        room = Room("classic", (*_honest_players(6), *SHARERS), together=SHARING_TOGETHER)
        trials += [Trial("planted", size, room, round(size / SHARING_TOGETHER), 7000 * size + n) for n in range(count)]
    return trials


def _sharing_p(row: dict[str, Any]) -> float:
    """The sharing statistic's own one-sided p."""
    return 0.5 * math.erfc(row["z_sharing"] / math.sqrt(2.0))


def calibrate_sharing(quick: bool, workers: int | None) -> None:
    trials = _sharing_trials(quick)
    checked = _run_rooms(trials, workers, "sharing: ", integrity.CardChecks(sharing=True))
    honest: list[dict[str, Any]] = []
    found: dict[int, list[dict[str, Any]]] = {}
    beside = [0, 0]  # honest pairs of the planted rooms: flagged, weighed
    for trial, sums in zip(trials, checked, strict=True):
        table = pair_table(sums)
        weighed = [row for row in table if row["shared_hands"] >= MIN_PAIR_HANDS]
        if trial.kind == "honest":
            honest += weighed
            continue
        planted = next(row for row in table if (row["first"], row["second"]) == ("s01a", "s01b"))
        flagged = [row for row in table if row["flagged"]]
        first = min(flagged, key=lambda row: row["p_value"]) if flagged else None
        others = [row for row in weighed if not {row["first"], row["second"]} & {"s01a", "s01b"}]
        beside[0] += sum(row["flagged"] for row in others)
        beside[1] += len(others)
        found.setdefault(trial.size, []).append(planted | {"first_is_planted": first is planted})
    _report_sharing_honest(honest)
    for size, rows in sorted(found.items()):
        _report_sharers(size, rows)
    print(f"    honest pairs flagged beside them {_rate(beside[0], beside[1])}")


def _report_sharing_honest(rows: list[dict[str, Any]]) -> None:
    count = len(rows)
    median = statistics.median(row["shared_hands"] for row in rows) if rows else 0
    z = [row["z_sharing"] for row in rows]
    print(
        f"honest rooms, ~200 hands a pair at tables of 4: {count} pairs weighed (median {median:,.0f} hands); "
        f"flagged {_rate(sum(row['flagged'] for row in rows), count)}\n"
        f"    sharing p<1%  {_rate(sum(_sharing_p(row) < 0.01 for row in rows), count)}\n"
        f"    sharing p<0.1% {_rate(sum(_sharing_p(row) < 0.001 for row in rows), count)}\n"
        f"    z_sharing mean {statistics.fmean(z) if z else 0:+.2f}, sd {statistics.pstdev(z) if z else 0:.2f}"
    )


def _report_sharers(size: int, rows: list[dict[str, Any]]) -> None:
    count = len(rows)
    together = statistics.median(row["shared_hands"] for row in rows)
    by_sharing = sum(row["flagged"] and row["signal"] == "sharing" for row in rows)
    z = sorted(row["z_sharing"] for row in rows)
    print(
        f"planted sharers, ~{size:>5} hands together (median {together:,.0f}): {count} rooms\n"
        f"    pair flagged           {_rate(sum(row['flagged'] for row in rows), count)}\n"
        f"    flagged by sharing     {_rate(by_sharing, count)}\n"
        f"    first finding planted  {_rate(sum(row['first_is_planted'] for row in rows), count)}\n"
        f"    z_sharing median {statistics.median(z):.2f} (from {z[0]:.2f} to {z[-1]:.2f})"
    )


#: Planted peekers: each room's ten honest players and one peeker at tables of four (the peeker sits
#: at 4 / 11 of the hands), sized so that the peeker plays about 200, 1,000 or 5,000 hands.
PEEKING_SIZES = (200, 1000, 5000)
PEEKER = RoomPlayer("k01", Level.CLUB, Role.PEEKER)


def _peeking_trials(quick: bool) -> list[Trial]:
    rooms = dict(zip(PEEKING_SIZES, (4, 2, 0) if quick else (10, 10, 3), strict=True))
    room = Room("classic", (*_honest_players(10), PEEKER))
    honest = Room("classic", _honest_players(10))
    trials = [Trial("honest", 400, honest, 1000, 900 + n) for n in range(2 if quick else 8)]
    for size, count in rooms.items():
        trials += [Trial("planted", size, room, round(size * 11 / 4), 9000 * size + n) for n in range(count)]
    return trials


def calibrate_peeking(quick: bool, workers: int | None) -> None:
    """Every honest player's peeking statistic (its false alarms, and whether its p-values fall as the
    null says), and the planted peekers found."""
    trials = _peeking_trials(quick)
    checked = _run_rooms(trials, workers, "peeking: ", integrity.CardChecks(peeking=True))
    honest: list[dict[str, Any]] = []
    found: dict[int, list[dict[str, Any]]] = {}
    for trial, sums in zip(trials, checked, strict=True):
        people = player_table(sums)
        honest += [row for row in people if row["player_id"] != PEEKER.id and row["peeked_hands"] >= 100]
        if trial.kind == "planted":
            flagged = [row for row in people if row["peeking"] or row["dumping"] or row["too_strong"]]
            first = min(flagged, key=lambda row: row["p_peeking"]) if flagged else None
            peeker = next(row for row in people if row["player_id"] == PEEKER.id)
            found.setdefault(trial.size, []).append(peeker | {"first_is_planted": first is peeker})
    count, z = len(honest), [row["z_peeking"] for row in honest]
    print(
        f"honest players, 350 to 5,000 hands each: {count} weighed (median "
        f"{statistics.median(row['peeked_hands'] for row in honest):,.0f} hands); flagged "
        f"{_rate(sum(row['peeking'] for row in honest), count)}\n"
        f"    peeking p<1%   {_rate(sum(row['p_peeking'] < 0.01 for row in honest), count)}\n"
        f"    peeking p<0.1% {_rate(sum(row['p_peeking'] < 0.001 for row in honest), count)}\n"
        f"    z_peeking mean {statistics.fmean(z):+.2f}, sd {statistics.pstdev(z):.2f}"
    )
    for size, rows in sorted(found.items()):
        z = sorted(row["z_peeking"] for row in rows)
        print(
            f"planted peeker, ~{size:>5} hands (median {statistics.median(row['peeked_hands'] for row in rows):,.0f} "
            f"weighed): {len(rows)} rooms\n"
            f"    peeker flagged         {_rate(sum(row['peeking'] for row in rows), len(rows))}\n"
            f"    first finding planted  {_rate(sum(row['first_is_planted'] for row in rows), len(rows))}\n"
            f"    z_peeking median {statistics.median(z):.2f} (from {z[0]:.2f} to {z[-1]:.2f})"
        )


STEADY = RoomPlayer("r01", Level.CLUB, Role.STEADY)
STEADY_SIZES = (200, 1000, 5000)


def _steadiness_trials(quick: bool) -> list[Trial]:
    """Honest rooms of ten at tables of four (each player at 4/10 of the hands: about 240 and 1,600
    hands a player; 300 players each) and planted rooms of ten honest players and a steady program, which plays 4/11 of
    the hands: about 200, 1,000 and 5,000 of its own."""
    honest = Room("classic", _honest_players(10))
    counts = (2, 2) if quick else (30, 30)
    trials = [Trial("honest", 240, honest, 600, 1300 + n) for n in range(counts[0])]
    trials += [Trial("honest", 1600, honest, 4000, 1400 + n) for n in range(counts[1])]
    room = Room("classic", (*_honest_players(10), STEADY))
    rooms = dict(zip(STEADY_SIZES, (4, 2, 0) if quick else (10, 10, 3), strict=True))
    for size, count in rooms.items():
        trials += [Trial("planted", size, room, round(size * 11 / 4), 13_000 * size + n) for n in range(count)]
    return trials


def calibrate_steadiness(quick: bool, workers: int | None) -> None:
    """Every honest player's steadiness statistic (its false alarms, and whether its p-values fall as
    the null says), and the planted steady programs found."""
    trials = _steadiness_trials(quick)
    checked = _run_rooms(trials, workers, "steadiness: ")
    honest: dict[int, list[dict[str, Any]]] = {}
    found: dict[int, list[dict[str, Any]]] = {}
    for trial, sums in zip(trials, checked, strict=True):
        people = player_table(sums)
        honest.setdefault(trial.size if trial.kind == "honest" else 0, []).extend(
            row for row in people if row["player_id"] != STEADY.id and row["steady_hands"] >= 200
        )
        if trial.kind == "planted":
            flagged = [row for row in people if any(row[flag] for flag in PLAYER_FLAGS)]
            first = min(flagged, key=lambda row: row["p_steady"] if row["too_steady"] else 1.0) if flagged else None
            program = next(row for row in people if row["player_id"] == STEADY.id)
            found.setdefault(trial.size, []).append(program | {"first_is_planted": first is program})
    for size, rows in sorted(honest.items()):
        where = f"honest rooms, ~{size:,} hands a player" if size else "the planted rooms' honest players"
        count, z = len(rows), [row["z_steady"] for row in rows]
        print(
            f"{where}: {count} players (median {statistics.median(row['steady_hands'] for row in rows):,.0f} hands); "
            f"flagged {_rate(sum(row['too_steady'] for row in rows), count)}\n"
            f"    steady p<1%   {_rate(sum(row['p_steady'] < 0.01 for row in rows), count)}\n"
            f"    steady p<0.1% {_rate(sum(row['p_steady'] < 0.001 for row in rows), count)}\n"
            f"    z_steady < -2 {_rate(sum(value < -2 for value in z), count)} (the normal law's 2.28%)\n"
            f"    z_steady mean {statistics.fmean(z):+.2f}, sd {statistics.pstdev(z):.2f}, lowest {min(z):.2f}; spread "
            f"ratio median {statistics.median(row['spread_ratio'] for row in rows):.2f}"
        )
    for size, rows in sorted(found.items()):
        z = sorted(row["z_steady"] for row in rows)
        print(
            f"planted steady program (club's mean loss on every hand), ~{size:>5} hands (median "
            f"{statistics.median(row['steady_hands'] for row in rows):,.0f}): {len(rows)} rooms\n"
            f"    program flagged steady {_rate(sum(row['too_steady'] for row in rows), len(rows))}\n"
            f"    program flagged strong {_rate(sum(row['too_strong'] for row in rows), len(rows))}\n"
            f"    first finding planted  {_rate(sum(row['first_is_planted'] for row in rows), len(rows))}\n"
            f"    z_steady median {statistics.median(z):.2f} (from {z[0]:.2f} to {z[-1]:.2f}); spread ratio median "
            f"{statistics.median(row['spread_ratio'] for row in rows):.3f}, mean loss median "
            f"{statistics.median(row['mean_ev_loss'] for row in rows):.3f}"
        )


#: Planted seekers: a pair that sits together at a full table in 5% of the hands and there plays its
#: level; with twenty honest players, it meets at 0.05 + 0.95 x 12 / 462 of the hands.
SEEKING_TOGETHER = 0.05
SEEKERS = (
    RoomPlayer("f01a", Level.CLUB, Role.SEEKER, partner="f01b"),
    RoomPlayer("f01b", Level.CLUB, Role.SEEKER, partner="f01a"),
)


def _seating_trials(quick: bool, together: float) -> list[Trial]:
    """Honest rooms of 22 players (a pair meets in 12 / 462 of the hands: about 78 in 3,000) and
    planted rooms of twenty honest players and a seeking pair, at about 200 and 1,000 hands together."""
    honest = Room("classic", _honest_players(22))
    trials = [Trial("honest", 78, honest, 3000, 1100 + n) for n in range(2 if quick else 6)]
    planted = Room("classic", (*_honest_players(20), *SEEKERS), together=together)
    rate = together + (1 - together) * 12 / 462
    for size, count in ({200: 4} if quick else {200: 10, 1000: 5}).items():
        trials += [Trial("planted", size, planted, round(size / rate), 11_000 * size + n) for n in range(count)]
    return trials


def calibrate_seating(quick: bool, workers: int | None, together: float = SEEKING_TOGETHER) -> None:
    """Every honest pair's seating statistic (its false alarms, and whether its p-values fall as the
    null says), and the planted seeking pairs found."""
    trials = _seating_trials(quick, together)
    checked = _run_rooms(trials, workers, "seating: ")
    honest: list[dict[str, Any]] = []
    found: dict[int, list[dict[str, Any]]] = {}
    for trial, sums in zip(trials, checked, strict=True):
        table = pair_table(sums)
        honest += [row for row in table if not {row["first"], row["second"]} & {"f01a", "f01b"}]
        if trial.kind == "planted":
            pair = next(row for row in table if (row["first"], row["second"]) == ("f01a", "f01b"))
            flagged = [row for row in table if row["flagged"]]
            first = min(flagged, key=lambda row: min(row["p_value"], row["p_seating"])) if flagged else None
            found.setdefault(trial.size, []).append(pair | {"first_is_planted": first is pair})
    count = len(honest)
    z = [(row["sittings"] - row["expected_sittings"]) / math.sqrt(row["expected_sittings"]) for row in honest]
    print(
        f"honest pairs, rooms of 22 (about 78 sittings a pair in the honest rooms): {count} pairs; "
        f"flagged by seating {_rate(sum(row['seated_flag'] for row in honest), count)}\n"
        f"    seating p<1%   {_rate(sum(row['p_seating'] < 0.01 for row in honest), count)}\n"
        f"    seating p<0.1% {_rate(sum(row['p_seating'] < 0.001 for row in honest), count)}\n"
        f"    (sittings - expected) / root expected: mean {statistics.fmean(z):+.2f}, sd {statistics.pstdev(z):.2f}"
    )
    for size, rows in sorted(found.items()):
        ratio = sorted(row["sittings"] / row["expected_sittings"] for row in rows)
        met, together_share = statistics.median(row["sittings"] for row in rows), together
        print(
            f"planted seekers at {together_share:.0%} of the hands, ~{size:>5} sittings together (median {met:,.0f}): "
            f"{len(rows)} rooms\n"
            f"    pair flagged by seating {_rate(sum(row['seated_flag'] for row in rows), len(rows))}\n"
            f"    first finding planted   {_rate(sum(row['first_is_planted'] for row in rows), len(rows))}\n"
            f"    sittings / expected median {statistics.median(ratio):.2f} (from {ratio[0]:.2f} to {ratio[-1]:.2f})"
        )


def speed(
    hands: int, repeat: int, checks: integrity.CardChecks = integrity.NO_CHECKS, room: Room | None = None
) -> None:
    """The integrity pass's task against grade's on the same partitions, one process; with sharing,
    the count of the pairs it weighs first, as ``integrity --sharing`` does (its time counted)."""
    worker_service()  # the model loaded, and the yardsticks, before any clock
    grading.warm_up()
    room = room or Room("classic", _honest_players(10))
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        for dealt in room_parts(room, hands, 7, per_part=500):
            write_room_part((dealt, str(root / "history"), "parquet"))
        parts = parts_of(root / "history", 2000)
        rows = sum(part.stop - part.start for part in parts)  # Parquet parts: row ranges
        timings: dict[str, list[float]] = {"integrity": [], "grade": []}
        weighed = 0
        for turn in range(repeat):
            order = ("integrity", "grade") if turn % 2 == 0 else ("grade", "integrity")
            for name in order:
                clock = time.perf_counter()
                if name == "integrity":
                    chosen = checks
                    if checks.sharing:
                        met = [integrity.pairs_met((part, str(root / name))) for part in parts]
                        chosen = replace(checks, sharing_pairs=integrity.sharing_pairs(met))
                        weighed = len(chosen.sharing_pairs or ())
                    for part in parts:
                        integrity.integrity_part((part, str(root / name)), checks=chosen)
                else:
                    for part in parts:
                        grading.grade_part((part, str(root / name)))
                timings[name].append(time.perf_counter() - clock)
    pass_s, grade_s = statistics.median(timings["integrity"]), statistics.median(timings["grade"])
    print(
        f"speed, one core, {rows:,} hands ({hands:,} tables, {len(room.players)} players"
        f"{f', {weighed} pairs weighed' if checks.sharing else ''}), median of {repeat}: integrity"
        f"{' --sharing' if checks.sharing else ''}{' --peeking' if checks.peeking else ''} {rows / pass_s:,.0f} "
        f"hands/s, grade (reference) {rows / grade_s:,.0f} hands/s; integrity / grade time {pass_s / grade_s:.2f}x "
        f"(target: at least 1,000 hands/s)"
    )


#: A platform's room for the sharing check's speed: 400 players, whose pairs meet about twice in
#: 6,000 tables of four (12 / (400 x 399) of them each), but a sharing pair that sits together in a
#: tenth of the hands (about 600): only the pairs that can be tested are weighed.
PLATFORM_ROOM = Room("classic", (*_honest_players(398), *SHARERS), together=0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller rooms (a few minutes)")
    parser.add_argument("--dump-share", type=float, default=0.25, help="share of heads-up hands a dumper fouls")
    parser.add_argument("--workers", type=int, help="local Dask workers (default: one per core)")
    parser.add_argument("--speed-hands", type=int, default=3000, help="tables dealt for the speed run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sharing", action="store_true", help="the hand-sharing check's calibration and speed")
    parser.add_argument("--peeking", action="store_true", help="the peeking check's calibration and speed")
    parser.add_argument("--seating", action="store_true", help="the seating check's calibration")
    parser.add_argument("--steadiness", action="store_true", help="the steadiness check's calibration")
    parser.add_argument(
        "--seek-together", type=float, default=SEEKING_TOGETHER, help="share of hands the seekers sit together"
    )
    args = parser.parse_args()
    if args.steadiness:
        calibrate_steadiness(args.quick, args.workers)
        return
    if args.seating:
        calibrate_seating(args.quick, args.workers, args.seek_together)
        return
    if args.sharing:
        speed(min(args.speed_hands, 1000), args.repeat, integrity.CardChecks(sharing=True))
        speed(2 * args.speed_hands, args.repeat, integrity.CardChecks(sharing=True), PLATFORM_ROOM)
        calibrate_sharing(args.quick, args.workers)
        return
    if args.peeking:
        speed(min(args.speed_hands, 1000), args.repeat, integrity.CardChecks(peeking=True))
        calibrate_peeking(args.quick, args.workers)
        return
    speed(args.speed_hands, args.repeat)
    calibrate(args.quick, args.dump_share, args.workers)


if __name__ == "__main__":
    main()
