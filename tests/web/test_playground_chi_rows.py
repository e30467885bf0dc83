"""The chi as players read them, in headless Chromium (issue 54, what players missed): the best
arrangement as three rows beside the player's own in the analysis (below it on a phone, each chi on
one line)."""

from __future__ import annotations

from typing import Any

import pytest

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
    page.check_accessibility(f"the best play beside the player's ({lang})")
    assert page.console_errors() == []
