"""The playground in headless Chromium, driven by Selenium against the service run for real: what
the page says.  Its Vietnamese (one word for each thing, decimals with a comma, the API's own labels
and problem details), refused input shown beside its field, each request shown and copied as a
working curl command, an API key's budget and what waits for the key, and why a table cannot be
settled.  (Playing a hand is in test_playground_play.py.)

One server and one browser serve the whole module.  What a user sees is compared with what the
API answers for the same request, called here from Python.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from tests.support.playground import (
    NEEDS_CHROMIUM,
    POSITIONS,
    SEED,
    VI_RANKS,
    VI_SUITS,
    Playground,
    api,
    flat,
    guarded_page,
    shuffled_deck,
)
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM

# ------------------------------------------------------------------------------------ tests


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
    # Several changes: each alone, then their gain together on a line of its own, the API's words and
    # the page's explanation after them ("Cộng cả 3 thay đổi trên: +4,30 chi mỗi đối thủ (tổng …)").
    lines = analysis["changes"]["lines"]["vi"]
    shown = page.texts("#analysis-changes li")
    assert len(shown) == len(lines) and shown[:-1] == lines[:-1]
    assert shown[-1].startswith(lines[-1]), shown

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
    detail = page.in_page_words(error["detail"], "rake")  # the knob named as the page names it, not "rake"
    page.wait(lambda: page.text('[data-error-for="knob:rake"]') == detail, "the service's word on the rake")
    said = f"Nothing is checked under these rules: {detail}"
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
    detail = page.in_page_words(error["detail"], "rake")  # the knob named as the page names it
    page.wait(lambda: page.text('[data-error-for="knob:rake"]') == detail, "the rake's problem in Vietnamese")
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
