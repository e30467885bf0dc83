"""The chi as players read them, in headless Chromium (issue 54, what players missed): the best
arrangement as three rows beside the player's own in the analysis (below it on a phone, each chi on
one line); the chi drawn as apps draw them and numbered as players number them (chi 3 on top, chi 1,
the strongest five, at the bottom) by default, or the back first, the choice remembered."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.keys import Keys

from tests.support.playground import DESKTOP, NEEDS_CHROMIUM, PHONE, POSITIONS, SEED, Playground, api, written
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

HEADINGS = {
    "en": ("Your play ({ev} per opponent)", "The best play ({ev} per opponent)"),
    "vi": ("Cách bạn xếp ({ev} chi mỗi đối thủ)", "Cách xếp tốt nhất ({ev} chi mỗi đối thủ)"),
}

# Each play's box and, chi by chi, its cards and the top edge of each card (one line: one top).
BOXES = """
return Array.from(document.querySelectorAll('#analysis-compare .play-rows'), (box) => {
  const rect = box.getBoundingClientRect();
  const rows = {};
  box.querySelectorAll('.seat-row').forEach((row) => {
    const cards = Array.from(row.querySelectorAll('.mini-card'));
    rows[row.dataset.position] = {cards: cards.map((card) => card.dataset.card),
      tops: cards.map((card) => Math.round(card.getBoundingClientRect().top))};
  });
  return {id: box.id, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom,
          heading: box.querySelector('h4').textContent, order: Array.from(box.querySelectorAll('.seat-row'),
            (row) => row.dataset.position), rows};
});
"""


def _language(page: Playground, lang: str) -> None:
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
        page.wait(lambda: page.text("#arrange-heading") == "Xếp bài", "the Vietnamese page")


def _set_short_of_best(page: Playground, server: Service) -> dict[str, Any]:
    """Seed 14 with one card moved (a play short of the best); the service's analysis of it."""
    page.deal(SEED)
    dealt = page.rows()
    page.drag(dealt["back"][0], dealt["middle"][0])
    page.wait(lambda: page.rows() != dealt, "the swap")
    page.wait_for_checks()
    answer: dict[str, Any] = api(server, "/v1/arrangements/analysis", {"arrangement": page.rows(), "opponents": 3})
    assert answer["ev_loss"] > 0, answer["ev_loss"]  # the case under test: a best play to show
    return answer


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_best_play_is_three_rows_beside_the_players(page: Playground, server: Service, lang: str) -> None:
    answer = _set_short_of_best(page, server)
    _language(page, lang)
    page.wait(lambda: page.driver.execute_script(BOXES), "the two plays")
    yours, best = page.driver.execute_script(BOXES)
    assert (yours["id"], best["id"]) == ("analysis-yours", "analysis-best")
    assert yours["heading"] == HEADINGS[lang][0].format(ev=written(answer["ev"], lang, signed=True))
    assert best["heading"] == HEADINGS[lang][1].format(ev=written(answer["best"]["ev"], lang, signed=True))
    for shown, chi in ((yours, answer["chi"]), (best, answer["best"]["chi"])):
        assert {position: shown["rows"][position]["cards"] for position in POSITIONS} == {
            position: chi[position]["cards"] for position in POSITIONS
        }
    assert sorted(card for p in POSITIONS for card in best["rows"][p]["cards"]) == sorted(
        card for p in POSITIONS for card in answer["best"]["arrangement"][p]
    )
    # Side by side on a desktop: the best to the right of the player's, level with it.
    assert best["left"] >= yours["right"] and best["top"] == yours["top"], (yours, best)
    page.use_width(PHONE)
    page.next_frames()
    yours, best = page.driver.execute_script(BOXES)
    # On a phone the best comes below, each chi on one line, nothing cut off at the side.
    assert best["top"] >= yours["bottom"], (yours, best)
    for box in (yours, best):
        assert box["right"] <= PHONE, box
        assert all(len(set(row["tops"])) == 1 for row in box["rows"].values()), box
    assert page.horizontal_overflow() <= 0
    page.use_width(DESKTOP)
    page.wait_for_checks()  # no panel fading while axe reads it
    page.check_accessibility(f"the best play beside the player's ({lang})")
    assert page.console_errors() == []


# ------------------------------------------------------------------ the chi's order and numbering

# As game apps draw a hand and players number the chi: chi 3 (the front, 3 cards) on top, chi 1 (the
# back, the strongest five) at the bottom.  The page's default.
APPS = ("front", "middle", "back")
NUMBERED = {
    "en": {"front": "Chi 3 · front", "middle": "Chi 2 · middle", "back": "Chi 1 · back"},
    "vi": {"front": "Chi 3 · chi cuối", "middle": "Chi 2 · chi giữa", "back": "Chi 1 · chi đầu"},
}
# The page's own order, the back first, with its own names.
BACK_FIRST = ("back", "middle", "front")
NAMED = {
    "en": {"back": "Back (chi đầu)", "middle": "Middle (chi giữa)", "front": "Front (chi cuối)"},
    "vi": {"back": "Chi đầu", "middle": "Chi giữa", "front": "Chi cuối"},
}
SETTING = {
    "en": "Chi 1 at the bottom, chi 3 on top (as apps show them)",
    "vi": "Chi 1 ở dưới cùng, chi 3 ở trên cùng (như trong app)",
}

# Each place drawing three chi as rows: the rows top to bottom, as (position, name, top edge).
ROWS = """
const read = (rows, name) => Array.from(document.querySelectorAll(rows), (row) => [row.dataset.position,
  row.querySelector(name).textContent, Math.round(row.getBoundingClientRect().top)]);
return {hand: read('#hand .row', '.row-name'), yours: read('#analysis-yours .seat-row', '.seat-row-name'),
        best: read('#analysis-best .seat-row', '.seat-row-name'),
        seat: read('#seats .seat[data-seat="1"] .seat-row', '.seat-row-name')};
"""


def _check_rows(page: Playground, order: tuple[str, ...], names: dict[str, str]) -> None:
    """Every set of rows in ``order``, named ``names``, drawn top to bottom as they come."""
    drawn = page.driver.execute_script(ROWS)
    for where, rows in drawn.items():
        assert [(position, name) for position, name, _ in rows] == [(p, names[p]) for p in order], where
        tops = [top for _, _, top in rows]
        assert tops == sorted(tops) and len(set(tops)) == 3, (where, rows)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_chi_are_drawn_as_apps_draw_them_and_the_choice_is_remembered(
    page: Playground, server: Service, lang: str
) -> None:
    _set_short_of_best(page, server)
    _language(page, lang)
    page.click("#settle")  # the seats after the reveal draw their chi as rows too
    page.wait(lambda: page.driver.execute_script(ROWS)["seat"], "the seats' chi")
    assert page.find("#chi-order").is_selected()  # the default: as apps show them
    assert page.find("label:has(#chi-order)").text == SETTING[lang]
    for width in (DESKTOP, PHONE):
        page.use_width(width)
        page.next_frames()
        _check_rows(page, APPS, NUMBERED[lang])
    page.use_width(DESKTOP)
    # Up goes to the row drawn above: from chi 1 (the back, at the bottom) to chi 2.
    rows = page.rows()
    back = rows["back"][0]
    page.driver.execute_script("arguments[0].focus();", page.card(back))
    page.card(back).send_keys(Keys.ARROW_UP)
    focused = page.driver.execute_script("return document.activeElement.dataset.card;")
    assert focused == rows["middle"][0]
    page.wait_for_checks()  # no panel fading while axe reads it
    page.check_accessibility(f"the chi as apps draw them ({lang})")

    # The back first, as the page drew them before: chosen, then remembered by the browser.
    page.click("#chi-order")
    page.wait(lambda: page.driver.execute_script(ROWS)["hand"][0][0] == "back", "the back first")
    _check_rows(page, BACK_FIRST, NAMED[lang])
    page.driver.refresh()
    page.wait(lambda: page.text("#fingerprint").startswith("sha256:"), "the page again")
    assert not page.find("#chi-order").is_selected()
    assert [row[0] for row in page.driver.execute_script(ROWS)["hand"]] == list(BACK_FIRST)
    assert page.console_errors() == []
