"""A deal shared by link, in headless Chromium: the address says the deal on the table, and opening
it elsewhere puts back the same cards, the same bots' cards and the same rules."""

from __future__ import annotations

import json
import urllib.parse

from selenium.webdriver.support.select import Select

from tests.support.playground import NEEDS_CHROMIUM, PHONE, SEED, Playground, shuffled_deck
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM


def test_a_copied_link_reopens_the_same_deal_under_the_same_rules(page: Playground, server: Service) -> None:
    page.deal(SEED)
    Select(page.find("#preset")).select_by_value("online")
    page.wait(lambda: page.state("preset") == "online", "the online preset")
    page.find("#knobs-details summary").click()
    rake = page.find("#knob-rake")
    rake.clear()
    rake.send_keys("0.03")
    page.find("#seed").click()  # the edit lands (its debounce, or the field losing focus)
    page.wait(lambda: "rake" in page.text("#overridden"), "the rake changed")
    page.wait_for_checks()
    fingerprint = page.text("#fingerprint")
    dealt = page.rows()
    deck = page.state("deck")
    # The address says it: the seed, the 13 cards and the rules.
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(page.driver.current_url).query)
    assert query["seed"] == [str(SEED)]
    assert sorted(query["cards"][0].split(",")) == sorted(shuffled_deck(SEED)[:13])
    assert json.loads(query["variant"][0]) == {"preset": "online", "overrides": {"rake": "0.03"}}

    page.driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    page.click("#share-deal")
    page.wait(lambda: page.text("#announcer").startswith("A link to this deal is on the clipboard"), "the copy")
    link = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, (error) => done('failed: ' + error));"
    )
    assert link == page.driver.current_url

    # Elsewhere (nothing remembered, a phone): the link opens the deal as it was dealt, rules and all.
    page.driver.execute_script("window.localStorage.clear(); window.sessionStorage.clear();")
    page.use_width(PHONE)
    page.driver.get("about:blank")
    page.driver.get(link)
    page.wait(lambda: page.text("#fingerprint") == fingerprint, "the same rules' fingerprint")
    page.wait_for_checks()
    assert page.rows() == dealt
    assert page.state("deck") == deck  # the bots at the table are dealt the same cards
    assert page.find("#seed").get_attribute("value") == str(SEED)
    assert page.find("#preset").get_attribute("value") == "online"
    assert page.find("#knob-rake").get_attribute("value") == "0.03"
    page.check_accessibility("a deal opened by link")
    assert page.console_errors() == []


def test_a_link_that_names_its_cards_badly_opens_the_rest_and_says_so(page: Playground) -> None:
    page.driver.get(page.url + "/playground?seed=" + str(SEED) + "&cards=As,As&variant=classic")
    page.wait(lambda: page.text("#fingerprint").startswith("sha256:"), "the rules to load")
    page.wait_for_checks()
    assert sorted(card for row in page.rows().values() for card in row) == sorted(shuffled_deck(SEED)[:13])
    assert page.text('[data-error-for="seed"]') == "The link has no valid cards; the rest of it is open."
