"""Keep freed memory in the process, within a bound (glibc's malloc tuning).

The optimiser works on arrays of 36,036 splits: a few megabytes of numpy
temporaries per request, freed at its end.  By default glibc hands such
memory back to the kernel (trimming the heap, unmapping large blocks) and
the next request takes it again, page fault by page fault, which costs more
than the arithmetic.  Raising the trim and mmap thresholds keeps those
pages in the process.

What is kept is kept per *arena*, and glibc gives a thread that finds the
arenas busy one of its own, up to eight per core: a worker's sixteen threads
then held sixteen arenas of kept pages, and a worker grew from 136 MB to 2 GB
under heavy batches.  So the arenas are capped at two (``MALLOC_ARENA_MAX``
when the environment sets it, as deploy/serve.sh does, else ``arenas``): the
pages one request freed are the ones the next request takes, whichever thread
runs it (bench/memory.py: 263 MB a worker at most, against 432 MB uncapped).
Has no effect, and does no harm, where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os

_M_TRIM_THRESHOLD = -1
_M_TOP_PAD = -2
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8


@functools.cache
def keep_freed_memory(
    trim_threshold: int = 64 << 20, mmap_threshold: int = 16 << 20, top_pad: int = 16 << 20, arenas: int = 2
) -> bool:
    """Tune glibc once per process, before its threads start; True when the C library accepted it."""
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
    accepted &= mallopt(_M_TOP_PAD, top_pad) == 1
    if not os.environ.get("MALLOC_ARENA_MAX"):  # glibc read the operator's own at start
        accepted &= mallopt(_M_ARENA_MAX, arenas) == 1
    return bool(accepted)
