"""Contract fuzzing: schemathesis generates requests from openapi.yaml and runs
every default check on the answers (no server errors, status codes, response
schemas, content types and headers, schema-valid data accepted, invalid data
rejected, undeclared methods refused).

In ``make test`` each operation gets at least 100 examples; ``make fuzz``
runs ``FUZZ_EXAMPLES`` (default 2,000) per operation.
"""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings

from maubinh_api import create_app
from tests.fuzz.contract_hooks import pinned_to_a_kept_model, refused_only_for_rules_beyond_the_schema

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))

app = create_app({"cache_bytes": 0})
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_operation_keeps_the_contract(case):
    pinned_to_a_kept_model(None, case.headers)
    case.call_and_validate(additional_checks=[refused_only_for_rules_beyond_the_schema])
