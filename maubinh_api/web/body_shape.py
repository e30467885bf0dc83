"""What no operation accepts, found from a body's bytes before it is parsed, and while it is read.

No object this API reads has more than a few dozen members, no request more than a
few thousand members or a few tens of thousands of values, none nests deeper than
seven levels, and no text (a card, an id, a bet, a name) has more than a few dozen
characters.  A body beyond those bounds is refused cheaply, before it is validated
member by member or even parsed: a megabyte of 60,000 unknown fields, or of 480,000
nested empty arrays, would otherwise cost the service half a second or more.  A text
holding a NUL or a lone surrogate (``"\\ud800"``, which JSON allows and UTF-8 cannot
carry) is refused the same way, before it can reach a rule, a log line or an answer.

**Before parsing** (:func:`refuse_by_bytes`): the depth, the values and the members of
a body are counted from its bytes, outside its strings (an escaped quote is found by
the backslashes before it), with NumPy: about 17 ms for the worst megabyte
(bench/hostile_input.py), a few hundred microseconds for a batch of 1,000 chi, and
nothing but two ``bytes.count`` for a small body, whose size alone bounds its values.
**While parsing**, the JSON reader's hook (:func:`members`) stands in for an object of
more than ``MAX_MEMBERS`` members.  **After** (:func:`check`), the texts are looked at
only when the bytes hold a suspect escape (``\\u0000``, a surrogate) or a string longer
than any text allowed, so a usual body costs nothing more.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..rules.errors import ErrorCode, PathPart, pointer
from ..rules.texts import NOTHING, Text, words
from .problems import InvalidValue, Problem

#: Members of one object: the largest this API reads (a variant's knobs) has 18.
MAX_MEMBERS: Final = 64
#: Members of all the objects of one body: a batch of 200 four-seat tables, each with a variant of
#: every knob, has about 14,000.
MAX_BODY_MEMBERS: Final = 20_000
#: Values (every text, number, true, false, null, array and object) of one body: that batch has
#: about 27,000 (tests/web/test_body_shape.py builds the largest request of each operation).
MAX_BODY_VALUES: Final = 40_000
#: Levels of arrays and objects: the deepest request (a card of a player of a table of a batch)
#: nests seven.
MAX_DEPTH: Final = 16
#: Characters of any text, a member's name or a value: the longest the API reads is a
#: variant's fingerprint (71).
MAX_TEXT: Final = 256
#: Places named in one refusal.
NAMED: Final = 10

_SURROGATE: Final = re.compile("[\ud800-\udfff]")
#: An escape that may write a NUL or a surrogate (a pair of them is a character, and is let through).
_SUSPECT_ESCAPE: Final = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")
_QUOTE, _BACKSLASH, _COLON = ord('"'), ord("\\"), ord(":")
_OPENS: Final = (ord("["), ord("{"))
#: Every byte but those of the structure and the first of each scalar (digits and the minus sign of a
#: number, the t, f and n of true, false and null), deleted with ``bytes.translate`` (C speed).
_KEPT: Final = b'[]{},:"-0123456789tfn'
_NOT_KEPT: Final = bytes(byte for byte in range(256) if byte not in _KEPT)
#: +1 for an opening bracket, -1 for a closing one, by byte.
_STEP: Final = np.zeros(256, dtype=np.int8)
_STEP[list(_OPENS)] = 1
_STEP[[ord("]"), ord("}")]] = -1
#: The bytes a scalar is written with, once the others are deleted (a number's ``.``, ``e`` and ``+``,
#: and ``rue``, ``alse`` and ``ull``, are): a run of them is one scalar.
_SCALAR: Final = np.zeros(256, dtype=bool)
_SCALAR[list(b"-0123456789tfn")] = True


@dataclass(frozen=True, slots=True)
class Shape:
    """What a body's bytes say of it, outside its strings (exact for a body that is JSON)."""

    depth: int  #: the deepest nesting of arrays and objects
    values: int  #: every value, the body itself included
    members: int  #: the members of all its objects
    longest: int  #: bytes of its longest string (at most its characters times six)


class Crowded(dict[str, Any]):
    """An object of more members than any object this API reads: its first members, and how many."""

    count: int = 0


def crowded(pairs: list[tuple[str, Any]]) -> Crowded | None:
    """A :class:`Crowded` stand-in for an object of too many members (refused by :func:`check`,
    its first members named), else None (the reader then builds the object itself)."""
    if len(pairs) <= MAX_MEMBERS:
        return None
    crowded = Crowded(pairs[:3])
    crowded.count = len(pairs)
    return crowded


def shape_of(raw: bytes) -> Shape:
    """The depth, values, members and longest string of a body, from its bytes."""
    whole = np.frombuffer(raw, dtype=np.uint8)
    quotes = np.flatnonzero(whole == _QUOTE)
    if quotes.size and b"\\" in raw:
        escaped = _escaped(whole, quotes)
        if escaped.any():  # an escaped quote is a character of a string: out of the structure's way
            plain = whole.copy()
            plain[quotes[escaped]] = ord("_")
            raw, quotes = plain.tobytes(), quotes[~escaped]
    pairs = quotes[: quotes.size // 2 * 2].reshape(-1, 2)
    longest = int((pairs[:, 1] - pairs[:, 0]).max()) - 1 if pairs.size else 0
    marks = np.frombuffer(raw.translate(None, _NOT_KEPT), dtype=np.uint8)
    if quotes.size:  # what lies between a quote and the next is a string's
        quote = marks == _QUOTE
        marks = marks[((np.cumsum(quote, dtype=np.int32) & 1) == 0) & ~quote]
    depth = int(np.cumsum(_STEP[marks], dtype=np.int32).max()) if marks.size else 0
    counts = np.bincount(marks, minlength=128)
    scalar = _SCALAR[marks]
    scalars = int(scalar[0]) + int(np.count_nonzero(scalar[1:] & ~scalar[:-1])) if marks.size else 0
    members = int(counts[_COLON])
    # Every string is a value but a member's name; every array and object is one.
    values = quotes.size // 2 - members + int(counts[_OPENS[0]] + counts[_OPENS[1]]) + scalars
    return Shape(depth=max(depth, 0), values=values, members=members, longest=longest)


def _escaped(whole: npt.NDArray[np.uint8], quotes: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
    """Which quotes are escaped: those right after an odd run of backslashes."""
    slashes = np.flatnonzero(whole == _BACKSLASH)
    starts = np.ones(slashes.size, dtype=bool)
    starts[1:] = np.diff(slashes) != 1
    run_start = np.maximum.accumulate(np.where(starts, np.arange(slashes.size), 0))
    before = np.searchsorted(slashes, quotes) - 1  # the last backslash before each quote
    last = np.maximum(before, 0)
    odd_run = ((last - run_start[last]) & 1) == 0
    result: npt.NDArray[np.bool_] = (before >= 0) & (slashes[last] == quotes - 1) & odd_run
    return result


def refuse_by_bytes(raw: bytes) -> Shape:
    """Refuse a body whose bytes nest, count or hold more than any request does (a 422 naming the
    bound), before it is parsed; else its shape (for a body under 2 KiB with few brackets, only the
    longest stretch between two quotes, as ``longest``: the rest is not worked out, and is 0)."""
    if len(raw) < 2048 and raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        # A small body: it cannot nest or hold too much.
        return Shape(depth=0, values=0, members=0, longest=max(map(len, raw.split(b'"'))))
    shape = shape_of(raw)
    if shape.depth > MAX_DEPTH:
        raise _beyond(
            words(
                "the body nests {depth} levels of arrays and objects; no request of this API nests more than {limit}",
                depth=format(shape.depth, ","),
                limit=MAX_DEPTH,
            )
        )
    if shape.members > MAX_BODY_MEMBERS:
        raise too_many_members(shape.members, _first_names(raw))
    if shape.values > MAX_BODY_VALUES:
        raise _beyond(
            words(
                "the body holds {count} values in its arrays and objects; no request of this API holds more than "
                "{limit}: unknown fields are not read, and batches have their own bounds",
                count=format(shape.values, ","),
                limit=format(MAX_BODY_VALUES, ","),
            )
        )
    return shape


def _beyond(said: Text) -> Problem:
    return Problem.invalid([InvalidValue("", said, ErrorCode.BODY_SHAPE)])


def too_many_members(count: int, first: list[str]) -> Problem:
    """The 422 of a body whose objects hold more members than any request (``count`` of them, the
    ``first`` named)."""
    names = ", ".join(repr(shown_name(name)) for name in first)
    named = words(" (the first: {names})", names=names) if first else NOTHING
    return _beyond(
        words(
            "the body holds {count} members in its objects{named}; no request of this API holds more than "
            "{limit}: unknown fields are not read, and batches have their own bounds",
            count=format(count, ","),
            named=named,
            limit=format(MAX_BODY_MEMBERS, ","),
        )
    )


_MEMBER_NAME: Final = re.compile(rb'"((?:[^"\\]|\\.){0,64})"\s*:')


def _first_names(raw: bytes) -> list[str]:
    """The names of a body's first three members, as its bytes write them."""
    names = (found.group(1).decode("utf-8", "replace") for found in _MEMBER_NAME.finditer(raw))
    return list(itertools.islice(names, 3))


def check(raw: bytes, body: dict[str, Any], longest: int, *, crowded: bool) -> None:
    """A 422 naming the first crowded objects and bad texts of a body, when it has any (``longest``:
    the bytes of its longest string, from :func:`refuse_by_bytes`; ``crowded``: whether the reader
    met an object of too many members)."""
    if not crowded and longest <= MAX_TEXT and _SUSPECT_ESCAPE.search(raw) is None:
        return
    faults = []
    for fault in _faults(body):
        faults.append(fault)
        if len(faults) == NAMED:
            break
    if faults:
        raise Problem.invalid(faults)


def _faults(body: dict[str, Any]) -> Iterator[InvalidValue]:
    """Every crowded object and bad text, in the order of the body."""
    stack: list[tuple[tuple[PathPart, ...], Any]] = [((), body)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            found = _text_fault(path, value)
            if found is not None:
                yield found
        elif isinstance(value, Crowded):
            yield _crowded_fault(path, value)
        elif isinstance(value, dict):
            children: list[tuple[tuple[PathPart, ...], Any]] = []
            for key, item in value.items():
                where = (*path, shown_name(key))
                named = _text_fault(where, key, member=True)
                if named is not None:
                    yield named
                children.append((where, item))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend(reversed([((*path, index), item) for index, item in enumerate(value)]))


def _text_fault(path: tuple[PathPart, ...], text: str, *, member: bool = False) -> InvalidValue | None:
    what = words("the member name") if member else words("the text")
    if len(text) > MAX_TEXT:
        return InvalidValue(
            pointer(path),
            words(
                "{what} has {length} characters; no text this API reads has more than {limit}",
                what=what,
                length=format(len(text), ","),
                limit=MAX_TEXT,
            ),
            ErrorCode.BODY_SHAPE,
        )
    if "\x00" in text:
        return InvalidValue(
            pointer(path),
            words("{what} holds a NUL character (\\u0000), which no text of this API may hold", what=what),
            ErrorCode.BODY_SHAPE,
        )
    lone = _SURROGATE.search(text)
    if lone is not None:
        code = f"\\u{ord(lone.group()):04x}"
        return InvalidValue(
            pointer(path),
            words(
                "{what} holds a lone surrogate ({code}), which is not a character; a character beyond "
                "U+FFFF is sent as a pair of them, such as \\ud83c\\udca1",
                what=what,
                code=code,
            ),
            ErrorCode.BODY_SHAPE,
        )
    return None


def _crowded_fault(path: tuple[PathPart, ...], value: Crowded) -> InvalidValue:
    first = ", ".join(repr(shown_name(key)) for key in value)
    return InvalidValue(
        pointer(path),
        words(
            "an object of {count} members; no object this API reads has more than {limit} (its first: {first})",
            count=format(value.count, ","),
            limit=MAX_MEMBERS,
            first=first,
        ),
        ErrorCode.BODY_SHAPE,
    )


def shown_name(key: str) -> str:
    """A member's name as a pointer and a message may carry it: at most 64 characters, lone
    surrogates and NULs written as escapes."""
    shown = key if len(key) <= 64 else key[:63] + "…"
    if "\x00" in shown or _SURROGATE.search(shown):
        shown = shown.replace("\x00", "\\u0000").encode("utf-8", "backslashreplace").decode("utf-8")
    return shown
