"""The hand bank: opponents' hands dealt once and set by the service's own ``ev``.

Expected points must be those of real play (docs/rules.md, "How `ev` values a split"): against opponents
dealt from the 39 cards the player does not hold, who set their hands as the
service does.  The bank holds a few hundred thousand random 13-card deals
and, per preset, the chi each one was set to (by :mod:`maubinh_api.strategy.
optimiser`, see :mod:`maubinh_api.strategy.bank_build`).  For a player's 13
cards, the bank hands that share none of them are exactly a sample of the
hands an opponent can be dealt from the other 39 cards: a random hand misses
13 given cards with probability C(39,13) / C(52,13), about 1.28 %, so a bank
of 400,000 deals leaves about 5,100 opponents for any hand.  Their chi carry
card removal and the joint behaviour of the three positions as they are.

Finding them is one OR of 13 bit sets (one per card, a bit per bank hand).

>>> bank = load_bank("classic")
>>> from maubinh_api.rules.cards import parse_cards
>>> rows = bank.survivors(parse_cards('As Ks Qs Js Ts 9h 9d 9c 8c 7c 2d 2c 3h'.split()))
>>> 4_000 < len(rows) < 6_500
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..rules.cards import Card
from .npz import pack, unpack

__all__ = ["BANK_VERSION", "NO_NATURAL", "BankSettings", "Deals", "HandBank", "load_bank", "load_deals"]

BANK_VERSION: Final = 1
#: ``natural`` of a bank hand that declares none.
NO_NATURAL: Final = 255

U16 = npt.NDArray[np.uint16]
Index = npt.NDArray[np.intp]


@dataclass(frozen=True, eq=False)
class Deals:
    """The bank's deals: ``cards[i]`` the 13 card indices (0-51, sorted) of hand i."""

    cards: npt.NDArray[np.uint8]
    meta: dict[str, Any]

    @functools.cached_property
    def holds(self) -> npt.NDArray[np.uint64]:
        """Bit i of row c: hand i holds card c (52 rows of little-endian words)."""
        count = len(self.cards)
        holds = np.zeros((52, count), dtype=np.bool_)
        holds[self.cards.reshape(-1), np.repeat(np.arange(count), 13)] = True
        packed = np.packbits(holds, axis=1, bitorder="little")
        pad = (-packed.shape[1]) % 8
        words = np.ascontiguousarray(np.pad(packed, ((0, 0), (0, pad))).view(np.uint64))
        words.flags.writeable = False
        return words

    def save(self) -> bytes:
        return pack(self.meta, cards=self.cards)

    @classmethod
    def load(cls, data: bytes) -> Deals:
        arrays, meta = unpack(data)
        return cls(cards=arrays["cards"], meta=meta)

    @classmethod
    def deal(cls, count: int, seed: int) -> Deals:
        """``count`` seeded random hands (the same seed deals the same hands)."""
        rng = np.random.default_rng(seed)
        chunks = []
        for start in range(0, count, 50_000):
            size = min(50_000, count - start)
            keys = rng.random((size, 52))
            chunks.append(np.sort(np.argpartition(keys, 13, axis=1)[:, :13], axis=1).astype(np.uint8))
        return cls(cards=np.concatenate(chunks), meta={"bank_version": BANK_VERSION, "count": count, "seed": seed})


@dataclass(frozen=True)
class BankSettings:
    """How a preset's players set the bank's deals.

    Per hand: the wheel-independent class ids of the back and middle (5-card
    ids, see :mod:`maubinh_api.strategy.classes`) and the front (3-card ids)
    of the arrangement set; the natural declared (index in ``NATURAL_KEYS``,
    or ``NO_NATURAL``); and how often the hand scoops, or is scooped by, a
    random other hand of the bank (needed for sập làng, where a pair's
    multiplier depends on the other opponents too)."""

    back: U16
    middle: U16
    front: U16
    natural: npt.NDArray[np.uint8]
    scoops: npt.NDArray[np.float32]
    scooped: npt.NDArray[np.float32]
    meta: dict[str, Any]

    def save(self) -> bytes:
        return pack(
            self.meta,
            back=self.back,
            middle=self.middle,
            front=self.front,
            natural=self.natural,
            scoops=self.scoops.astype(np.float16),
            scooped=self.scooped.astype(np.float16),
        )

    @classmethod
    def load(cls, data: bytes) -> BankSettings:
        arrays, meta = unpack(data, version=("bank_version", BANK_VERSION, "hand bank"))
        return cls(
            back=arrays["back"],
            middle=arrays["middle"],
            front=arrays["front"],
            natural=arrays["natural"],
            scoops=arrays["scoops"].astype(np.float32),
            scooped=arrays["scooped"].astype(np.float32),
            meta=meta,
        )


class HandBank:
    """The deals with one preset's settings, and the per-card bit sets that
    find the hands a player's cards leave possible."""

    def __init__(self, deals: Deals, settings: BankSettings) -> None:
        count = len(deals.cards)
        if len(settings.back) != count:
            raise ValueError(f"settings for {len(settings.back):,} hands, but {count:,} deals")
        self.deals = deals
        self.settings = settings
        self.size = count

    @property
    def holds(self) -> npt.NDArray[np.uint64]:
        """Bit i of row c: bank hand i holds card c (shared by every preset's bank)."""
        return self.deals.holds

    def survivors(self, cards: Iterable[Card]) -> Index:
        """Rows of the bank hands that hold none of ``cards``."""
        indices = np.fromiter((card.index for card in cards), dtype=np.intp)
        taken = np.bitwise_or.reduce(np.take(self.holds, indices, axis=0), axis=0)
        free = np.unpackbits(np.invert(taken).view(np.uint8), bitorder="little", count=self.size)
        rows: Index = np.flatnonzero(free.view(np.bool_))
        return rows


@functools.cache
def load_deals(root: Path | None = None) -> Deals:
    """The deals of the model whose files are under ``root`` (the shipped model's by default)."""
    return Deals.load(_root(root).joinpath("bank", "deals.npz").read_bytes())


@functools.cache
def load_bank(preset_name: str, root: Path | None = None) -> HandBank:
    """The bank of a preset, of the model whose files are under ``root`` (the shipped one by default)."""
    data = _root(root).joinpath("bank", f"{preset_name}.npz").read_bytes()
    return HandBank(load_deals(root), BankSettings.load(data))


def _root(root: Path | None) -> Path:
    return root if root is not None else Path(str(resources.files(__package__)))
