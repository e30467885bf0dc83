"""The service's own check of a stored receipt: the rule every client's verifier follows, step by
step, with the same refusal codes (docs/integrating.md, "Verifying a receipt";
tests/conformance/receipts.json is the corpus all five judge alike).

A receipt holds when, in this order: the request and the answer are strict JSON
(:mod:`~maubinh_api.infra.strict_json`); the answer has a ``receipt`` object whose fields are all
present and typed; the digests are those of the request and of the answer without its receipt; the
id is made of the fields; it was issued to the tenant expected; it is signed (unless an unsigned one
is accepted); the key set names its key, an Ed25519 key whose RFC 7638 thumbprint is its id; and
both signatures (the receipt's, then its issue's) are EdDSA compact JWSs of exactly their fields.
"""

from __future__ import annotations

import base64
import binascii
import enum
import hashlib
import re
from collections.abc import Mapping
from typing import Any, Final

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from .receipts import ISSUE_TYPE, RECEIPT_TYPE, exact_canonical
from .strict_json import StrictJsonError, read_strict

__all__ = ["ReceiptRefused", "Refusal", "check_jws", "check_receipt", "signing_key"]

#: The fields a receipt's id and signature are made of, in their order.
CLAIMS: Final = ("operation", "request_digest", "answer_digest", "fingerprints", "model", "release")

_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_ID = re.compile(r"rct-[0-9a-f]{32}")
_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class Refusal(enum.StrEnum):
    """Why a receipt does not hold: the same codes in every client."""

    NOT_STRICT_JSON = "not_strict_json"
    NO_RECEIPT = "no_receipt"
    RECEIPT_FIELDS = "receipt_fields"
    REQUEST_DIGEST = "request_digest"
    ANSWER_DIGEST = "answer_digest"
    ID = "id"
    TENANT = "tenant"
    UNSIGNED = "unsigned"
    KEY_SET = "key_set"
    UNKNOWN_KEY = "unknown_key"
    KEY_TYPE = "key_type"
    KEY_THUMBPRINT = "key_thumbprint"
    JWS_FORM = "jws_form"
    JWS_HEADER = "jws_header"
    JWS_SIGNATURE = "jws_signature"
    JWS_PAYLOAD = "jws_payload"


class ReceiptRefused(ValueError):
    """A receipt that does not hold: ``code`` (a :class:`Refusal`) and ``reason`` in words."""

    def __init__(self, code: Refusal, reason: str) -> None:
        super().__init__(f"the receipt does not hold: {reason}")
        self.code = code
        self.reason = reason


def check_receipt(
    request: str | bytes,
    answer: str | bytes,
    keys: str | bytes,
    *,
    tenant: str | None = None,
    require_signature: bool = True,
) -> dict[str, Any]:
    """The receipt of ``answer`` checked against the ``request`` sent and the deployment's key set
    ``keys`` (JSON texts as stored), and issued to ``tenant`` if one is given; else
    :class:`ReceiptRefused`."""
    request_value, answer_value = (_strict(text, what) for text, what in ((request, "request"), (answer, "answer")))
    receipt = _receipt(answer_value)
    if _digest(request_value) != receipt["request_digest"]:
        raise ReceiptRefused(Refusal.REQUEST_DIGEST, "request_digest is not the request's")
    bare = {name: value for name, value in answer_value.items() if name != "receipt"}
    if _digest(bare) != receipt["answer_digest"]:
        raise ReceiptRefused(Refusal.ANSWER_DIGEST, "answer_digest is not the answer's")
    claims = {name: receipt[name] for name in CLAIMS}
    if "rct-" + hashlib.sha256(exact_canonical(claims)).hexdigest()[:32] != receipt["id"]:
        raise ReceiptRefused(Refusal.ID, "id is not made of the receipt's fields")
    issued = receipt.get("issued")
    if tenant is not None and (issued is None or issued["tenant"] != tenant):
        found = "it names no tenant" if issued is None else f"it was issued to {issued['tenant']}"
        raise ReceiptRefused(Refusal.TENANT, found)
    if receipt["signature"] is None:
        if require_signature:
            raise ReceiptRefused(Refusal.UNSIGNED, "it is unsigned")
        return receipt
    public = signing_key(keys, receipt["key_id"])
    signed = {"id": receipt["id"], **claims}
    check_jws(receipt["signature"], signed, receipt["key_id"], public, RECEIPT_TYPE, what="the signature")
    if issued is not None:
        issue = {"at": issued["at"], "receipt": receipt["id"], "tenant": issued["tenant"]}
        check_jws(issued["signature"], issue, receipt["key_id"], public, ISSUE_TYPE, what="the issue's signature")
    return receipt


def _strict(text: str | bytes, what: str) -> Any:
    try:
        return read_strict(text)
    except StrictJsonError as error:
        raise ReceiptRefused(Refusal.NOT_STRICT_JSON, f"the {what} is not strict JSON ({error})") from None


def _digest(value: Any) -> str:
    return "sha256:" + hashlib.sha256(exact_canonical(value)).hexdigest()


def _receipt(answer: Any) -> dict[str, Any]:
    """The answer's receipt, its fields all present and typed."""
    if not isinstance(answer, dict) or not isinstance(answer.get("receipt"), dict):
        raise ReceiptRefused(Refusal.NO_RECEIPT, "the answer has no receipt")
    receipt: dict[str, Any] = answer["receipt"]
    wrong = [name for name, fits in _FIELDS.items() if not fits(receipt.get(name, _ABSENT))]
    issued = receipt.get("issued")
    if "issued" in receipt and not (isinstance(issued, dict) and _issue_reads(issued)):
        wrong.append("issued")
    if not wrong and _signed_apart(receipt):
        wrong.append("signed")
    if wrong:
        raise ReceiptRefused(Refusal.RECEIPT_FIELDS, f"its fields do not read: {', '.join(wrong)}")
    return receipt


_ABSENT: Final = object()


def _text(pattern: re.Pattern[str] | None = None) -> Any:
    return lambda value: isinstance(value, str) and (pattern is None or pattern.fullmatch(value) is not None)


def _text_or_null(value: Any) -> bool:
    return value is None or isinstance(value, str)


_FIELDS: Final = {
    "id": _text(_ID),
    "operation": _text(),
    "request_digest": _text(_DIGEST),
    "answer_digest": _text(_DIGEST),
    "fingerprints": lambda value: isinstance(value, list) and all(isinstance(item, str) for item in value),
    "model": _text(),
    "release": _text(),
    "key_id": _text_or_null,
    "signed": lambda value: isinstance(value, bool),
    "signature": _text_or_null,
}


def _issue_reads(issued: Mapping[str, Any]) -> bool:
    tenant, at = issued.get("tenant"), issued.get("at")
    return (
        isinstance(tenant, str)
        and tenant != ""
        and isinstance(at, str)
        and _AT.fullmatch(at) is not None
        and _text_or_null(issued.get("signature", _ABSENT))
    )


def _signed_apart(receipt: Mapping[str, Any]) -> bool:
    """Whether its signing fields disagree: ``signed`` is whether there is a signature, a signature
    names its key, and an issue is signed exactly when the receipt is."""
    signed = receipt["signature"] is not None
    issued = receipt.get("issued")
    return (
        receipt["signed"] != signed
        or (signed and receipt["key_id"] is None)
        or (issued is not None and (issued["signature"] is not None) != signed)
    )


def signing_key(keys: str | bytes | Mapping[str, Any], key_id: str) -> Ed25519PublicKey:
    """The key ``key_id`` of the key set (its JSON, or parsed): an Ed25519 key whose RFC 7638
    thumbprint is that id (steps 9 to 12), else :class:`ReceiptRefused`."""
    found: Any = keys
    if isinstance(keys, (str, bytes)):
        try:
            found = read_strict(keys)
        except StrictJsonError:
            found = None
    if not isinstance(found, Mapping) or not isinstance(found.get("keys"), list):
        raise ReceiptRefused(Refusal.KEY_SET, "the key set does not read")
    named = [key for key in found["keys"] if isinstance(key, Mapping) and key.get("kid") == key_id]
    if not named:
        raise ReceiptRefused(Refusal.UNKNOWN_KEY, f"no key {key_id} in the key set")
    key = named[0]
    x = _base64url(key.get("x"))
    if key.get("kty") != "OKP" or key.get("crv") != "Ed25519" or x is None or len(x) != 32:
        raise ReceiptRefused(Refusal.KEY_TYPE, f"key {key_id} is not an Ed25519 key")
    members = {"crv": "Ed25519", "kty": "OKP", "x": key["x"]}
    if _encode(hashlib.sha256(exact_canonical(members)).digest()) != key_id:
        # A foreign key under the deployment's id is not the deployment's.
        raise ReceiptRefused(Refusal.KEY_THUMBPRINT, f"key {key_id} is not the key its id names")
    return Ed25519PublicKey.from_public_bytes(x)


def check_jws(
    token: str, signed: Mapping[str, Any], key_id: str, public: Ed25519PublicKey, kind: str, *, what: str
) -> None:
    """That ``token`` is a compact JWS, EdDSA, of type ``kind`` by ``key_id``, of ``signed``'s form
    (steps 13 to 16); ``what`` names it in a refusal."""
    parts = token.split(".")
    decoded = [_base64url(part) for part in parts] if len(parts) == 3 else [None]
    header = None
    if None not in decoded:
        try:
            header = read_strict(decoded[0] or b"")
        except StrictJsonError:
            header = None
    if not isinstance(header, dict):
        raise ReceiptRefused(Refusal.JWS_FORM, f"{what} is not a compact JWS")
    if header.get("alg") != "EdDSA" or header.get("kid") != key_id or header.get("typ") != kind:
        raise ReceiptRefused(Refusal.JWS_HEADER, f"{what}'s header is not EdDSA, {kind}, by key {key_id}")
    try:
        public.verify(decoded[2] or b"", f"{parts[0]}.{parts[1]}".encode("ascii"))
    except InvalidSignature:
        raise ReceiptRefused(Refusal.JWS_SIGNATURE, f"{what} is not the key's") from None
    if decoded[1] != exact_canonical(signed):
        raise ReceiptRefused(Refusal.JWS_PAYLOAD, f"{what} is of other fields")


def _base64url(text: Any) -> bytes | None:
    """Base64url without padding, in its one written form (no stray bits), or None."""
    if not isinstance(text, str) or _BASE64URL.fullmatch(text) is None or len(text) % 4 == 1:
        return None
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except binascii.Error:
        return None
    return data if _encode(data) == text else None


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")
