"""The page's words and one layout as a Vietnamese player met them at 1280 and 375 px (issue 54), each
defect held by a test in headless Chromium that fails on the page before its mending: "What to change"
says the gain of several changes together on a line of its own (D5); a natural-call drill's hint is the
same whichever choice is made (D6); with the service out of reach the page never says it refused (D7);
errors name the knobs in the page's words, not by their API keys (D9); on a phone no chi of an
alternative breaks across lines (D10).  Both languages where there are words; axe-core clean in each
new state."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from selenium.webdriver.support.select import Select

from tests.support.playground import NEEDS_CHROMIUM, PHONE, POSITIONS, RANKS, SEED, Playground, api, written
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

LANGS = ("en", "vi")
#: Where the page keeps the runs finished (constants.mjs's STORE).
RUNS = "maubinh.playground.runs"


# ------------------------------------------------------------------------------------------- D5

TOGETHER = {"en": "changes above, together", "vi": "Cộng cả"}
#: What the API's last line of changes ends with (strategy/analysis.py's advice): the gain, once.
PER_OPPONENT = {"en": "points per opponent", "vi": "chi mỗi đối thủ"}


def _several_changes(page: Playground) -> dict[str, Any]:
    """A deal set so that the best play changes more than one thing: a front card swapped with a back
    card from a deal as dealt, seed after seed; the analysis of it."""
    for seed in range(SEED, SEED + 20):
        page.deal(seed)
        rows = page.rows()
        page.drag(rows["front"][0], rows["back"][0])
        page.wait(lambda rows=rows: page.rows() != rows, "the swap")
        page.wait_for_checks()
        answer: dict[str, Any] = page.state("results.analysis")
        changes = answer["changes"]
        if len(changes["moves"]) + (changes["declare_natural"] is not None) >= 2:
            return answer
    raise AssertionError(f"no swap among seeds {SEED}..{SEED + 19} leaves two changes to make")


@pytest.mark.parametrize("lang", LANGS)
def test_what_to_change_says_the_gain_of_several_changes_together_on_a_line_of_its_own(
    page: Playground, lang: str
) -> None:
    # D5: the last line of "What to change" ("Move 8♥ from the back to the front: +0.42 points per
    # opponent") read as if that one move gained the whole total.
    page.in_language(lang)
    answer = _several_changes(page)
    changes = answer["changes"]
    count = len(changes["moves"]) + (changes["declare_natural"] is not None)
    lines = page.texts("#analysis-changes li")
    # One line per change, none with a figure, then the total on a line that says it is all of them.
    assert len(lines) == count + 1, lines
    assert not any(PER_OPPONENT[lang] in line for line in lines[:-1]), lines
    total = lines[-1]
    assert TOGETHER[lang] in total and str(count) in total, total
    assert written(answer["ev_loss"], lang, signed=True) + " " + PER_OPPONENT[lang] in total, total
    page.check_accessibility("several changes and their gain together")


# ------------------------------------------------------------------------------------------- D6

ASKING = {"en": "Looking for a hint…", "vi": "Đang tìm gợi ý…"}


def _hint(page: Playground, choice: str) -> str:
    """The hint said after the natural-call choice ``choice`` (#declare-yes or #declare-no) is made."""
    page.click(choice)
    page.wait(lambda: page.state("declareUndecided") is False, "the choice")
    # What an earlier hint said is wiped first: the words read are this hint's.
    page.driver.execute_script(
        "for (const id of ['practice-status', 'practice-hint-text']) {"
        "  const node = document.getElementById(id); if (node) node.textContent = ''; }"
    )
    page.click("#practice-ask-hint")
    lang = page.driver.execute_script("return document.documentElement.lang")

    def said() -> str:
        text = (page.text("#practice-status") + " " + page.text("#practice-hint-text")).strip()
        return "" if text in ("", ASKING[lang]) else text

    return page.wait(said, "the hint")


@pytest.mark.parametrize("lang", LANGS)
def test_a_natural_call_hint_is_the_same_whichever_choice_is_made(page: Playground, lang: str) -> None:
    # D6: after "Không báo" the hint said "think again about the natural: declare or not?", and after the
    # right choice that the cards were best as they were: the hint gave the answer away.
    page.in_language(lang)
    Select(page.find("#practice-theme")).select_by_value("natural_call")
    field = page.find("#practice-count")
    field.clear()
    field.send_keys("1")
    page.click("#practice-start")
    page.wait(lambda: page.state("practice") and page.state("practice.phase") == "arranging", "the drill", 60)
    page.wait(lambda: page.result_for("#check-result"), "the check of the drill")
    declared = _hint(page, "#declare-yes")
    kept = _hint(page, "#declare-no")
    assert declared == kept, (declared, kept)
    again = _hint(page, "#declare-yes")  # and again, after the other choice: the same words
    assert again == declared
    assert page.state("practice.hint") is None  # a hint that says nothing of the cards is not counted
    page.check_accessibility("a natural-call drill's hint")


def test_a_natural_call_drill_replayed_among_mistakes_asks_the_call_and_hints_alike(
    page: Playground, server: Service
) -> None:
    # D6, in a replay of mistakes: the drill kept its theme, but the run's is "mistakes", so the page
    # declared for the player and its hint, from the analysis of that call, gave the answer away.
    [drill] = api(server, "/v1/drills", {"theme": "natural_call", "count": 1, "seed": 5, "opponents": 3})["drills"]
    ordered = sorted(drill["cards"], key=lambda card: (-RANKS.index(card[0]), "shdc".index(card[1])))
    played = {"back": ordered[:5], "middle": ordered[5:10], "front": ordered[10:]}
    # A run kept by this browser at the page's table (the default rules, 4 players), whose one deal gave
    # something up: the replay deals it again.
    mistake = {"key": "mistake", "label": {"en": "Mistake", "vi": "Sai"}}
    kept = {
        "started": 1,
        "theme": drill["theme"],
        "variant": None,
        "opponents": 3,
        "yardsticks": None,
        "results": [{"ev_loss": 0.5, "verdict": mistake, "arrangement": played, "declare_natural": False}],
        "drills": [{**drill, "seed": 5}],
    }
    page.driver.execute_script("localStorage.setItem(arguments[0], JSON.stringify([arguments[1]]));", RUNS, kept)
    page.driver.refresh()
    page.wait(lambda: page.text("#fingerprint").startswith("sha256:"), "the page")
    page.wait(lambda: page.find("#progress-replay").get_attribute("disabled") is None, "the replay")
    page.click("#progress-replay")
    page.wait(lambda: page.state("practice") and page.state("practice.theme.key") == "mistakes", "the replay")
    page.wait(lambda: page.result_for("#check-result"), "the check of the drill")
    assert page.state("declareUndecided") is True  # the call is the player's to make, as in its own run
    declared = _hint(page, "#declare-yes")
    assert _hint(page, "#declare-no") == declared


# ------------------------------------------------------------------------------------------- D7

REFUSED = {"en": "refused", "vi": "từ chối"}
UNREACHABLE = {"en": "could not be reached", "vi": "không liên lạc được"}


@contextmanager
def _offline(page: Playground) -> Iterator[None]:
    """The service out of the browser's reach (the network switched off, as DevTools does)."""
    page.driver.execute_cdp_cmd("Network.enable", {})
    conditions = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    page.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, **conditions})
    try:
        yield
    finally:
        page.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **conditions})
        page.driver.execute_cdp_cmd("Network.disable", {})


@pytest.mark.parametrize("lang", LANGS)
def test_with_the_service_out_of_reach_the_page_says_so_and_never_that_it_refused(page: Playground, lang: str) -> None:
    # D7: with the service down the page said both "refused" and "could not be reached".
    page.in_language(lang)
    page.deal(SEED)
    with _offline(page):
        page.click("#best")  # the best play
        page.wait(lambda: UNREACHABLE[lang] in page.text("#optimal-status"), "the best play's status")
        page.click("#practice-start")  # practice deals
        page.wait(lambda: UNREACHABLE[lang] in page.text("#practice-status"), "the practice's status")
        rows = page.rows()  # a move asks for the check and the analysis again
        page.drag(rows["front"][0], rows["back"][0])
        page.wait(lambda: UNREACHABLE[lang] in page.text("#check-result"), "the check's refusal")
        page.wait(lambda: UNREACHABLE[lang] in page.text("#analysis-result"), "the analysis's refusal")
        page.wait(lambda: UNREACHABLE[lang] in " ".join(page.texts("#analysis-status")), "the analysis's status")
        page.find("#knobs-details summary").click()  # a knob changed: the rules are checked again
        knob = page.wait(lambda: page.find('[data-field="knob:scoop_multiplier"]'), "the knob")
        knob.clear()
        knob.send_keys("3")
        page.wait(lambda: UNREACHABLE[lang] in page.text("#variant-status"), "the rules' status")
        shown = page.driver.execute_script("return document.body.innerText;")
        spoken = " ".join(page.texts("[role=status]"))  # the status lines, some of them hidden from sight
        assert REFUSED[lang] not in shown.lower() and REFUSED[lang] not in spoken.lower(), (shown, spoken)
        assert UNREACHABLE[lang] in shown
    page.check_accessibility("the service out of reach")


# ------------------------------------------------------------------------------------------- D9

SCOOP = {"en": "Scoop multiplier", "vi": "Hệ số sập hầm"}
DECIMALS = {"en": "Decimal places of money", "vi": "Số chữ số thập phân của tiền"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_knob_refused_is_named_in_the_page_s_words(page: Playground, lang: str) -> None:
    # D9: "scoop_multiplier phải từ 1 đến 100, không phải 500": the API's key, where the rules panel
    # calls the knob "Hệ số sập hầm".
    page.in_language(lang)
    page.find("#knobs-details summary").click()
    field = page.wait(lambda: page.find('[data-field="knob:scoop_multiplier"]'), "the knob")
    field.clear()
    field.send_keys("500")  # the service's range is 1 to 100 (rules/knobs.py)
    box = '[data-error-for="knob:scoop_multiplier"]'
    page.wait(lambda: page.find(box).is_displayed() and "500" in page.text(box), "the knob refused")
    said = page.text(box)
    assert "scoop_multiplier" not in said and said.startswith(SCOOP[lang]), said
    page.check_accessibility("a knob refused, named in the page's words")


@pytest.mark.parametrize(("lang", "bet"), [("en", "0.005"), ("vi", "0,005")])
def test_a_bet_with_too_many_places_is_refused_in_the_page_s_words(page: Playground, lang: str, bet: str) -> None:
    # D9: "mức cược 0,005 có nhiều chữ số thập phân hơn luật chơi này cho phép (amount_decimals = 2)".
    page.in_language(lang)
    page.deal(SEED)
    field = page.find("#bet")
    field.clear()
    field.send_keys(bet)
    page.click("#settle")
    page.wait(lambda: page.find("#bet-error").is_displayed(), "the bet refused")
    said = page.text("#bet-error")
    assert "amount_decimals" not in said and DECIMALS[lang] in said, said
    page.check_accessibility("a bet refused, in the page's words")


# ------------------------------------------------------------------------------------------ D10


def test_on_a_phone_no_chi_of_an_alternative_breaks_across_lines(page: Playground) -> None:
    # D10: on a phone an alternative's front (its three cards) broke across two lines.
    page.use_width(PHONE)
    page.deal(SEED)
    page.click("#best")
    page.wait(lambda: len(page.driver.find_elements("css selector", "#optimal-result .choice")) > 1, "the alternatives")
    page.wait_for_checks()  # the best play, placed on the table, checked and analysed (no result faded as busy)
    # Each choice's cards, in the order drawn (back, middle, front: 5, 5 and 3), and the line each is on.
    choices: list[list[dict[str, Any]]] = page.driver.execute_script(
        "return Array.from(document.querySelectorAll('#optimal-result .choice-cards'), (cards) =>"
        "  Array.from(cards.querySelectorAll('[class^=\"suit-\"]'), (card) =>"
        "    ({text: card.textContent, top: Math.round(card.getBoundingClientRect().top)})));"
    )
    sizes = {"back": 5, "middle": 5, "front": 3}
    for number, cards in enumerate(choices):
        assert len(cards) == 13, cards
        start = 0
        for position in POSITIONS:
            chi = cards[start : start + sizes[position]]
            start += sizes[position]
            assert len({card["top"] for card in chi}) == 1, (number, position, chi)
    assert page.horizontal_overflow() <= 0
    page.check_accessibility("the alternatives on a phone")
