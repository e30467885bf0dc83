"""The rules of change, held by oasdiff: today's openapi.yaml against the last released contract
(contract/openapi-<version>.yaml) may grow but not break, and a removal goes only once announced.

The rules themselves are tested on copies of the contract changed in the ways a release might."""

from __future__ import annotations

import copy
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
OASDIFF = ROOT / "build" / "go-bin" / "oasdiff"
LEVELS = ROOT / "contract" / "severity-levels.txt"


def _released() -> Path:
    found = sorted(
        (ROOT / "contract").glob("openapi-*.yaml"),
        key=lambda path: tuple(int(part) for part in path.stem.removeprefix("openapi-").split(".")),
    )
    assert found, "no released contract in contract/"
    return found[-1]


def _breaking(base: Path, revision: Path) -> subprocess.CompletedProcess[str]:
    if not OASDIFF.exists():
        pytest.fail("oasdiff is not built: run `make test` (it builds build/go-bin/oasdiff)")
    command = [str(OASDIFF), "breaking", str(base), str(revision), "--severity-levels", str(LEVELS), "--fail-on", "ERR"]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


def test_the_contract_breaks_nothing_of_the_last_release():
    done = _breaking(_released(), ROOT / "openapi.yaml")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_release_keeps_its_contract():
    from maubinh_api import __version__

    released = {path.stem.removeprefix("openapi-") for path in (ROOT / "contract").glob("openapi-*.yaml")}
    assert __version__ in released or _released().stem < f"openapi-{__version__}"  # the next release's is added then


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A small contract: two operations (one deprecated with a sunset, one not), the other's answer."""
    document = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1.0.0"},
        "paths": {
            "/v1/kept": {"post": _operation("kept", deprecated=False)},
            "/v1/old": {"post": _operation("old", deprecated=True)},
        },
        "components": {
            "schemas": {
                "Answer": {
                    "type": "object",
                    "required": ["code"],
                    "properties": {"code": {"type": "string", "enum": ["a", "b"]}, "note": {"type": "string"}},
                }
            }
        },
    }
    path = tmp_path_factory.mktemp("contract") / "base.yaml"
    path.write_text(yaml.safe_dump(document))
    return path, document


def _operation(name: str, *, deprecated: bool) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": name,
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "properties": {"cards": {"type": "array", "items": {"type": "string"}}},
                    }
                }
            },
        },
        "responses": {
            "200": {
                "description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Answer"}}},
            }
        },
    }
    if deprecated:
        operation |= {"deprecated": True, "x-sunset": "2026-06-30"}
    return operation


def _revised(tmp_path: Path, document: dict[str, Any], change: Any) -> Path:
    revised = copy.deepcopy(document)
    change(revised)
    path = tmp_path / "revised.yaml"
    path.write_text(yaml.safe_dump(revised))
    return path


def _answer(document: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = document["components"]["schemas"]["Answer"]
    return answer


def _body(document: dict[str, Any]) -> dict[str, Any]:
    post = document["paths"]["/v1/kept"]["post"]
    schema: dict[str, Any] = post["requestBody"]["content"]["application/json"]["schema"]
    return schema


GROWS = {
    "a new operation": lambda d: d["paths"].update({"/v1/new": {"post": _operation("new", deprecated=False)}}),
    "a new optional request field": lambda d: _body(d)["properties"].update({"seed": {"type": "integer"}}),
    "a new answer field": lambda d: _answer(d)["properties"].update({"more": {"type": "integer"}}),
    "a new answer enum value": lambda d: _answer(d)["properties"]["code"]["enum"].append("c"),
    "a deprecated operation gone after its sunset": lambda d: d["paths"].pop("/v1/old"),
}
BREAKS = {
    "an operation gone unannounced": (lambda d: d["paths"].pop("/v1/kept"), "api-path-removed-without-deprecation"),
    "an answer field gone": (lambda d: _answer(d)["required"].remove("code"), "response-property-became-optional"),
    "a new required request field": (
        lambda d: _body(d).update({"required": ["cards"]}),
        "request-property-became-required",
    ),
    "a request field's type changed": (
        lambda d: _body(d)["properties"].update({"cards": {"type": "string"}}),
        "request-property-type-changed",
    ),
}


@pytest.mark.parametrize("change", GROWS.values(), ids=GROWS.keys())
def test_the_contract_may_grow(base, tmp_path, change):
    path, document = base
    done = _breaking(path, _revised(tmp_path, document, change))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(("change", "check"), BREAKS.values(), ids=BREAKS.keys())
def test_a_change_that_breaks_a_client_fails_unless_announced(base, tmp_path, change, check):
    path, document = base
    done = _breaking(path, _revised(tmp_path, document, change))
    assert done.returncode == 1 and check in done.stdout, done.stdout + done.stderr
