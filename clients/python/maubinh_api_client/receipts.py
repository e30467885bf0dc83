"""The offline check of a settlement's receipt (written by hand beside the generated package;
tools/python_client.py keeps it): that the request and answer a platform stored are the ones the
receipt names (SHA-256 of their RFC 8785 canonical form), that its id is made of its fields, and
that the deployment signed those fields (a compact JWS, EdDSA, whose ``kid`` is a key of the
deployment's ``/.well-known/jwks.json``).  Nothing is asked of the service.

    from maubinh_api_client.receipts import verify_receipt
    receipt = verify_receipt(request_body, answer_json, keys_json)   # raises ReceiptError
    receipt = verify_receipt(request_body, answer_json, keys_json, tenant="platform-a")  # and whose
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Mapping
from typing import Any

import jwt
import rfc8785

__all__ = ["ReceiptError", "verify_receipt"]

#: The fields a receipt's id and signature are made of, in their order.
CLAIMS = ("operation", "request_digest", "answer_digest", "fingerprints", "model", "release")


class ReceiptError(ValueError):
    """A receipt that does not hold; ``reason`` says which part failed."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the receipt does not hold: {reason}")
        self.reason = reason


def _digest(value: Any) -> str:
    return "sha256:" + hashlib.sha256(rfc8785.dumps(value)).hexdigest()


def verify_receipt(
    request: Any,
    answer: Mapping[str, Any],
    keys: Mapping[str, Any],
    *,
    require_signature: bool = True,
    tenant: str | None = None,
) -> dict[str, Any]:
    """Check ``answer["receipt"]`` against the ``request`` body sent and the ``answer`` received
    (both as parsed JSON, in any key order), with the deployment's key set ``keys``, and its issue
    (whose it is, when it was made) when it has one; with ``tenant``, that it was issued to that
    tenant.  Return the receipt, or raise :class:`ReceiptError` naming what does not hold."""
    receipt = answer.get("receipt")
    if not isinstance(receipt, Mapping):
        raise ReceiptError("the answer has no receipt")
    if _digest(request) != receipt.get("request_digest"):
        raise ReceiptError("request_digest is not the request's")
    if _digest({name: value for name, value in answer.items() if name != "receipt"}) != receipt.get("answer_digest"):
        raise ReceiptError("answer_digest is not the answer's")
    claims = {name: receipt.get(name) for name in CLAIMS}
    if "rct-" + hashlib.sha256(rfc8785.dumps(claims)).hexdigest()[:32] != receipt.get("id"):
        raise ReceiptError("id is not made of the receipt's fields")
    issued = receipt.get("issued")
    if issued is not None and not (
        isinstance(issued, Mapping) and isinstance(issued.get("tenant"), str) and isinstance(issued.get("at"), str)
    ):
        raise ReceiptError("its issue does not read")
    if tenant is not None and (issued is None or issued["tenant"] != tenant):
        raise ReceiptError("it names no tenant" if issued is None else f"it was issued to {issued['tenant']}")
    if receipt.get("signature") is None:
        if require_signature:
            raise ReceiptError("it is unsigned")
        return dict(receipt)
    signed = {"id": receipt["id"], **claims}
    _check_signature(receipt["signature"], signed, receipt.get("key_id"), keys, "the signature")
    if issued is not None:  # a receipt made before 1.1 has none
        issue = {"at": issued["at"], "receipt": receipt["id"], "tenant": issued["tenant"]}
        if not isinstance(issued.get("signature"), str):
            raise ReceiptError("its issue is unsigned")
        _check_signature(issued["signature"], issue, receipt.get("key_id"), keys, "the issue's signature")
    return dict(receipt)


def _check_signature(token: str, signed: Mapping[str, Any], key_id: Any, keys: Mapping[str, Any], what: str) -> None:
    """That ``token`` is an EdDSA JWS of ``signed``'s RFC 8785 form by the key ``key_id`` of ``keys``."""
    found = [key for key in keys.get("keys", []) if key.get("kid") == key_id]
    if not found:
        raise ReceiptError(f"no key {key_id} in the key set")
    if _thumbprint(found[0]) != key_id:  # a foreign key under the deployment's id is not the deployment's
        raise ReceiptError(f"key {key_id} is not the key its id names")
    try:
        public = jwt.PyJWK(dict(found[0]), algorithm="EdDSA")
        checker = jwt.PyJWS(algorithms=["EdDSA"])
        verified = checker.decode_complete(token, key=public, algorithms=["EdDSA"])
    except jwt.PyJWTError:
        raise ReceiptError(f"{what} is not the key's") from None
    if verified["header"].get("kid") != key_id or verified["payload"] != rfc8785.dumps(signed):
        raise ReceiptError(f"{what} is of other fields")


def _thumbprint(key: Mapping[str, Any]) -> str:
    """An Ed25519 key's RFC 7638 thumbprint, base64url: the id the key set must name it by."""
    members = {name: key.get(name) for name in ("crv", "kty", "x")}
    return base64.urlsafe_b64encode(hashlib.sha256(rfc8785.dumps(members)).digest()).rstrip(b"=").decode()
