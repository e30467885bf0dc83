"""The arrangements the service lists, as a player reads them, in headless Chromium (issue 54, defect
D11): an alternative that is the play above it again to a player (the same chi and the same points,
cards traded between chi) is not listed as a choice of its own; it is said under that play."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.playground import NEEDS_CHROMIUM, POSITIONS, SEED, Playground, api, shuffled_deck
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SAME_PLAY = {
    "en": "The same play with cards traded between chi (same chi, same points):",
    "vi": "Cùng một cách chơi, chỉ đổi lá giữa các chi (cùng loại chi, cùng số chi):",
}


def _cards(arrangement: dict[str, list[str]]) -> str:
    """An arrangement as the page writes it in a list: "J♥ J♦ … | 9♠ … | 7♦ 6♠ 4♦"."""
    text = (
        " ".join(("10" if card[0] == "T" else card[0]) + SUITS[card[1]] for card in arrangement[p]) for p in POSITIONS
    )
    return " | ".join(text)


def _play(choice: dict[str, Any]) -> tuple[object, ...]:
    """What a player tells a play by: its points and the category of each chi."""
    return (choice["ev"], *(choice["chi"][position]["category"]["key"] for position in POSITIONS))


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_same_play_with_cards_traded_between_chi_is_listed_once(
    page: Playground, server: Service, lang: str
) -> None:
    page.deal(SEED)
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
        page.wait(lambda: page.text("#arrange-heading") == "Xếp bài", "the Vietnamese page")
    page.click("#auto-arrange")
    page.wait(lambda: page.text("#strongest-note"), "the auto-arrangement's list")
    page.wait_for_checks()  # the strongest play placed on the table, checked and analysed (no panel fading)
    body = {"cards": shuffled_deck(SEED)[:13], "objective": "strongest", "top": 5, "opponents": 3}
    answer = api(server, "/v1/arrangements/optimal", body)
    choices = [answer["best"], *answer["alternatives"]]
    # Seed 14's strongest play and its first alternative trade the Queens and the Twos between two full
    # houses: the same chi and the same points (the case under test; the assertion holds it).
    assert _play(choices[0]) == _play(choices[1]) and choices[0]["arrangement"] != choices[1]["arrangement"]
    distinct: list[dict[str, Any]] = []
    for choice in choices:
        if all(_play(choice) != _play(kept) for kept in distinct):
            distinct.append(choice)
    shown = page.texts("#optimal-result .choice .choice-cards")
    assert shown == [_cards(choice["arrangement"]) for choice in distinct]
    # Every entry differs from the others in what a player reads: its chi or its points.
    read = [
        (
            page.texts(f'#optimal-result .choice[data-choice="{i}"] .choice-chi')[0],
            page.texts(f'#optimal-result .choice[data-choice="{i}"] .choice-ev')[0],
        )
        for i in range(len(shown))
    ]
    assert len(set(read)) == len(read), read
    # The play folded away is said under the one it repeats, with its cards.
    assert page.texts('#optimal-result .choice[data-choice="0"] .choice-same') == [
        SAME_PLAY[lang] + " " + _cards(choices[1]["arrangement"])
    ]
    page.check_accessibility(f"the auto-arrangement's list with a play folded ({lang})")
    assert page.console_errors() == []
