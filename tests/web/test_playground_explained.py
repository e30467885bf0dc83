"""The statistics words explained where they appear, in the page's own words and both languages, in
headless Chromium (issue 54, what players missed): the analysis's expected points per opponent, the
points given up and the rank ("468 of 1,228"), and a practice run's 95% interval, each in a disclosure
under its figures that the keyboard opens, with the figures' own values."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.support.playground import NEEDS_CHROMIUM, SEED, Playground, api, written
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

ANALYSIS = {
    "en": [
        "Expected points per opponent ({ev}): what this arrangement wins on average from each opponent, in points "
        "(chi), if these 13 cards were played again and again against every hand the others could hold, under these "
        "rules. Below 0, it loses that much on average.",
        "Points given up ({loss}): the best play of these cards is worth {best} per opponent; this one is worth "
        "{loss} less, on average, at every opponent.",
        "Rank {rank} of {total}: the {total} different legal ways to set these cards (declaring a natural counts as "
        "one), ordered by expected points; 1 is the best play.",
    ],
    "vi": [
        "Chi kỳ vọng mỗi đối thủ ({ev}): trung bình cách xếp này ăn được bấy nhiêu chi của mỗi đối thủ, nếu 13 lá "
        "này được chơi đi chơi lại với mọi bài mà những người khác có thể cầm, theo luật đang dùng. Số âm: trung "
        "bình thua bấy nhiêu chi.",
        "Chi mất ({loss}): cách xếp tốt nhất của bộ bài này được {best} chi mỗi đối thủ; cách này trung bình kém "
        "hơn {loss} chi với mỗi đối thủ.",
        "Thứ hạng {rank} trên {total}: bộ bài này có {total} cách xếp hợp lệ khác nhau (báo thắng trắng tính là "
        "một cách), xếp theo chi kỳ vọng; hạng 1 là cách tốt nhất.",
    ],
}
INTERVAL = {
    "en": "Mean given up per deal, {mean}: the points per opponent given up on average over the 2 deals graded. "
    "95%: from {low} to {high}: over many more deals played like these, the mean would lie in that range 95 times "
    "in 100 (the more deals, the narrower the range; it shows from two deals on).",
    "vi": "Trung bình mất mỗi ván, {mean}: số chi mỗi đối thủ bị mất trung bình qua 2 ván đã chấm. 95%: từ {low} "
    "đến {high}: nếu chơi thêm thật nhiều ván như thế, mức trung bình sẽ nằm trong khoảng này 95 lần trên 100 "
    "(càng nhiều ván, khoảng càng hẹp; khoảng này có từ ván thứ hai).",
}
SUMMARY = {"en": "What these figures mean", "vi": "Các con số này nghĩa là gì"}
# The tally's interval: the mean ± z standard errors, z the normal's 97.5% quantile (tally.mjs, Z95),
# never below 0.
Z95 = 1.959964


def _language(page: Playground, lang: str) -> None:
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
        page.wait(lambda: page.text("#arrange-heading") == "Xếp bài", "the Vietnamese page")


def _integer(value: int, lang: str) -> str:
    text = f"{value:,}"
    return text.replace(",", ".") if lang == "vi" else text


def _shown(page: Playground, css: str) -> bool:
    """Whether ``css`` is on the page and shown (the practice panel draws its buttons as the run goes)."""
    return any(found.is_displayed() for found in page.driver.find_elements(By.CSS_SELECTOR, css))


def _open_by_keyboard(page: Playground, css: str) -> None:
    """Tab's way in: the disclosure's summary focused, then Enter, as a keyboard opens it."""
    summary = page.find(f"{css} > summary")
    page.driver.execute_script("arguments[0].focus();", summary)
    summary.send_keys(Keys.ENTER)
    page.wait(lambda: page.find(css).get_attribute("open") is not None, f"{css} open")


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_analysis_figures_are_explained_with_their_values(page: Playground, server: Service, lang: str) -> None:
    page.deal(SEED)
    dealt = page.rows()
    page.drag(dealt["back"][0], dealt["middle"][0])  # set by the player: the analysis grades it
    page.wait(lambda: page.rows() != dealt, "the swap")
    page.wait_for_checks()
    _language(page, lang)
    answer: dict[str, Any] = api(server, "/v1/arrangements/analysis", {"arrangement": page.rows(), "opponents": 3})
    assert answer["rank"] is not None and answer["ev_loss"] > 0  # a legal play short of the best
    assert page.text("#analysis-explained > summary") == SUMMARY[lang]
    assert not page.find("#analysis-explained ul").is_displayed()  # closed until asked for
    _open_by_keyboard(page, "#analysis-explained")
    values = {
        "ev": written(answer["ev"], lang, signed=True),
        "loss": written(answer["ev_loss"], lang),
        "best": written(answer["best"]["ev"], lang, signed=True),
        "rank": _integer(answer["rank"], lang),
        "total": _integer(answer["distinct_arrangements"], lang),
    }
    assert page.texts("#analysis-explained li") == [text.format(**values) for text in ANALYSIS[lang]]
    page.wait_for_checks()  # no panel fading while axe reads it
    page.check_accessibility(f"the analysis explained ({lang})")
    assert page.console_errors() == []


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_interval_of_a_practice_run_is_explained(page: Playground, lang: str) -> None:
    _language(page, lang)
    count = page.find("#practice-count")
    count.clear()
    count.send_keys("2")
    page.click("#practice-start")
    for number in (1, 2):  # each deal submitted as dealt
        page.wait(lambda: _shown(page, "#practice-submit"), f"deal {number}")
        page.wait(lambda: page.result_for("#check-result"), "the check of the deal")
        page.click("#practice-submit")
        page.wait(lambda number=number: page.text("#practice-deals") == str(number), f"the grade of deal {number}")
        if number == 1:
            assert page.driver.find_elements(By.CSS_SELECTOR, "#practice-explained") == []  # no interval of one deal
            page.click("#practice-next")
    results = page.driver.execute_script("return window.MauBinhPlayground.state.practice.results;")
    losses = [result["ev_loss"] for result in results]
    mean = sum(losses) / 2
    sd = (sum((loss - mean) ** 2 for loss in losses) / 1) ** 0.5
    half = Z95 * sd / 2**0.5
    _open_by_keyboard(page, "#practice-explained")
    expected = INTERVAL[lang].format(
        mean=written(mean, lang), low=written(max(0, mean - half), lang), high=written(mean + half, lang)
    )
    assert page.text("#practice-explained p") == expected
    page.wait_for_checks()  # no panel fading while axe reads it
    page.check_accessibility(f"a practice run's interval explained ({lang})")
    assert page.console_errors() == []
