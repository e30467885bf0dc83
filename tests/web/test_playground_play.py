"""The playground in headless Chromium, driven by Selenium against the service run for real: playing
a hand.  A seeded deal fouled by a drag, the best play placed and a four-seat table settled, each
matched with what the API answers; cards moved by keyboard alone, picked one by one or set by
auto-arrange; a replayed seed; a change of table size or bot level; and the layout at a desktop's
and a phone's width.  (What the page says, in either language, is in test_playground_messages.py.)

One server and one browser serve the whole module.  What a user sees is compared with what the
API answers for the same request, called here from Python.  Screenshots are written to the
test's tmp directory, and to docs/ with UPDATE_SCREENSHOTS=1.
"""

from __future__ import annotations

import operator
import os
import shutil
from pathlib import Path
from typing import Any

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from tests.support.playground import (
    BOT_LEVELS,
    DESKTOP,
    NEEDS_CHROMIUM,
    PHONE,
    POSITIONS,
    ROOT,
    SEED,
    Playground,
    api,
    english_name,
    flat,
    fouling_swap,
    shuffled_deck,
    written,
)
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

# ------------------------------------------------------------------------------------ tests


def test_deal_foul_best_play_and_a_settled_table_match_the_api(
    page: Playground, server: Service, tmp_path: Path
) -> None:
    deck = shuffled_deck(SEED)
    page.deal(SEED)
    rows = page.rows()
    # The user holds the first 13 cards of the seeded shuffle, 5 / 5 / 3, each card named for screen readers.
    assert [len(rows[position]) for position in POSITIONS] == [5, 5, 3]
    assert sorted(flat(rows)) == sorted(deck[:13])
    assert page.card(rows["back"][0]).accessible_name == english_name(rows["back"][0])
    assert page.find("#check-result [data-fouled]").get_attribute("data-fouled") == "false"
    page.check_accessibility("after dealing")

    # Drag a middle card onto a back card: the hand fouls, with the service's reason shown at once.
    middle, back, fouled = fouling_swap(server, rows)
    page.drag(middle, onto=back)
    page.wait(lambda: page.rows() == fouled, "the dragged card to land")
    page.wait_for_checks()
    expected = api(server, "/v1/arrangements/validate", {"arrangement": fouled, "variant": "classic"})
    assert page.find("#check-result [data-fouled]").get_attribute("data-fouled") == "true"
    assert page.texts("#check-result .reason") == [reason["detail"]["en"] for reason in expected["reasons"]]
    assert page.find("#analysis-verdict").get_attribute("data-verdict") == "foul"

    # Best play: placed on the table and graded best, nothing given up.
    page.find("#best").click()
    optimal = api(server, "/v1/arrangements/optimal", {"cards": flat(fouled), "top": 5, "opponents": 3})
    page.wait(lambda: page.rows() == optimal["best"]["arrangement"], "the best play to be placed")
    page.wait_for_checks()
    analysis = api(server, "/v1/arrangements/analysis", {"arrangement": page.rows(), "opponents": 3})
    assert analysis["ev_loss"] == 0 and analysis["verdict"]["key"] == "best"
    assert page.find("#analysis-verdict").get_attribute("data-verdict") == "best"
    assert page.text("#analysis-verdict") == analysis["verdict"]["label"]["en"]
    assert page.text("#analysis-loss") == "0.00"
    assert len(page.texts("#optimal-result .choice")) == 1 + len(optimal["alternatives"])
    page.check_accessibility("after the analysis")

    # Four seats: the bots set the other 39 dealt cards (13 each), then the table is settled.
    assert Select(page.find("#seat-count")).first_selected_option.get_attribute("value") == "4"
    page.find("#settle").click()
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money"), "the settlement")
    seats = page.seats()
    assert [seat["id"] for seat in seats] == ["An", "Bình", "Cường", "Dũng"]  # no seat named like a chi
    assert seats[0]["arrangement"] == page.rows()
    for index, seat in enumerate(seats[1:], start=1):
        cards = flat(seat["arrangement"])
        assert sorted(cards) == sorted(deck[13 * index : 13 * (index + 1)])
        body = {"cards": cards, "level": BOT_LEVELS[index - 1], "seed": SEED * 4 + index, "opponents": 3}
        play = api(server, "/v1/arrangements/play", body)
        assert seat["arrangement"] == play["arrangement"]  # posted as the bot answered it
        assert seat["declare"] == play["declare_natural"]
        assert seat["style"] == "How it played: " + play["style"]["label"]["en"]

    players = [{"id": s["id"], "arrangement": s["arrangement"], "declare_natural": s["declare"]} for s in seats]
    settlement = api(server, "/v1/settlements", {"variant": "classic", "bet": "10", "players": players})
    for player in settlement["players"]:
        row = f'#table-result tr[data-player="{player["id"]}"]'
        money = ("amount", "rake", "draw_fee", "net")
        shown = {column: page.text(f'{row} td[data-money="{column}"]') for column in money}
        assert shown == {column: player[column] for column in shown}, player["id"]
        assert int(page.text(f'{row} td[data-money="points"]')) == player["points"]
        lines = page.texts(f'ol[data-player-lines="{player["id"]}"] li')
        assert lines == [line["en"] for line in player["lines"]]
    for pair in settlement["pairs"]:
        lines = page.texts(f'ol[data-pair-lines="{"|".join(pair["players"])}"] li')
        assert lines == [line["en"] for line in pair["lines"]], pair["players"]
    house = [page.text(f'td[data-money="house-{name}"]') for name in ("rake", "draw-fee", "total")]
    assert house == [settlement["house_take"][name] for name in ("rake", "draw_fee", "total")]
    page.check_accessibility("after settling")

    for width, name in ((DESKTOP, "playground-desktop.png"), (PHONE, "playground-phone.png")):
        picture = tmp_path / name
        page.screenshot(width, picture)
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        if os.environ.get("UPDATE_SCREENSHOTS") == "1":
            shutil.copyfile(picture, ROOT / "docs" / name)
    assert page.console_errors() == []


def test_a_card_moves_by_keyboard_alone(page: Playground) -> None:
    page.wait_for_checks()
    before = page.rows()
    keys = ActionChains(page.driver)

    def press(*sequence: str) -> None:
        for key in sequence:
            keys.send_keys(key).perform()

    def focused() -> str | None:
        card: str | None = page.driver.execute_script("return document.activeElement.dataset.card || null;")
        return card

    press(Keys.TAB)  # the skip link comes first
    assert page.driver.switch_to.active_element.get_attribute("class") == "skip-link"
    press(Keys.ENTER, Keys.TAB, Keys.ARROW_RIGHT)
    assert focused() == before["back"][1]
    press("3")  # to the front, which is full: its last card takes the moved card's place in the back
    moved, replaced = before["back"][1], before["front"][-1]
    after: dict[str, list[str]] = page.wait(lambda: page.rows() if page.rows() != before else {}, "the card to move")
    assert after["front"] == [*before["front"][:-1], moved]
    assert after["back"] == [before["back"][0], replaced, *before["back"][2:]]
    assert focused() == moved
    expected = f"{english_name(moved)} moved to the front (chi cuối); {english_name(replaced)} went to the back"
    page.wait(lambda: page.text("#announcer").startswith(expected), "the move to be announced")

    press(Keys.ENTER)  # pick it up ...
    assert page.card(moved).get_attribute("aria-pressed") == "true"
    press(Keys.ARROW_LEFT, Keys.ENTER)  # ... and swap it with its neighbour
    neighbour = after["front"][-2]
    page.wait(lambda: page.rows()["front"][-2:] == [moved, neighbour], "the keyboard swap")
    page.wait_for_checks()
    assert page.console_errors() == []


def test_a_second_move_into_a_full_chi_keeps_the_card_just_placed(page: Playground) -> None:
    # Two back cards sent to the full front one after the other: the second move sends out a card
    # the player did not put there, so the first one stays (the moves used to cancel out).
    page.wait_for_checks()
    before = page.rows()
    first, second = before["back"][0], before["back"][1]
    page.card(first).send_keys("3")
    page.wait(lambda: first in page.rows()["front"], "the first move")
    page.card(second).send_keys("3")
    after = page.wait(lambda: page.rows() if second in page.rows()["front"] else {}, "the second move")
    assert first in after["front"] and second in after["front"]
    held = sorted(card for row in after.values() for card in row)
    assert held == sorted(card for row in before.values() for card in row)  # the same 13 cards
    assert page.console_errors() == []


def test_placing_an_arrangement_by_keyboard_keeps_the_focus_on_the_hand(page: Playground) -> None:
    # Enter on a Place button (an alternative, or the analysis's "Place the best play") puts the
    # cards on the table and the focus on them; the button is drawn anew, and the focus used to
    # fall to <body>.
    def focused_card() -> str | None:
        card: str | None = page.driver.execute_script("return document.activeElement.dataset.card || null;")
        return card

    page.deal(SEED)  # a fixed deal: its first alternative gives up points (a random one's may tie the best)
    page.click("#best")
    page.wait(
        lambda: page.driver.find_elements(By.CSS_SELECTOR, '#optimal-result [data-choice="1"] button'), "alternatives"
    )
    before = page.rows()
    page.find('#optimal-result [data-choice="1"] button').send_keys(Keys.ENTER)
    placed = page.wait(lambda: page.rows() if page.rows() != before else {}, "the alternative placed")
    assert focused_card() == placed["back"][0]

    page.wait_for_checks()  # the alternative gives up points: the analysis offers the best play
    page.wait(
        lambda: page.driver.find_elements(By.CSS_SELECTOR, "#analysis-result button.small"), "Place the best play"
    )
    page.find("#analysis-result button.small").send_keys(Keys.ENTER)
    best = page.wait(lambda: page.rows() if page.rows() != placed else {}, "the best play placed")
    assert focused_card() == best["back"][0]
    assert page.console_errors() == []


def test_small_visual_faults_stay_mended(page: Playground) -> None:
    # The bet's error does not push the players field out of line; "Place the best play" keeps
    # its distance from the heading after it; red suits are red in the alternatives list too.
    page.deal(SEED)  # a fixed deal: its first alternative gives up points (a random one's may tie the best)
    players = page.find("#seat-count").rect["y"]
    page.find("#bet").clear()
    page.find("#bet").send_keys("ten")
    page.find("#settle").click()
    page.wait(lambda: page.text("#bet-error"), "the bet's error")
    assert page.find("#seat-count").rect["y"] == players

    page.click("#best")  # then an alternative, which gives up points: the analysis offers the best play
    page.wait(
        lambda: page.driver.find_elements(By.CSS_SELECTOR, '#optimal-result [data-choice="1"] button'), "alternatives"
    )
    page.next_frames()  # the list's scroll into view, scheduled for the next frame, is done
    placed = page.rows()
    page.click('#optimal-result [data-choice="1"] button')
    page.wait(lambda: page.rows() != placed, "the alternative placed")
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#analysis-result > button"), "Place the best play")
    gap = page.driver.execute_script(
        "const button = document.querySelector('#analysis-result > button');"
        "return button.nextElementSibling.getBoundingClientRect().top - button.getBoundingClientRect().bottom;"
    )
    assert gap >= 8  # pixels of air between the button and the next heading

    page.click("#best")
    page.wait(
        lambda: page.driver.find_elements(
            By.CSS_SELECTOR, "#optimal-result .choice-cards .suit-h, #optimal-result .choice-cards .suit-d"
        ),
        "the alternatives",
    )
    colours = page.driver.execute_script(
        "return [...document.querySelectorAll('#optimal-result .choice-cards [class^=suit-]')]"
        ".map((node) => [node.className, getComputedStyle(node).color]);"
    )
    black = {colour for name, colour in colours if name in ("suit-s", "suit-c")}
    red = {colour for name, colour in colours if name in ("suit-h", "suit-d")}
    assert red and black and not red & black
    assert [error for error in page.console_errors() if "422" not in error] == []  # the bet refused


def test_on_a_phone_the_money_table_says_it_scrolls(page: Playground) -> None:
    # At 375 px the money table of a bet in đồng is wider than the page: its Net column was cut
    # off with nothing saying that the table scrolls. A line under it says so, in the page's
    # language; on a desktop, where it fits, the line is not shown.
    page.wait_for_checks()
    page.find("#bet").clear()
    # Amounts of 13 digits and more, none of them shortened ("2 tỷ") on the Vietnamese page: no sum of
    # this bet ends in the zeros a short form needs.
    page.find("#bet").send_keys("1234567891")
    page.find("#settle").click()
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money"), "the settlement")
    assert not page.find("#table-result .scroll-hint").is_displayed()
    try:
        page.use_width(PHONE)
        sizes = (
            "const box = document.querySelector('#table-result .table-scroll');"
            "return [box.scrollWidth, box.clientWidth];"
        )
        page.wait(lambda: operator.gt(*page.driver.execute_script(sizes)), "the table to be wider than a phone")
        page.wait(lambda: page.find("#table-result .scroll-hint").is_displayed(), "the hint")
        assert page.text("#table-result .scroll-hint").startswith("Scroll the table sideways")
        page.find('.lang[data-lang="vi"]').click()
        page.wait(lambda: page.text("#table-result .scroll-hint").startswith("Vuốt bảng sang ngang"), "the hint in vi")
        assert page.accessibility_violations() == []
    finally:
        page.use_width(1280)
    assert page.console_errors() == []


def test_cards_can_be_picked_one_by_one(page: Playground, server: Service) -> None:
    page.find("#picker-details summary").click()
    page.find("#clear-hand").click()
    page.wait(lambda: page.rows() == {"back": [], "middle": [], "front": []}, "an empty hand")
    # A royal flush, three nines and a pair of twos; each new card goes to the first chi with room.
    picked = ["As", "Ks", "Qs", "Js", "Ts", "9h", "9d", "9c", "8c", "7c", "2d", "2c", "3h"]
    for card in picked:
        page.find(f'#picker .pick[data-card="{card}"]').click()
    assert page.rows() == {"back": picked[:5], "middle": picked[5:10], "front": picked[10:]}
    assert page.find('#picker .pick[data-card="As"]').get_attribute("aria-pressed") == "true"
    page.wait_for_checks()
    validation = api(server, "/v1/arrangements/validate", {"arrangement": page.rows()})
    assert page.texts("#check-result .bonuses li") == [
        f"{bonus['label']['en']}: {bonus['value']} units" for bonus in validation["bonuses"]
    ]
    assert [bonus["key"] for bonus in validation["bonuses"]] == ["back.royal_flush"]
    assert page.console_errors() == []


def test_a_drawn_seed_read_by_json_parse_replays_the_same_play(page: Playground) -> None:
    # A browser reads every JSON number as a double: a seed above 2**53 - 1 would come back rounded,
    # and the replay would be another play. Twelve drawn seeds, each parsed and sent back.
    replays: list[dict[str, Any]] = page.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const cards = arguments[0];
        const play = (body) => fetch('/v1/arrangements/play', {
          method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body),
        }).then((response) => response.text());
        const once = async () => {
          const first = await play({cards, level: 'casual'});
          const seed = JSON.parse(first).seed;
          const again = await play({cards, level: 'casual', seed});
          return {exact: Number.isSafeInteger(seed), same: again === first, seed};
        };
        Promise.all(Array.from({length: 12}, once)).then(done, (error) => done([{error: String(error)}]));
        """,
        ["As", "Ad", "Kc", "Kd", "7h", "9s", "9h", "8c", "5d", "3c", "Qs", "Jh", "2s"],
    )
    assert len(replays) == 12
    assert all(replay.get("exact") and replay.get("same") for replay in replays), replays
    assert len({replay["seed"] for replay in replays}) == 12


def test_auto_arrange_names_its_first_choice_strongest_and_the_odds_leave_room_for_naturals(page: Playground) -> None:
    page.deal(SEED)
    page.find("#auto-arrange").click()
    page.wait(lambda: page.texts(".choice-title"), "the auto-arrange choices")
    titles = page.texts(".choice-title")
    # Auto-arrange ranks by strength: a later choice may have more points, so the first is no "Best".
    assert titles[0] == "Strongest" and titles[1:] == [f"Alternative {n}" for n in range(1, len(titles))]
    page.find("#best").click()
    page.wait(lambda: page.texts(".choice-title")[:1] == ["Best"], "the best choices")
    page.wait_for_checks()
    assert page.text(".opponent-natural").startswith("An opponent declares a natural (no chi compared): ")


def test_the_hand_is_in_view_at_once_and_a_fresh_deal_is_no_alarm(page: Playground) -> None:
    page.driver.set_window_size(DESKTOP, 900)
    page.driver.get(page.url + "/playground")
    page.wait(lambda: page.text("#fingerprint").startswith("sha256:"), "the rules to load")
    bottom, height = page.driver.execute_script(
        "return [document.querySelector('#hand .card').getBoundingClientRect().bottom, window.innerHeight];"
    )
    assert bottom <= height, f"the first card ends at {bottom} px of a {height} px window"
    # Seed 5 lays out high to low as a foul: shown as what to mend, not as the player's mistake.
    page.deal(5)
    box = page.find("#check-result .foul-box")
    assert box.get_attribute("data-as-dealt") == "true" and not page.driver.find_elements(
        By.CSS_SELECTOR, "#check-result .badge-foul"
    )
    assert page.text("#check-result .badge-pending").startswith("As dealt, these chi would be fouled (binh lủng)")
    rows = page.rows()
    page.drag(rows["back"][0], rows["front"][0])  # the player's own move: from now on a foul is a foul
    page.wait_for_checks()
    assert not page.driver.find_elements(By.CSS_SELECTOR, "#check-result [data-as-dealt]")
    page.use_width(DESKTOP)


def test_another_table_size_or_bot_level_drops_what_was_worked_out_for_the_old_table(
    page: Playground, server: Service
) -> None:
    page.deal(SEED)
    page.wait_for_checks()
    page.find("#best").click()
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#optimal-result .choice"), "the best play")
    page.wait_for_checks()
    page.find("#settle").click()
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money"), "the settlement")

    # Another bot level: the table settled against the old bot goes; the best play stays (it is the hand's).
    Select(page.find("#level-1")).select_by_value("expert")  # from the first bot's casual
    page.wait(lambda: not page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money"), "the table to go")
    assert page.driver.find_elements(By.CSS_SELECTOR, "#optimal-result .choice")

    # Three seats: two opponents. The plays listed were for three and go; three seats are drawn, and the
    # hand is analysed again against two opponents, as the API analyses it.
    Select(page.find("#seat-count")).select_by_value("3")
    page.wait(lambda: len(page.driver.find_elements(By.CSS_SELECTOR, "#seats .seat")) == 3, "three seats")
    assert not page.driver.find_elements(By.CSS_SELECTOR, "#optimal-result .choice")
    analysis = api(server, "/v1/arrangements/analysis", {"arrangement": page.rows(), "opponents": 2})
    page.wait(lambda: page.text("#analysis-ev") == written(analysis["ev"], signed=True), "the analysis for two")
    Select(page.find("#seat-count")).select_by_value("4")
