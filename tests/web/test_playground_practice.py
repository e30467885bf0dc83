"""A practice run in headless Chromium, end to end: five deals dealt by ``POST /v1/drills``, each set
and submitted, the grade checked against ``/v1/arrangements/analysis``, the tally and its chart, a
reload in the middle, the review, the export read back by ``python -m maubinh_api.batch grade``
(its mean and its "plays like" the page's), and a practice deal's link reopened; in both
languages, at both widths, axe-core clean in each new state."""

from __future__ import annotations

import math
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from tests.support.playground import DESKTOP, NEEDS_CHROMIUM, PHONE, ROOT, Playground, api, written
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

DEALS = 5
TEXTS = {
    "en": {
        "where": "Deal {number} of 5",
        "review": "Review",
        "hidden": "Practice: the analysis",
        "paused": "Practice paused at deal 4 of 5",
    },
    "vi": {
        "where": "Ván {number}/5",
        "review": "Tổng kết",
        "hidden": "Đang luyện: phân tích",
        "paused": "Lượt luyện đang tạm dừng ở ván 4/5",
    },
}


def _number(value: float, lang: str) -> str:
    """A loss to two decimals as the page writes it in ``lang`` (1,234.50 / 1.234,50)."""
    return written(value, lang)


def _wait_for_deal(page: Playground, texts: dict[str, str], number: int) -> None:
    where = texts["where"].format(number=number)
    page.wait(lambda: page.text("#practice-where").startswith(where), f"deal {number}")


def _share(page: Playground, server: Service) -> str:
    """The link "Copy a link to this deal" puts on the clipboard; the address stays the page's own, so
    that a reload comes back to the run."""
    page.driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    page.click("#share-deal")
    link: str = page.wait(
        lambda: page.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];navigator.clipboard.readText().then(done, () => done(''));"
        ),
        "the link on the clipboard",
    )
    assert "cards=" in link and "cards=" not in page.driver.current_url
    return link


def _open_shared_deal(page: Playground, link: str, cards: list[str], texts: dict[str, str]) -> None:
    """The shared deal opens as it was dealt; the run waits, and goes on where it was when asked."""
    seed = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["seed"][0]
    page.driver.get(link)
    page.wait(lambda: sorted(card for row in page.rows().values() for card in row) == sorted(cards), "the deal")
    assert page.find("#seed").get_attribute("value") == seed
    page.wait(lambda: page.text("#practice-where").startswith(texts["paused"]), "the run paused")
    page.wait_for_checks()  # not a practice deal: its analysis shows
    page.check_accessibility("a shared practice deal opened, the run paused")
    page.click("#practice-resume")


def _focused(page: Playground, what: str) -> Any:
    """What the focused element holds (read in the page: the element may be drawn anew meanwhile)."""
    return page.driver.execute_script(f"return document.activeElement ? document.activeElement.{what} : null;")


def _shown(page: Playground, css: str) -> bool:
    found = page.driver.find_elements("css selector", css)
    return bool(found) and found[0].is_displayed()


def _arrange_somehow(page: Playground, number: int) -> None:
    """Leave the first deal as dealt; on the others, move one card by keyboard (a different card each
    time), so the run holds arrangements a player might set, good and bad."""
    if number == 1:
        return
    rows = page.rows()
    card = rows["back"][number % 5]
    page.card(card).click()
    page.card(card).click()  # focused, and put down again
    page.card(card).send_keys("2")
    page.wait(lambda: card in page.rows()["middle"], "the move")


def _practice(page: Playground, server: Service, lang: str, theme: str, tmp_path: Path) -> None:
    texts = TEXTS[lang]
    Select(page.find("#practice-theme")).select_by_value(theme)
    count = page.find("#practice-count")
    count.clear()
    count.send_keys(str(DEALS))
    page.click("#practice-start")
    run = page.wait(lambda: page.state("practice"), "the run")
    # The page deals what the API deals for the same request: the same cards, deal by deal.
    dealt = api(server, "/v1/drills", {"theme": theme, "count": DEALS, "seed": run["seed"], "opponents": 3})
    assert [drill["cards"] for drill in run["drills"]] == [drill["cards"] for drill in dealt["drills"]]
    graded: list[dict[str, Any]] = []
    link = ""
    for number in range(1, DEALS + 1):
        _wait_for_deal(page, texts, number)
        if number == 4:  # the link to deal 2, opened in the middle of the run, pauses it
            _open_shared_deal(page, link, run["drills"][1]["cards"], texts)
            _wait_for_deal(page, texts, number)
        page.wait(lambda: page.result_for("#check-result"), "the check of the deal")
        # Until submitted, the grade stays hidden: no analysis, no best play to peek at.
        assert page.text("#analysis-result").startswith(texts["hidden"])
        assert not page.find("#best").is_displayed()
        _arrange_somehow(page, number)
        page.wait(lambda: page.result_for("#check-result"), "the check of the arrangement")
        rows = page.rows()
        if number == 1:
            page.check_accessibility("a practice deal waiting to be submitted")
        if number == 2:
            link = _share(page, server)
        assert not page.find("#practice-setup").is_displayed()  # no second run over this one
        if number == 2:  # from the keyboard: the focus goes on to the next step, never to the page
            page.find("#practice-submit").send_keys(Keys.ENTER)
            page.wait(lambda: _focused(page, "id") == "practice-next", "the focus on Next")
        else:
            page.click("#practice-submit")
        page.wait(lambda: _shown(page, "#practice-grade"), f"the grade of deal {number}")
        page.wait(lambda: page.text("#practice-status") == "", "the status line done with")
        answer = api(server, "/v1/arrangements/analysis", {"arrangement": rows, "opponents": 3})
        graded.append(answer)
        assert _number(answer["ev_loss"], lang) in page.text("#practice-loss")
        assert page.text("#practice-deals") == str(number)
        assert len(page.driver.find_elements("css selector", "#practice-chart rect.loss")) == number
        page.wait_for_checks()  # submitted: the analysis shows now
        if number == 1:
            page.check_accessibility("a practice deal graded, with its tally")
        if number == 3:  # a reload in the middle of the run finds it where it was
            page.driver.refresh()
            page.wait(lambda: page.text("#practice-deals") == "3", "the run after a reload")
        if number == 2:
            page.find("#practice-next").send_keys(Keys.ENTER)
            page.wait(lambda: _focused(page, "dataset.card"), "the focus on the new deal's cards")
        else:
            page.click("#practice-next")
    page.wait(lambda: page.text("#practice-review").startswith(texts["review"]), "the review")
    losses = [answer["ev_loss"] for answer in graded]
    mean = sum(losses) / DEALS
    assert page.text("#practice-mean").startswith(_number(mean, lang))
    worst = max(range(DEALS), key=lambda index: (losses[index], -index))
    if losses[worst] > 0:
        assert page.find("#practice-mistakes li").get_attribute("data-deal") == str(worst + 1)
    # The run's history shows each deal as set, its three chi apart.
    assert all(cards.count(" | ") == 2 for cards in page.texts("#practice-history .history-cards"))
    assert page.find("#practice-setup").is_displayed()  # the run is over: a new one may start
    page.check_accessibility("the review of a practice run")
    _graded_as_the_batch_tool_grades(page, tmp_path, mean)


def _graded_as_the_batch_tool_grades(page: Playground, tmp_path: Path, mean: float) -> None:
    href = page.find("#practice-export").get_attribute("href")
    prefix = "data:application/x-ndjson;charset=utf-8,"
    assert href.startswith(prefix)
    history = urllib.parse.unquote(href[len(prefix) :])
    path = tmp_path / "practice.jsonl"
    path.write_text(history, encoding="utf-8")
    out = tmp_path / "graded"
    command = [
        sys.executable,
        "-m",
        "maubinh_api.batch",
        "grade",
        str(path),
        "--out",
        str(out),
        "--workers",
        "1",
        "--no-progress",
    ]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=300)
    [player] = pd.read_parquet(out / "players.parquet").to_dict("records")
    assert player["player_id"] == "you" and player["hands"] == DEALS
    assert math.isclose(player["mean_ev_loss"], mean, abs_tol=1e-4)  # losses come to 4 decimals
    plays_like = page.find("#practice-plays-like").text
    levels = api_levels(page)
    assert levels[player["plays_like"]] in plays_like, (plays_like, player["plays_like"])


def api_levels(page: Playground) -> dict[str, str]:
    """Each level's name on the page, in its language, from the enumerations it loaded."""
    found: dict[str, str] = page.driver.execute_script(
        "const s = window.MauBinhPlayground.state;"
        "return Object.fromEntries(s.enumerations.levels.map((l) => [l.key, l.label[s.lang]]));"
    )
    return found


@pytest.mark.parametrize(("lang", "width"), [("en", DESKTOP), ("vi", PHONE)])
def test_a_five_deal_practice_run_end_to_end(
    page: Playground, server: Service, tmp_path: Path, lang: str, width: int
) -> None:
    page.use_width(width)
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
    themes = page.driver.execute_script(
        "return window.MauBinhPlayground.state.enumerations.drill_themes.map((theme) => theme.key);"
    )
    # English: random deals; Vietnamese: drills of the first theme that is not random.
    theme = "random" if lang == "en" else next(key for key in themes if key != "random")
    _practice(page, server, lang, theme, tmp_path)
    assert page.console_errors() == []
