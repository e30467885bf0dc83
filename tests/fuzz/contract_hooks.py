"""What schemathesis is told of this service that its document cannot say, for both contract runs:
in process (tests/fuzz/test_contract.py imports it) and live (``schemathesis run --checks all``
against ``deploy/serve.sh``, tests/fuzz/test_live_contract.py, which loads it through
``SCHEMATHESIS_HOOKS``):

* a request the schema accepts may be refused (422) only for a rule JSON Schema cannot state
  (the same card twice in two notations, a player id used twice, ...: ``BEYOND_THE_SCHEMA``);

* a pinned model (``X-Model-Version``) is one the deployment keeps: any other is its documented
  400 (``unknown-model``), which tests/web/test_pinned_models.py checks; a well-formed one that the
  generator made up names the shipped model instead;
* ``/openapi.yaml`` is YAML *text* (``type: string``, what the generated clients read it as), so it
  is checked as the text it is, not as the mapping schemathesis would parse it into first.
"""

from __future__ import annotations

import re
from typing import Any

import schemathesis
from schemathesis.core.deserialization import deserialize_yaml
from schemathesis.core.failures import Failure
from schemathesis.core.media_types import YAML_MEDIA_TYPES

from maubinh_api.strategy.model import shipped_model_version

# The rules JSON Schema cannot state (see schemathesis.toml): the only reasons a request the schema
# accepts may be refused.
BEYOND_THE_SCHEMA = re.compile(
    r"appears twice|is dealt to both|player id .* is used twice|more decimal places than this variant pays"
    r"|the rules differ from those the fingerprint was taken of"
    r"|a player who forfeits has no arrangement|send the player's arrangement"
    # A rate sent as a (deprecated) JSON number: its places (multipleOf cannot be exact on floats).
    r"|(rake|draw_fee) [0-9.E+-]+ has more than 8 decimal places"
    # A player id's characters by Unicode category: the pattern names the common ones, not all.
    r"|a player id must not contain U\+"
    r"|theme \w+ needs (sập làng|a natural)|drills of theme \w+ were found in"
    # One Level enumeration for every level (generators make one enum of it); a drill refuses the best.
    r"|the best play gives up nothing"
)
_A_MODEL = re.compile(r"model-[0-9a-f]{16}")
_SHIPPED = shipped_model_version()


class RefusedForAnotherRule(Failure):
    """A request the schema accepts was refused for a rule the schema could state."""


@schemathesis.check
def refused_only_for_rules_beyond_the_schema(ctx: Any, response: Any, case: Any) -> None:
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


@schemathesis.hook("map_headers")
def pinned_to_a_kept_model(_context: Any, headers: dict[str, Any] | None) -> dict[str, Any] | None:
    if headers and isinstance(headers.get("X-Model-Version"), str) and _A_MODEL.fullmatch(headers["X-Model-Version"]):
        headers["X-Model-Version"] = _SHIPPED
    return headers


@schemathesis.deserializer(*YAML_MEDIA_TYPES)  # each: the first of the YAML family found answers
def document_as_text(context: Any, response: Any) -> Any:
    text = response.content.decode(response.encoding or "utf-8")
    if context.operation.definition.raw.get("operationId") == "openapiDocument":
        return text
    return deserialize_yaml(text)  # no other operation answers YAML
