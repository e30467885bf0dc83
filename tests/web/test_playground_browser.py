"""The playground in headless Chromium, driven by Selenium against the service run for real.

One server and one browser serve the whole module.  What a user sees is compared with what the
API answers for the same request, called here from Python.  Screenshots are written to the
test's tmp directory, and to docs/ with UPDATE_SCREENSHOTS=1.
"""

from __future__ import annotations

import json
import operator
import os
import re
import shutil
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.chrome.webdriver import WebDriver
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
    VI_RANKS,
    VI_SUITS,
    Playground,
    api,
    english_name,
    flat,
    fouling_swap,
    guarded_page,
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
    page.find("#bet").send_keys("1000000000")  # amounts of 13 digits and more
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


def test_the_language_switch_gives_vietnamese_texts_and_is_remembered(page: Playground, server: Service) -> None:
    page.wait_for_checks()
    dealt = page.rows()
    page.drag(dealt["back"][0], dealt["middle"][0])  # set by the player: the analysis grades it
    page.wait(lambda: page.rows() != dealt, "the swap")
    page.wait_for_checks()
    page.find('.lang[data-lang="vi"]').click()
    assert page.driver.execute_script("return document.documentElement.lang;") == "vi"
    assert (page.text("#arrange-heading"), page.text("#table-heading")) == ("Xếp bài", "Bàn chơi")
    assert page.text("#settle") == "Lật bài và tính tiền"
    rows = page.rows()
    names = [page.card(card).accessible_name for card in flat(rows)]
    assert names == [f"{VI_RANKS[card[0]]} {VI_SUITS[card[1]]}" for card in flat(rows)]
    # The service's own Vietnamese: chi labels, the verdict and what to change.
    validation = api(server, "/v1/arrangements/validate", {"arrangement": rows})
    chi_labels = [validation["chi"][p]["category"]["label"]["vi"] for p in POSITIONS]
    assert page.texts("#check-result .chi-label") == chi_labels
    analysis = api(server, "/v1/arrangements/analysis", {"arrangement": rows, "opponents": 3})
    assert page.text("#analysis-verdict") == analysis["verdict"]["label"]["vi"]
    assert page.texts("#analysis-changes li") == analysis["changes"]["lines"]["vi"]

    page.driver.refresh()  # remembered in localStorage
    page.wait(lambda: page.text("#fingerprint").startswith("sha256:"), "the rules to load")
    assert page.driver.execute_script("return document.documentElement.lang;") == "vi"
    assert page.text("#arrange-heading") == "Xếp bài"
    page.find('.lang[data-lang="en"]').click()
    assert page.text("#arrange-heading") == "Arrange"
    assert page.console_errors() == []


def test_the_vietnamese_page_says_one_word_for_each_thing(page: Playground) -> None:
    # The deal's seed is "mã chia bài", not a plant's seed ("hạt giống"); the rake is "tiền xâu",
    # never "phí" or "phế" (the draw fee is "phí hòa"); and no seat is named like a chi.
    page.wait_for_checks()
    page.find('.lang[data-lang="vi"]').click()
    page.wait(lambda: page.text("#arrange-heading") == "Xếp bài", "the Vietnamese page")
    page.find("#settle").click()
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money"), "the settlement")
    body = page.text("body").lower()
    assert "hạt giống" not in body and "phế" not in body
    assert page.text('label[for="seed"]') == "Mã chia bài"  # no English beside it (issue 41, defect 11)
    assert re.findall(r"\bphí\b(?!\s+hòa)", body) == []  # only the draw fee's "phí hòa"
    assert "chi" not in [seat["id"].lower() for seat in page.seats()]
    assert page.console_errors() == []


def test_refused_input_is_shown_next_to_its_field_and_clears_the_old_result(page: Playground, server: Service) -> None:
    page.wait_for_checks()
    rows = page.rows()
    assert page.text("#analysis-result") != ""  # a result that a failure must not leave standing

    page.find("#knobs-details summary").click()
    rake = page.find("#knob-rake")
    rake.clear()
    rake.send_keys("abc")  # not a number: the page says so in its own words, and sends nothing
    unread = "Not a number: write it like 0.02."
    page.wait(lambda: page.text('[data-error-for="knob:rake"]') == unread, "the rake's problem")
    assert rake.get_attribute("aria-invalid") == "true"
    # The panels say why they hold no answer (issue 30, defect 4: they went blank, the reason far away).
    for panel in ("#check-result", "#analysis-result"):
        page.wait(
            lambda panel=panel: (
                page.text(f"{panel} [data-refusal='rules'] p") == f"Nothing is checked under these rules: {unread}"
            ),
            f"{panel} to say why",
        )
    assert page.find("#check-result").get_attribute("data-for") is None
    assert page.text("#fingerprint") == "—"
    page.check_accessibility("with every knob shown and one refused")

    rake.clear()
    rake.send_keys("-1")  # a number the service refuses: its own words, beside the knob and in the panels
    refused = api(
        server,
        "/v1/arrangements/validate",
        {"arrangement": rows, "variant": {"preset": "classic", "overrides": {"rake": "-1"}}},
    )
    [error] = refused["errors"]
    assert error["pointer"] == "/variant/overrides/rake"
    page.wait(lambda: page.text('[data-error-for="knob:rake"]') == error["detail"], "the service's word on the rake")
    said = f"Nothing is checked under these rules: {error['detail']}"
    page.wait(lambda: page.text("#check-result [data-refusal='rules'] p") == said, "the check to say why")
    page.driver.execute_script("document.getElementById('knobs-details').open = false;")  # folded away
    page.click("#check-result [data-refusal='rules'] button")  # Show the rule: unfolded, and the focus in it
    assert page.driver.switch_to.active_element.get_attribute("id") == "knob-rake"
    assert page.find("#knobs-details").get_property("open")
    rake.clear()
    rake.send_keys("abc")  # no number again: the page's words alone, not the service's word on -1 beside them
    page.wait(lambda: page.text('[data-error-for="knob:rake"]') == unread, "the rake's own problem alone")

    page.find("#reset-knobs").click()  # the preset's rules again: the problem goes, the results come back
    page.wait_for_checks()
    assert not page.find('[data-error-for="knob:rake"]').is_displayed()
    assert page.text("#fingerprint").startswith("sha256:")

    page.find("#bet").clear()
    page.find("#bet").send_keys("abc")  # no number at all: the page's own words, nothing sent
    page.find("#settle").click()
    bad_bet = "The bet is a number above 0, such as 10.50 or 1,000,000."
    page.wait(lambda: page.text("#bet-error") == bad_bet, "the bet's problem")
    error = page.settle_with_bet("0", server)  # a number the service refuses: its own words
    assert error["pointer"] == "/bet"
    page.wait(lambda: page.text("#bet-error") == error["detail"], "the service's word on the bet")
    assert page.text("#table-result") == ""
    # The browser logs each refused request; nothing else may go wrong.
    assert page.console_errors(allowed=r"the server responded with a status of 422") == []


def test_each_request_is_shown_and_copies_as_a_working_curl_command(page: Playground, server: Service) -> None:
    page.wait_for_checks()
    key = "not-a-real-key-but-long-enough"
    field = page.find("#api-key")
    field.send_keys(key)
    field.send_keys(Keys.TAB)  # the key is taken on change
    page.find("#show-requests").click()
    log = page.find("#log-validate")
    page.wait(lambda: "X-API-Key" in log.text, "a request sent with the key")
    page.wait_for_checks()
    assert "POST /v1/arrangements/validate → 200 OK" in log.text
    assert key not in log.text and "(redacted)" in log.text
    stored = page.driver.execute_script(
        "return [sessionStorage.length, localStorage.getItem('maubinh.playground.apiKey')];"
    )
    assert stored == [1, None]  # the key stays in this tab only
    shown = page.texts("#log-validate pre code")[0]
    body = json.loads(shown.split("\n\n", 1)[1])
    assert body == {"arrangement": page.rows(), "variant": "classic"}
    page.check_accessibility("with the requests shown")

    page.driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {
            "origin": server.url,
            "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
        },
    )
    log.find_element(By.CSS_SELECTOR, ".copy-curl").click()
    page.wait(lambda: page.text("#announcer") == "The curl command is on the clipboard.", "the copy")
    command = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, (error) => done('failed: ' + error));"
    )
    assert command.startswith(f"curl -s -X POST '{server.url}/v1/arrangements/validate'")
    assert '"X-API-Key: $MAUBINH_API_KEY"' in command and key not in command
    environment = {**os.environ, "MAUBINH_API_KEY": key}
    ran = subprocess.run(["bash", "-c", command], capture_output=True, timeout=30, check=True, env=environment)
    assert json.loads(ran.stdout) == api(server, "/v1/arrangements/validate", body)
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


def test_problem_details_come_in_the_page_language(page: Playground, server: Service) -> None:
    page.wait_for_checks()
    page.find('.lang[data-lang="vi"]').click()
    page.find("#show-requests").click()
    page.find("#knobs-details summary").click()
    rake = page.find("#knob-rake")
    rake.clear()
    rake.send_keys("-1")  # a number (the page sends it) the service refuses
    body = {"arrangement": page.rows(), "variant": {"preset": "classic", "overrides": {"rake": "-1"}}}
    request = urllib.request.Request(
        server.url + "/v1/arrangements/validate",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept-Language": "vi"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.headers["Content-Language"] == "vi"
    [error] = json.load(refused.value)["errors"]
    assert error["detail"] == "rake phải từ 0 đến 0,5, không phải -1"  # 0,5: the Vietnamese way
    page.wait(lambda: page.text('[data-error-for="knob:rake"]') == error["detail"], "the rake's problem in Vietnamese")
    page.wait(lambda: "Accept-Language: vi" in page.text("#log-validate"), "the request sent in Vietnamese")
    assert page.console_errors(allowed=r"the server responded with a status of 422") == []


def test_a_key_with_limits_shows_what_is_left_of_its_budget(browser: WebDriver, tmp_path: Path) -> None:
    # A day's limit: a unit back every 86 s, so what the page spends shows (1000 a minute gave back
    # more in the page's second than its check and analysis spent).
    with guarded_page(browser, tmp_path, limits='["1000/day"]') as (page, key):
        page.wait(lambda: page.find("#api-key").is_displayed(), "the page")
        assert page.find("#api-budget").is_displayed() is False  # no key yet: nothing to show
        field = page.find("#api-key")
        field.send_keys(key)
        field.send_keys(Keys.TAB)
        line = page.find("#api-budget")
        page.wait(lambda: line.is_displayed() and line.text.startswith("Left: "), "the budget line")
        shown = re.match(r"Left: ([\d,]+) of 1000/day \(refills in [\d,]+ s\)$", line.text)
        assert shown, line.text
        left = int(shown.group(1).replace(",", ""))
        assert 0 < left < 1000  # the page's own calls (the variants, a first check) were counted
        page.wait_for_checks()
        before = int(re.match(r"Left: ([\d,]+)", line.text).group(1).replace(",", ""))
        page.find("#deal").click()  # a new hand: a check and an analysis, each answer saying what is left
        page.wait(lambda: int(re.match(r"Left: ([\d,]+)", line.text).group(1).replace(",", "")) < before, "spending")


def test_with_keys_on_and_none_typed_the_checks_say_they_wait_for_the_key(browser: WebDriver, tmp_path: Path) -> None:
    # The 13 cards are dealt, but the service refuses the rules without a key: the check and the
    # analysis said "0 of 13 cards" beside them; they say what they wait for, until the key comes.
    with guarded_page(browser, tmp_path) as (page, key):
        page.wait(lambda: page.text('[data-error-for="apiKey"]'), "the page to ask for a key")
        assert len(flat(page.rows())) == 13
        for box in ("#check-result", "#analysis-result"):
            page.wait(lambda box=box: "API key" in page.text(box), f"{box} to ask for the key")
            assert "of 13 cards" not in page.text(box)
        page.find("#api-key").send_keys(key)
        page.find("#best").click()  # the first action with the key loads the rules, then the checks run
        page.wait_for_checks()


def test_the_first_click_after_typing_a_key_does_what_it_says(browser: WebDriver, tmp_path: Path) -> None:
    # Typing a key and clicking a button at once (no Tab first) must press the button. The key's
    # change (as the field lost focus to the button) loaded the rules, and their arrival dropped the
    # request the click had just sent, though the rules were the same; the page also moved under
    # the pointer as the "needs a key" message went.
    with guarded_page(browser, tmp_path) as (page, key):
        page.wait(lambda: page.text('[data-error-for="apiKey"]'), "the page to ask for a key")
        page.find("#api-key").send_keys(key)
        page.find("#best").click()  # once
        page.wait(lambda: page.text("#optimal-result"), "the best arrangement", seconds=10)


def test_what_the_page_says_is_seen_not_only_heard(page: Playground, server: Service) -> None:
    page.wait_for_checks()
    # Copying a request as curl says so on the button itself.
    page.driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    page.find("#show-requests").click()
    page.click("#log-validate .copy-curl")
    page.wait(lambda: page.text("#log-validate .copy-curl") == "Copied ✓", "the button to say it copied")
    # A fourteenth card is refused where the cards are picked.
    page.find("#picker-details summary").click()
    outside = next(card for card in shuffled_deck(SEED)[13:] if card not in flat(page.rows()))
    page.find(f'#picker .pick[data-card="{outside}"]').click()
    count = page.find("#picker-count")
    assert count.is_displayed() and count.text == "Your hand already holds 13 cards: take one out first."
    # A hand of twelve: the check says on the page what it waits for.
    page.find(f'#picker .pick[data-card="{flat(page.rows())[0]}"]').click()
    waiting = "12 of 13 cards: the check starts once the hand is complete."
    page.wait(lambda: page.text("#check-result .waiting") == waiting, "the check to say it waits")
    assert page.find("#check-result .waiting").is_displayed() and page.text("#analysis-result .waiting") == waiting
    assert page.console_errors() == []


def test_a_table_that_cannot_be_settled_says_why_once(page: Playground, server: Service) -> None:
    page.wait_for_checks()
    error = page.settle_with_bet("0", server)
    page.wait(lambda: page.text("#table-status") == f"The table could not be settled: {error['detail']}", "why")
    assert "below" not in page.text("#table-status")  # the bet's own message is above the status line
    # Settling a hand of twelve: the one message beside the button, not a second in the status line.
    page.find("#picker-details summary").click()
    page.find(f'#picker .pick[data-card="{flat(page.rows())[0]}"]').click()
    page.find("#settle").click()
    page.wait(lambda: page.text('[data-error-for="general:table"]') == "Set all 13 cards first.", "the message")
    section = page.find("#table-section").text
    assert section.count("Set all 13 cards first.") == 1, section
    assert page.console_errors(allowed=r"the server responded with a status of 422") == []


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


def test_the_vietnamese_page_writes_and_reads_decimals_with_a_comma(page: Playground, server: Service) -> None:
    page.wait_for_checks()
    page.find('.lang[data-lang="vi"]').click()
    page.find("#show-requests").click()
    bet = page.find("#bet")
    bet.clear()
    bet.send_keys("10,5")  # as the page itself writes a decimal in Vietnamese
    Select(page.find("#currency")).select_by_value("none")  # no currency said: the money as the service writes it
    page.find("#settle").click()
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money"), "the settlement")
    sent = json.loads(page.texts("#log-table pre code")[-1].split("\n\n", 1)[1])
    assert sent["bet"] == "10.5"
    amounts = page.texts('#table-result td[data-money="amount"], #table-result td[data-money="net"]')
    assert amounts and all(re.fullmatch(r"-?\d{1,3}(\.\d{3})*,\d{2}", amount) for amount in amounts), amounts
    assert not page.find("#bet-error").is_displayed()
    assert page.console_errors() == []


def test_levels_choices_and_map_entries_are_named_with_the_apis_labels_in_both_languages(
    page: Playground, server: Service
) -> None:
    # The page types no enumeration in again: it shows what GET /v1/enumerations answers (its own
    # table once named the naturals otherwise than the service, "Dragon flush (rồng cuốn)").
    with urllib.request.urlopen(server.url + "/v1/enumerations", timeout=30) as response:
        enumerations = json.load(response)
    knobs = enumerations["knob_values"]
    for lang in ("en", "vi"):
        page.find(f'.lang[data-lang="{lang}"]').click()
        assert page.texts("#level-1 option") == [level["label"][lang] for level in enumerations["levels"]]
        # Every knob in the service's order under its own name, then each one's choices or entries.
        assert page.texts("#knobs .knob-title > span") == [knob["label"][lang] for knob in enumerations["knobs"]]
        # The API's key before each choice on the English page only (issue 41, defect 11).
        keyed = [(f"{c['key']}: " if lang == "en" else "") + c["label"][lang] for c in knobs["wheel"]]
        assert page.texts("#knob-wheel option") == keyed
        for name in ("bonuses", "naturals"):
            shown = page.texts(f'[data-knob="{name}"] tbody th label span')
            assert shown == [entry["label"][lang] for entry in knobs[name]], (lang, name)
        shown = page.texts('[data-knob="table"] .knob-limit label span')
        assert shown == [field["label"][lang] for field in knobs["table"]], lang
    assert page.console_errors() == []


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
