"""The bet and the money as players read them, in headless Chromium (issue 54, defects D2 and D8): a
bet whose separator one language reads as thousands and the other as decimals is asked about, never
taken; the money of a column is written with one number of places, whole đồng when the service's
figures are whole, and the service's own places when they are not (never rounded by the page); the
players' lines say "Chi" as the page does, with the money as the table shows it."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By

from tests.support.playground import NEEDS_CHROMIUM, SEED, Playground

pytestmark = NEEDS_CHROMIUM

AMBIGUOUS = {
    "vi": (
        "1,000",
        "Bạn muốn cược 1.000 đồng hay 1 đồng? Trên trang tiếng Việt, dấu chấm tách hàng nghìn (1.000) và dấu "
        "phẩy đánh dấu phần thập phân (1,5): hãy gõ lại mức cược theo cách đó.",
    ),
    # The English page says no currency until the player does: the figures alone.
    "en": (
        "1.000",
        "Did you mean a bet of 1,000 or 1? On the English page a comma groups thousands (1,000) and a point marks "
        "decimals (1.5): type the bet that way.",
    ),
}
THOUSAND = {"vi": "1.000", "en": "1,000"}


def _language(page: Playground, lang: str) -> None:
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
        page.wait(lambda: page.text("#arrange-heading") == "Xếp bài", "the Vietnamese page")


def _bet(page: Playground, text: str) -> None:
    field = page.find("#bet")
    field.clear()
    field.send_keys(text)
    page.click("#settle")


def _sent_bets(page: Playground) -> list[str]:
    """The bets of the settlements the page sent, from its request log."""
    logged = page.texts("#log-table pre code")
    bodies = [json.loads(text.split("\n\n", 1)[1]) for text in logged if "\n\n" in text]
    return [body["bet"] for body in bodies if "bet" in body]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_bet_the_other_language_reads_as_thousands_is_asked_about(page: Playground, lang: str) -> None:
    page.deal(SEED)
    _language(page, lang)
    page.find("#show-requests").click()
    typed, question = AMBIGUOUS[lang]
    _bet(page, typed)
    page.wait(lambda: page.text('[data-error-for="bet"]') == question, "the question")
    assert page.find("#bet").get_attribute("aria-invalid") == "true"
    assert page.find("#bet").get_attribute("value") == typed  # kept as typed, for the player to mend
    assert _sent_bets(page) == []  # nothing settled with either reading
    assert page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money") == []
    page.check_accessibility(f"an ambiguous bet asked about ({lang})")
    # Written the page's way, the thousand is a thousand.
    _bet(page, THOUSAND[lang])
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money"), "the settlement")
    assert _sent_bets(page) == ["1000"]
    assert not page.find('[data-error-for="bet"]').is_displayed()
    assert page.console_errors() == []
