"""The playground's deal anyone can check, in headless Chromium against the service run for real.

"Deal with proof" shows the service's commitment (POST /v1/deals) and a seed made in the browser;
"Deal these cards" deals the table from both seeds (POST /v1/deals/{deal_id}): the player holds
seat 0's 13 cards and the bots the next seats'; "Check this deal" checks it all in the browser,
the commitment's signature with the deployment's key.  The module's service signs (a receipt key);
a deployment without one says its commitment is unsigned.
"""

from __future__ import annotations

import hashlib
import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from maubinh_api.infra.deal_check import check_deal
from maubinh_api.infra.deals import dealt_hands, shuffled_deck
from tests.support.playground import NEEDS_CHROMIUM, Playground, api, flat
from tests.support.servers import Service, service

pytestmark = NEEDS_CHROMIUM

STEPS = ["deal", "serverSeed", "deck", "hands", "yourSeed", "yourCards", "signature"]

# The proof as the page holds it (the store's state, read-only, is the page's one global).
PROOF = "return JSON.parse(JSON.stringify(window.MauBinhPlayground.state.proof));"

# The Deal section's visible text, without its <code> (ids, hashes, seeds) and its request log.
VISIBLE_DEAL_TEXT = """
const section = document.getElementById('deal-section');
const hidden = Array.from(section.querySelectorAll('code, .requests'));
const before = hidden.map((node) => node.style.display);
hidden.forEach((node) => { node.style.display = 'none'; });
const text = section.innerText;
hidden.forEach((node, index) => { node.style.display = before[index]; });
return text;
"""

# English words of the proof that the Vietnamese page must not show.
ENGLISH = re.compile(
    r"\b(seed|deal|deals|dealt|hash|proof|commit\w*|signed|signature|server|check\w*|holds|fails|your|the|cards)\b",
    re.IGNORECASE,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    """The service with a key that signs receipts, and with them the deals' commitments."""
    workdir = tmp_path_factory.mktemp("fair-deal")
    key = workdir / "receipts.pem"
    key.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    with service(workdir, {"MAUBINH_RECEIPT_KEY": str(key)}, workers=1) as running:
        yield running


def _proof(page: Playground) -> dict[str, Any] | None:
    proof: dict[str, Any] | None = page.driver.execute_script(PROOF)
    return proof


def _commit(page: Playground) -> str:
    """Press "Deal with proof"; the seed the browser made for the player."""
    page.click("#proof-start")
    page.wait(lambda: page.text('#proof-facts [data-fact="dealId"]').startswith("deal-"), "the commitment")
    made = str(page.find("#proof-seed").get_property("value"))
    assert re.fullmatch(r"[0-9a-f]{32}", made), made  # random, in hex, made in the browser
    return made


def _dealt(page: Playground) -> dict[str, Any]:
    """Until the deal is on the table, checked by the service's checks; the proof the page holds."""

    def dealt() -> dict[str, Any] | None:
        proof = _proof(page)
        return proof if proof is not None and proof["deal"] is not None else None

    proof = page.wait(dealt, "the deal")
    assert proof is not None
    page.wait_for_checks()
    return proof


def _check(page: Playground) -> list[tuple[str, str, str]]:
    page.click("#proof-check")
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#proof-checks li"), "the check")
    lines: list[tuple[str, str, str]] = page.driver.execute_script(
        "return Array.from(document.querySelectorAll('#proof-checks li'),"
        " (line) => [line.dataset.step, line.dataset.result, line.textContent]);"
    )
    return lines


def _jwks(server: Service) -> dict[str, Any]:
    with urllib.request.urlopen(server.url + "/.well-known/jwks.json", timeout=10) as answer:
        keys: dict[str, Any] = json.load(answer)
    return keys


def test_a_deal_with_proof_deals_the_table_and_every_step_of_its_check_holds(page: Playground, server: Service) -> None:
    Select(page.find("#seat-count")).select_by_value("3")
    page.wait_for_checks()
    made = _commit(page)
    held = _proof(page)
    assert held is not None and held["deal"] is None  # committed, not dealt yet
    commitment = held["commitment"]
    # What the player sees before choosing a seed: the deal, the hash (shortened, whole a press away),
    # that it is signed, and why it cannot have been picked to suit them.
    assert page.text('#proof-facts [data-fact="dealId"]') == commitment["deal_id"]
    short = page.text('#proof-facts [data-fact="hash"] summary code')
    assert short.startswith("sha256:") and "…" in short and len(short) < len(commitment["server_seed_hash"])
    assert page.texts('#proof-facts [data-fact="hash"] .proof-full') == [commitment["server_seed_hash"]]
    page.click('#proof-facts [data-fact="hash"] summary')
    assert page.text('#proof-facts [data-fact="hash"] .proof-full') == commitment["server_seed_hash"]
    assert page.text('#proof-facts [data-fact="signature"]').startswith("Signed with the service's key")
    assert "fixed" in page.text("#proof .hint") and "before you chose yours" in page.text("#proof .hint")
    assert page.text("#proof-status").startswith("The service has committed to its seed")

    seed = "an-player-" + made[:8]  # a seed of the player's own, typed over the one made
    field = page.find("#proof-seed")
    field.clear()
    field.send_keys(seed)
    page.click("#proof-deal")
    proof = _dealt(page)
    deal = proof["deal"]
    # The deal the service answers for the same seeds (nothing is kept: the same deck again), and the
    # service's own check of it, signature included.
    assert deal == api(server, f"/v1/deals/{commitment['deal_id']}", {"client_seeds": [seed], "seats": 3})
    assert check_deal(commitment, deal, _jwks(server)) == deal
    assert deal["deck"] == shuffled_deck(bytes.fromhex(deal["server_seed"]), deal["deal_id"], [seed])
    assert deal["hands"] == dealt_hands(deal["deck"], 3)
    assert commitment["server_seed_hash"] == "sha256:" + hashlib.sha256(bytes.fromhex(deal["server_seed"])).hexdigest()
    # The player's hand is seat 0's 13 cards, laid out high to low; the seed field and its button are
    # gone (the commitment is spent), the revealed seed and the player's are shown.
    assert sorted(flat(page.rows())) == sorted(deal["hands"][0])
    assert not page.find("#proof-seed").is_displayed()
    assert page.texts('#proof-facts [data-fact="serverSeed"] .proof-full') == [deal["server_seed"]]
    assert page.text('#proof-facts [data-fact="yourSeed"]') == seed
    assert page.text('#proof-facts [data-fact="seats"]') == "3"
    assert page.driver.execute_script("return document.activeElement.id;") == "proof-check"

    lines = _check(page)
    assert [(step, result) for step, result, _text in lines] == [(step, "holds") for step in STEPS]
    assert all(text.startswith("✓ Holds: ") for _step, _result, text in lines), lines
    page.wait(lambda: page.text("#proof-status") == "Checked in this browser: the deal holds.", "the verdict")

    # The bots hold the next seats' cards: the reveal shows them set from exactly those.
    page.click("#settle")
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#table-result .money"), "the settlement")
    seats = page.seats()
    assert len(seats) == 3
    for index, seat in enumerate(seats[1:], start=1):
        assert sorted(flat(seat["arrangement"])) == sorted(deal["hands"][index]), seat["id"]
    page.check_accessibility("a deal dealt with proof and checked")
    assert page.console_errors() == []

    # Another deal takes the proven one off the table, and its proof with it.
    page.click("#deal")
    page.wait(lambda: _proof(page) is None, "the proof to go with its deal")
    assert not page.find("#proof").is_displayed()
    assert page.text("#proof-status") == ""  # its verdict goes with it


def test_the_vietnamese_page_deals_with_proof_by_keyboard_in_vietnamese(page: Playground) -> None:
    page.find('.lang[data-lang="vi"]').click()
    page.wait(lambda: page.text("#arrange-heading") == "Xếp bài", "the Vietnamese page")
    assert page.text("#proof-start") == "Chia bài có chứng minh"
    made = _commit(page)
    assert page.text("#proof-heading") == "Ván bài ai cũng kiểm tra được"
    assert page.text('label[for="proof-seed"]') == "Mã của bạn"
    assert page.text("#proof-deal") == "Chia ván này"
    page.find("#proof-seed").send_keys(Keys.ENTER)  # Enter in the field deals, as in the seed field
    proof = _dealt(page)
    assert proof["deal"]["client_seeds"] == [made] and proof["deal"]["seats"] == 4
    assert sorted(flat(page.rows())) == sorted(proof["deal"]["hands"][0])
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)  # the focus is on "Kiểm tra ván này"
    page.wait(lambda: len(page.texts("#proof-checks li")) == len(STEPS), "the check")
    assert all(text.startswith("✓ Đúng: ") for text in page.texts("#proof-checks li"))
    expected = "Đã kiểm tra trong trình duyệt: ván bài đúng như cam kết."
    page.wait(lambda: page.text("#proof-status") == expected, "the verdict")
    visible: str = page.driver.execute_script(VISIBLE_DEAL_TEXT)
    assert "Mã bí mật của máy chủ" in visible and "Chữ ký" in visible
    assert [found.group(0) for found in ENGLISH.finditer(visible)] == [], visible
    # Back in English, the same proof says it in English.
    page.find('.lang[data-lang="en"]').click()
    assert page.text("#proof-check") == "Check this deal"
    assert all(text.startswith("✓ Holds: ") for text in page.texts("#proof-checks li"))
    assert page.text("#proof-status") == "Checked in this browser: the deal holds."
    assert page.console_errors() == []


def test_a_seed_the_service_would_refuse_is_said_beside_its_field_and_nothing_is_dealt(page: Playground) -> None:
    page.wait_for_checks()
    before = page.rows()
    _commit(page)
    field = page.find("#proof-seed")
    field.clear()
    field.send_keys("two words")
    page.click("#proof-deal")
    error = "Your seed is 1 to 128 characters: letters without accents, digits or signs, and no spaces."
    page.wait(lambda: page.text('[data-error-for="proofSeed"]') == error, "the seed's problem")
    assert field.get_attribute("aria-invalid") == "true"
    held = _proof(page)
    assert held is not None and held["deal"] is None and page.rows() == before
    field.clear()
    field.send_keys("two-words")
    page.click("#proof-deal")
    proof = _dealt(page)
    assert proof["deal"]["client_seeds"] == ["two-words"]
    assert page.text('[data-error-for="proofSeed"]') == ""
    assert page.console_errors() == []


def test_a_deployment_without_a_signing_key_deals_an_unsigned_commitment_and_says_so(
    browser: WebDriver, tmp_path: Path
) -> None:
    with service(tmp_path, workers=1) as unsigned:
        page = Playground(browser, unsigned.url)
        page.open()
        try:
            _commit(page)
            expected = "Not signed: this deployment of the service has no signing key."
            assert page.text('#proof-facts [data-fact="signature"]') == expected
            page.click("#proof-deal")
            proof = _dealt(page)
            assert proof["commitment"]["signed"] is False
            assert sorted(flat(page.rows())) == sorted(proof["deal"]["hands"][0])
            lines = _check(page)
            results = {step: result for step, result, _text in lines}
            assert results == {**dict.fromkeys(STEPS, "holds"), "signature": "unsigned"}
            [signature] = [text for step, _result, text in lines if step == "signature"]
            assert signature.startswith("– Not signed: this deployment of the service has no signing key")
            verdict = "Checked in this browser: the seeds deal these cards; the commitment is unsigned."
            page.wait(lambda: page.text("#proof-status") == verdict, "the verdict")
            # No signature to check: the key set is not asked for.
            log = page.driver.execute_script("return window.MauBinhPlayground.state.logs.proof.map((e) => e.path);")
            assert log == [f"/v1/deals/{proof['deal']['deal_id']}"]
            assert page.console_errors() == []
        finally:
            browser.execute_script("window.localStorage.clear(); window.sessionStorage.clear();")
