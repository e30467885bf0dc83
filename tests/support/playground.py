"""The playground driven in headless Chromium: the page's deal, a Selenium helper that reads and
acts as a player would, and the API's own answers to compare with (the browser tests share them)."""

from __future__ import annotations

import base64
import contextlib
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any, TypeVar

import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement

from maubinh_api.infra.tenants import key_digest
from tests.support.servers import Service, service

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
AXE = ROOT / "tests" / "web" / "vendor" / "axe-core" / "axe.min.js"

#: What each browser test module marks itself with (``pytestmark = NEEDS_CHROMIUM``).
NEEDS_CHROMIUM = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="needs Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver)",
)

# Seed 14 deals (laid out high to low) a full house, three of a kind and a pair: a legal hand, so
# the foul the test makes comes from its drag alone (the test checks both).
SEED = 14
DESKTOP, PHONE = 1280, 375
POSITIONS = ("back", "middle", "front")
RANKS = "23456789TJQKA"
# What Vietnamese players call the cards (docs/rules.md: bích, cơ, rô, chuồn).
VI_RANKS = dict(
    zip(RANKS, ("Hai", "Ba", "Bốn", "Năm", "Sáu", "Bảy", "Tám", "Chín", "Mười", "Bồi", "Đầm", "Già", "Át"), strict=True)
)
VI_SUITS = {"s": "bích", "h": "cơ", "d": "rô", "c": "chuồn"}
EN_RANKS = dict(
    zip(
        RANKS,
        ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"),
        strict=True,
    )
)
EN_SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
BOT_LEVELS = ("casual", "club", "expert")  # the page's default levels for seats 2-4
#: The largest seed of the page's own deal, read from the page (constants.mjs): a practice run's seed
#: is floor(Math.random() * MAX_DEAL_SEED).
_CONSTANTS = (ROOT / "maubinh_api" / "web" / "static" / "playground" / "constants.mjs").read_text(encoding="utf-8")
MAX_DEAL_SEED = int(re.search(r"^export const MAX_DEAL_SEED = (\d+);$", _CONSTANTS, re.MULTILINE)[1])

T = TypeVar("T")


# ------------------------------------------------------------------ the deal, as the page does it


def mulberry32(seed: int) -> Callable[[], float]:
    """The page's PRNG (playground.js), in 32-bit unsigned arithmetic."""
    state = seed & 0xFFFFFFFF

    def imul(x: int, y: int) -> int:
        return (x * y) & 0xFFFFFFFF

    def next_number() -> float:
        nonlocal state
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        x = imul(state ^ (state >> 15), state | 1)
        x ^= (x + imul(x ^ (x >> 7), x | 61)) & 0xFFFFFFFF
        return ((x ^ (x >> 14)) & 0xFFFFFFFF) / 2**32

    return next_number


def shuffled_deck(seed: int) -> list[str]:
    """Fisher-Yates over 2s..As, 2h..Ah, 2d..Ad, 2c..Ac with mulberry32(seed)."""
    deck = [rank + suit for suit in "shdc" for rank in RANKS]
    random = mulberry32(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = int(random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def api(server: Service, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """The service's answer to the same request, without the page (422s included)."""
    request = urllib.request.Request(
        server.url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answer: dict[str, Any] = json.load(response)
    except urllib.error.HTTPError as error:
        answer = json.load(error)
    return answer


def written(value: float, lang: str = "en", *, signed: bool = False) -> str:
    """A figure to two decimals as the page writes it: Intl rounds the shortest decimal that reads back
    as the number half away from zero (7.005 is 7.01, where Python's format gives 7.00), groups thousands,
    and in Vietnamese swaps the separators (1.234,50)."""
    exact = Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    text = f"{abs(exact):,.2f}"
    if lang == "vi":
        text = text.translate(str.maketrans(",.", ".,"))
    if exact < 0:
        return "-" + text
    return ("+" + text) if signed and exact > 0 else text


def key_of(arrangement: dict[str, list[str]]) -> str:
    """The page's data-for of a result: the arrangement it describes."""
    return "|".join(" ".join(arrangement[position]) for position in POSITIONS)


class Playground:
    """The page as a user drives it, plus what the test reads back from it."""

    def __init__(self, driver: WebDriver, url: str) -> None:
        self.driver = driver
        self.url = url

    def open(self) -> None:
        self.use_width(DESKTOP)
        self.driver.get(self.url + "/playground")
        # Ready once the preset is loaded: the fingerprint of the rules in use is shown.
        self.wait(lambda: self.text("#fingerprint").startswith("sha256:"), "the rules to load")
        self.driver.get_log("browser")  # start each test with an empty console

    def state(self, key: str) -> Any:
        """A copy of the page's state at ``key`` (a dotted path), as plain JSON values."""
        return self.driver.execute_script(f"return JSON.parse(JSON.stringify(window.MauBinhPlayground.state.{key}));")

    def in_language(self, lang: str) -> None:
        """The page switched to ``lang`` ("en", the page's first, needs no switch)."""
        if lang == "vi":
            self.click('.lang[data-lang="vi"]')
            self.wait(lambda: self.driver.execute_script("return document.documentElement.lang") == "vi", "Vietnamese")

    def wait(self, condition: Callable[[], T], what: str, seconds: float = 20) -> T:
        deadline = time.monotonic() + seconds
        while True:
            try:
                value = condition()
            except StaleElementReferenceException:  # found, then drawn anew before it was read: look again
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutException(f"waited {seconds} s for {what}")
            time.sleep(0.05)

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def click(self, css: str) -> None:
        """Click what ``css`` finds, finding it again if the page re-rendered it in between (a
        request finishing redraws the part that shows it)."""
        self.wait(lambda: self._clicked(css), f"{css} to take a click")

    def _clicked(self, css: str) -> bool:
        try:
            self.find(css).click()
        except StaleElementReferenceException:
            return False
        return True

    def text(self, css: str) -> str:
        for _ in range(3):  # found again when a redraw replaced it between finding and reading
            found = self.driver.find_elements(By.CSS_SELECTOR, css)
            try:
                return str(found[0].text) if found else ""
            except StaleElementReferenceException:
                continue
        raise StaleElementReferenceException(f"{css} was redrawn three times while being read")

    def texts(self, css: str) -> list[str]:
        texts: list[str] = self.driver.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0]), (node) => node.textContent);", css
        )
        return texts

    def rows(self) -> dict[str, list[str]]:
        """The user's three chi, card by card, as laid out on the page."""
        rows: dict[str, list[str]] = self.driver.execute_script(
            "const rows = {};"
            "document.querySelectorAll('#hand .row').forEach((row) => {"
            "  rows[row.dataset.position] = Array.from(row.querySelectorAll('.card'), (card) => card.dataset.card);"
            "});"
            "return rows;"
        )
        return rows

    def card(self, card: str) -> WebElement:
        return self.find(f'#hand .card[data-card="{card}"]')

    def deal(self, seed: int) -> None:
        field = self.find("#seed")
        field.clear()
        field.send_keys(str(seed))
        self.find("#deal").click()
        self.wait_for_checks()

    def wait_for_checks(self) -> None:
        """Until the check and the analysis both describe the cards now on the table."""
        self.wait(lambda: self.result_for("#check-result") and self.result_for("#analysis-result"), "the checks")

    def result_for(self, css: str) -> bool:
        return bool(self.find(css).get_attribute("data-for") == key_of(self.rows()))

    def drag(self, card: str, onto: str) -> None:
        """Press, move and release the pointer, as a mouse or a finger would."""
        ActionChains(self.driver).click_and_hold(self.card(card)).move_to_element(self.card(onto)).release().perform()

    def use_width(self, width: int) -> None:
        """A desktop window, or a phone's viewport (device metrics, as the browser's phone mode does)."""
        if width == PHONE:
            self.driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": PHONE, "height": 812, "deviceScaleFactor": 1, "mobile": True},
            )
        else:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            self.driver.set_window_size(width, 1000)

    def in_page_words(self, detail: str, key: str) -> str:
        """A problem's detail as the page shows it: the knob ``key`` it names called what the rules panel
        calls it in the page's language (the API's label of the knob), not by its API key."""
        label: str = self.driver.execute_script(
            "const s = window.MauBinhPlayground.state;"
            "return s.enumerations.knobs.find((knob) => knob.key === arguments[0]).label[s.lang];",
            key,
        )
        return re.sub(rf"(?<![\w.]){re.escape(key)}(?![\w.])", label, detail)

    def horizontal_overflow(self) -> int:
        overflow: int = self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"
        )
        return overflow

    def next_frames(self) -> None:
        """Until the browser has drawn two more frames: what a render scheduled for the next frame
        (a scroll into view) has done, so a click aimed now lands where it was aimed."""
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
        )

    def accessibility_violations(self) -> list[dict[str, Any]]:
        """axe-core's serious and critical violations of the page once no result is being
        recomputed (a busy result is faded on purpose: its old text is stale, and aria-busy tells a
        screen reader to wait). A scan during which a result turned busy (a check the last change
        started late, a debounce running out) read a faded panel: it is done again, up to 5 times,
        so that what is reported is the page at rest, never the machine's timing."""
        if not self.driver.execute_script("return Boolean(window.axe);"):
            self.driver.execute_script(AXE.read_text(encoding="utf-8"))
        for _ in range(5):
            self.wait(
                lambda: not self.driver.execute_script("return document.querySelector('[aria-busy=\"true\"]');"),
                "no result busy",
            )
            self.next_frames()
            found: dict[str, Any] = self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "let busied = false;"
                "const watch = new MutationObserver(() => {"
                "  if (document.querySelector('[aria-busy=\"true\"]')) busied = true; });"
                "watch.observe(document, {subtree: true, attributes: true, attributeFilter: ['aria-busy']});"
                "axe.run(document, {resultTypes: ['violations']}).then("
                "  (result) => { watch.disconnect(); done({busied: busied"
                "    || Boolean(document.querySelector('[aria-busy=\"true\"]')),"
                "    violations: result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
                "      nodes: v.nodes.slice(0, 5).map((node) => node.target.join(' '))}))}); },"
                "  (error) => { watch.disconnect(); done({error: String(error)}); });"
            )
            assert "error" not in found, found
            if not found["busied"]:
                break
        violations: list[dict[str, Any]] = found["violations"]
        return [violation for violation in violations if violation["impact"] in ("serious", "critical")]

    def check_accessibility(self, when: str) -> None:
        """No serious or critical axe violation, and no sideways scrolling, at both widths."""
        for width in (DESKTOP, PHONE):
            self.use_width(width)
            violations = self.accessibility_violations()
            assert violations == [], f"{when}, {width} px: {violations}"
            assert self.horizontal_overflow() <= 0, f"{when}: the page scrolls sideways at {width} px"
        self.use_width(DESKTOP)

    def console_errors(self, allowed: str | None = None) -> list[str]:
        """SEVERE console entries since the last look (a network 4xx is one), less those ``allowed``."""
        entries = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        return [message for message in entries if not (allowed and re.search(allowed, message))]

    def settle_with_bet(self, bet: str, server: Service) -> dict[str, Any]:
        """Type ``bet`` and settle; the problem the service finds in that bet, asked without the page."""
        field = self.find("#bet")
        field.clear()
        field.send_keys(bet)
        self.find("#settle").click()
        forfeits = [{"id": "a", "forfeit": True}, {"id": "b", "forfeit": True}]
        [error] = api(server, "/v1/settlements", {"bet": bet, "players": forfeits})["errors"]
        return error

    def screenshot(self, width: int, path: Path) -> None:
        """The whole page (beyond the viewport) at ``width``."""
        self.use_width(width)
        time.sleep(0.2)  # let the layout settle after the resize
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        path.write_bytes(base64.b64decode(shot["data"]))
        self.use_width(DESKTOP)

    def seats(self) -> list[dict[str, Any]]:
        """Every seat after the reveal: id, declared natural, and the three chi shown."""
        seats: list[dict[str, Any]] = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#seats .seat'), (seat) => {"
            "  const arrangement = {};"
            "  seat.querySelectorAll('.seat-row').forEach((row) => {"
            "    arrangement[row.dataset.position] ="
            "      Array.from(row.querySelectorAll('.mini-card'), (card) => card.dataset.card);"
            "  });"
            "  return {id: seat.dataset.player, declare: seat.dataset.declare === 'true', arrangement,"
            "          style: (seat.querySelector('.seat-style') || {}).textContent || null};"
            "});"
        )
        return seats


def english_name(card: str) -> str:
    return f"{EN_RANKS[card[0]]} of {EN_SUITS[card[1]]}"


def flat(arrangement: dict[str, list[str]]) -> list[str]:
    return [card for position in POSITIONS for card in arrangement[position]]


def fouling_swap(server: Service, rows: dict[str, list[str]]) -> tuple[str, str, dict[str, list[str]]]:
    """A middle card and a back card whose swap the service calls a foul, and the fouled layout."""
    for middle in rows["middle"]:
        for back in rows["back"]:
            swapped = {
                "back": [middle if card == back else card for card in rows["back"]],
                "middle": [back if card == middle else card for card in rows["middle"]],
                "front": rows["front"],
            }
            if api(server, "/v1/arrangements/validate", {"arrangement": swapped})["fouled"]:
                return middle, back, swapped
    raise AssertionError(f"no swap of a middle and a back card fouls {rows}")


@contextlib.contextmanager
def guarded_page(browser: WebDriver, tmp_path: Path, limits: str = "") -> Iterator[tuple[Playground, str]]:
    """The playground opened, without a key, on a service that needs one (one tenant, with ``limits``)."""
    key = "playground-tenant-key-0123456789"
    tenants = tmp_path / "tenants.yaml"
    entry = f'  - name: web\n    key_sha256: "{key_digest(key)}"\n' + (f"    limits: {limits}\n" if limits else "")
    tenants.write_text("tenants:\n" + entry)
    with service(tmp_path, {"MAUBINH_TENANTS_FILE": str(tenants)}, workers=1) as guarded:
        page = Playground(browser, guarded.url)
        page.use_width(DESKTOP)
        browser.get(guarded.url + "/playground")  # without a key the rules cannot load: no page.open()
        try:
            yield page, key
        finally:
            browser.execute_script("window.localStorage.clear(); window.sessionStorage.clear();")
