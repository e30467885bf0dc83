"""What no operation accepts, found while a body is read and refused before validation.

No object this API reads has more than a few dozen members, no request more than a
few thousand, and no text (a card, an id, a bet, a name) more than a few dozen
characters.  A body beyond those bounds is refused cheaply, with the first few
places named, instead of being validated member by member: a megabyte of 60,000
unknown fields would otherwise cost the service half a second and answer a 422 of
three megabytes.  A text holding a NUL or a lone surrogate (``"\\ud800"``, which
JSON allows and UTF-8 cannot carry) is refused the same way, before it can reach
a rule, a log line or an answer.

The member counts are taken by the JSON reader itself (:func:`members` is its
hook for every object); texts are looked at only when the raw body holds an
escape (``\\u``) or a stretch without quotes longer than any text allowed, so a
usual body costs one scan of its bytes.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any, Final

import numpy as np

from ..rules.errors import PathPart, pointer
from .problems import Fault, Problem

#: Members of one object: the largest this API reads (a variant's knobs) has 18.
MAX_MEMBERS: Final = 64
#: Members of all the objects of one body: a batch of 200 four-seat tables has about 6,500.
MAX_BODY_MEMBERS: Final = 20_000
#: Characters of any text, a member's name or a value: the longest the API reads is a
#: variant's fingerprint (71).
MAX_TEXT: Final = 256
#: Places named in one refusal.
NAMED: Final = 10

_SURROGATE: Final = re.compile("[\ud800-\udfff]")


class Crowded(dict[str, Any]):
    """An object of more members than any object this API reads: its first members, and how many."""

    count: int = 0


class _Counts(threading.local):
    total = 0
    crowded = False


_counts = _Counts()


class TooManyMembers(ValueError):
    """The objects of a body hold more members than any request of this API."""


def start() -> None:
    """Before a body is read: its counts start from nothing."""
    _counts.total = 0
    _counts.crowded = False


def members(pairs: list[tuple[str, Any]]) -> dict[str, Any] | None:
    """Count an object's members: a :class:`Crowded` stand-in for one with too many, else None
    (the reader then builds the object itself)."""
    if len(pairs) <= MAX_MEMBERS:
        _counts.total += len(pairs)
        if _counts.total > MAX_BODY_MEMBERS:
            raise TooManyMembers(f"more than {MAX_BODY_MEMBERS:,} members")
        return None
    _counts.crowded = True  # refused by check() with its first members named, whatever the total
    crowded = Crowded(pairs[:3])
    crowded.count = len(pairs)
    return crowded


def too_many_members(count: int | None = None, first: list[str] | None = None) -> Problem:
    """The 422 of a body whose objects hold more members than any request (``count`` of them, the
    ``first`` named, when known)."""
    held = f"{count:,}" if count is not None else f"more than {MAX_BODY_MEMBERS:,}"
    named = f" (the first: {', '.join(repr(shown_name(name)) for name in first)})" if first else ""
    return Problem.invalid(
        [
            Fault(
                "",
                f"the body holds {held} members in its objects{named}; no request of this API holds more than "
                f"{MAX_BODY_MEMBERS:,}: unknown fields are not read, and batches have their own bounds",
                f"nội dung yêu cầu có {held.replace('more than', 'hơn')} trường trong các đối tượng{named}; không yêu "
                f"cầu nào của API này có hơn {MAX_BODY_MEMBERS:,} trường: trường lạ không được đọc, và mỗi lô có "
                "giới hạn riêng",
            )
        ]
    )


_MEMBER_NAME: Final = re.compile(rb'"((?:[^"\\]|\\.){0,64})"\s*:')


def count_members(raw: bytes) -> None:
    """Before the body is read: refuse it at once when its bytes show more members than any request
    holds (one scan for the ``":`` every JSON writer puts after a member's name; a body written
    otherwise is counted by :func:`members` as it is read)."""
    count = raw.count(b'":')
    if count <= MAX_BODY_MEMBERS:
        return
    first = []
    for found in _MEMBER_NAME.finditer(raw):
        first.append(found.group(1).decode("utf-8", "replace"))
        if len(first) == 3:
            break
    raise too_many_members(count, first)


def check(raw: bytes, body: dict[str, Any]) -> None:
    """A 422 naming the first crowded objects and bad texts of a body, when it has any."""
    if not _counts.crowded and b"\\u" not in raw and _longest_unquoted(raw) <= MAX_TEXT:
        return
    faults = []
    for fault in _faults(body):
        faults.append(fault)
        if len(faults) == NAMED:
            break
    if faults:
        raise Problem.invalid(faults)


def _longest_unquoted(raw: bytes) -> int:
    """The longest stretch of the body without a quote: no text is longer.  Splitting a batch of
    1,000 chi (32 KB) at its quotes took 470 µs; NumPy finds the quotes' gaps in 27 µs."""
    if len(raw) < 2048:
        return max(map(len, raw.split(b'"')))
    quotes = np.flatnonzero(np.frombuffer(raw, dtype=np.uint8) == ord('"'))
    if quotes.size == 0:
        return len(raw)
    inner = int(np.diff(quotes).max()) - 1 if quotes.size > 1 else 0
    return max(int(quotes[0]), len(raw) - 1 - int(quotes[-1]), inner)


def _faults(body: dict[str, Any]) -> Iterator[Fault]:
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


def _text_fault(path: tuple[PathPart, ...], text: str, *, member: bool = False) -> Fault | None:
    what, what_vi = ("the member name", "tên trường") if member else ("the text", "chuỗi")
    if len(text) > MAX_TEXT:
        return Fault(
            pointer(path),
            f"{what} has {len(text):,} characters; no text this API reads has more than {MAX_TEXT}",
            f"{what_vi} có {len(text):,} ký tự; API này không đọc chuỗi nào dài hơn {MAX_TEXT} ký tự",
        )
    if "\x00" in text:
        return Fault(
            pointer(path),
            f"{what} holds a NUL character (\\u0000), which no text of this API may hold",
            f"{what_vi} chứa ký tự NUL (\\u0000), không chuỗi nào của API này được chứa",
        )
    lone = _SURROGATE.search(text)
    if lone is not None:
        code = f"\\u{ord(lone.group()):04x}"
        return Fault(
            pointer(path),
            f"{what} holds a lone surrogate ({code}), which is not a character; a character beyond "
            "U+FFFF is sent as a pair of them, such as \\ud83c\\udca1",
            f"{what_vi} chứa một nửa cặp thay thế ({code}), không phải là một ký tự; ký tự ngoài U+FFFF "
            "được gửi thành một cặp, ví dụ \\ud83c\\udca1",
        )
    return None


def _crowded_fault(path: tuple[PathPart, ...], value: Crowded) -> Fault:
    first = ", ".join(repr(shown_name(key)) for key in value)
    return Fault(
        pointer(path),
        f"an object of {value.count:,} members; no object this API reads has more than {MAX_MEMBERS} "
        f"(its first: {first})",
        f"một đối tượng có {value.count:,} trường; API này không đọc đối tượng nào có hơn {MAX_MEMBERS} "
        f"trường (các trường đầu: {first})",
    )


def shown_name(key: str) -> str:
    """A member's name as a pointer and a message may carry it: at most 64 characters, lone
    surrogates and NULs written as escapes."""
    shown = key if len(key) <= 64 else key[:63] + "…"
    if "\x00" in shown or _SURROGATE.search(shown):
        shown = shown.replace("\x00", "\\u0000").encode("utf-8", "backslashreplace").decode("utf-8")
    return shown
