"""Practice that teaches (issue 41, item 4), in headless Chromium: a graded deal says why, each move of
``changes.moves`` with what it changes (each chi's chance of winning against one opponent, as set and
as the best play sets it, and the scoops), with the API's own figures as the page writes them; and a
hint asked before submitting names a chi but no card, keeps the grade hidden, is recorded with the
deal and is counted apart in the tally, the chart, the history and the export.  In both languages,
axe-core clean in each new state."""

from __future__ import annotations

import json
import re
import urllib.parse
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from selenium.webdriver.support.select import Select

from maubinh_api.batch.history import check_row
from tests.support.playground import DESKTOP, NEEDS_CHROMIUM, PHONE, POSITIONS, Playground, api, written
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

DEALS = 2
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
# The page's words (texts-en.mjs, texts-vi.mjs) that these tests read back.
WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "chi": {"back": "back", "middle": "middle", "front": "front"},
        "move": "Move {cards} from the {source} to the {target}",
        "wins": "{chi} wins {before} → {after}",
        "now": "{chi} wins {after}",
        "unchanged": "{chi} unchanged",
        "foul": "no more binh lủng (foul)",
        "shares": {"scoop": "scoop (sập hầm) {before} → {after}", "scooped": "scooped {before} → {after}"},
        "together": "All the moves together: ",
        "hint": {
            "look": "Hint: look at {chi}: the best play changes its chance of winning the most.",
            "best": "Hint: the cards are best as they are.",
            "natural": "Hint: think again about the natural (thắng trắng): declare it or not?",
            "chi": {"back": "the back (chi đầu)", "middle": "the middle (chi giữa)", "front": "the front (chi cuối)"},
        },
        "hinted": "with a hint",
        "deals": "{deals}, {hinted} with a hint",
        "mark": "hint",
        "hidden": "Practice: the analysis",
        "where": "Deal {number} of",
        "review": "Review",
    },
    "vi": {
        "chi": {"back": "chi đầu", "middle": "chi giữa", "front": "chi cuối"},
        "move": "Chuyển {cards} từ {source} sang {target}",
        "wins": "{chi} thắng {before} → {after}",
        "now": "{chi} thắng {after}",
        "unchanged": "{chi} không đổi",
        "foul": "hết binh lủng",
        "shares": {"scoop": "sập hầm {before} → {after}", "scooped": "bị sập hầm {before} → {after}"},
        "together": "Tính chung: ",
        "hint": {
            "look": "Gợi ý: xem lại {chi}: cách xếp tốt nhất làm khả năng thắng của chi này thay đổi nhiều nhất.",
            "best": "Gợi ý: bài đã xếp tốt nhất rồi.",
            "natural": "Gợi ý: nghĩ lại về thắng trắng: báo hay không báo?",
            "chi": {"back": "chi đầu", "middle": "chi giữa", "front": "chi cuối"},
        },
        "hinted": "có dùng gợi ý",
        "deals": "{deals}, {hinted} ván có gợi ý",
        "mark": "gợi ý",
        "hidden": "Đang luyện: phân tích",
        "where": "Ván {number}/",
        "review": "Tổng kết",
    },
}


def percent(value: float, lang: str) -> str:
    """A chance as the page writes it (Intl's percent, one decimal, half away from zero): 41.3% / 41,3%."""
    figure = (Decimal(repr(value)) * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    text = f"{figure}%"
    return text.replace(".", ",") if lang == "vi" else text


def cards_text(cards: list[str]) -> str:
    return " ".join(("10" if card[0] == "T" else card[0]) + SUITS[card[1]] for card in cards)


def expected_why(answer: dict[str, Any], lang: str) -> list[tuple[str, list[str]]]:
    """Per line of the why: how it starts (the move, in the page's words) and what it must say, each
    figure the API's: the chi the move is the last to touch, before and after (only after when the play
    as set collects a natural and compares no chi); on the last line, the chi no move touches, the foul
    the best play mends and every scoop whose figure, as written, changes.  The deals are random, so
    each of these cases must be said as the page says it."""
    words, best, moves = WORDS[lang], answer["best"], answer["changes"]["moves"]

    def chi(position: str, *, rest: bool) -> str:
        after = percent(best["positions"][position]["win"], lang)
        name = words["chi"][position]
        if answer["positions"] is None:  # the play as set collects a natural: no chi of its to compare
            return str(words["now"].format(chi=name, after=after))
        before = percent(answer["positions"][position]["win"], lang)
        if rest and before == after:
            return str(words["unchanged"].format(chi=name))
        return str(words["wins"].format(chi=name, before=before, after=after))

    said: set[str] = set()
    lines = []
    for move in reversed(moves):  # once its last move is made, a chi is as the best play sets it
        touched = [p for p in POSITIONS if p in (move["from"], move["to"]) and p not in said]
        said.update(touched)
        start = words["move"].format(
            cards=cards_text(move["cards"]), source=words["chi"][move["from"]], target=words["chi"][move["to"]]
        )
        lines.insert(0, (start, [chi(position, rest=False) for position in touched]))
    rest = [chi(position, rest=True) for position in POSITIONS if position not in said]
    if answer["fouled"]:
        rest.append(words["foul"])
    for key, template in words["shares"].items():
        before, after = percent(answer[f"{key}_chance"], lang), percent(best[f"{key}_chance"], lang)
        if before != after:
            rest.append(template.format(before=before, after=after))
    if len(moves) == 1:
        lines[0][1].extend(rest)
    elif rest:
        lines.append((words["together"], rest))
    return lines


def expected_look(answer: dict[str, Any]) -> str:
    """What the hint looks at: among the chi the moves touch, the one whose chance of winning the best
    play changes most (the first of back, middle, front on a tie); or the cards are best, or the natural."""
    if not answer["ev_loss"] > 0:
        return "best"
    if answer["changes"]["declare_natural"] is not None or not answer["positions"] or not answer["best"]["positions"]:
        return "natural"
    touched = {move[end] for move in answer["changes"]["moves"] for end in ("from", "to")}
    candidates = [position for position in POSITIONS if position in touched] or list(POSITIONS)

    def change(position: str) -> tuple[float, int]:
        gap = abs(answer["best"]["positions"][position]["win"] - answer["positions"][position]["win"])
        return (gap, -POSITIONS.index(position))

    return max(candidates, key=change)


def _assert_why(page: Playground, css: str, answer: dict[str, Any], lang: str) -> None:
    lines = page.texts(css)
    expected = expected_why(answer, lang)
    assert len(lines) == len(expected), (lines, expected)
    for line, (start, parts) in zip(lines, expected, strict=True):
        assert line.startswith(start), (line, start)
        for part in parts:
            assert part in line, (part, line)
    # No more figures than those: every percentage on a line is one of the API's, as written.
    for line, (_, parts) in zip(lines, expected, strict=True):
        assert len(re.findall(r"\d+[.,]\d%", line)) == sum(len(re.findall(r"\d+[.,]\d%", part)) for part in parts)


def _start(page: Playground, lang: str, width: int) -> dict[str, Any]:
    page.use_width(width)
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
        page.wait(lambda: page.driver.execute_script("return document.documentElement.lang") == "vi", "Vietnamese")
    Select(page.find("#practice-theme")).select_by_value("random")
    count = page.find("#practice-count")
    count.clear()
    count.send_keys(str(DEALS))
    page.click("#practice-start")
    run: dict[str, Any] = page.wait(
        lambda: page.state("practice") and page.state("practice.phase") == "arranging" and page.state("practice"),
        "the run",
    )
    return run


def _hint(page: Playground, server: Service, lang: str) -> dict[str, Any]:
    """Ask the hint for the deal as laid out; what the API says of that arrangement."""
    rows = page.rows()
    page.click("#practice-ask-hint")
    text = page.wait(lambda: page.text("#practice-hint-text"), "the hint")
    answer = api(server, "/v1/arrangements/analysis", {"arrangement": rows, "opponents": 3})
    look = expected_look(answer)
    hints = WORDS[lang]["hint"]
    assert text == (hints[look] if look in ("best", "natural") else hints["look"].format(chi=hints["chi"][look]))
    # A chi named, never a card: no suit, no rank, none of the hand's cards.
    assert not re.search(r"[♠♥♦♣]|\b(?:10|[2-9JQKA])\b", text), text
    assert page.state("practice.hint") == look
    # The grade stays hidden: no analysis on the page or in the state, no best play to ask for.
    assert page.text("#analysis-result").startswith(WORDS[lang]["hidden"])
    assert page.state("results.analysis") is None
    assert not page.find("#best").is_displayed() and not page.driver.find_elements("css selector", "#practice-why")
    return answer


def _submit(page: Playground, server: Service, lang: str, number: int) -> dict[str, Any]:
    rows = page.rows()
    page.click("#practice-submit")
    page.wait(lambda: page.driver.find_elements("css selector", "#practice-grade"), f"the grade of deal {number}")
    answer = api(server, "/v1/arrangements/analysis", {"arrangement": rows, "opponents": 3})
    assert written(answer["ev_loss"], lang) in page.text("#practice-loss")
    page.wait_for_checks()  # submitted: the analysis shows, with the same why
    if answer["changes"]["moves"] and answer["best"]["positions"]:
        _assert_why(page, "#practice-why li", answer, lang)
        _assert_why(page, "#analysis-why li", answer, lang)
    else:
        assert not page.driver.find_elements("css selector", "#practice-why")
    return answer


@pytest.mark.parametrize(("lang", "width"), [("en", DESKTOP), ("vi", PHONE)])
def test_a_graded_deal_says_why_and_a_hint_is_counted_apart(
    page: Playground, server: Service, lang: str, width: int
) -> None:
    words = WORDS[lang]
    run = _start(page, lang, width)
    dealt = api(server, "/v1/drills", {"theme": "random", "count": DEALS, "seed": run["seed"], "opponents": 3})
    assert [drill["cards"] for drill in run["drills"]] == [drill["cards"] for drill in dealt["drills"]]
    page.wait(lambda: page.result_for("#check-result"), "the check of the deal")

    # Deal 1: a hint before submitting, then the grade with its why.
    hinted = _hint(page, server, lang)
    page.check_accessibility("a hint shown before submitting")
    graded = [_submit(page, server, lang, 1)]
    assert graded[0] == hinted  # the hint was about the arrangement submitted
    assert page.text("#practice-hinted") == words["hinted"]
    assert page.state("practice.results")[0]["hinted"] is True
    assert page.text("#practice-deals") == words["deals"].format(deals=1, hinted=1)
    assert not page.driver.find_elements("css selector", "#practice-mean-unhinted")  # no deal without a hint yet
    page.check_accessibility("a deal graded after a hint, with why")

    # Deal 2: no hint.
    page.click("#practice-next")
    page.wait(lambda: page.text("#practice-where").startswith(words["where"].format(number=2)), "deal 2")
    page.wait(lambda: page.result_for("#check-result"), "the check of deal 2")
    assert not page.driver.find_elements("css selector", "#practice-hint-text")  # the hint was deal 1's
    graded.append(_submit(page, server, lang, 2))
    assert not page.driver.find_elements("css selector", "#practice-hinted")
    assert [result["hinted"] for result in page.state("practice.results")] == [True, False]
    assert page.text("#practice-deals") == words["deals"].format(deals=2, hinted=1)
    assert page.text("#practice-mean-unhinted") == written(graded[1]["ev_loss"], lang)  # the mean without help
    mean = (graded[0]["ev_loss"] + graded[1]["ev_loss"]) / 2
    assert page.text("#practice-mean").startswith(written(mean, lang))
    bars = page.driver.find_elements("css selector", "#practice-chart rect.loss")
    assert [("hinted" in (bar.get_attribute("class") or "")) for bar in bars] == [True, False]
    assert any(answer["changes"]["moves"] for answer in graded), "neither deal had a card to move"

    # The review marks the hinted deal; the export carries it as a column the batch tool reads past.
    page.click("#practice-next")
    page.wait(lambda: page.text("#practice-review").startswith(words["review"]), "the review")
    verdicts = page.texts("#practice-history tbody td:nth-child(3)")
    assert verdicts[0].endswith(" · " + words["mark"]) and not verdicts[1].endswith(words["mark"])
    prefix = "data:application/x-ndjson;charset=utf-8,"
    history = urllib.parse.unquote(page.find("#practice-export").get_attribute("href")[len(prefix) :])
    rows = [json.loads(line) for line in history.splitlines()]
    assert [row["hint"] for row in rows] == [True, False]
    assert all(check_row(row)[1] is None for row in rows)  # read as any row, the hint ignored
    page.check_accessibility("the review of a run with a hinted deal")
    assert page.console_errors() == []
