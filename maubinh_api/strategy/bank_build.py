"""Build the hand bank: ``python -m maubinh_api.strategy.bank_build``.

1. Deal ``--hands`` seeded random hands (``bank/deals.npz``, shared by every preset).
2. For each preset, set every hand with the service's ``ev`` objective and
   record the chi it shows and the natural it declares.  The first round sets
   them with the position-odds model alone (no bank yet); each further round
   sets them against the previous round's bank, so the bank's players are the
   service's own players.  Rounds after the second re-set a seeded half of
   the deals (damping); ``ROUNDS`` says how many each preset's shipped bank had.
3. Measure, for every hand, how often it scoops and is scooped by random other
   hands of the bank (the sập làng terms of :mod:`maubinh_api.strategy.reference`).

Everything is seeded: the same command writes the same files, each recorded in ``model.json`` as
built for the preset's rules of today from the deals and the shipped odds it read
(:mod:`maubinh_api.strategy.data_files`; the build stops at once if those odds do not hold).  With the
defaults (400,000 hands, 4 presets, the rounds of ``ROUNDS``, 2 processes) it
takes about 25 minutes on a 2-core machine with the compiled kernel (a round
40-130 s, a damped one about a minute); the time is printed.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from ..rules.cards import DECK
from ..rules.knobs import NATURAL_KEYS
from ..rules.variants import PRESET_NAMES, Variant, preset
from .bank import BANK_VERSION, NO_NATURAL, BankSettings, Deals, HandBank
from .builders import builder_arguments, check_reads, write_data
from .classes import HandClasses
from .data_files import SHIPPED
from .kernel import active_kernel
from .model import Model, shipped_model
from .odds_build import class_id3, class_id5
from .valuation import SHORTLIST, value_hand

__all__ = ["main", "scoop_rates", "set_deals"]

OUTPUT = Path(__file__).parent / "bank"
#: Rounds of the shipped bank per preset: two full rounds, then damped ones.
#: Each damped round brought the bank's players closer to the service's (the
#: share of deals set differently fell to 5.1% in classic's fifth round, much
#: of it near-equal arrangements trading places) and the calibration with
#: them; online's front needed two more rounds to come within 2 points.
#: docs/strategy.md has the figures.
ROUNDS: Final = {"classic": 5, "online": 7, "extended": 5, "chinese-poker-2-4": 5}
_WORKER: dict[str, object] = {}


def _start(preset_name: str, deals: bytes, settings: bytes | None) -> None:
    loaded = Deals.load(deals)
    _WORKER["variant"] = preset(preset_name)
    _WORKER["deals"] = loaded
    bank = None if settings is None else HandBank(loaded, BankSettings.load(settings))
    # this worker's composition root: the shipped odds (main checked them), the bank being built
    _WORKER["model"] = shipped_model(active_kernel(), checked=("odds",)).with_bank(bank)


def _set(chosen: npt.NDArray[np.intp]) -> npt.NDArray[np.uint16]:
    """Set the hands ``chosen``: rows of back id, middle id, front id, natural.

    The kernel finds every hand's best split in one call; a hand that can hold
    a natural is valued again one by one (declaring it may be worth more)."""
    deals: Deals = _WORKER["deals"]  # type: ignore[assignment]
    model: Model = _WORKER["model"]  # type: ignore[assignment]
    variant: Variant = _WORKER["variant"]  # type: ignore[assignment]
    classes = HandClasses.for_wheel(variant.rules.wheel)
    hands = deals.cards[chosen]
    best = model.kernel.best_splits(model.tables(variant), hands, opponents=3, shortlist=SHORTLIST)
    rows = np.zeros((len(chosen), 4), dtype=np.uint16)
    rows[:, 0] = classes.id_of_class5[best.high]
    rows[:, 1] = classes.id_of_class5[best.low]
    rows[:, 2] = classes.id_of_class3[best.front]
    rows[:, 3] = NO_NATURAL
    for row in np.flatnonzero(best.natural_hint).tolist():
        found = value_hand([DECK[int(index)] for index in hands[row]], variant, model, opponents=3)
        if found.declares_natural and found.natural is not None:
            shown = found.natural.split  # three flushes or straights: the layout that shows them
            if shown is not None:
                rows[row, :3] = (
                    class_id5(shown.back.cards),
                    class_id5(shown.middle.cards),
                    class_id3(shown.front.cards),
                )
            rows[row, 3] = NATURAL_KEYS.index(found.natural.key)
    return rows


def set_deals(
    preset_name: str,
    deals: Deals,
    previous: BankSettings | None,
    *,
    workers: int,
    chosen: npt.NDArray[np.intp] | None = None,
) -> npt.NDArray[np.uint16]:
    """The deals ``chosen`` (default all) set by the preset's ``ev`` player
    (against ``previous``'s bank if given); the others keep ``previous``'s settings."""
    count = len(deals.cards)
    if chosen is None or previous is None:
        chosen = np.arange(count)
        rows = np.zeros((count, 4), dtype=np.uint16)
    else:
        rows = np.stack([previous.back, previous.middle, previous.front, previous.natural.astype(np.uint16)], axis=1)
    step = 2_000
    chunks = [chosen[start : start + step] for start in range(0, len(chosen), step)]
    payload = deals.save()
    settings = None if previous is None else previous.save()
    with multiprocessing.get_context("fork").Pool(
        workers, initializer=_start, initargs=(preset_name, payload, settings)
    ) as pool:
        for done, (chunk, part) in enumerate(zip(chunks, pool.imap(_set, chunks), strict=True), start=1):
            rows[chunk] = part
            if done % 20 == 0 or done == len(chunks):
                print(f"    {preset_name}: {min(done * step, len(chosen)):,} of {len(chosen):,} hands set", flush=True)
    return rows


def scoop_rates(
    rows: npt.NDArray[np.uint16], preset_name: str, *, sample: int = 1024, seed: int = 0
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Per hand, how often it wins (loses) all three positions against
    ``sample`` random other bank hands that play their chi."""
    classes = HandClasses.for_wheel(preset(preset_name).rules.wheel)
    back = np.take(classes.class_of_id5, rows[:, 0]).astype(np.int16)
    middle = np.take(classes.class_of_id5, rows[:, 1]).astype(np.int16)
    front = np.take(classes.class_of_id3, rows[:, 2]).astype(np.int16)
    plays = np.flatnonzero(rows[:, 3] == NO_NATURAL)
    others = np.random.default_rng(seed).choice(plays, size=min(sample, len(plays)), replace=False)
    theirs = [column[others][None, :] for column in (back, middle, front)]
    scoops = np.zeros(len(rows), dtype=np.float32)
    scooped = np.zeros(len(rows), dtype=np.float32)
    for start in range(0, len(rows), 4096):
        mine = [column[start : start + 4096, None] for column in (back, middle, front)]
        wins = (mine[0] > theirs[0]) & (mine[1] > theirs[1]) & (mine[2] > theirs[2])
        losses = (mine[0] < theirs[0]) & (mine[1] < theirs[1]) & (mine[2] < theirs[2])
        scoops[start : start + 4096] = wins.mean(axis=1)
        scooped[start : start + 4096] = losses.mean(axis=1)
    return scoops, scooped


def build_preset(
    preset_name: str, deals: Deals, *, rounds: int, workers: int, seed: int, start: BankSettings | None = None
) -> BankSettings:
    """The preset's settings after ``rounds`` rounds (after ``start``'s, if given)."""
    settings = start
    first = 1 if start is None else int(start.meta["round"]) + 1
    for number in range(first, first + rounds):
        started = time.perf_counter()
        # Rounds after the second re-set a seeded half of the deals only: best
        # responses alone swing back and forth (a round that meets strong fronts
        # answers with weaker ones, and the next the other way); keeping half
        # damps that, as the odds builder's averaging does.
        chosen = None
        if number > 2:
            chosen = np.flatnonzero(np.random.default_rng([seed, number]).random(len(deals.cards)) < 0.5)
        rows = set_deals(preset_name, deals, settings, workers=workers, chosen=chosen)
        changed = (
            None
            if settings is None
            else float(
                np.mean(
                    (rows[:, 0] != settings.back) | (rows[:, 1] != settings.middle) | (rows[:, 2] != settings.front)
                )
            )
        )
        scoops, scooped = scoop_rates(rows, preset_name, seed=seed)
        settings = BankSettings(
            back=rows[:, 0].copy(),
            middle=rows[:, 1].copy(),
            front=rows[:, 2].copy(),
            natural=rows[:, 3].astype(np.uint8),
            scoops=scoops,
            scooped=scooped,
            meta={
                "bank_version": BANK_VERSION,
                "preset": preset_name,
                "round": number,
                "hands": len(rows),
                "deals_seed": deals.meta.get("seed"),
                "changed_from_previous_round": changed,
            },
        )
        print(
            f"  {preset_name} round {number}: {len(rows):,} hands in {time.perf_counter() - started:.0f} s"
            + ("" if changed is None else f"; share set differently from the previous round {changed:.4f}"),
            flush=True,
        )
    assert settings is not None
    return settings


def main(argv: Sequence[str] | None = None) -> int:
    parser = builder_arguments(__spec__.name if __spec__ else __name__, __doc__, OUTPUT)
    parser.add_argument("--hands", type=int, default=400_000, help="hands in the bank (default 400,000)")
    parser.add_argument(
        "--rounds",
        type=int,
        help="setting rounds per preset (default: ROUNDS, the shipped bank's; with --more, 1)",
    )
    parser.add_argument(
        "--more",
        action="store_true",
        help="keep the deals and settings in --output and play --rounds more rounds from them",
    )
    args = parser.parse_args(argv)
    check_reads(("odds",))  # the bank's players value hands with the shipped odds
    started = time.perf_counter()
    args.output.mkdir(parents=True, exist_ok=True)
    deals_path = args.output / "deals.npz"
    if args.more:
        deals = Deals.load(deals_path.read_bytes())
    else:
        deals = Deals.deal(args.hands, args.seed)
        write_data(deals_path, deals.save(), "deals")
    print(f"deals: {len(deals.cards):,} hands ({deals_path})", flush=True)
    for name in args.preset or PRESET_NAMES:
        path = args.output / f"{name}.npz"
        start = BankSettings.load(path.read_bytes()) if args.more else None
        rounds = args.rounds or (1 if args.more else ROUNDS[name])
        settings = build_preset(name, deals, rounds=rounds, workers=args.workers, seed=args.seed, start=start)
        inputs = {"bank/deals.npz": deals_path, f"odds/{name}.npz": SHIPPED / "odds" / f"{name}.npz"}
        write_data(path, settings.save(), name, inputs)
    print(f"done in {time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
