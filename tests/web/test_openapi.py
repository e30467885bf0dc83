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
        # A POST without a body (POST /v1/deals) is never refused for one: 400 and 413 stay possible.
        if "post" in item and ("requestBody" in item["post"] or status in ("400", "413")):
            assert status in item["post"]["responses"], (path, status)


def _properties(node: Any, path: str = "#"):
    """Every (path, property name, schema) under ``node``, however deep."""
    if isinstance(node, dict):
        for name, schema in (node.get("properties") or {}).items():
            yield f"{path}/properties/{name}", name, schema
        for key, value in node.items():
            yield from _properties(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _properties(value, f"{path}/{index}")


def test_no_property_has_a_null_schema(spec_document):
    # A comma in an unquoted flow-style description ends it and turns the rest into a property
    # with no schema (``{type: string, description: Whose scoop, or whose foul.}``): generated
    # clients then carry half a sentence and a property that does not exist.
    values = ("example", "default", "const")  # the keywords whose value may be null
    empty = [path for path, _, schema in _properties(spec_document) if not isinstance(schema, dict)]
    empty += [
        f"{path}/{key}"
        for path, _, schema in _properties(spec_document)
        if isinstance(schema, dict)
        for key, value in schema.items()
        if value is None and key not in values
    ]
    assert empty == []


def test_every_description_is_a_whole_sentence(spec_document):
    cut = []
    for path, _, schema in _properties(spec_document):
        text = schema.get("description") if isinstance(schema, dict) else None
        if isinstance(text, str) and not text.rstrip().endswith((".", ")", ":", "`")):
            cut.append(f"{path}: {text!r}")
    assert cut == []
