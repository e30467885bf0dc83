"""Shared fixtures: the app, and a test client whose every answer is checked
against openapi.yaml (so a test that receives an undocumented answer fails)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from werkzeug.test import EnvironBuilder, TestResponse
from werkzeug.wrappers import Request

from maubinh_api import create_app

ROOT = Path(__file__).resolve().parents[1]
SPEC_PATH = ROOT / "openapi.yaml"
SPEC_SERVER = "http://127.0.0.1:8000"  # the first server listed in openapi.yaml


@pytest.fixture(scope="session")
def spec_document() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    return document


@pytest.fixture(scope="session")
def openapi(spec_document: dict[str, Any]) -> OpenAPI:
    # Problem documents are JSON too; openapi-core only knows application/json.
    def text(data: bytes | str) -> str:
        return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data

    def binary(data: bytes | str) -> str:
        return data.decode("latin-1") if isinstance(data, bytes) else data

    deserializers = {"application/problem+json": json.loads, "image/png": binary}
    for media_type in ("application/yaml", "text/html", "text/css", "text/javascript", "text/plain"):
        deserializers[media_type] = text
    config = Config(extra_media_type_deserializers=deserializers)
    return OpenAPI.from_dict(spec_document, config=config)


class CheckedClient(FlaskClient):
    """A Flask test client that validates each response against the spec."""

    openapi: OpenAPI
    problem_schema: dict[str, Any]
    checked: int = 0

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:  # type: ignore[override]
        response: TestResponse = super().open(*args, **kwargs)
        self._check(response)
        return response

    def _check(self, response: TestResponse) -> None:
        request = response.request
        if request.method in ("OPTIONS", "HEAD"):
            return
        # Only the operation (method and path) matters for response validation;
        # the original request's body stream has been consumed by the app.
        bare = Request(EnvironBuilder(method=request.method, path=request.path, base_url=SPEC_SERVER).get_environ())
        try:
            self.openapi.validate_response(WerkzeugOpenAPIRequest(bare), WerkzeugOpenAPIResponse(response))
        except (PathNotFound, OperationNotFound):
            # Paths and methods the spec does not list must be problem documents (a 400 for a
            # request id that is not one comes before any path is looked at).
            assert response.status_code in (400, 404, 405), (request.method, request.path, response.status_code)
            assert response.mimetype == "application/problem+json"
            jsonschema.validate(response.get_json(), self.problem_schema)
        type(self).checked += 1


@pytest.fixture
def app() -> Flask:
    return create_app()


@pytest.fixture
def checked_client(openapi: OpenAPI, spec_document: dict[str, Any]) -> Callable[[Flask], CheckedClient]:
    """Make a spec-checking test client for any app (e.g. one built with other settings)."""
    CheckedClient.openapi = openapi
    CheckedClient.problem_schema = spec_document["components"]["schemas"]["Problem"]

    def make(app: Flask) -> CheckedClient:
        app.test_client_class = CheckedClient
        test_client = app.test_client()
        assert isinstance(test_client, CheckedClient)
        return test_client

    return make


@pytest.fixture
def client(app: Flask, checked_client: Callable[[Flask], CheckedClient]) -> CheckedClient:
    return checked_client(app)
