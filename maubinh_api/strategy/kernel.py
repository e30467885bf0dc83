"""The model's kernel: the compiled one (C), or the NumPy reference by choice.

A kernel values one hand against one variant's tables
(:mod:`maubinh_api.strategy.kernel_tables`) in a single call: its subsets and
their classes, its legal splits and their screening values, the shortlists of distinct splits (by
screen and by the ``strongest`` ranking), and its field in the hand bank.
The :class:`KernelHand` it returns then settles arrangements exactly and
answers what the analysis and the bots ask of the splits.

:class:`Kernel` and :class:`KernelHand` are the one description of what a
kernel does; ``compiled_kernel.pyi`` types the native module the compiled
kernel's wrapper calls (mypy checks the wrapper against it), and the native
module itself says how its tables and answers are laid out (its ``Tables``
checks every array it is given; ``BEST_SPLIT_LAYOUT`` is the layout of what
``best_splits`` writes), so Python restates neither.

Two kernels answer the same (``tests/strategy/test_kernel.py``):

* ``compiled``, the default: ``maubinh_api.strategy.compiled_kernel``, built
  from ``kernel_src/*.c`` by the package's build (``make`` does it; see
  docs/strategy.md).  The C code checks the tables and every argument, once,
  at the boundary no caller can go around; this wrapper converts and reshapes;
* ``reference``: :mod:`maubinh_api.strategy.reference`, about five times
  slower, for a platform without a C compiler: ``MAUBINH_KERNEL=reference``.

Without the compiled module and without that choice, :func:`active_kernel`
raises :class:`KernelUnavailable`: the service refuses to start rather than
fall back, unnoticed, to the slow path.

>>> from maubinh_api.rules.cards import parse_cards
>>> from maubinh_api.rules.variants import preset
>>> from maubinh_api.strategy.bank import load_bank
>>> from maubinh_api.strategy.odds import odds_for
>>> from maubinh_api.strategy.splits import hand_indices
>>> from maubinh_api.strategy.kernel_tables import kernel_tables
>>> tables = kernel_tables(preset("classic"), odds=odds_for(preset("classic")), bank=load_bank("classic"))
>>> cards = hand_indices(parse_cards('As Ks Qs Js Ts 9h 9d 9c 8c 7c 2d 2c 3h'.split()))
>>> hand = active_kernel().hand(tables, cards, opponents=3, shortlist=12, field=True)
>>> hand.legal, len(hand.shortlist())
(20894, 12)
"""

from __future__ import annotations

import functools
import os
import threading
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Protocol

import numpy as np
import numpy.typing as npt

from .kernel_tables import KernelTables
from .reference import ReferenceKernel
from .splits import UNORDERED_SPLITS, BestSplits, Hands, LegalSplits, Played

if TYPE_CHECKING:  # optional at run time: the reference runs without it
    from . import compiled_kernel

__all__ = [
    "KERNEL_ENV",
    "KERNEL_NAMES",
    "MAX_PICKS",
    "CompiledKernel",
    "Kernel",
    "KernelHand",
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


class KernelHand(Protocol):
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
        self, tables: KernelTables, hands: Hands, *, opponents: int, shortlist: int, played: Played | None = None
    ) -> BestSplits:
        """The best split of each hand's shortlist of ``shortlist`` (rows of 13 card indices,
        sorted), valued against its field when ``tables`` has a bank; with
        ``played`` (rows of the three classes of an arrangement of each hand),
        also what that arrangement and a foul are worth."""

    def hand(
        self, tables: KernelTables, cards: tuple[int, ...], *, opponents: int, shortlist: int, field: bool
    ) -> KernelHand:
        """Value a hand (13 card indices, sorted) against ``tables``."""


class KernelUnavailable(RuntimeError):
    """The compiled kernel is not built, and the reference was not chosen."""


class CompiledHand:
    """A hand of the compiled kernel, typed: the native code checks every argument (once, at the
    boundary no caller can go around), so this wrapper only converts and reshapes."""

    __slots__ = ("_hand",)

    def __init__(self, hand: compiled_kernel.Hand) -> None:
        self._hand = hand

    @property
    def legal(self) -> int:
        return self._hand.legal

    @property
    def natural_hint(self) -> bool:
        return self._hand.natural_hint

    @property
    def field_size(self) -> int:
        return self._hand.field_size

    @property
    def plays(self) -> int:
        return self._hand.plays

    def shortlist(self) -> tuple[Pick, ...]:
        return self._hand.shortlist()

    def strongest(self, count: int) -> tuple[StrongPick, ...]:
        return self._hand.strongest(count)

    def exact(self, chi: Sequence[Chi]) -> list[float]:
        return self._hand.exact(self._checked(chi))

    def screen(self, chi: Sequence[Chi]) -> list[float]:
        return self._hand.screen(self._checked(chi))

    def _checked(self, chi: Sequence[Chi]) -> list[Chi]:
        return [(int(high), int(low), int(front)) for high, low, front in chi]  # the native code checks each

    def outlook(self, high: int, low: int, front: int) -> tuple[int, ...]:
        return self._hand.outlook(high, low, front)

    def fouled(self) -> tuple[int, int, int, int, int]:
        return self._hand.fouled()

    def natural(self, mine: int, payout: int) -> int:
        return self._hand.natural(mine, payout)

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
        return self._hand.distinct()

    def count_above(self, threshold: float, gap: float, excluded: tuple[int, ...]) -> int:
        return self._hand.count_above(float(threshold), float(gap), tuple(int(key) for key in excluded))

    def with_chi(self, high: int, low: int, front: int) -> list[int]:
        return self._hand.with_chi(high, low, front)

    def front_heavy(self) -> int:
        return self._hand.front_heavy()

    def pair_broken(self, split: int) -> int:
        return self._hand.pair_broken(split)


class CompiledKernel:
    """The compiled kernel (the default)."""

    name: Final = "compiled"

    def __init__(self) -> None:
        try:  # optional: the reference runs without it
            from . import compiled_kernel  # noqa: PLC0415 - optional: imported only when this kernel is chosen
        except ImportError as error:
            raise KernelUnavailable(
                "the compiled kernel (maubinh_api.strategy.compiled_kernel) is not built: run `make` "
                "(or `python setup.py build_ext --inplace`), or set MAUBINH_KERNEL=reference to run the "
                f"NumPy reference, about five times slower ({error})"
            ) from error
        if compiled_kernel.MAX_PICKS != MAX_PICKS or compiled_kernel.UNORDERED_SPLITS != UNORDERED_SPLITS:
            raise KernelUnavailable("the compiled kernel was built from other sources: rebuild it (`make kernel`)")
        self._module = compiled_kernel
        fields, size = compiled_kernel.BEST_SPLIT_LAYOUT
        self._best = np.dtype(
            {
                "names": [name for name, _, _ in fields],
                "formats": [layout for _, layout, _ in fields],
                "offsets": [offset for _, _, offset in fields],
                "itemsize": size,
            }
        )
        self._native: weakref.WeakKeyDictionary[KernelTables, compiled_kernel.Tables] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def native_tables(self, tables: KernelTables) -> compiled_kernel.Tables:
        """The native copy of ``tables`` (built, and checked by the native code, once)."""
        with self._lock:
            native = self._native.get(tables)
            if native is None:
                native = self._module.Tables(dict(tables.arrays), dict(tables.rules))
                self._native[tables] = native
            return native

    def best_splits(
        self, tables: KernelTables, hands: Hands, *, opponents: int, shortlist: int, played: Played | None = None
    ) -> BestSplits:
        # The native code checks every value (the cards' order and range, the counts, the classes);
        # here only the shapes it cannot see in flat bytes, and that nothing wraps around in uint8.
        given = np.asarray(hands)
        if given.ndim != 2 or given.shape[1] != 13 or (given.size and (given.min() < 0 or given.max() > 255)):
            raise ValueError(f"hands must be rows of 13 card indices, not of shape {given.shape}")
        rows = np.ascontiguousarray(given, dtype=np.uint8)
        native, field = self.native_tables(tables), tables.bank is not None
        chi_bytes = None
        if played is not None:
            chi = np.asarray(played)
            if chi.shape != (len(rows), 3) or (chi.size and (chi.min() < -(1 << 15) or chi.max() >= 1 << 15)):
                raise ValueError("played needs the three classes of one arrangement per hand")
            chi_bytes = np.ascontiguousarray(chi, dtype=np.int16).tobytes()
        cards = rows.tobytes()
        answer = (
            self._module.best_splits(native, cards, opponents, shortlist, field)
            if chi_bytes is None
            else self._module.best_splits(native, cards, opponents, shortlist, field, chi_bytes)
        )
        table = np.frombuffer(answer, dtype=self._best)
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
        self, tables: KernelTables, cards: tuple[int, ...], *, opponents: int, shortlist: int, field: bool
    ) -> CompiledHand:
        if field and tables.bank is None:
            raise ValueError("these tables have no hand bank, so no field")
        hand = self._module.Hand(self.native_tables(tables), bytes(cards), opponents, shortlist, field)
        return CompiledHand(hand)


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
