"""Player ids as the explanations show them (docs/rules.md, "Explanations"): one form of each name,
and no character that could change how a line reads.

An id is read in Unicode NFC, so ``e`` + U+0301 and ``é`` are one id (and one player at a table).
It may not hold a character of the categories below: a right-to-left override (U+202E) would
reverse the figures after it, a zero-width space would make two ids look one, a line separator
would start a line of its own; nor the quotation marks the lines put around an id (“ and ”), so
that ``Net: +9999.00`` reads as the name it is.

>>> shown_id("Nguyê\u0301n") == "Nguyến"
True
>>> shown_id("an\u202e00.9999+")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
maubinh_api.rules.player_ids.PlayerIdError: a player id must not contain U+202E RIGHT-TO-LEFT OVERRIDE: ...
"""

from __future__ import annotations

import unicodedata
from typing import Final

from .errors import ErrorCode, RuleError
from .texts import words

__all__ = ["QUOTES", "REFUSED_CATEGORIES", "PlayerIdError", "shown_id"]

#: Controls (C0, DEL, C1 with U+0085), format characters (bidi, zero-width, BOM, soft hyphen),
#: line and paragraph separators, private use, surrogates and unassigned code points.
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})


class PlayerIdError(RuleError):
    """A player id with a character the explanations cannot show safely."""

    default_code = ErrorCode.PLAYER_ID_CHARACTER


#: The quotation marks the explanation lines put around an id: in an id, they could close it early.
QUOTES: Final = "\u201c\u201d"


def shown_id(text: str) -> str:
    """``text`` in NFC, or :class:`PlayerIdError` naming its first character that is refused."""
    normal = unicodedata.normalize("NFC", text)
    for character in normal:
        if character in QUOTES:
            raise PlayerIdError(
                words(
                    "a player id must not contain the quotation mark {character}: the explanations put ids"
                    " between \u201c and \u201d",
                    character=character,
                )
            )
        if unicodedata.category(character) in REFUSED_CATEGORIES:
            name = unicodedata.name(character, "")
            named = f"U+{ord(character):04X}" + (f" {name}" if name else "")
            raise PlayerIdError(
                words(
                    "a player id must not contain {character}: control, format (bidi, zero-width) and"
                    " line-separator characters could change how the explanations read",
                    character=named,
                )
            )
    return normal
