"""Errors raised by the rules for bad input.

Every error is a ``ValueError`` that carries a *path*: the position of the
offending value inside whatever the caller passed (``('back', 2)`` is the
third card of the back chi).  Callers that wrap the input in a larger
document prepend their own location with :meth:`RuleError.at`, so the HTTP
layer can turn the path into a JSON pointer without knowing any rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

PathPart = str | int
Path = tuple[PathPart, ...]


def pointer(path: Sequence[PathPart]) -> str:
    """Render a path as an RFC 6901 JSON pointer.

    >>> pointer(('arrangement', 'back', 2))
    '/arrangement/back/2'
    >>> pointer(())
    ''
    """
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


class RuleError(ValueError):
    """Input the rules cannot accept, with the path of the offending value."""

    def __init__(self, message: str, *, path: Sequence[PathPart] = ()) -> None:
        super().__init__(message)
        self.path: Path = tuple(path)

    @property
    def detail(self) -> str:
        """The human-readable explanation (what ``str(error)`` gives)."""
        return str(self)

    def at(self, *prefix: PathPart) -> Self:
        """A copy of this error located inside ``prefix``."""
        # Exceptions with keyword-only constructors do not survive copy.copy.
        moved = type(self).__new__(type(self))
        moved.__dict__.update(self.__dict__)
        moved.args = self.args
        moved.path = tuple(prefix) + self.path
        return moved


class CardError(RuleError):
    """A value that is not a card in any accepted notation."""

    def __init__(self, message: str, *, value: object = None, path: Sequence[PathPart] = ()) -> None:
        super().__init__(message, path=path)
        self.value = value


class CardCountError(RuleError):
    """A chi, a hand or a list with the wrong number of cards."""


class DuplicateCardError(RuleError):
    """The same card used twice.  The path points at the second occurrence;
    ``paths`` holds every occurrence so the message can name them all."""

    def __init__(self, *, card_text: str, paths: Sequence[Path]) -> None:
        self.card_text = card_text
        self.paths: tuple[Path, ...] = tuple(paths)
        super().__init__(self._message(), path=self.paths[-1])

    def _message(self) -> str:
        where = " and ".join(pointer(path) or "/" for path in self.paths)
        return f"card {self.card_text} appears twice: at {where}"

    def at(self, *prefix: PathPart) -> Self:
        moved = super().at(*prefix)
        moved.paths = tuple(tuple(prefix) + path for path in self.paths)
        moved.args = (moved._message(),)
        return moved


class VariantError(RuleError):
    """An unknown preset, an unknown knob or a knob value out of range."""
