"""Sharing an arrangement (issue 41, item 6 and defect 16), in headless Chromium: the link carries the
cards as the sender set them and the language the sender reads, and opens, in a browser that has
chosen no language, in that language, the cards set as they were, with their grade."""

from __future__ import annotations

import urllib.parse

import pytest

from tests.support.playground import DESKTOP, NEEDS_CHROMIUM, PHONE, SEED, Playground, api
from tests.support.servers import Service

pytestmark = NEEDS_CHROMIUM


def _copied_link(page: Playground, server: Service) -> str:
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
    return link


@pytest.mark.parametrize(("lang", "width"), [("vi", DESKTOP), ("en", PHONE)])
def test_a_shared_arrangement_opens_as_set_in_the_senders_language_with_its_grade(
    page: Playground, server: Service, lang: str, width: int
) -> None:
    # Defect 16: a shared link opened in English in a fresh profile, and showed the cards as dealt.
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
    page.deal(SEED)
    rows = page.rows()
    page.drag(rows["back"][0], rows["middle"][0])  # the sender's own arrangement, not the cards as dealt
    page.wait(lambda: page.rows() != rows, "the swap")
    page.wait_for_checks()
    arranged = page.rows()
    verdict = page.text("#analysis-verdict")
    link = _copied_link(page, server)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
    assert {position: query[position][0].split(",") for position in ("back", "middle", "front")} == arranged
    assert query["lang"] == [lang]

    # A browser that has chosen no language (its own says English), at another width.
    page.driver.execute_script("window.localStorage.clear(); window.sessionStorage.clear();")
    page.use_width(PHONE if width == DESKTOP else DESKTOP)
    page.driver.get("about:blank")
    page.driver.get(link)
    page.wait(lambda: page.driver.execute_script("return document.documentElement.lang") == lang, "the language")
    page.wait(lambda: page.rows() == arranged, "the arrangement as set")
    page.wait_for_checks()
    # Its grade, the service's own: the same verdict the sender saw.
    answer = api(server, "/v1/arrangements/analysis", {"arrangement": arranged, "opponents": 3})
    assert page.text("#analysis-verdict") == verdict == answer["verdict"]["label"][lang]
    page.check_accessibility("an arrangement opened by link")
    assert page.console_errors() == []


def test_a_visitor_who_chose_a_language_keeps_it(page: Playground) -> None:
    # The link's language is for a browser that has none of its own: a chosen one stays.
    page.click('.lang[data-lang="vi"]')
    page.driver.get(page.url + f"/playground?seed={SEED}&lang=en")
    page.wait(lambda: page.text("#fingerprint").startswith("sha256:"), "the page")
    assert page.driver.execute_script("return document.documentElement.lang") == "vi"


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_arrange_timer_is_off_by_default_and_when_it_runs_out_submits_what_is_set(
    page: Playground, lang: str
) -> None:
    if lang == "vi":
        page.click('.lang[data-lang="vi"]')
    assert page.find("#practice-timer").get_attribute("value") == "0"  # off unless asked for
    page.find("#practice-timer").send_keys("6")  # 60 seconds, chosen from the keyboard
    assert page.find("#practice-timer").get_attribute("value") == "60"
    field = page.find("#practice-count")
    field.clear()
    field.send_keys("1")
    page.click("#practice-start")
    page.wait(lambda: page.driver.find_elements("css selector", "#practice-countdown"), "the countdown")
    seconds = int("".join(ch for ch in page.text("#practice-countdown") if ch.isdigit()))
    assert 55 <= seconds <= 60, page.text("#practice-countdown")
    page.check_accessibility("a practice deal against the clock")
    rows = page.rows()
    # The clock moves on 59 seconds (the page reads the time from Date.now, as every timer does).
    page.driver.execute_script("const now = Date.now; Date.now = () => now.call(Date) + 59500;")
    page.wait(lambda: page.state("practice.phase") == "graded", "the deal submitted when the time ran out")
    [result] = page.state("practice.results")
    assert result["timed_out"] is True and result["arrangement"] == rows
    assert page.find("#practice-timed-out").is_displayed()
    assert not page.driver.find_elements("css selector", "#practice-countdown")
