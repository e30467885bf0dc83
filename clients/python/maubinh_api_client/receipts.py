"""The offline check of a settlement's receipt (written by hand beside the generated package;
tools/python_client.py keeps it): that the request and answer a platform stored are the ones the
receipt names (SHA-256 of their RFC 8785 canonical form), that its id is made of its fields, and
that the deployment signed those fields (a compact JWS, EdDSA, whose ``kid`` is a key of the
deployment's ``/.well-known/jwks.json``).  Nothing is asked of the service.

    from maubinh_api_client.receipts import verify_receipt, verify_receipt_text
    receipt = verify_receipt(request_body, answer_json, keys_json)   # raises ReceiptError
    receipt = verify_receipt(request_body, answer_json, keys_json, tenant="platform-a")  # and whose
    receipt = verify_receipt_text(request_text, answer_text, keys_json)  # from the texts as stored

From the texts as stored is the stricter check: they are read as strict JSON (a member named twice,
NaN or Infinity refused: a forged ``"net"`` before the genuine one cannot hide), and their numbers
exactly, as the service digests them (docs/integrating.md, "Receipts").
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import jwt
import rfc8785

__all__ = ["ReceiptError", "verify_receipt", "verify_receipt_text"]

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
    bare = {name: value for name, value in answer.items() if name != "receipt"}
    return _verified(_digest(request), _digest(bare), answer, keys, require_signature=require_signature, tenant=tenant)


def verify_receipt_text(
    request: str | bytes,
    answer: str | bytes,
    keys: Mapping[str, Any],
    *,
    require_signature: bool = True,
    tenant: str | None = None,
) -> dict[str, Any]:
    """:func:`verify_receipt` from the request and answer texts as stored: read as strict JSON (a
    member named twice, NaN or Infinity is refused) with their numbers exact, digested as the service
    digests them (RFC 8785, a number whose RFC 8785 text is not its exact value written exactly)."""
    request_value = _strict(request, "the request")
    answer_value = _strict(answer, "the answer")
    if not isinstance(answer_value, dict):
        raise ReceiptError("the answer is not a JSON object")
    bare = {name: value for name, value in answer_value.items() if name != "receipt"}
    request_digest, answer_digest = (_exact_digest(value) for value in (request_value, bare))
    return _verified(
        request_digest, answer_digest, answer_value, keys, require_signature=require_signature, tenant=tenant
    )


def _verified(
    request_digest: str,
    answer_digest: str,
    answer: Mapping[str, Any],
    keys: Mapping[str, Any],
    *,
    require_signature: bool,
    tenant: str | None,
) -> dict[str, Any]:
    receipt = answer.get("receipt")
    if not isinstance(receipt, Mapping):
        raise ReceiptError("the answer has no receipt")
    if request_digest != receipt.get("request_digest"):
        raise ReceiptError("request_digest is not the request's")
    if answer_digest != receipt.get("answer_digest"):
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


def _strict(text: str | bytes, what: str) -> Any:
    """``text`` read as strict JSON, its non-integers as Decimal: a member named twice (which one would
    a reader keep?), NaN or Infinity is a :class:`ReceiptError`."""

    def members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        names = [name for name, _value in pairs]
        if len(set(names)) != len(names):
            raise ReceiptError(f"{what} names a member twice")
        return dict(pairs)

    def constant(name: str) -> Any:
        raise ReceiptError(f"{what} holds {name}, which is not JSON")

    try:
        return json.loads(text, object_pairs_hook=members, parse_float=Decimal, parse_constant=constant)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ReceiptError(f"{what} is not JSON") from None


def _exact_digest(value: Any) -> str:
    return "sha256:" + hashlib.sha256(_exact(value)).hexdigest()


def _exact(value: Any) -> bytes:
    """RFC 8785 of a strictly read value, a number written as RFC 8785 writes its double only when
    that text has the number's exact value, else as the exact value (as the service does)."""
    if isinstance(value, dict):
        members = sorted(value.items(), key=lambda item: item[0].encode("utf-16-be"))
        return b"{" + b",".join(rfc8785.dumps(name) + b":" + _exact(item) for name, item in members) + b"}"
    if isinstance(value, list):
        return b"[" + b",".join(_exact(item) for item in value) + b"]"
    if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        return _exact_number(Decimal(value)).encode("ascii")
    return rfc8785.dumps(value)


def _exact_number(exact: Decimal) -> str:
    try:
        written: str | None = rfc8785.dumps(float(exact)).decode("ascii")
    except (OverflowError, rfc8785.CanonicalizationError):
        written = None
    if written is not None and Decimal(written) == exact:
        return written
    sign, digits, exponent = exact.as_tuple()
    assert isinstance(exponent, int)  # strict JSON has no NaN or Infinity
    while len(digits) > 1 and digits[-1] == 0:
        digits, exponent = digits[:-1], exponent + 1
    plain = Decimal((sign, digits, exponent))
    return f"{plain:f}" if -64 <= plain.adjusted() <= 64 else str(plain).lower()
