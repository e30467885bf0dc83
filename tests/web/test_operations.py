"""Each operation declared once, on its view (maubinh_api/web/operations.py), and openapi.yaml saying
the same: its cost (``x-cost``), who may call it (``security``), and how many items a batch takes
(``maxItems``). A limit changed in the declaration and not in the spec, or the other way, fails here."""

from __future__ import annotations

from typing import Any

import pytest

from maubinh_api import create_app
from maubinh_api.web.operations import Operation

#: The documentation's pages and files, served by flask-swagger-ui's own views: open to anyone.
DOCUMENTATION = {"documentationPage", "documentation", "documentationAsset"}
#: What ``security`` says of an operation a key may be needed for (none, when no tenant holds its scope).
KEYED = [{}, {"BearerKey": []}, {"ApiKeyHeader": []}]


@pytest.fixture(scope="module")
def declared() -> dict[str, Operation]:
    app = create_app()
    found = {}
    for view in app.view_functions.values():
        operation = getattr(view, "operation", None)
        if operation is not None:
            assert operation.operation_id not in found, f"{operation.operation_id} is declared twice"
            found[operation.operation_id] = operation
    return found


def _operations(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        operation["operationId"]: operation
        for item in spec["paths"].values()
        for method, operation in item.items()
        if method in ("get", "post")
    }


def _schema(spec: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any]:
    reference = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    found: dict[str, Any] = spec["components"]["schemas"][reference.rsplit("/", 1)[1]]
    return found


def test_every_operation_of_the_spec_is_declared_on_its_view(declared, spec_document):
    assert set(_operations(spec_document)) - DOCUMENTATION == set(declared)


def test_the_spec_states_each_declared_cost(declared, spec_document):
    for name, operation in _operations(spec_document).items():
        if name in declared:
            assert operation.get("x-cost") == declared[name].x_cost, name


def test_the_spec_asks_a_key_where_the_declaration_needs_a_scope(declared, spec_document):
    for name, operation in _operations(spec_document).items():
        needs = declared[name].scope is not None if name in declared else False
        assert operation.get("security") == (KEYED if needs else []), name


def test_each_batch_takes_as_many_items_as_its_declaration(declared, spec_document):
    operations = _operations(spec_document)
    batches = {name: operation for name, operation in declared.items() if operation.batch is not None}
    paths = {
        operation["operationId"]: path for path, item in spec_document["paths"].items() for operation in item.values()
    }
    # Every operation at a path ending in /batch (and none other) declares the list it takes.
    assert set(batches) == {name for name, path in paths.items() if path.endswith("/batch")} and batches
    for name, operation in batches.items():
        field = _schema(spec_document, operations[name])["properties"][operation.batch]
        assert (field["minItems"], field["maxItems"]) == (1, operation.batch_max), name


def test_the_single_operations_of_a_body_declare_the_schema_that_reads_it(declared, spec_document):
    for name, operation in _operations(spec_document).items():
        if "requestBody" in operation:
            title = _schema(spec_document, operation).get("title") or operation["requestBody"]["content"]
            assert declared[name].schema is not None, (name, title)
        elif name in declared:
            assert declared[name].schema is None, name
