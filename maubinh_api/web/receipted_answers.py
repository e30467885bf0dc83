"""The receipt a settlement answers (:mod:`~maubinh_api.infra.receipts` says what it is made of and
how it is signed): built per request, since the request's digest is of the body as this caller
sent it, around an answer that may come from the cache."""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import orjson
from flask import Response

from ..infra.receipts import ISSUE_TYPE, canonical, request_digest
from ..version import __version__
from .body import json_object
from .cached_answers import cached_digested, json_answer
from .context import context
from .pinned_models import chosen_version
from .services import services


def receipted_json(
    kind: str, material: object, compute: Callable[[], Any], *, operation: str, fingerprints: Sequence[str]
) -> Response:
    """Answer ``compute()`` (through the result cache) with its ``receipt``: the request's and the
    answer's digests, the variants' ``fingerprints`` (one per table), the model and the release,
    an id made of them, and the deployment's signature."""
    body, answer_digest, source = cached_digested(kind, material, compute)
    claims: dict[str, Any] = {
        "operation": operation,
        "request_digest": request_digest(json_object()),
        "answer_digest": answer_digest,
        "fingerprints": list(fingerprints),
        "model": chosen_version(),
        "release": __version__,
    }
    claims = {"id": "rct-" + hashlib.sha256(canonical(claims)).hexdigest()[:32], **claims}
    signer = services().receipts
    signature = signer.sign(claims)
    receipt = claims | {"key_id": signer.key_id, "signed": signature is not None, "signature": signature}
    # Whose and when, signed apart: the id and its signature stay those of the request and the
    # answer (the same for anyone sent the same), and a 1.0 verifier, which knows only them, holds.
    issue = {"receipt": claims["id"], "tenant": context().tenant_name, "at": issue_time()}
    receipt["issued"] = {"tenant": issue["tenant"], "at": issue["at"], "signature": signer.sign(issue, ISSUE_TYPE)}
    # The answer's last member: its digest is of the answer without it.
    return json_answer(body[:-2] + b',"receipt":' + orjson.dumps(receipt) + b"}\n", source)


def issue_time() -> str:
    """The time a receipt (or a deal's commitment) is issued: RFC 3339, UTC, to the second."""
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
