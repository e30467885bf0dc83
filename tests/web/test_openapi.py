"""openapi.yaml is valid, its examples match its schemas, and it covers the app."""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import pytest
from openapi_spec_validator import validate

from maubinh_api import create_app


def test_the_document_is_valid_openapi_3_1(spec_document):
    validate(spec_document)


def _examples(spec: dict[str, Any]):
    """Every (schema, example) pair of request and response bodies."""
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            bodies = [operation.get("requestBody", {})]
            bodies += list(operation.get("responses", {}).values())
            for reference in bodies:
                body = _resolve(spec, reference)
                for media_type, media in body.get("content", {}).items():
                    schema = media.get("schema")
                    if "example" in media:
                        yield f"{method} {path} {media_type}", schema, media["example"]
                    for name, example in media.get("examples", {}).items():
                        yield f"{method} {path} {media_type} {name}", schema, _resolve(spec, example)["value"]


def _resolve(spec: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        parts = node["$ref"].removeprefix("#/").split("/")
        node = spec
        for part in parts:
            node = node[part]
    return node


def test_every_example_matches_its_schema(spec_document):
    found = list(_examples(spec_document))
    assert len(found) >= 15
    for where, schema, example in found:
        # Give the schema the document's components so that "#/components/..." resolves.
        rooted = {**schema, "components": spec_document["components"]}
        errors = list(jsonschema.Draft202012Validator(rooted).iter_errors(example))
        assert not errors, f"{where}: {errors[0].message}"


def test_every_route_of_the_app_is_documented_and_nothing_else(spec_document):
    app = create_app()
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            routes.add((path, method.lower()))
    documented = {(path, method) for path, item in spec_document["paths"].items() for method in item}
    assert routes == documented


@pytest.mark.parametrize("status", ["400", "413", "415", "422"])
def test_every_post_operation_documents_the_request_errors(spec_document, status):
    for path, item in spec_document["paths"].items():
        if "post" in item:
            assert status in item["post"]["responses"], (path, status)
