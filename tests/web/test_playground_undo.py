"""Undo and redo of the hand's moves in headless Chromium: the buttons, Ctrl+Z and Ctrl+Shift+Z,
each change announced, the page checking the hand it goes back to."""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from tests.support.playground import NEEDS_CHROMIUM, PHONE, SEED, Playground, english_name

pytestmark = NEEDS_CHROMIUM


def _shortcut(page: Playground, key: str, *, shift: bool = False) -> None:
    chain = ActionChains(page.driver).key_down(Keys.CONTROL)
    if shift:
        chain = chain.key_down(Keys.SHIFT)
    chain = chain.send_keys(key)
    if shift:
        chain = chain.key_up(Keys.SHIFT)
    chain.key_up(Keys.CONTROL).perform()


def test_every_move_undoes_and_redoes_by_keys_and_buttons_and_says_so(page: Playground) -> None:
    page.deal(SEED)
    page.wait_for_checks()
    dealt = page.rows()
    assert page.find("#undo").get_attribute("aria-disabled") == "true"  # a deal: nothing to undo yet
    first = dealt["back"][0]
    page.card(first).click()  # focus it ...
    page.card(first).click()  # ... and put it down again (a click picks it up)
    page.card(first).send_keys("3")  # into the full front: a front card goes to the back
    page.wait(lambda: first in page.rows()["front"], "the move")
    moved = page.rows()
    second = moved["middle"][0]
    page.card(second).send_keys("f")
    page.wait(lambda: second in page.rows()["front"], "the second move")
    twice = page.rows()
    assert page.find("#undo").get_attribute("aria-disabled") == "false"

    _shortcut(page, "z")
    page.wait(lambda: page.rows() == moved, "Ctrl+Z to take back the second move")
    name = english_name(second)
    page.wait(lambda: page.text("#announcer").startswith(f"Undone: {name} moved to the front"), "the undo said")
    page.click("#undo")
    page.wait(lambda: page.rows() == dealt, "Undo to take back the first move")
    assert page.find("#undo").get_attribute("aria-disabled") == "true"
    page.click("#undo")  # nothing left: the hand stays, and the page says so
    page.wait(lambda: page.text("#announcer") == "Nothing to undo.", "nothing to undo said")
    assert page.rows() == dealt
    assert page.driver.switch_to.active_element.get_attribute("id") == "undo"  # the focus stays on the button

    _shortcut(page, "z", shift=True)
    page.wait(lambda: page.rows() == moved, "Ctrl+Shift+Z to make the first move again")
    redone = f"Redone: {english_name(first)} moved to the front"
    page.wait(lambda: page.text("#announcer").startswith(redone), "the redo said")
    page.click("#redo")
    page.wait(lambda: page.rows() == twice, "Redo to make the second move again")
    assert page.find("#redo").get_attribute("aria-disabled") == "true"
    # The checks follow the hand undo and redo bring back, as they follow a move.
    page.wait_for_checks()
    assert page.result_for("#check-result") and page.result_for("#analysis-result")


def test_ctrl_z_in_a_text_field_undoes_the_typing_not_the_hand(page: Playground) -> None:
    page.use_width(PHONE)
    page.deal(SEED)
    page.wait_for_checks()
    card = page.rows()["back"][0]
    page.card(card).send_keys("2")
    page.wait(lambda: card in page.rows()["middle"], "the move")
    moved = page.rows()
    seed = page.find("#seed")
    seed.click()
    seed.send_keys("9")
    _shortcut(page, "z")
    assert page.rows() == moved  # the browser's own undo of the seed field, not the hand's
    page.card(moved["back"][0]).click()
    page.card(moved["back"][0]).click()
    _shortcut(page, "z")
    page.wait(lambda: card in page.rows()["back"], "Ctrl+Z on the hand")
    page.wait_for_checks()  # scanned while the checks run, their dimmed panels would fail on contrast
    page.check_accessibility("after an undo, on a phone")
    assert page.console_errors() == []
