"""``python -m maubinh_api.batch room --hands N --out DIR``: a simulated room's hand history.

Honest players of mixed levels moving between tables, and, when asked, planted cheaters
(``batch/rooms.py``): what a platform can run ``integrity`` on to see its checks find what was
planted, and what ``make bench-integrity`` calibrates them on. Writes ``DIR/history/`` (the
hand-history format, with tables, hand numbers and decision times) and ``DIR/players.json``: each
player's level and role, the answer key.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ..rules.errors import RuleError
from ..strategy.levels import Level
from .engine import connect, run
from .history import variant_of
from .outputs import Stop, fresh
from .rooms import Role, Room, RoomPlayer, room_parts, write_room_part
from .simulate import HISTORY_FORMATS

__all__ = ["add_room", "room_command"]

#: The honest players' levels, in turn (a room of every kind of player).
_MIX = ("beginner", "casual", "club", "expert")


def add_room(commands: Any, common: argparse.ArgumentParser) -> None:
    """The ``room`` command's arguments."""
    room = commands.add_parser(
        "room",
        parents=[common],
        help="a simulated room's hand history: players moving between tables, planted dumpers and bots if asked",
        description="Deal hands to a room of honest players of mixed levels moving between tables, with planted "
        "cheaters if asked: dumpers that foul on purpose heads-up with a partner, bots that play the best level, "
        "pairs that share their cards, pairs that seek each other's tables, peekers that see the other hands, "
        "programs that lose a person's amount steadily. "
        "Writes DIR/history (the hand-history format, with tables) and DIR/players.json (who was planted).",
    )
    room.add_argument("--hands", type=int, default=2000, help="hands to deal (default 2,000)")
    room.add_argument("--players", type=int, default=10, help="honest players (default 10)")
    room.add_argument("--seats", type=int, default=4, choices=(2, 3, 4), help="seats at a table (default 4)")
    room.add_argument("--dumpers", type=int, default=0, help="planted dumpers, each paying an honest partner")
    room.add_argument("--together", type=float, default=0.1, help="share of hands each dumper plays heads-up "
                      "with its partner (default 0.1)")  # fmt: skip
    room.add_argument("--dump-share", type=float, default=0.5, help="share of those it fouls (default 0.5)")
    room.add_argument("--sharers", type=int, default=0, help="planted pairs that show each other their cards and "
                      "seek a full table together (--together of the hands; --seats 3 or 4)")  # fmt: skip
    room.add_argument("--seekers", type=int, default=0, help="planted pairs that seek a full table together "
                      "(--together of the hands) and there play their level")  # fmt: skip
    room.add_argument("--bots", type=int, default=0, help="planted bots (the best level, claiming club)")
    room.add_argument("--peekers", type=int, default=0, help="planted players that see the other seats' hands as "
                      "set and set theirs last, against them (claiming club)")  # fmt: skip
    room.add_argument("--steady", type=int, default=0, help="planted programs that give up a club player's mean "
                      "loss on every hand, with a person's timing")  # fmt: skip
    room.add_argument("--variant", default="classic", help="a preset name (default classic)")
    room.add_argument("--seed", type=int, default=1, help="the seed (same seed, same room)")
    room.add_argument("--history-format", choices=HISTORY_FORMATS, default="parquet")
    room.add_argument("--out", type=Path, default=Path("room"), help="output directory (default ./room)")


def planted_room(args: argparse.Namespace) -> Room:
    """The room the arguments describe, each count and share checked."""
    if args.hands < 1:
        raise Stop("--hands must be at least 1")
    if not 0 <= args.dumpers <= args.players or args.players < args.seats:
        raise Stop(f"--players must be at least --seats ({args.seats}) and --dumpers at most --players")
    if min(args.bots, args.sharers, args.seekers, args.peekers, args.steady) < 0:
        raise Stop("--bots, --sharers, --seekers, --peekers and --steady must be 0 or more")
    if args.sharers and args.seats < 3:
        raise Stop("--sharers need --seats 3 or 4 (a pair sharing its cards sets them against someone else)")
    if args.seekers and args.seats < 3:
        raise Stop("--seekers need --seats 3 or 4 (a pair that seeks a table of two together is a dumper)")
    for name in ("together", "dump_share"):
        if not 0 <= getattr(args, name) <= 1:
            raise Stop(f"--{name.replace('_', '-')} must be between 0 and 1")
    if (args.dumpers + args.sharers + args.seekers) * args.together > 1:
        raise Stop("--dumpers, --sharers and --seekers times --together must be at most 1 (their share of hands)")
    try:
        variant_of(args.variant)
    except RuleError as error:
        raise Stop(f"--variant: {error.said.en}") from None

    honest = [RoomPlayer(f"p{number:03d}", Level(_MIX[number % len(_MIX)])) for number in range(args.players)]
    dumpers = [RoomPlayer(f"d{n + 1:02d}", Level.CLUB, Role.DUMPER, partner=honest[n].id) for n in range(args.dumpers)]
    bots = [RoomPlayer(f"b{number + 1:02d}", Level.CLUB, Role.BOT) for number in range(args.bots)]
    sharers = [
        RoomPlayer(f"s{pair:02d}{me}", Level.CLUB, Role.SHARER, partner=f"s{pair:02d}{other}")
        for pair in range(1, args.sharers + 1)
        for me, other in (("a", "b"), ("b", "a"))
    ]
    seekers = [
        RoomPlayer(f"f{pair:02d}{me}", Level.CLUB, Role.SEEKER, partner=f"f{pair:02d}{other}")
        for pair in range(1, args.seekers + 1)
        for me, other in (("a", "b"), ("b", "a"))
    ]
    peekers = [RoomPlayer(f"k{number + 1:02d}", Level.CLUB, Role.PEEKER) for number in range(args.peekers)]
    steady = [RoomPlayer(f"r{number + 1:02d}", Level.CLUB, Role.STEADY) for number in range(args.steady)]
    players = (*honest, *dumpers, *bots, *sharers, *seekers, *peekers, *steady)
    return Room(args.variant, players, args.seats, 4, args.together, args.dump_share)


def room_command(args: argparse.Namespace) -> int:
    room = planted_room(args)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    fresh(out, "history", "players.json")
    started = time.perf_counter()
    history = str((out / "history").resolve())
    parts = [(part, history, args.history_format) for part in room_parts(room, args.hands, args.seed)]
    with connect(args.scheduler, args.workers) as client:
        rows = sum(run(client, write_room_part, parts, description="room", progress=not args.no_progress))
    key = [
        {"player_id": player.id, "level": player.level.value, "role": player.role.value, "partner": player.partner}
        for player in room.players
    ]
    (out / "players.json").write_text(json.dumps(key, indent=1) + "\n", encoding="utf-8")
    planted = [player.id for player in room.players if player.role is not Role.HONEST]
    print(f"{args.hands:,} hands, {rows:,} rows; {len(key)} players, planted: {', '.join(planted) or 'none'}")
    elapsed = time.perf_counter() - started
    print(f"history: {out / 'history'}; who is who: {out / 'players.json'}; dealt in {elapsed:.1f} s")
    return 0
