"""Keep freed memory in the process (glibc's malloc tuning).

The optimiser works on arrays of 36,036 splits: a few megabytes of numpy
temporaries per request, freed at its end.  By default glibc hands such
memory back to the kernel (trimming the heap, unmapping large blocks) and
the next request takes it again, page fault by page fault, which costs more
than the arithmetic.  Raising the trim and mmap thresholds keeps those
pages in the process (bounded by ``trim_threshold``).  Has no effect, and
does no harm, where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools

_M_TRIM_THRESHOLD = -1
_M_TOP_PAD = -2
_M_MMAP_THRESHOLD = -3


@functools.cache
def keep_freed_memory(trim_threshold: int = 64 << 20, mmap_threshold: int = 16 << 20) -> bool:
    """Tune glibc once per process; True when the C library accepted it."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    accepted = mallopt(_M_MMAP_THRESHOLD, mmap_threshold) == 1
    accepted &= mallopt(_M_TRIM_THRESHOLD, trim_threshold) == 1
    accepted &= mallopt(_M_TOP_PAD, 16 << 20) == 1
    return bool(accepted)
