"""The offline check of a settlement's receipt (written by hand beside the generated package;
tools/python_client.py keeps it): that the request and answer a platform stored are the ones the
receipt names, that its id is made of its fields, whose it is, and that the deployment signed them
(compact JWSs, EdDSA, by a key of the deployment's ``/.well-known/jwks.json`` whose id is its RFC
7638 thumbprint).  Nothing is asked of the service.

    from maubinh_api_client.receipts import verify_answer, verify_receipt, verify_receipt_text
    settled = settle_table.sync_detailed(client=api, body=table)
    receipt = verify_answer(settled, keys_json)      # from the answer alone: the request as it was sent
    receipt = verify_receipt_text(request_text, answer_text, keys_json)   # raises ReceiptError
    receipt = verify_receipt_text(request_text, answer_text, keys_json, tenant="platform-a")
    receipt = verify_receipt(request_body, answer_json, keys_json)   # from parsed values

It follows the rule of docs/integrating.md, "Verifying a receipt", step by step, as the service and
the other clients do: a refusal's ``code`` is that of the first step that fails, the same in every
client (tests/conformance/receipts.json holds them to it).  From the texts as stored is the whole
check: they are read as strict JSON (a member named twice, NaN, a lone surrogate refused: a forged
``"net"`` before the genuine one cannot hide) with their numbers exact, as the service digests them.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Protocol

import rfc8785
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

__all__ = [
    "ReceiptError",
    "check_jws",
    "exact_canonical",
    "read_strict",
    "signing_key",
    "verify_answer",
    "verify_receipt",
    "verify_receipt_text",
]

#: The fields a receipt's id and signature are made of, in their order.
CLAIMS = ("operation", "request_digest", "answer_digest", "fingerprints", "model", "release")
RECEIPT_TYPE = "maubinh-receipt+jws"
ISSUE_TYPE = "maubinh-receipt-issue+jws"

_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_ID = re.compile(r"rct-[0-9a-f]{32}")
_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_ABSENT = object()
#: The deepest arrays and objects nest, and the largest exponent a number is written with, either
#: way: limits every client's reader keeps alike.
MAX_DEPTH = 200
MAX_EXPONENT = 999_999_999


class ReceiptError(ValueError):
    """A receipt that does not hold: ``code`` is the failing step's code (``"answer_digest"``,
    ``"jws_signature"``, ...: docs/integrating.md, "Verifying a receipt"), ``reason`` says it in words."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"the receipt does not hold: {reason}")
        self.code = code
        self.reason = reason


def verify_receipt_text(
    request: str | bytes,
    answer: str | bytes,
    keys: str | bytes | Mapping[str, Any],
    *,
    require_signature: bool = True,
    tenant: str | None = None,
) -> dict[str, Any]:
    """Check the receipt of ``answer`` (the answer's JSON text as stored) against ``request`` (the
    request's, as sent) with the deployment's key set ``keys`` (its JSON, or parsed), and that it
    was issued to ``tenant`` when one is given.  Return the receipt, or raise
    :class:`ReceiptError` with the code of the first step that fails."""
    request_value, answer_value = _strict(request, "the request"), _strict(answer, "the answer")
    return _verified(request_value, answer_value, keys, require_signature=require_signature, tenant=tenant)


class Exchange(Protocol):
    """An answer as a call's ``sync_detailed`` returns it: the request's body as it was sent and the
    answer's as it was received (the generated ``Response``)."""

    @property
    def request_content(self) -> bytes: ...

    @property
    def content(self) -> bytes: ...


def verify_answer(
    answer: Exchange,
    keys: str | bytes | Mapping[str, Any],
    *,
    require_signature: bool = True,
    tenant: str | None = None,
) -> dict[str, Any]:
    """:func:`verify_receipt_text` of an answer as the client returned it (``sync_detailed``'s
    ``Response``): the request's bytes it sent and the answer's it received, so nothing is written
    again. The whole check; keep ``answer.request_content`` and ``answer.content`` to check it later."""
    return verify_receipt_text(
        answer.request_content, answer.content, keys, require_signature=require_signature, tenant=tenant
    )


def verify_receipt(
    request: Any,
    answer: Mapping[str, Any],
    keys: str | bytes | Mapping[str, Any],
    *,
    require_signature: bool = True,
    tenant: str | None = None,
) -> dict[str, Any]:
    """:func:`verify_receipt_text` from the request body and the answer already parsed (any key
    order): every step but the first, which only the texts allow (a parser has already kept one of
    two members of one name, and read numbers as doubles: prefer the texts for a dispute)."""
    return _verified(request, answer, keys, require_signature=require_signature, tenant=tenant)


def _verified(request: Any, answer: Any, keys: Any, *, require_signature: bool, tenant: str | None) -> dict[str, Any]:
    receipt = _receipt(answer)
    if _digest(request) != receipt["request_digest"]:
        raise ReceiptError("request_digest", "request_digest is not the request's")
    bare = {name: value for name, value in answer.items() if name != "receipt"}
    if _digest(bare) != receipt["answer_digest"]:
        raise ReceiptError("answer_digest", "answer_digest is not the answer's")
    claims = {name: receipt[name] for name in CLAIMS}
    if "rct-" + hashlib.sha256(_exact(claims)).hexdigest()[:32] != receipt["id"]:
        raise ReceiptError("id", "id is not made of the receipt's fields")
    issued = receipt.get("issued")
    if tenant is not None and (issued is None or issued["tenant"] != tenant):
        raise ReceiptError("tenant", "it names no tenant" if issued is None else f"it was issued to {issued['tenant']}")
    if receipt["signature"] is None:
        if require_signature:
            raise ReceiptError("unsigned", "it is unsigned")
        return dict(receipt)
    public = signing_key(keys, receipt["key_id"])
    signed = {"id": receipt["id"], **claims}
    check_jws(receipt["signature"], signed, receipt["key_id"], public, RECEIPT_TYPE, what="the signature")
    if issued is not None:
        issue = {"at": issued["at"], "receipt": receipt["id"], "tenant": issued["tenant"]}
        check_jws(issued["signature"], issue, receipt["key_id"], public, ISSUE_TYPE, what="the issue's signature")
    return dict(receipt)


def _receipt(answer: Any) -> Mapping[str, Any]:
    """The answer's receipt, its fields all present and typed (step 3)."""
    if not isinstance(answer, Mapping) or not isinstance(answer.get("receipt"), Mapping):
        raise ReceiptError("no_receipt", "the answer has no receipt")
    receipt: Mapping[str, Any] = answer["receipt"]
    wrong = [name for name, fits in _FIELDS.items() if not fits(receipt.get(name, _ABSENT))]
    issued = receipt.get("issued")
    if "issued" in receipt and not (isinstance(issued, Mapping) and _issue_reads(issued)):
        wrong.append("issued")
    if not wrong and _signed_apart(receipt):
        wrong.append("signed")
    if wrong:
        raise ReceiptError("receipt_fields", f"its fields do not read: {', '.join(wrong)}")
    return receipt


def _text(pattern: re.Pattern[str] | None = None) -> Any:
    return lambda value: isinstance(value, str) and (pattern is None or pattern.fullmatch(value) is not None)


def _text_or_null(value: Any) -> bool:
    return value is None or isinstance(value, str)


_FIELDS = {
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
    signed = receipt["signature"] is not None
    issued = receipt.get("issued")
    return (
        receipt["signed"] != signed
        or (signed and receipt["key_id"] is None)
        or (issued is not None and (issued["signature"] is not None) != signed)
    )


def signing_key(keys: Any, key_id: str) -> Ed25519PublicKey:
    """The key ``key_id`` of the key set (its JSON, or parsed): an Ed25519 key whose RFC 7638
    thumbprint is that id (steps 9 to 12), else :class:`ReceiptError`."""
    if isinstance(keys, (str, bytes)):
        try:
            keys = _strict(keys, "the key set")
        except ReceiptError:
            keys = None
    if not isinstance(keys, Mapping) or not isinstance(keys.get("keys"), list):
        raise ReceiptError("key_set", "the key set does not read")
    named = [key for key in keys["keys"] if isinstance(key, Mapping) and key.get("kid") == key_id]
    if not named:
        raise ReceiptError("unknown_key", f"no key {key_id} in the key set")
    key = named[0]
    x = _base64url(key.get("x"))
    if key.get("kty") != "OKP" or key.get("crv") != "Ed25519" or x is None or len(x) != 32:
        raise ReceiptError("key_type", f"key {key_id} is not an Ed25519 key")
    members = {"crv": "Ed25519", "kty": "OKP", "x": key["x"]}
    if _encode(hashlib.sha256(_exact(members)).digest()) != key_id:
        # A foreign key under the deployment's id is not the deployment's.
        raise ReceiptError("key_thumbprint", f"key {key_id} is not the key its id names")
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
            header = _strict(decoded[0] or b"", "the header")
        except ReceiptError:
            header = None
    if not isinstance(header, dict):
        raise ReceiptError("jws_form", f"{what} is not a compact JWS")
    if header.get("alg") != "EdDSA" or header.get("kid") != key_id or header.get("typ") != kind:
        raise ReceiptError("jws_header", f"{what}'s header is not EdDSA, {kind}, by key {key_id}")
    try:
        public.verify(decoded[2] or b"", f"{parts[0]}.{parts[1]}".encode("ascii"))
    except InvalidSignature:
        raise ReceiptError("jws_signature", f"{what} is not the key's") from None
    if decoded[1] != _exact(signed):
        raise ReceiptError("jws_payload", f"{what} is of other fields")


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


def read_strict(text: str | bytes) -> Any:
    """``text`` read as strict JSON, numbers exact (int, else Decimal), else ``ValueError``: what
    the hand records' check reads each record with."""
    return _strict(text, "the text")


def exact_canonical(value: Any) -> bytes:
    """A value's exact canonical form: RFC 8785, a number written exactly when its double is not."""
    return _exact(value)


def _strict(text: str | bytes, what: str) -> Any:
    """``text`` read as strict JSON (step 1), its numbers exact (int, else Decimal)."""

    def members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        names = [name for name, _value in pairs]
        if len(set(names)) != len(names):
            raise ReceiptError("not_strict_json", f"{what} names a member twice")
        return dict(pairs)

    def constant(name: str) -> Any:
        raise ReceiptError("not_strict_json", f"{what} holds {name}, which is not JSON")

    def integer(digits: str) -> int | Decimal:
        return int(digits) if len(digits) <= 1000 else Decimal(digits)  # Python's int stops at 4,300 digits

    def decimal(literal: str) -> Decimal:
        exponent = literal.lower().partition("e")[2].lstrip("+-").lstrip("0")
        if len(exponent) > len(str(MAX_EXPONENT)) or (exponent and int(exponent) > MAX_EXPONENT):
            raise ReceiptError("not_strict_json", f"{what} holds a number whose exponent is beyond {MAX_EXPONENT:,}")
        return Decimal(literal)

    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        _within_depth(text, what)
        value = json.loads(text, object_pairs_hook=members, parse_float=decimal, parse_int=integer,
                           parse_constant=constant)  # fmt: skip
        _exact(value)  # a lone surrogate has no UTF-8 form: refused here
    except (json.JSONDecodeError, UnicodeError, rfc8785.CanonicalizationError):
        raise ReceiptError("not_strict_json", f"{what} is not strict JSON") from None
    return value


def _within_depth(text: str, what: str) -> None:
    """Refuse arrays or objects nested deeper than :data:`MAX_DEPTH` (brackets inside strings aside)."""
    depth, inside, escaped = 0, False, False
    for character in text:
        if inside:
            escaped, inside = (False, True) if escaped else (character == "\\", character != '"')
        elif character in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ReceiptError("not_strict_json", f"{what} nests arrays and objects more than {MAX_DEPTH} deep")
        elif character in "]}":
            depth -= 1
        elif character == '"':
            inside = True


def _digest(value: Any) -> str:
    return "sha256:" + hashlib.sha256(_exact(value)).hexdigest()


def _exact(value: Any) -> bytes:
    """RFC 8785 of a value, a number written as RFC 8785 writes its double only when that text has
    the number's exact value, else as the exact value (the service's form)."""
    if isinstance(value, Mapping):
        members = sorted(value.items(), key=lambda item: item[0].encode("utf-16-be"))
        return b"{" + b",".join(rfc8785.dumps(name) + b":" + _exact(item) for name, item in members) + b"}"
    if isinstance(value, (list, tuple)):
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
