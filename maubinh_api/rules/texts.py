"""Texts in two languages, the Vietnamese read from one catalogue.

Every text an answer or a problem carries is a :class:`Text`: its English and its Vietnamese. The
code writes only the English, as a template with named placeholders (``{length}``); that English is
the text's key (gettext's ``msgid``) in the service's catalogue,
``maubinh_api/locale/vi/LC_MESSAGES/maubinh.po``, which holds its Vietnamese. A translator works in
that file alone (any PO editor opens it); ``make catalogue`` adds the texts the code newly writes
and drops those it no longer does, and tests/rules/test_texts.py fails on a text with no
Vietnamese, an entry nothing uses, or placeholders that differ between the two languages.

Three calls take a text from the catalogue, and the catalogue's tools look for all three:

- :func:`words` fills the placeholders now (``words("card {card} appears twice", card="As")``);
- :func:`phrase` keeps them for a caller that fills them later (marshmallow fills ``{input}``);
- :func:`words_in` is :func:`words` for an English text that needs another Vietnamese in another
  place (gettext's ``msgctxt``).

The catalogue is read with Babel (the Python convention for gettext catalogues) once, at the first
text asked for: no compiled ``.mo`` to keep in step with it.

>>> said = words("the request body is larger than the limit of {limit} bytes", limit=1024)
>>> said.en
'the request body is larger than the limit of 1024 bytes'
>>> said.vi
'nội dung yêu cầu lớn hơn giới hạn 1024 byte'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from babel.messages.pofile import read_po

__all__ = ["CATALOGUE", "KEYWORDS", "NOTHING", "Text", "catalogue", "phrase", "words", "words_in"]

#: The service's catalogue of Vietnamese texts (gettext's PO format), keyed by their English.
CATALOGUE: Final = Path(__file__).resolve().parents[1] / "locale" / "vi" / "LC_MESSAGES" / "maubinh.po"
#: The calls that take a text from the catalogue, with Babel's keyword specification of each (the
#: argument that is the English, and the one that is the context): ``make catalogue`` and the
#: tests read them.
KEYWORDS: Final = {"words": (1,), "phrase": (1,), "words_in": ((1, "c"), 2)}


@dataclass(frozen=True, slots=True)
class Text:
    """One text in English and in Vietnamese.

    >>> Text("Tie", "Hòa").json()
    {'en': 'Tie', 'vi': 'Hòa'}
    >>> (Text("a", "b") + Text("c", "d")).in_language("vi")
    'bd'
    """

    en: str
    vi: str

    def __str__(self) -> str:
        return self.en

    def __add__(self, other: Text) -> Text:
        return Text(self.en + other.en, self.vi + other.vi)

    def in_language(self, language: str) -> str:
        """The text in ``language`` (``"vi"``, or English for any other)."""
        return self.vi if language == "vi" else self.en

    def json(self) -> dict[str, str]:
        """The ``{"en", "vi"}`` object answers carry a text as."""
        return {"en": self.en, "vi": self.vi}

    def format(self, **params: object) -> Text:
        """Both languages with ``params`` filled in; a parameter that says itself in both
        languages (a :class:`Text`) is said in each."""
        english = {name: value.en if isinstance(value, Text) else value for name, value in params.items()}
        vietnamese = {name: value.vi if isinstance(value, Text) else value for name, value in params.items()}
        return Text(self.en.format(**english), self.vi.format(**vietnamese))

    @staticmethod
    def join(separator: Text, texts: list[Text] | tuple[Text, ...]) -> Text:
        """``texts`` joined by ``separator``, in each language."""
        return Text(separator.en.join(text.en for text in texts), separator.vi.join(text.vi for text in texts))


#: No text, in either language: what an optional part of a sentence is when it is left out.
NOTHING: Final = Text("", "")


@functools.cache
def catalogue() -> Mapping[tuple[str | None, str], str]:
    """(context, English template) -> its Vietnamese, for every entry the catalogue translates."""
    with CATALOGUE.open("rb") as source:
        read = read_po(source, locale="vi")
    return {(entry.context, str(entry.id)): str(entry.string) for entry in read if entry.id and entry.string}


def phrase(template: str, /) -> Text:
    """``template`` (English, literal in the code) and its Vietnamese, placeholders kept. A text the
    catalogue lacks stays English in both (tests/rules/test_texts.py keeps the catalogue whole)."""
    return Text(template, catalogue().get((None, template), template))


def words(template: str, /, **params: object) -> Text:
    """``template`` (English, literal in the code) and its Vietnamese, each with ``params`` filled
    in (none: the text as written, braces and all)."""
    said = phrase(template)
    return said.format(**params) if params else said


def words_in(context: str, template: str, /, **params: object) -> Text:
    """:func:`words` for a ``template`` whose Vietnamese in ``context`` differs from its own."""
    said = Text(template, catalogue().get((context, template), template))
    return said.format(**params) if params else said
