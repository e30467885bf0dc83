"""Contract fuzzing: schemathesis generates requests from openapi.yaml and runs
every default check on the answers (no server errors, status codes, response
schemas, content types and headers, schema-valid data accepted, invalid data
rejected, undeclared methods refused).

In ``make test`` each operation gets at least 100 examples; ``make fuzz``
runs ``FUZZ_EXAMPLES`` (default 2,000) per operation.
"""

from __future__ import annotations

import os
import re

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.core.failures import Failure

from maubinh_api import create_app
from maubinh_api.strategy.model import shipped_model_version

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))

# The rules JSON Schema cannot state (see schemathesis.toml): the only
# reasons a request the schema accepts may be refused.
BEYOND_THE_SCHEMA = re.compile(
    r"appears twice|is dealt to both|player id .* is used twice|more decimal places than this variant pays"
    r"|the rules differ from those the fingerprint was taken of"
    r"|a player who forfeits has no arrangement|send the player's arrangement"
    r"|theme \w+ needs (sập làng|a natural)|drills of theme \w+ were found in"
    # One Level enumeration for every level (generators make one enum of it); a drill refuses the best.
    r"|the best play gives up nothing"
)

app = create_app({"cache_bytes": 0})
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app)


class RefusedForAnotherRule(Failure):
    """A request the schema accepts was refused for a rule the schema could state."""


@schemathesis.check
def refused_only_for_rules_beyond_the_schema(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return
    if response.headers.get("Content-Language") != "en":  # the rules are named in English: ask again in it
        response = case.call(headers={**(case.headers or {}), "Accept-Language": "en"})
    details = [error["detail"] for error in response.json().get("errors", [])]
    unexplained = [detail for detail in details if not BEYOND_THE_SCHEMA.search(detail)]
    if unexplained:
        raise RefusedForAnotherRule(
            operation=case.operation.label,
            title="Schema-valid request refused for a rule the schema could state",
            message="; ".join(unexplained),
        )
    return


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_operation_keeps_the_contract(case):
    # A pinned model is one this deployment keeps (any other is a 400 naming them, which
    # tests/web/test_pinned_models.py checks): a generated X-Model-Version names the shipped one.
    if case.headers and "X-Model-Version" in case.headers:
        case.headers["X-Model-Version"] = shipped_model_version()
    case.call_and_validate(additional_checks=[refused_only_for_rules_beyond_the_schema])
