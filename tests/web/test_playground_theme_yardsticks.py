"""Issue 41, defects 3 and 4, in headless Chromium: practice that teaches.

* A natural-call drill of a practice run starts with its decision not made: neither "declare" nor
  "don't declare" is chosen, Submit asks for the choice first (beside it, in the page's language),
  and the grade is of the choice made; in both languages.  Outside practice the page declares a
  natural unless the player says otherwise, as before.  (The page ticked "declare" on every deal,
  which made the very decision the drill tests.)
* A themed run is judged against its own theme's yardsticks: the drills answer carries the levels'
  losses on that theme's drills, which differ from the random deals', and the review names the level
  they give.  The club bot's plays of a foul-trap run read "club" by them, where the random deals'
  yardsticks said "casual" of such runs.  (The review judged every run by random deals.)
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from selenium.webdriver.support.select import Select

from tests.support.playground import DESKTOP, MAX_DEAL_SEED, NEEDS_CHROMIUM, PHONE, SEED, Playground, api, written
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

DRILLS = "/v1/drills"
OPPONENTS = 3  # the page's table of four
#: The page's "plays like" (tally.mjs), as batch grade computes it: levels in order, the spread's floor.
LEVELS = ("beginner", "casual", "club", "expert", "best")
SD_FLOOR = 0.02
#: A foul-trap run of the club bot's plays: the seeds tried for one the two yardsticks read apart.
RUN = 5
SEEDS = range(1, 60)

TEXTS = {
    "en": {
        "yes": "Declare",
        "no": "Don't declare",
        "ask": "declare the natural or not",
        "hint": "A hint looks at the cards as you will send them: choose first whether to declare the natural.",
    },
    "vi": {
        "yes": "Báo",
        "no": "Không báo",
        "ask": "báo thắng trắng hay không",
        "hint": "Gợi ý xem bài đúng như bạn sẽ nộp: hãy chọn báo thắng trắng hay không trước đã.",
    },
}


def _start(page: Playground, theme: str, count: int, seed: int) -> None:
    """A practice run of ``count`` drills of ``theme`` dealt from ``seed`` (the page draws a run's seed
    with Math.random: the test gives it the number that makes ``seed``, for that one click)."""
    Select(page.find("#practice-theme")).select_by_value(theme)
    field = page.find("#practice-count")
    field.clear()
    field.send_keys(str(count))
    page.driver.execute_script(
        "const drawn = Math.random;"
        "Math.random = () => arguments[0];"
        "try { document.getElementById('practice-start').click(); } finally { Math.random = drawn; }",
        (seed + 0.5) / MAX_DEAL_SEED,
    )
    page.wait(lambda: (page.state("practice") or {}).get("seed") == seed, "the run")


def _plays_like(results: list[dict[str, Any]], yardsticks: list[dict[str, Any]]) -> str:
    """The level a run plays like (tally.mjs playsLike, batch/players.py): nearest on mean loss and share
    of best plays, each in the level's own standard errors over the run's deals."""
    hands = len(results)
    mean = sum(result["ev_loss"] for result in results) / hands
    best = sum(result["verdict"]["key"] == "best" for result in results) / hands
    floor = hands * SD_FLOOR**2
    lines = {line["level"]["key"]: line for line in yardsticks}

    def distance(level: str) -> float:
        line = lines[level]
        loss_se = math.sqrt(max(hands * line["sd"] ** 2, floor)) / hands
        best_se = math.sqrt(max(hands * line["best_share"] * (1 - line["best_share"]), floor)) / hands
        return math.hypot((mean - line["mean"]) / loss_se, (best - line["best_share"]) / best_se)

    return min((level for level in LEVELS if level in lines), key=distance)


def _level_names(page: Playground) -> dict[str, str]:
    names: dict[str, str] = page.driver.execute_script(
        "const s = window.MauBinhPlayground.state;"
        "return Object.fromEntries(s.enumerations.levels.map((l) => [l.key, l.label[s.lang]]));"
    )
    return names


def _visible_choices(page: Playground) -> list[dict[str, Any]]:
    """The declare controls the player can see in the natural's box: their kind, whether chosen, their label."""
    found: list[dict[str, Any]] = page.driver.execute_script(
        "return Array.from(document.querySelectorAll('#natural-box input'))"
        "  .filter((input) => input.offsetParent !== null)"
        "  .map((input) => ({id: input.id, type: input.type, checked: input.checked,"
        "    label: (input.closest('label') || {}).textContent || ''}));"
    )
    return found


# ------------------------------------------------------------------ defect 4: the decision starts undecided


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_natural_call_drill_starts_undecided_and_submit_asks_for_the_choice(
    page: Playground, server: Service, lang: str
) -> None:
    texts = TEXTS[lang]
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
        page.wait(lambda: page.driver.execute_script("return document.documentElement.lang") == "vi", "Vietnamese")
    _start(page, "natural_call", 1, 7)
    run = page.state("practice")
    page.wait(lambda: page.result_for("#check-result"), "the check of the deal")
    page.wait(lambda: page.find("#natural-box").is_displayed(), "the natural's box")
    # Neither choice is made: the player must choose.  Two choices, in the page's language.
    choices = _visible_choices(page)
    assert choices and not any(choice["checked"] for choice in choices), choices
    assert [choice["type"] for choice in choices] == ["radio", "radio"], choices
    assert [choice["label"].strip() for choice in choices] == [texts["yes"], texts["no"]], choices
    # A hint while undecided would be the drill's answer: it asks for the choice, and nothing is sent
    # or recorded (it asked the analysis as if declaring, and said "best as they are" when that was right).
    requests = len(page.driver.find_elements("css selector", "#log-practice pre"))
    page.click("#practice-ask-hint")
    page.wait(lambda: page.text("#practice-status") == texts["hint"], "the hint asking for the choice first")
    assert page.state("practice.hint") is None
    assert len(page.driver.find_elements("css selector", "#log-practice pre")) == requests
    # Submitted undecided: the page asks for the choice beside it, and grades nothing.
    page.click("#practice-submit")
    page.wait(lambda: texts["ask"] in page.text("#natural-box").lower(), "the page asking for the choice")
    assert not page.driver.find_elements("css selector", "#practice-grade")
    page.check_accessibility("a natural-call drill asking for the choice")
    # Not declaring, chosen: the grade is the analysis of that choice.
    page.click("#declare-no")
    page.wait(lambda: page.state("declare") is False, "the choice")
    assert texts["ask"] not in page.text("#natural-box").lower()  # asked no more
    rows = page.rows()
    page.click("#practice-submit")
    page.wait(lambda: page.driver.find_elements("css selector", "#practice-grade"), "the grade")
    [result] = page.state("practice")["results"]
    assert result["declare_natural"] is False
    body = {"arrangement": rows, "opponents": OPPONENTS, "declare_natural": False}
    answer = api(server, "/v1/arrangements/analysis", {**body, "variant": run["variant"] or "classic"})
    assert written(answer["ev_loss"], lang) in page.text("#practice-loss")
    assert [choice["checked"] for choice in _visible_choices(page)] == [False, True]  # the choice stays shown
    # Outside practice, a deal declares a natural unless the player says otherwise (as before).
    page.click("#practice-next")
    page.deal(SEED)
    assert page.state("declare") is True
    assert page.driver.execute_script("return document.getElementById('declare-natural').checked;") is True
    assert page.console_errors() == []


# ------------------------------------------------------------------ defect 3: judged against its own theme


def _club_run(server: Service, variant: Any, theme: str, random_sticks: list[dict[str, Any]]) -> tuple[int, Any, Any]:
    """A seed whose run of ``RUN`` drills of ``theme``, each set by the club bot, plays like the club level
    by the theme's yardsticks and like another by the random deals': the drills answer and the bot's plays."""
    for seed in SEEDS:
        dealt = api(
            server, DRILLS, {"theme": theme, "count": RUN, "seed": seed, "opponents": OPPONENTS, "variant": variant}
        )
        plays = [
            api(
                server,
                "/v1/arrangements/play",
                {"cards": drill["cards"], "level": "club", "seed": index, "opponents": OPPONENTS, "variant": variant},
            )
            for index, drill in enumerate(dealt["drills"])
        ]
        if _plays_like(plays, dealt["yardsticks"]) == "club" != _plays_like(plays, random_sticks):
            return seed, dealt, plays
    raise AssertionError(f"no {theme} run among seeds {SEEDS} that the theme's yardsticks read as club, random's not")


def _place(page: Playground, arrangement: dict[str, list[str]]) -> None:
    """Set the hand on the table to ``arrangement`` by swapping cards (click one, then another), as a
    player may."""
    for position in ("back", "middle", "front"):
        for card in arrangement[position]:
            rows = page.rows()
            if card in rows[position]:
                continue
            other = next(held for held in rows[position] if held not in arrangement[position])
            page.click(f'#hand .card[data-card="{card}"]')  # picked up
            page.click(f'#hand .card[data-card="{other}"]')  # and swapped
            page.wait(lambda card=card, position=position: card in page.rows()[position], f"{card} into the {position}")
    page.wait(lambda: all(sorted(page.rows()[p]) == sorted(arrangement[p]) for p in arrangement), "the arrangement")


#: "Deal 3 of 5" as each language says it (texts-*.mjs practiceDeal).
DEAL_OF = {"en": "Deal {number} of {count}", "vi": "Ván {number}/{count}"}


@pytest.mark.parametrize(("lang", "width"), [("en", DESKTOP), ("vi", PHONE)])
def test_a_themed_run_is_judged_against_its_own_themes_yardsticks(
    page: Playground, server: Service, lang: str, width: int
) -> None:
    # A five-deal themed run end to end, in each language, at a desk's width and a phone's.
    page.use_width(width)
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
        page.wait(lambda: page.driver.execute_script("return document.documentElement.lang") == "vi", "Vietnamese")
    variant = page.state("preset")
    theme = "foul_trap"
    random_sticks = api(
        server, DRILLS, {"theme": "random", "count": 1, "seed": 1, "opponents": OPPONENTS, "variant": variant}
    )["yardsticks"]
    themed = api(server, DRILLS, {"theme": theme, "count": 1, "seed": 1, "opponents": OPPONENTS, "variant": variant})
    # Every level gives up more on a foul-trap drill than on a random deal: the theme has figures of its own.
    assert themed["yardsticks"] != random_sticks
    by_level = {line["level"]["key"]: line for line in random_sticks}
    for line in themed["yardsticks"]:
        if line["level"]["key"] != "best":
            assert line["mean"] > by_level[line["level"]["key"]]["mean"], line
    seed, dealt, plays = _club_run(server, variant, theme, random_sticks)
    level = _plays_like(plays, dealt["yardsticks"])  # club: the club bot reads as what it is on its theme
    _start(page, theme, RUN, seed)
    run = page.state("practice")
    assert [drill["cards"] for drill in run["drills"]] == [drill["cards"] for drill in dealt["drills"]]
    assert run["yardsticks"] == {
        line["level"]["key"]: {"mean": line["mean"], "sd": line["sd"], "best_share": line["best_share"]}
        for line in dealt["yardsticks"]
    }
    for number, play in enumerate(plays, start=1):
        where = DEAL_OF[lang].format(number=number, count=RUN)
        page.wait(lambda where=where: page.text("#practice-where").startswith(where), "the deal")
        _place(page, play["arrangement"])
        page.wait(lambda: page.result_for("#check-result"), "the check of the arrangement")
        page.click("#practice-submit")
        page.wait(lambda: page.driver.find_elements("css selector", "#practice-grade"), f"the grade of deal {number}")
        assert written(play["ev_loss"], lang) in page.text("#practice-loss")
        page.click("#practice-next")
    page.wait(lambda: page.find("#practice-plays-like").is_displayed(), "the review")
    names = _level_names(page)
    shown = page.text("#practice-plays-like")
    assert names[level] in shown, (shown, level)
    assert names[_plays_like(plays, random_sticks)] not in shown.replace(names[level], ""), shown
    assert page.horizontal_overflow() == 0
    page.check_accessibility("the review of a themed run")
    assert page.console_errors() == []
