"""Receipts for money: what the service answered to a settlement, in a form a third party can check.

A receipt names the request and the answer by their digests (SHA-256 of their JSON Canonicalization
Scheme form, RFC 8785: the same bytes whatever order or spacing a platform stored them in; a
request's numbers bound to their exact values, :func:`exact_canonical`), the
variants' fingerprints, the model and the release, and an id made of all of these; it is signed
with the deployment's Ed25519 key as a JWS (RFC 7515, compact form, ``alg`` EdDSA, RFC 8037) whose
payload is the canonical form of those fields and whose ``kid`` names the key in the served key
set (a JWK Set, RFC 7517, each key's id its RFC 7638 thumbprint, so that keys can rotate).  With no
key configured a receipt is unsigned and says so (``signed`` false, ``signature`` null).  Whose a
receipt is and when it was made (``issued``) is signed apart with the same key (``ISSUE_TYPE``), so
that the id and its signature stay those of the request and the answer.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

import jwt
import orjson
import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_pem_private_key, load_pem_public_key
from jwt.algorithms import OKPAlgorithm

__all__ = [
    "ISSUE_TYPE",
    "RECEIPT_TYPE",
    "ReceiptKeyError",
    "ReceiptSigner",
    "answer_digest",
    "canonical",
    "digest",
    "exact_canonical",
    "request_digest",
]

#: The JWS ``typ`` of a receipt's signature.
RECEIPT_TYPE: Final = "maubinh-receipt+jws"
#: The JWS ``typ`` of the signature of a receipt's issue (whose it is, and when it was made).
ISSUE_TYPE: Final = "maubinh-receipt-issue+jws"
_JWS: Final = jwt.PyJWS(algorithms=["EdDSA"])


class ReceiptKeyError(ValueError):
    """A receipt key file that cannot be used; the service refuses to start."""


def _plain(value: Any) -> Any:
    """A parsed JSON value with its decimals as the floats any JSON reader makes of them."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() and value.is_finite() else float(value)
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def canonical(value: Any) -> bytes:
    """``value`` in the JSON Canonicalization Scheme (RFC 8785).

    >>> canonical({"b": [1, 2.0, "ồ"], "a": None})
    b'{"a":null,"b":[1,2,"\\xe1\\xbb\\x93"]}'
    """
    return rfc8785.dumps(_plain(value))


def digest(value: Any) -> str:
    """``sha256:`` and the hexadecimal SHA-256 of ``value``'s canonical form."""
    return "sha256:" + hashlib.sha256(canonical(value)).hexdigest()


def answer_digest(answer: Any) -> str:
    """:func:`digest` of one of the service's own answers, about 70 times faster: an answer holds
    no float and no member name beyond ASCII (tests/infra/test_receipts.py holds settlement answers
    to it), and of such a value the RFC 8785 form is the compact JSON with sorted member names."""
    return "sha256:" + hashlib.sha256(orjson.dumps(answer, option=orjson.OPT_SORT_KEYS)).hexdigest()


def request_digest(body: Any) -> str:
    """``sha256:`` and the SHA-256 of a request body's :func:`exact_canonical` form: every number
    bound to the exact value the service read (two bodies that differ in any value never share it).
    As :func:`answer_digest` when the body holds no decimal (a validated body's member names are the
    schema's; orjson writes an integer's exact digits), else through :func:`exact_canonical`."""
    try:
        data = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        data = exact_canonical(body)
    return "sha256:" + hashlib.sha256(data).hexdigest()


def exact_canonical(value: Any) -> bytes:
    """RFC 8785 of a parsed JSON value whose numbers are ints and Decimals (as the service reads a
    body), with one difference: a number is written as RFC 8785 writes its double only when that
    text's value is the number's exact value; else as the exact value itself, in plain decimal
    notation (docs/integrating.md, "Receipts").  For the numbers any JSON writer writes (the
    shortest text of a double, an integer) the two forms are the same bytes.

    >>> exact_canonical({"rake": Decimal("0.10"), "b": [Decimal("1E-7"), 10]})
    b'{"b":[1e-7,10],"rake":0.1}'
    >>> exact_canonical({"rake": Decimal("0.10000000000000000555")})
    b'{"rake":0.10000000000000000555}'
    """
    if isinstance(value, Mapping):
        members = sorted(value.items(), key=lambda item: item[0].encode("utf-16-be"))
        return b"{" + b",".join(rfc8785.dumps(name) + b":" + exact_canonical(item) for name, item in members) + b"}"
    if isinstance(value, (list, tuple)):
        return b"[" + b",".join(exact_canonical(item) for item in value) + b"]"
    if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        return _exact_number(value).encode("ascii")
    return rfc8785.dumps(value)


def _exact_number(number: int | Decimal) -> str:
    exact = Decimal(number)
    try:
        written = rfc8785.dumps(float(exact)).decode("ascii")
    except (OverflowError, rfc8785.CanonicalizationError):
        written = None
    if written is not None and Decimal(written) == exact:
        return written
    # Without trailing zeros, and exactly: Decimal.normalize would round to the context's 28 digits.
    sign, digits, exponent = exact.as_tuple()
    if not isinstance(exponent, int):
        raise ValueError(f"{number} is not a JSON number")  # NaN or infinity: a JSON reader refuses them
    while len(digits) > 1 and digits[-1] == 0:
        digits, exponent = digits[:-1], exponent + 1
    exact = Decimal((sign, digits, exponent))
    # Plain digits for any value a request can hold; an exponent only where they would run long.
    return f"{exact:f}" if -64 <= exact.adjusted() <= 64 else str(exact).lower()


def _thumbprint(public: Ed25519PublicKey) -> str:
    """The key's RFC 7638 thumbprint, base64url: its key id."""
    jwk = OKPAlgorithm.to_jwk(public, as_dict=True)
    members = {"crv": jwk["crv"], "kty": jwk["kty"], "x": jwk["x"]}
    return base64.urlsafe_b64encode(hashlib.sha256(canonical(members)).digest()).rstrip(b"=").decode()


class ReceiptSigner:
    """The deployment's signing key (if any) and the public keys it serves."""

    def __init__(self, key: Ed25519PrivateKey | None, old: Sequence[Ed25519PublicKey] = ()) -> None:
        self.key = key
        publics = ([key.public_key()] if key is not None else []) + list(old)
        self.key_id = _thumbprint(publics[0]) if key is not None else None
        self.keys = [self._jwk(public) for public in publics]

    @staticmethod
    def _jwk(public: Ed25519PublicKey) -> dict[str, str]:
        jwk = OKPAlgorithm.to_jwk(public, as_dict=True)
        return {
            "kty": jwk["kty"],
            "crv": jwk["crv"],
            "x": jwk["x"],
            "kid": _thumbprint(public),
            "alg": "EdDSA",
            "use": "sig",
        }

    @classmethod
    def from_files(cls, key: Path | None, old: Sequence[Path] = ()) -> ReceiptSigner:
        """The signer of a PEM private key file (none: unsigned receipts) and earlier public keys' files."""
        private = None
        if key is not None:
            loaded = _read(key, private=True)
            if not isinstance(loaded, Ed25519PrivateKey):
                raise ReceiptKeyError(f"{key}: not an Ed25519 private key (openssl genpkey -algorithm ed25519)")
            private = loaded
        publics = []
        for path in old:
            loaded = _read(path, private=False)
            public = loaded.public_key() if isinstance(loaded, Ed25519PrivateKey) else loaded
            if not isinstance(public, Ed25519PublicKey):
                raise ReceiptKeyError(f"{path}: not an Ed25519 public key")
            publics.append(public)
        return cls(private, publics)

    def sign(self, claims: Mapping[str, Any], kind: str = RECEIPT_TYPE) -> str | None:
        """The compact JWS (``typ`` ``kind``) of ``claims``' canonical form, or None with no key."""
        if self.key is None:
            return None
        headers = {"kid": self.key_id, "typ": kind}
        return _JWS.encode(canonical(claims), self.key, algorithm="EdDSA", headers=headers)


def _read(path: Path, *, private: bool) -> Any:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ReceiptKeyError(f"{path}: {error.strerror}") from None
    try:
        if private:
            return load_pem_private_key(data, password=None)
        return load_pem_public_key(data) if b"PUBLIC KEY" in data else load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as error:
        kind = "private key" if private else "key"
        raise ReceiptKeyError(f"{path}: not a PEM {kind} ({error})") from None
