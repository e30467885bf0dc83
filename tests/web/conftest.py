"""The browser tests' server and headless Chromium: one of each per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service as DriverService
from selenium.webdriver.chrome.webdriver import WebDriver

from tests.support.playground import CHROMEDRIVER, CHROMIUM, Playground
from tests.support.servers import CHROMIUM_FLAGS, Service, service


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    with service(tmp_path_factory.mktemp("playground"), workers=1) as running:
        yield running


@pytest.fixture(scope="module")
def browser(server: Service) -> Iterator[WebDriver]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SE_OFFLINE", "true")  # Selenium Manager must never download a browser or a driver
        yield from _chromium()


def _chromium() -> Iterator[WebDriver]:
    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", *CHROMIUM_FLAGS, "--lang=en-GB"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=DriverService(executable_path=str(CHROMEDRIVER)))
    driver.set_script_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page(browser: WebDriver, server: Service) -> Iterator[Playground]:
    playground = Playground(browser, server.url)
    playground.open()
    yield playground
    browser.execute_script("window.localStorage.clear(); window.sessionStorage.clear();")
