"""A kernel that values each hand in a turn: what the web service runs on, so that no request's
hands hold the kernel while another request waits.

A few threads compute at once (:class:`Turns`), the others wait in the order they came.  A request
that values hands (an optimal arrangement, an analysis, a bot's play, a drill search) takes a turn at
its first hand and keeps it while it runs; before each further hand (or call of ``best_splits``) it
gives the turn up if another request is waiting, and queues again behind it.  So a request of a
hundred hands, or a search of a thousand, never makes another wait for more than a hand at a time,
whoever sent it: a heavy request's slot is held for a hand (a millisecond or two), not for the
request.  The entry point gives the turn up when its request ends (:meth:`Turns.end`).

The web application's composition root wraps its kernel (:class:`KernelInTurns`); a batch worker,
a builder or a test runs the kernel as it is.

>>> turns = Turns(slots=1, wait=1.0)
>>> turns.step()  # the first hand: the turn is free
>>> turns.holding()
True
>>> turns.end()
>>> turns.holding()
False
"""

from __future__ import annotations

import threading
import time
from collections import deque

from ..strategy.kernel import Kernel, KernelHand
from ..strategy.kernel_tables import KernelTables
from ..strategy.splits import BestSplits, Hands, Played

__all__ = ["KernelInTurns", "TurnTimeout", "Turns"]


class TurnTimeout(Exception):
    """No turn came within the wait: the process is busy with other requests' hands."""

    def __init__(self, waited: float) -> None:
        super().__init__(f"no turn at the kernel within {waited:g} s")
        self.waited = waited


class Turns:
    """At most ``slots`` threads hold a turn; the others wait, first come first served, at most
    ``wait`` seconds each time (:class:`TurnTimeout` beyond)."""

    def __init__(self, slots: int, wait: float) -> None:
        if slots < 1 or wait <= 0:
            raise ValueError("turns need a slot at least and a wait above 0")
        self.slots = slots
        self._wait = wait
        self._holders: set[int] = set()
        self._waiting: deque[int] = deque()
        self._changed = threading.Condition()

    def step(self) -> None:
        """Before a step of work: take a turn, or keep the one held when nobody waits for it (else
        give it up and queue behind those waiting)."""
        me = threading.get_ident()
        with self._changed:
            if me in self._holders:
                if not self._waiting:
                    return
                self._holders.discard(me)
                self._changed.notify_all()
            self._waiting.append(me)
            deadline = time.monotonic() + self._wait
            while len(self._holders) >= self.slots or self._waiting[0] != me:
                left = deadline - time.monotonic()
                if left <= 0:
                    self._waiting.remove(me)
                    self._changed.notify_all()
                    raise TurnTimeout(self._wait)
                self._changed.wait(left)
            self._waiting.popleft()
            self._holders.add(me)
            self._changed.notify_all()  # a slot may still be free for the next in line

    def end(self) -> None:
        """The work is done: give the turn up, if held."""
        me = threading.get_ident()
        with self._changed:
            if me in self._holders:
                self._holders.discard(me)
                self._changed.notify_all()

    def holding(self) -> bool:
        """Whether this thread holds a turn."""
        with self._changed:
            return threading.get_ident() in self._holders

    def waiting(self) -> int:
        """Threads waiting for a turn now."""
        with self._changed:
            return len(self._waiting)


class KernelInTurns:
    """``kernel``, each of whose hands is valued in a turn of ``turns``."""

    def __init__(self, kernel: Kernel, turns: Turns) -> None:
        self._kernel = kernel
        self.turns = turns

    @property
    def name(self) -> str:
        return self._kernel.name

    def best_splits(
        self, tables: KernelTables, hands: Hands, *, opponents: int, shortlist: int, played: Played | None = None
    ) -> BestSplits:
        self.turns.step()
        return self._kernel.best_splits(tables, hands, opponents=opponents, shortlist=shortlist, played=played)

    def hand(
        self, tables: KernelTables, cards: tuple[int, ...], *, opponents: int, shortlist: int, field: bool
    ) -> KernelHand:
        self.turns.step()
        return self._kernel.hand(tables, cards, opponents=opponents, shortlist=shortlist, field=field)
