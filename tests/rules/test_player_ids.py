"""Player ids as the explanations show them (docs/rules.md, "Explanations")."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maubinh_api.rules.errors import ErrorCode
from maubinh_api.rules.player_ids import REFUSED_CATEGORIES, PlayerIdError, shown_id


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("an\u202e00.9999+", "U+202E RIGHT-TO-LEFT OVERRIDE"),  # reverses what follows on the screen
        ("a\u2066b", "U+2066 LEFT-TO-RIGHT ISOLATE"),
        ("a\u200bb", "U+200B ZERO WIDTH SPACE"),  # two ids that look one
        ("\ufeffan", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),  # a BOM
        ("an\u0085", "U+0085"),  # next line: a C1 control, with no name in Unicode's list
        ("an\u2028Net: +9999.00", "U+2028 LINE SEPARATOR"),  # a line of its own
        ("an\u2029", "U+2029 PARAGRAPH SEPARATOR"),
        ("an\x07", "U+0007"),
        ("an\ue000", "U+E000"),  # private use: no one knows how it shows
    ],
)
def test_an_id_that_could_change_how_a_line_reads_is_refused_naming_the_character(text, named):
    with pytest.raises(PlayerIdError) as refused:
        shown_id(text)
    assert refused.value.code is ErrorCode.PLAYER_ID_CHARACTER
    assert f"must not contain {named}:" in refused.value.said.en
    assert named in refused.value.said.vi


@pytest.mark.parametrize("mark", ["\u201c", "\u201d"])
def test_the_quotation_marks_the_lines_put_around_ids_are_refused_in_one(mark):
    # "a” pays “b 9999" would close the quotation early and read as two names and a figure.
    with pytest.raises(PlayerIdError) as refused:
        shown_id(f"a{mark} +9999")
    assert refused.value.code is ErrorCode.PLAYER_ID_CHARACTER
    assert f"quotation mark {mark}" in refused.value.said.en


def test_an_id_is_read_in_nfc_so_one_name_is_one_id():
    assert shown_id("Nguye\u0302\u0303n") == shown_id("Nguy\u1ec5n") == "Nguyễn"
    assert shown_id("e\u0301") == "\u00e9"
    assert shown_id("Net: +9999.00") == "Net: +9999.00"  # printable: the lines say whose it is


@given(st.text(min_size=1, max_size=20))
def test_an_accepted_id_is_nfc_and_holds_no_refused_character(text):
    try:
        shown = shown_id(text)
    except PlayerIdError:
        normal = unicodedata.normalize("NFC", text)
        assert any(unicodedata.category(character) in REFUSED_CATEGORIES for character in normal)
        return
    assert shown == unicodedata.normalize("NFC", text)
    assert not any(unicodedata.category(character) in REFUSED_CATEGORIES for character in shown)
