"""GET /docs in headless Chromium: the page renders and lists every operation."""

from __future__ import annotations

import re
import shutil
import struct

import pytest
import yaml

from tests.conftest import SPEC_PATH
from tests.support.servers import headless_chromium, service

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with service(tmp_path_factory.mktemp("docs"), workers=1) as running:
        yield running


def chromium(tmp_path, *arguments):
    return headless_chromium(CHROMIUM, tmp_path / "profile", *arguments)


def test_the_page_renders_every_operation(server, tmp_path):
    dom = chromium(tmp_path, "--dump-dom", server.url + "/docs")
    shown = re.findall(r'class="opblock-summary-path" data-path="([^"]+)"', dom)
    spec = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    operations = [path for path, item in spec["paths"].items() for _method in item]
    assert sorted(shown) == sorted(operations)
    assert "maubinh-api" in dom


def test_a_screenshot_can_be_taken(server, tmp_path):
    picture = tmp_path / "docs.png"
    chromium(tmp_path, "--window-size=1280,1900", f"--screenshot={picture}", server.url + "/docs/")
    header = picture.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == (1280, 1900)


def test_the_page_needs_no_outside_server(client):
    page = client.get("/docs/").get_data(as_text=True)
    assert not re.search(r'(src|href)="https?://', page)
    assert client.get("/docs/swagger-ui-bundle.js").status_code == 200
    assert client.get("/docs").get_data(as_text=True) == page


def test_the_documented_assets_are_the_packaged_ones(spec_document):
    from importlib import resources

    packaged = {item.name for item in resources.files("flask_swagger_ui").joinpath("dist").iterdir()}
    [parameter] = [
        parameter
        for parameter in spec_document["paths"]["/docs/{path}"]["get"]["parameters"]
        if parameter.get("in") == "path"
    ]
    assert set(parameter["schema"]["enum"]) == packaged | {"index.html"}
