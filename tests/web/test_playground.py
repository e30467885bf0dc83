"""GET /playground: the page and its two assets, served by the service (the browser run is in
test_playground_play.py and test_playground_messages.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from maubinh_api import create_app
from maubinh_api.web.blueprints.playground import ASSETS

STATIC = Path(__file__).resolve().parents[2] / "maubinh_api" / "web" / "static" / "playground"
KEY = "playground-test-key-0001"


class _Tags(HTMLParser):
    """Every start tag of a page, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Tags()
    parser.feed(html)
    return parser.tags


def _csp(header: str) -> dict[str, list[str]]:
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in directives}


def test_the_page_is_html_under_a_strict_content_security_policy(client: FlaskClient) -> None:
    response = client.get("/playground")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    policy = _csp(response.headers["Content-Security-Policy"])
    # Only the page's own files and the API on the same origin; nothing inline may run or style.
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]
    assert "Mậu Binh" in response.get_data(as_text=True)


@pytest.mark.parametrize(("asset", "mimetype"), sorted(ASSETS.items()))
def test_the_assets_are_served_with_their_types(client: FlaskClient, asset: str, mimetype: str) -> None:
    response = client.get(f"/playground/{asset}")
    assert response.status_code == 200
    assert response.mimetype == mimetype
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.get_data() == (STATIC / asset).read_bytes()


def test_the_page_loads_exactly_its_two_assets_and_nothing_from_elsewhere(client: FlaskClient) -> None:
    html = client.get("/playground").get_data(as_text=True)
    tags = _tags(html)
    scripts = [attrs.get("src") for tag, attrs in tags if tag == "script"]
    sheets = [attrs.get("href") for tag, attrs in tags if tag == "link" and attrs.get("rel") == "stylesheet"]
    # Relative to /playground, so they resolve to /playground/<asset>.
    assert scripts == ["playground/playground.js"]
    assert sheets == ["playground/playground.css"]
    for _tag, attrs in tags:
        for name in ("src", "href"):
            assert not re.match(r"(https?:)?//", attrs.get(name) or ""), attrs
    # No address in any asset; the SVG namespace the practice chart is drawn in names no place to load.
    for asset in ASSETS:
        text = client.get(f"/playground/{asset}").get_data(as_text=True)
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg')", text), asset


def test_the_page_holds_nothing_the_policy_would_block(client: FlaskClient) -> None:
    html = client.get("/playground").get_data(as_text=True)
    for tag, attrs in _tags(html):
        assert tag != "style", "a <style> block is blocked by style-src 'self'"
        assert "style" not in attrs, f"<{tag} style=...> is blocked by style-src 'self'"
        assert not [name for name in attrs if name.startswith("on")], f"<{tag}> has an inline handler"
        if tag == "script":
            assert attrs.get("src"), "an inline <script> is blocked by script-src 'self'"


def test_the_script_never_writes_api_data_as_html() -> None:
    script = (STATIC / "playground.js").read_text(encoding="utf-8")
    assert script.lstrip().startswith("/*") and "'use strict';" in script
    modules = sorted(STATIC.glob("*.mjs"))
    assert {path.name for path in modules} | {"playground.js", "playground.css"} == set(ASSETS)  # each one served
    for path in [STATIC / "playground.js", *modules]:
        text = path.read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
            assert sink not in text, (path.name, sink)
        # An inline style attribute would be refused by the policy; element.style (CSSOM) is allowed.
        assert not re.search(r"setAttribute\(\s*'style'", text), path.name


def _calls(script: str) -> set[tuple[str, str]]:
    """(method, path) of every call the script makes: call('POST', PATHS.settle, ...), and the
    checks of the arrangement on the table, checkArrangement('validate', PATHS.validate, ...), which POST."""
    block = re.search(r"const PATHS = \{(.*?)\};", script, re.S)
    assert block, "the script lists its API paths in PATHS"
    paths = dict(re.findall(r"(\w+): '(/v1/[^']*)'", block.group(1)))
    calls = set()
    for method, name in re.findall(r"call\('(GET|POST)', (?:fillPath\()?PATHS\.(\w+)", script):
        calls.add((method.lower(), paths[name]))
    for name in re.findall(r"checkArrangement\('\w+', PATHS\.(\w+)", script):
        calls.add(("post", paths[name]))
    return calls


def _script() -> str:
    """The page's script and every module it is made of, as one text."""
    paths = [STATIC / "playground.js", *sorted(STATIC.glob("*.mjs"))]
    return "\n".join(path.read_text(encoding="utf-8") for path in paths)


def test_every_module_imported_is_served_and_documented(spec_document: dict[str, Any]) -> None:
    imported = set(re.findall(r"from '\./([\w-]+\.mjs)';", _script()))
    assert imported == {name for name in ASSETS if name.endswith(".mjs")}  # none missing, none left over
    [parameter] = [p for p in spec_document["paths"]["/playground/{asset}"]["get"]["parameters"] if "name" in p]
    assert sorted(parameter["schema"]["enum"]) == sorted(ASSETS)


def test_every_api_operation_the_script_calls_is_documented(spec_document: dict[str, Any]) -> None:
    script = _script()
    calls = _calls(script)
    # presets, the enumerations, one preset, the fingerprint check, validate, analysis, optimal, the bots,
    # the settlement, the budget, the drills of a practice run, a deal's commitment and the deal
    assert len(calls) == 13
    for method, path in calls:
        assert method in spec_document["paths"].get(path, {}), (method, path)
    # No /v1 path anywhere in the script but those.
    assert set(re.findall(r"'(/v1/[^']*)'", script)) == {path for _method, path in calls}


def test_an_asset_that_is_not_listed_is_a_404_problem(client: FlaskClient) -> None:
    for path in ("/playground/index.html", "/playground/app.js", "/playground/..%2Fapp.py"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.mimetype == "application/problem+json"
        assert response.get_json()["status"] == 404


def test_the_address_with_a_slash_sends_a_browser_on_to_the_page(client: FlaskClient) -> None:
    # A player types /playground/ (issue 41, defect 7: it answered "there is nothing at /playground/").
    response = client.get("/playground/")
    assert (response.status_code, response.headers["Location"], response.data) == (308, "/playground", b"")
    # A shared deal's link keeps its cards on the way.
    response = client.get("/playground/?seed=14&cards=Ac,Kd")
    assert response.headers["Location"] == "/playground?seed=14&cards=Ac,Kd"
    assert client.get("/playground/", follow_redirects=True).mimetype == "text/html"


def test_only_get_is_allowed(client: FlaskClient) -> None:
    response = client.post("/playground")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]


def test_an_unchanged_file_is_a_304(client: FlaskClient) -> None:
    for path in ("/playground", "/playground/playground.js"):
        first = client.get(path)
        assert first.headers["Cache-Control"] == "no-cache"
        again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, path
        assert again.get_data() == b""


def test_the_page_loads_without_a_key_while_the_api_needs_one(checked_client: Callable[[Flask], FlaskClient]) -> None:
    guarded = checked_client(create_app({"api_keys": (KEY,)}))
    for path in ("/playground", "/playground/playground.css", "/playground/playground.js"):
        assert guarded.get(path).status_code == 200, path
    # ... and the page's own calls need the key the user types in.
    assert guarded.get("/v1/variants").status_code == 401
    assert guarded.get("/v1/variants", headers={"X-API-Key": KEY}).status_code == 200
