"""A clock for the steps of a request: each wrapped callable's own time (its time less that of the
wrapped callables it called), so that the steps of a request add up to the whole by construction
and what no step names shows as the outermost one's remainder.

>>> clock = StepClock()
>>> class Parts:
...     @staticmethod
...     def inner() -> int:
...         return 1
...     @staticmethod
...     def outer() -> int:
...         return Parts.inner() + 1
>>> clock.wrap(Parts, "inner", "inner")
>>> clock.wrap(Parts, "outer", "outer")
>>> Parts.outer()
2
>>> sorted(clock.spent) == ["inner", "outer"] and clock.total() == sum(clock.spent.values())
True
"""

from __future__ import annotations

import functools
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


class StepClock:
    """Exclusive times per label, over every call of the wrapped callables."""

    def __init__(self) -> None:
        self.spent: defaultdict[str, float] = defaultdict(float)
        self._children: list[float] = []
        self._undo: list[Callable[[], None]] = []

    def timed(self, label: str, original: Callable[..., Any]) -> Callable[..., Any]:
        """``original``, its own time counted under ``label``."""
        children = self._children
        spent = self.spent
        clock = time.perf_counter

        def step(*args: Any, **kwargs: Any) -> Any:
            started = clock()
            children.append(0.0)
            try:
                return original(*args, **kwargs)
            finally:
                took = clock() - started
                spent[label] += took - children.pop()
                if children:
                    children[-1] += took

        try:  # the declarations a framework finds on a view (its attributes) stay found
            return functools.update_wrapper(step, original)
        except AttributeError:
            return step

    def wrap(self, owner: Any, name: str, label: str) -> None:
        """Replace ``owner.name`` by its timed self (undone by :meth:`undo`)."""
        original = getattr(owner, name)
        setattr(owner, name, self.timed(label, original))
        self._undo.append(lambda: setattr(owner, name, original))

    def wrap_each(self, functions: list[Callable[..., Any]], prefix: str) -> None:
        """Time every function of a hook list in place, each under its own name."""
        originals = list(functions)
        functions[:] = [self.timed(f"{prefix} {function.__qualname__}", function) for function in originals]
        self._undo.append(lambda: functions.__setitem__(slice(None), originals))

    def total(self) -> float:
        return sum(self.spent.values())

    def undo(self) -> None:
        while self._undo:
            self._undo.pop()()

    @contextmanager
    def counting(self) -> Iterator[StepClock]:
        """Counts from zero within the block, the wraps undone after it."""
        self.spent.clear()
        try:
            yield self
        finally:
            self.undo()
