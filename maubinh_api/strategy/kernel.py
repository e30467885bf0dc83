"""The model's kernel: the compiled one (C), or the NumPy reference by choice.

A kernel values one hand against one model's tables (:mod:`maubinh_api.
strategy.tables`) in a single call: its subsets and their classes, its legal
splits and their screening values, the shortlists of distinct splits (by
screen and by the ``strongest`` ranking), and its field in the hand bank.
The :class:`HandModel` it returns then settles arrangements exactly and
answers what the analysis and the bots ask of the splits.

Two kernels answer the same (``tests/strategy/test_kernel.py``):

* ``compiled``, the default: ``maubinh_api.strategy.compiled_kernel``, built
  from ``kernel_src/*.c`` by the package's build (``make`` does it; see
  docs/strategy.md).  This wrapper checks every table and argument before
  the C code sees it (and the C code checks them again);
* ``reference``: :mod:`maubinh_api.strategy.reference`, about five times
  slower, for a platform without a C compiler: ``MAUBINH_KERNEL=reference``.

Without the compiled module and without that choice, :func:`active_kernel`
raises :class:`KernelUnavailable`: the service refuses to start rather than
fall back, unnoticed, to the slow path.

>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.splits import hand_indices
>>> from maubinh_api.strategy.tables import model_tables
>>> cards = hand_indices(parse_cards('As Ks Qs Js Ts 9h 9d 9c 8c 7c 2d 2c 3h'.split()))
>>> hand = active_kernel().hand(model_tables(preset("classic")), cards, opponents=3, shortlist=12, field=True)
>>> hand.legal, len(hand.shortlist())
(20894, 12)
"""

from __future__ import annotations

import functools
import importlib
import itertools
import os
import threading
import weakref
from collections.abc import Sequence
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from ..rules.table import check_opponents
from .reference import ReferenceKernel
from .splits import BestSplits, Hands, LegalSplits, Played
from .tables import ModelTables

__all__ = [
    "KERNEL_ENV",
    "KERNEL_NAMES",
    "MAX_PICKS",
    "CompiledKernel",
    "HandModel",
    "Kernel",
    "KernelUnavailable",
    "active_kernel",
    "kernel_named",
]

#: The environment variable that chooses the kernel.
KERNEL_ENV: Final = "MAUBINH_KERNEL"
KERNEL_NAMES: Final = ("compiled", "reference")
#: The longest shortlist a hand keeps.
MAX_PICKS: Final = 64

Chi = tuple[int, int, int]
Pick = tuple[int, int, int, int, float]  #: split id, high, low, front, screening value
StrongPick = tuple[int, int, int, int, int]  #: split id, high, low, front, strongest ranking


class HandModel(Protocol):
    """One hand valued against one model (what both kernels return)."""

    @property
    def legal(self) -> int:
        """Legal splits among the 72,072 ordered ones."""

    @property
    def natural_hint(self) -> bool:
        """Whether the cards qualify for any natural (rules.naturals.qualifying is not empty)."""

    @property
    def field_size(self) -> int:
        """Opponents in the field (0 when built without it)."""

    @property
    def plays(self) -> int:
        """Opponents in the field who play their chi."""

    def shortlist(self) -> tuple[Pick, ...]:
        """The best distinct splits by screening value, best first (ties: the lower split id)."""

    def strongest(self, count: int) -> tuple[StrongPick, ...]:
        """The ``count`` strongest distinct splits (docs/rules.md, "The optimal arrangement"), strongest first."""

    def exact(self, chi: Sequence[Chi]) -> list[float]:
        """Expected points per opponent of arrangements, given by their classes, against the field."""

    def screen(self, chi: Sequence[Chi]) -> list[float]:
        """Screening values of arrangements, given by their classes."""

    def outlook(self, high: int, low: int, front: int) -> tuple[int, ...]:
        """Over the opponents who play: wins per position, losses per position,
        each position's points, scoops, scoops against, and those opponents' count."""

    def fouled(self) -> tuple[int, int, int, int, int]:
        """A foul's total points against the field; the opponents' back, middle and front values; the field size."""

    def natural(self, mine: int, payout: int) -> int:
        """Total points of declaring natural ``mine`` (an index of NATURAL_KEYS) worth ``payout``."""

    def splits(self) -> tuple[LegalSplits, npt.NDArray[np.float64]]:
        """Every legal split, and its screening value."""

    def distinct(self) -> int:
        """Distinct legal arrangements (splits with different keys)."""

    def count_above(self, threshold: float, gap: float, excluded: tuple[int, ...]) -> int:
        """Distinct keys, other than ``excluded``, whose screening value + ``gap`` exceeds ``threshold``."""

    def with_chi(self, high: int, low: int, front: int) -> list[int]:
        """Ids of the legal splits with these chi classes."""

    def front_heavy(self) -> int:
        """The best-screened split among those with the strongest front."""

    def pair_broken(self, split: int) -> int:
        """The best-screened split that breaks up a pair ``split`` keeps in one chi (-1 if none)."""


class Kernel(Protocol):
    """What computes hands: :class:`CompiledKernel` or the reference."""

    @property
    def name(self) -> str:
        """``compiled`` or ``reference``."""

    def best_splits(
        self, tables: ModelTables, hands: Hands, *, opponents: int, played: Played | None = None
    ) -> BestSplits:
        """The best shortlisted split of each hand (rows of 13 card indices,
        sorted), valued against its field when ``tables`` has a bank; with
        ``played`` (rows of the three classes of an arrangement of each hand),
        also what that arrangement and a foul are worth."""

    def hand(
        self, tables: ModelTables, cards: tuple[int, ...], *, opponents: int, shortlist: int, field: bool
    ) -> HandModel:
        """Value a hand (13 card indices, sorted) against ``tables``."""


class KernelUnavailable(RuntimeError):
    """The compiled kernel is not built, and the reference was not chosen."""


def check_hand_arguments(cards: tuple[int, ...], opponents: int, shortlist: int) -> None:
    """What a kernel's hand accepts: 13 distinct card indices 0-51, sorted; 1-3
    opponents; a shortlist of 1 to MAX_PICKS."""
    if (
        len(cards) != 13
        or any(not 0 <= card <= 51 for card in cards)
        or any(a >= b for a, b in itertools.pairwise(cards))
    ):
        raise ValueError("cards must be 13 distinct card indices 0-51 in increasing order")
    check_opponents(opponents)
    if not 1 <= shortlist <= MAX_PICKS:
        raise ValueError(f"shortlists hold 1 to {MAX_PICKS} splits")


class CompiledHand:
    """A hand of the compiled kernel: its answers, checked going in and typed coming out."""

    __slots__ = ("_hand", "_n3", "_n5")

    def __init__(self, hand: Any, n5: int, n3: int) -> None:
        self._hand = hand
        self._n5, self._n3 = n5, n3

    @property
    def legal(self) -> int:
        return int(self._hand.legal)

    @property
    def natural_hint(self) -> bool:
        return bool(self._hand.natural_hint)

    @property
    def field_size(self) -> int:
        return int(self._hand.field_size)

    @property
    def plays(self) -> int:
        return int(self._hand.plays)

    def _check(self, high: int, low: int, front: int) -> None:
        if not (0 <= high < self._n5 and 0 <= low < self._n5 and 0 <= front < self._n3):
            raise ValueError(f"chi classes ({high}, {low}, {front}) are out of range")

    def shortlist(self) -> tuple[Pick, ...]:
        picks: tuple[Pick, ...] = self._hand.shortlist()
        return picks

    def strongest(self, count: int) -> tuple[StrongPick, ...]:
        if not 1 <= count <= MAX_PICKS:
            raise ValueError(f"shortlists hold 1 to {MAX_PICKS} splits")
        picks: tuple[StrongPick, ...] = self._hand.strongest(count)
        return picks

    def exact(self, chi: Sequence[Chi]) -> list[float]:
        checked = [(int(high), int(low), int(front)) for high, low, front in chi]
        for item in checked:
            self._check(*item)
        values: list[float] = self._hand.exact(checked)
        return values

    def screen(self, chi: Sequence[Chi]) -> list[float]:
        checked = [(int(high), int(low), int(front)) for high, low, front in chi]
        for item in checked:
            self._check(*item)
        values: list[float] = self._hand.screen(checked)
        return values

    def outlook(self, high: int, low: int, front: int) -> tuple[int, ...]:
        self._check(high, low, front)
        counts: tuple[int, ...] = self._hand.outlook(high, low, front)
        return counts

    def fouled(self) -> tuple[int, int, int, int, int]:
        sums: tuple[int, int, int, int, int] = self._hand.fouled()
        return sums

    def natural(self, mine: int, payout: int) -> int:
        if not 0 <= mine <= 10 or not 1 <= payout <= 10_000:
            raise ValueError(f"no natural {mine} paying {payout}")
        return int(self._hand.natural(mine, payout))

    def splits(self) -> tuple[LegalSplits, npt.NDArray[np.float64]]:
        split, high, low, front, screen = self._hand.splits()
        return (
            LegalSplits(
                split=np.frombuffer(split, dtype=np.uint16),
                high=np.frombuffer(high, dtype=np.int16),
                low=np.frombuffer(low, dtype=np.int16),
                front=np.frombuffer(front, dtype=np.int16),
                count=self.legal,
            ),
            np.frombuffer(screen, dtype=np.float64),
        )

    def distinct(self) -> int:
        return int(self._hand.distinct())

    def count_above(self, threshold: float, gap: float, excluded: tuple[int, ...]) -> int:
        if len(excluded) > MAX_PICKS:
            raise ValueError(f"at most {MAX_PICKS} keys are excluded")
        return int(self._hand.count_above(float(threshold), float(gap), tuple(int(key) for key in excluded)))

    def with_chi(self, high: int, low: int, front: int) -> list[int]:
        self._check(high, low, front)
        return [int(split) for split in self._hand.with_chi(high, low, front)]

    def front_heavy(self) -> int:
        return int(self._hand.front_heavy())

    def pair_broken(self, split: int) -> int:
        if not 0 <= split < 36_036:
            raise ValueError(f"no split {split}")
        return int(self._hand.pair_broken(split))


#: What the native best_splits writes per hand (kernel_src/module.c, BestSplit).
_BEST: Final = np.dtype(
    [
        ("high", "<i2"),
        ("low", "<i2"),
        ("front", "<i2"),
        ("natural_hint", "<i2"),
        ("value", "<f8"),
        ("played", "<f8"),
        ("fouled", "<f8"),
    ]
)

#: dtype and shape (-1: the rule of that name) of every table array.
_SHAPES: Final = {
    "class_of_id5": (np.int32, (14_380,)),
    "class_of_id3": (np.int32, (455,)),
    "front_floor": (np.int32, ("n3",)),
    "split_first": (np.uint16, (36_036,)),
    "split_second": (np.uint16, (36_036,)),
    "split_front": (np.uint16, (36_036,)),
    "fives": (np.uint8, (1287, 5)),
    "threes": (np.uint8, (286, 3)),
    "offsets5": (np.int32, (5, 13)),
    "offsets3": (np.int32, (3, 13)),
    "screen_back": (np.float64, ("n5", 8)),
    "screen_middle": (np.float64, ("n5", 8)),
    "screen_front": (np.float64, ("n3", 8)),
    "value_back": (np.int32, ("n5",)),
    "value_middle": (np.int32, ("n5",)),
    "value_front": (np.int32, ("n3",)),
    "strong_back": (np.int64, ("n5",)),
    "strong_middle": (np.int64, ("n5",)),
    "strong_front": (np.int64, ("n3",)),
    "natural_payout": (np.int32, (256,)),
    "holds": (np.uint64, (52, "words")),
    "bank_rows": (np.int16, ("bank_size", "bank_width")),
}


def check_tables(tables: ModelTables) -> None:
    """Every array of ``tables`` has the dtype and shape the kernel reads, C order."""
    rules = dict(tables.rules)
    sizes = {**rules, "words": (int(rules["bank_size"]) + 63) // 64}
    for name, (dtype, shape) in _SHAPES.items():
        array = tables.arrays[name]
        expected = tuple(int(sizes[part]) if isinstance(part, str) else part for part in shape)
        if array.dtype != dtype or array.shape != expected or not array.flags.c_contiguous:
            raise ValueError(f"table {name} is {array.dtype} {array.shape}, not {np.dtype(dtype)} {expected}")
    classes = tables.arrays["bank_rows"][:, :3]
    if len(classes) and (
        classes.min() < 0 or classes[:, :2].max() >= rules["n5"] or classes[:, 2].max() >= rules["n3"]
    ):
        raise ValueError("table bank_rows holds classes out of range")


class CompiledKernel:
    """The compiled kernel (the default)."""

    name: Final = "compiled"

    def __init__(self) -> None:
        try:  # optional: the reference runs without it
            compiled_kernel = importlib.import_module(f"{__package__}.compiled_kernel")
        except ImportError as error:
            raise KernelUnavailable(
                "the compiled kernel (maubinh_api.strategy.compiled_kernel) is not built: run `make` "
                "(or `python setup.py build_ext --inplace`), or set MAUBINH_KERNEL=reference to run the "
                f"NumPy reference, about five times slower ({error})"
            ) from error
        self._module = compiled_kernel
        self._models: weakref.WeakKeyDictionary[ModelTables, Any] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def _model(self, tables: ModelTables) -> Any:
        with self._lock:
            model = self._models.get(tables)
            if model is None:
                check_tables(tables)
                model = self._module.Model(dict(tables.arrays), dict(tables.rules))
                self._models[tables] = model
            return model

    def best_splits(
        self, tables: ModelTables, hands: Hands, *, opponents: int, played: Played | None = None
    ) -> BestSplits:
        rows = np.ascontiguousarray(hands, dtype=np.uint8)
        if rows.ndim != 2 or rows.shape[1] != 13:
            raise ValueError(f"hands must be rows of 13 card indices, not of shape {rows.shape}")
        if len(rows) and (rows.max() > 51 or not bool(np.all(np.diff(rows.astype(np.int16), axis=1) > 0))):
            raise ValueError("each hand must be 13 distinct card indices 0-51 in increasing order")
        check_opponents(opponents)
        arguments = [self._model(tables), rows.tobytes(), opponents, tables.bank is not None]
        if played is not None:
            chi = np.ascontiguousarray(played, dtype=np.int16)
            n5, n3 = int(tables.rules["n5"]), int(tables.rules["n3"])
            if chi.shape != (len(rows), 3) or tables.bank is None:
                raise ValueError("played needs the three classes of one arrangement per hand, and a bank")
            if len(chi) and (chi.min() < 0 or chi[:, :2].max() >= n5 or chi[:, 2].max() >= n3):
                raise ValueError("the arrangements played have chi classes out of range")
            arguments.append(chi.tobytes())
        table = np.frombuffer(self._module.best_splits(*arguments), dtype=_BEST)
        return BestSplits(
            high=table["high"].copy(),
            low=table["low"].copy(),
            front=table["front"].copy(),
            natural_hint=table["natural_hint"] != 0,
            value=table["value"].copy(),
            played=None if played is None else table["played"].copy(),
            fouled=None if played is None else table["fouled"].copy(),
        )

    def hand(
        self, tables: ModelTables, cards: tuple[int, ...], *, opponents: int, shortlist: int, field: bool
    ) -> CompiledHand:
        check_hand_arguments(cards, opponents, shortlist)
        if field and tables.bank is None:
            raise ValueError("these tables have no hand bank, so no field")
        hand = self._module.Hand(self._model(tables), bytes(cards), opponents, shortlist, field)
        return CompiledHand(hand, int(tables.rules["n5"]), int(tables.rules["n3"]))


@functools.cache
def kernel_named(name: str) -> Kernel:
    """The kernel of that name (``compiled`` or ``reference``), one per process."""
    if name == "compiled":
        return CompiledKernel()
    if name == "reference":
        return ReferenceKernel()
    raise KernelUnavailable(f"{KERNEL_ENV} must be one of {', '.join(KERNEL_NAMES)}, not {name!r}")


def active_kernel() -> Kernel:
    """The kernel ``MAUBINH_KERNEL`` chooses (default ``compiled``)."""
    return kernel_named(os.environ.get(KERNEL_ENV, "compiled").strip() or "compiled")
