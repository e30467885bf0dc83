"""The 72,072 ways to set 13 cards as back 5, middle 5 and front 3.

Splits are described by positions 0-12 in a hand, so the tables here are
built once and serve every hand: ``FIVES`` lists the 1,287 five-position
subsets, ``THREES`` the 286 three-position subsets, and ``BACK``, ``MIDDLE``,
``FRONT`` give, for each split, the row of ``FIVES``/``THREES`` that forms
each chi.  Evaluating a hand's 1,287 five-card and 286 three-card subsets
once and indexing with these arrays scores every split without evaluating
any chi twice.

>>> int(ORDERED_SPLITS), FIVES.shape, THREES.shape
(72072, (1287, 5), (286, 3))
>>> sorted(set(FIVES[BACK[0]]) | set(FIVES[MIDDLE[0]]) | set(THREES[FRONT[0]])) == list(range(13))
True
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["BACK", "FIVES", "FRONT", "MIDDLE", "ORDERED_SPLITS", "THREES"]

IndexArray = npt.NDArray[np.intp]


def _build() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], IndexArray, IndexArray, IndexArray]:
    fives = list(combinations(range(13), 5))
    threes = list(combinations(range(13), 3))
    five_row = {sum(1 << p for p in subset): row for row, subset in enumerate(fives)}
    three_row = {sum(1 << p for p in subset): row for row, subset in enumerate(threes)}
    full = (1 << 13) - 1
    back, middle, front = [], [], []
    for back_row, back_positions in enumerate(fives):
        back_mask = sum(1 << p for p in back_positions)
        rest = [p for p in range(13) if not back_mask >> p & 1]
        for middle_positions in combinations(rest, 5):
            middle_mask = sum(1 << p for p in middle_positions)
            back.append(back_row)
            middle.append(five_row[middle_mask])
            front.append(three_row[full & ~back_mask & ~middle_mask])
    return (
        np.array(fives, dtype=np.uint8),
        np.array(threes, dtype=np.uint8),
        np.array(back, dtype=np.intp),
        np.array(middle, dtype=np.intp),
        np.array(front, dtype=np.intp),
    )


FIVES, THREES, BACK, MIDDLE, FRONT = _build()
ORDERED_SPLITS: Final = len(BACK)
