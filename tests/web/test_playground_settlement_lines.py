"""Issue 41, defect 14, in headless Chromium: a settled table's line between two chi of the same name
says the kicker that decides, in the page's language ("Jack high, Nine kicker beats Jack high, Five
kicker"; "Mậu thầu J, kèm 9 thắng Mậu thầu J, kèm 5").  The page said "Mậu thầu A thắng Mậu thầu A"
of A-K against A-Q: the player could not see why one won."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.support.playground import NEEDS_CHROMIUM, Playground, api
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

#: The seeds dealt until a table has two chi of one name told apart by a kicker.  Two high-card fronts
#: with the same top card are common (a table of four compares 18 pairs of chi), so a few deals find one;
#: the test fails if none does rather than passing on a table without one.
SEEDS = range(1, 25)
#: A kicker as each language says it after a chi's description: ", King kicker"; ", kèm K".
KICKER = {"en": re.compile(r", (\w+) kicker"), "vi": re.compile(r", kèm (\w+)")}


def _lines(answer: dict[str, Any], lang: str) -> list[str]:
    """Every line of a settlement's pairs in ``lang`` (a player's money lines are the page's own words,
    test_playground_money_mended.py)."""
    return [line[lang] for pair in answer["pairs"] for line in pair["lines"]]


def _settled(page: Playground, server: Service, seed: int) -> tuple[list[str], dict[str, Any]]:
    """Deal ``seed``, settle the table as the page sets it: the pairs' lines shown, and the service's answer
    to the very request the page sent (asked without the page)."""
    page.deal(seed)
    page.click("#settle")
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#table-result ol.lines li"), "the settlement")
    sent = json.loads(page.texts("#log-table pre code")[-1].split("\n\n", 1)[1])
    shown = [
        item.get_attribute("textContent")
        for item in page.driver.find_elements(By.CSS_SELECTOR, "#table-result ol[data-pair-lines] li")
    ]
    return shown, api(server, "/v1/settlements", sent)


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_line_between_chi_of_one_name_says_the_kicker_that_decides(
    page: Playground, server: Service, lang: str
) -> None:
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
        page.wait(lambda: page.text("#arrange-heading") == "Xếp bài", "the Vietnamese page")
    page.find("#show-requests").click()
    for seed in SEEDS:
        shown, answer = _settled(page, server, seed)
        told_apart = [line for line in _lines(answer, lang) if len(KICKER[lang].findall(line)) == 2]
        if told_apart:
            break
    else:
        raise AssertionError(f"no table of seeds {SEEDS} has two chi of one name told apart by a kicker")
    # The page shows every pair's line the service wrote, the kicker's included, in the page's language.
    assert sorted(shown) == sorted(_lines(answer, lang))
    # Each side names its own kicker, and they differ: the winner's reason is on screen.
    first, second = KICKER[lang].findall(told_apart[0])
    assert first != second, told_apart[0]
    page.check_accessibility("a settled table with a kicker's line")
    assert page.console_errors() == []
