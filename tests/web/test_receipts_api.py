"""A settlement's receipt, as the service answers it."""

from __future__ import annotations

import hashlib

import pytest
import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from maubinh_api import __version__
from maubinh_api.infra.config import ConfigError
from maubinh_api.strategy.model import shipped_model_version
from maubinh_api.web.app import create_app

FORFEITS = [{"id": "an", "forfeit": True}, {"id": "binh", "forfeit": True}]
TABLE = {"bet": "10", "players": FORFEITS, "variant": "online"}
CLAIMS = ("operation", "request_digest", "answer_digest", "fingerprints", "model", "release")


@pytest.fixture
def signed(tmp_path, checked_client):
    key = tmp_path / "receipts.pem"
    key.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    return checked_client(create_app({"receipt_key": key}))


def _sha(value) -> str:
    return "sha256:" + hashlib.sha256(rfc8785.dumps(value)).hexdigest()


def test_an_unsigned_receipt_says_so_and_names_what_it_covers(client):
    answer = client.post("/v1/settlements", json=TABLE).get_json()
    receipt = answer.pop("receipt")
    assert (receipt["signed"], receipt["signature"], receipt["key_id"]) == (False, None, None)
    assert receipt["request_digest"] == _sha(TABLE) and receipt["answer_digest"] == _sha(answer)
    assert receipt["fingerprints"] == [answer["variant"]["fingerprint"]]
    assert (receipt["model"], receipt["release"], receipt["operation"]) == (
        shipped_model_version(),
        __version__,
        "settleTable",
    )
    assert (
        receipt["id"]
        == "rct-" + hashlib.sha256(rfc8785.dumps({name: receipt[name] for name in CLAIMS})).hexdigest()[:32]
    )
    assert client.get("/.well-known/jwks.json").get_json() == {"keys": []}


def test_the_same_request_gets_the_same_receipt_computed_or_cached(signed):
    first, second = (signed.post("/v1/settlements", json=TABLE) for _ in range(2))
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit-local")
    assert first.get_json()["receipt"] == second.get_json()["receipt"]
    assert first.get_json()["receipt"]["signed"] is True


def test_a_batch_answers_one_receipt_naming_each_table_s_variant(signed):
    tables = [TABLE, {**TABLE, "variant": "classic"}]
    answer = signed.post("/v1/settlements/batch", json={"tables": tables}).get_json()
    receipt = answer.pop("receipt")
    assert receipt["operation"] == "settleTables" and receipt["answer_digest"] == _sha(answer)
    assert receipt["fingerprints"] == [result["variant"]["fingerprint"] for result in answer["results"]]
    assert all("receipt" not in result for result in answer["results"])


def test_a_pinned_model_is_the_receipt_s_model(signed):
    pinned = signed.post("/v1/settlements", json=TABLE, headers={"X-Model-Version": shipped_model_version()})
    assert pinned.get_json()["receipt"]["model"] == shipped_model_version()


def test_a_key_the_service_cannot_use_stops_the_start(tmp_path):
    (tmp_path / "key.pem").write_text("-----BEGIN PRIVATE KEY-----\nnot one\n-----END PRIVATE KEY-----\n")
    with pytest.raises(ConfigError, match=r"receipts: .*key\.pem: not a PEM private key"):
        create_app({"receipt_key": tmp_path / "key.pem"})
