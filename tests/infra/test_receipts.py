"""The receipts' parts: canonical JSON, digests, key ids, signatures and key files."""

from __future__ import annotations

import hashlib
import json
import random
from decimal import Decimal

import jwt
import pytest
import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

from maubinh_api.infra.receipts import (
    RECEIPT_TYPE,
    ReceiptKeyError,
    ReceiptSigner,
    answer_digest,
    canonical,
    digest,
    request_digest,
)
from maubinh_api.rules.cards import DECK
from maubinh_api.web.app import create_app

#: RFC 8037, appendix A.1 and A.3: an Ed25519 key and its RFC 7638 thumbprint.
RFC8037_D = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
RFC8037_THUMBPRINT = "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k"


def _rfc8037_key() -> Ed25519PrivateKey:
    jwk = {"kty": "OKP", "crv": "Ed25519", "d": RFC8037_D, "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}
    key = jwt.PyJWK(jwk, algorithm="EdDSA").key
    assert isinstance(key, Ed25519PrivateKey)
    return key


def test_a_key_id_is_its_rfc_7638_thumbprint():
    signer = ReceiptSigner(_rfc8037_key())
    assert signer.key_id == RFC8037_THUMBPRINT
    assert signer.keys == [
        {
            "kty": "OKP",
            "crv": "Ed25519",
            "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
            "kid": RFC8037_THUMBPRINT,
            "alg": "EdDSA",
            "use": "sig",
        }
    ]


def test_a_signature_verifies_with_the_served_key_over_the_canonical_claims():
    signer = ReceiptSigner(Ed25519PrivateKey.generate())
    claims = {"id": "rct-0", "release": "1.0.0", "fingerprints": ["sha256:" + "0" * 64]}
    token = signer.sign(claims)
    assert token is not None
    public = jwt.PyJWK(signer.keys[0], algorithm="EdDSA")
    verified = jwt.PyJWS().decode_complete(token, key=public, algorithms=["EdDSA"])
    assert verified["payload"] == rfc8785.dumps(claims)
    assert verified["header"] == {"alg": "EdDSA", "kid": signer.key_id, "typ": RECEIPT_TYPE}
    assert ReceiptSigner(None).sign(claims) is None and ReceiptSigner(None).keys == []


def test_the_canonical_form_reads_decimals_as_any_json_reader_does():
    # The service reads a body's numbers as Decimal; a platform's reader makes floats and ints of them.
    parsed = json.loads('{"b": [2.0, 0.1], "a": 10}', parse_float=Decimal)
    assert canonical(parsed) == rfc8785.dumps(json.loads('{"b": [2.0, 0.1], "a": 10}')) == b'{"a":10,"b":[2,0.1]}'
    assert digest(parsed).startswith("sha256:") and len(digest(parsed)) == 71


def _tables(seed: int, count: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    tables = []
    for number in range(count):
        deck = [str(card) for card in DECK]
        rng.shuffle(deck)
        seats = [
            {"id": f"người {seat} ồ", "arrangement": {"back": deck[13 * seat : 13 * seat + 5],
             "middle": deck[13 * seat + 5 : 13 * seat + 10], "front": deck[13 * seat + 10 : 13 * seat + 13]}}
            for seat in range(2 + number % 3)
        ]  # fmt: skip
        tables.append({"bet": rng.choice(["10", "0.25", "1000000"]), "players": seats})
    return tables


@pytest.mark.parametrize("preset", ["classic", "online", "extended", "chinese-poker-2-4"])
def test_an_answers_fast_digest_is_its_rfc_8785_digest(preset):
    """The fast digest holds for what settlements answer: no float, member names in ASCII (player
    ids with Vietnamese letters are values, not names)."""
    client = create_app({"cache_bytes": 0}).test_client()
    for table in _tables(len(preset), 30):
        body = {**table, "variant": preset}
        answer = client.post("/v1/settlements", json=body).get_json()
        del answer["receipt"]
        assert answer_digest(answer) == digest(answer)
        assert request_digest(body) == digest(body)


def test_a_request_with_decimals_is_digested_as_rfc_8785_writes_its_floats():
    sent = '{"variant": {"preset": "online", "overrides": {"rake": 0.030}}, "bet": "1"}'
    body = json.loads(sent, parse_float=Decimal)  # as the service reads it
    canonical_form = b'{"bet":"1","variant":{"overrides":{"rake":0.03},"preset":"online"}}'
    assert request_digest(body) == digest(body) == "sha256:" + hashlib.sha256(canonical_form).hexdigest()


def test_key_files_that_are_not_ed25519_keys_stop_the_start(tmp_path):
    private = Ed25519PrivateKey.generate()
    good = tmp_path / "key.pem"
    good.write_bytes(private.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    old = tmp_path / "old.pub.pem"
    old.write_bytes(
        Ed25519PrivateKey.generate().public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
    )
    signer = ReceiptSigner.from_files(good, [old])
    assert len(signer.keys) == 2 and signer.keys[0]["kid"] == signer.key_id  # the signing key first
    (tmp_path / "bad.pem").write_text("not a key")
    with pytest.raises(ReceiptKeyError, match="not a PEM private key"):
        ReceiptSigner.from_files(tmp_path / "bad.pem")
    with pytest.raises(ReceiptKeyError, match="missing"):
        ReceiptSigner.from_files(tmp_path / "missing.pem")
    with pytest.raises(ReceiptKeyError, match="not a PEM private key"):
        ReceiptSigner.from_files(old)  # a public key cannot sign
