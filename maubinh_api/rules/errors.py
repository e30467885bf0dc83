"""Errors raised by the rules for bad input.

Every error is a ``ValueError`` that carries a *path*: the position of the
offending value inside whatever the caller passed (``('back', 2)`` is the
third card of the back chi).  Callers that wrap the input in a larger
document prepend their own location with :meth:`RuleError.at`, so the HTTP
layer can turn the path into a JSON pointer without knowing any rule.

Every error says what is wrong in English and in Vietnamese (``vi``, a
required argument): the HTTP layer answers in the language the client asks
for, with JSON pointers, card texts and field names the same in both.
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
    """Input the rules cannot accept, with the path of the offending value.

    >>> error = RuleError("the bet must be greater than 0, not 0", vi="mức cược phải lớn hơn 0, không phải 0")
    >>> error.detail, error.detail_vi
    ('the bet must be greater than 0, not 0', 'mức cược phải lớn hơn 0, không phải 0')
    """

    def __init__(self, message: str, *, vi: str, path: Sequence[PathPart] = ()) -> None:
        super().__init__(message)
        self.vi = vi
        self.path: Path = tuple(path)

    @property
    def detail(self) -> str:
        """The human-readable explanation (what ``str(error)`` gives)."""
        return str(self)

    @property
    def detail_vi(self) -> str:
        """The same explanation in Vietnamese."""
        return self.vi

    def at(self, *prefix: PathPart) -> Self:
        """A copy of this error located inside ``prefix``."""
        # Exceptions with keyword-only constructors do not survive copy.copy.
        moved = type(self).__new__(type(self))
        moved.__dict__.update(self.__dict__)
        moved.args = self.args
        moved.path = tuple(prefix) + self.path
        return moved

    def __reduce__(self) -> tuple[object, ...]:
        # Nor pickling (an error sent back by a worker process): rebuilt from its state instead.
        return (_restored, (type(self), self.args, dict(self.__dict__)))


def _restored(kind: type[RuleError], args: tuple[object, ...], state: dict[str, object]) -> RuleError:
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error


class CardError(RuleError):
    """A value that is not a card in any accepted notation."""

    def __init__(self, message: str, *, vi: str, value: object = None, path: Sequence[PathPart] = ()) -> None:
        super().__init__(message, vi=vi, path=path)
        self.value = value


class CardCountError(RuleError):
    """A chi, a hand or a list with the wrong number of cards."""


class DuplicateCardError(RuleError):
    """The same card used twice.  The path points at the second occurrence;
    ``paths`` holds every occurrence so the message can name them all."""

    def __init__(self, *, card_text: str, paths: Sequence[Path]) -> None:
        self.card_text = card_text
        self.paths: tuple[Path, ...] = tuple(paths)
        super().__init__(self._message(), vi=self._message_vi(), path=self.paths[-1])

    def _message(self) -> str:
        where = " and ".join(pointer(path) or "/" for path in self.paths)
        return f"card {self.card_text} appears twice: at {where}"

    def _message_vi(self) -> str:
        where = " và ".join(pointer(path) or "/" for path in self.paths)
        return f"lá {self.card_text} xuất hiện hai lần: ở {where}"

    def at(self, *prefix: PathPart) -> Self:
        moved = super().at(*prefix)
        moved.paths = tuple(tuple(prefix) + path for path in self.paths)
        moved.args = (moved._message(),)
        moved.vi = moved._message_vi()
        return moved


class VariantError(RuleError):
    """An unknown preset, an unknown knob or a knob value out of range."""
