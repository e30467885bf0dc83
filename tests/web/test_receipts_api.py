"""A settlement's receipt, as the service answers it."""

from __future__ import annotations

import datetime
import hashlib
import json
from decimal import Decimal

import jwt
import pytest
import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from maubinh_api import __version__
from maubinh_api.infra.config import ConfigError
from maubinh_api.infra.receipts import exact_canonical
from maubinh_api.strategy.model import shipped_model_version
from maubinh_api.web.app import create_app
from tests.web.test_limits import A_KEY, B_KEY, as_tenant, tenants_file

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


# The same rake, 0.1, as three JSON literals of one double: three values, which a digest of doubles
# made one. The service reads each exactly: the longer two have more than 8 places and are refused.
RAKES = ("0.1", "0.10000000000000000555", "0.1000000000000000055511151231257827021181583404541015625")
SCOOP = [  # the first seat wins every chi, with bonuses: +30 points, 30 * 10^12 at a bet of 10^12
    {"id": "an", "arrangement": {"back": ["As", "Ks", "Qs", "Js", "Ts"], "middle": ["Ah", "Ad", "Ac", "Kh", "Kd"],
                                 "front": ["Qh", "Qd", "Qc"]}},
    {"id": "binh", "arrangement": {"back": ["9c", "8d", "7h", "5s", "3c"], "middle": ["9h", "8c", "6d", "4s", "2c"],
                                   "front": ["7c", "5d", "2h"]}},
]  # fmt: skip


def _body_with_rake(rake: str) -> str:
    return (
        '{"bet": "1000000000000", "players": ' + json.dumps(SCOOP) + ', "variant": {"preset": "classic",'
        ' "overrides": {"amount_decimals": 8, "rake": ' + rake + "}}}"
    )


def test_a_digest_binds_each_literal_and_a_rate_beyond_8_places_is_refused_not_rounded(client):
    texts = [_body_with_rake(rake) for rake in RAKES]
    # Three bodies, three digests: each number written as its exact value (RFC 8785's text when exact).
    exacts = [exact_canonical(json.loads(text, parse_float=Decimal)) for text in texts]
    for rake, exact in zip(RAKES, exacts, strict=True):
        assert exact.endswith(b'"overrides":{"amount_decimals":8,"rake":' + rake.encode() + b'},"preset":"classic"}}')
    assert len({hashlib.sha256(exact).digest() for exact in exacts}) == 3
    answer = client.post("/v1/settlements", data=texts[0], content_type="application/json").get_json()
    # 30 * 10^12 won, 10% of it kept; the digest is the RFC 8785 digest any JSON reader computes.
    assert answer["house_take"]["rake"] == "3000000000000.00000000"
    assert answer["receipt"]["request_digest"] == "sha256:" + hashlib.sha256(exacts[0]).hexdigest()
    assert answer["receipt"]["request_digest"] == _sha(json.loads(texts[0]))
    for text in texts[1:]:
        refused = client.post("/v1/settlements", data=text, content_type="application/json")
        assert refused.status_code == 422
        [error] = refused.get_json()["errors"]
        assert (error["pointer"], error["code"]) == ("/variant/overrides/rake", "knob_value")
        assert error["detail"].endswith("has more than 8 decimal places")


@pytest.mark.parametrize("zero", ["-0.0", "-0", "0.000000000000"])
def test_a_rake_of_minus_zero_or_long_zeros_is_the_rake_0(client, zero):
    # The answer's variant says "0" and has rake 0's fingerprint, so it posts back as it came.
    players = json.dumps(FORFEITS)
    text = '{"bet": "10", "players": ' + players + ', "variant": {"preset": "online", "overrides": {"rake": '
    sent = client.post("/v1/settlements", data=text + zero + "}}}", content_type="application/json")
    plain = client.post("/v1/settlements", json={**TABLE, "variant": {"preset": "online", "overrides": {"rake": "0"}}})
    assert sent.status_code == plain.status_code == 200, sent.get_json()
    assert sent.get_json()["variant"] == plain.get_json()["variant"]
    assert sent.get_json()["variant"]["overrides"] == {"rake": "0"}
    again = client.post("/v1/settlements", json={**TABLE, "variant": sent.get_json()["variant"]})
    assert again.status_code == 200 and again.get_json()["variant"] == plain.get_json()["variant"]


def test_a_receipt_says_whose_it_is_and_when_signed_apart(tmp_path, checked_client):
    # Two tenants settle the same table: one id, one signature (the request and the answer's), and
    # each its own issue, signed with the same key over {at, receipt, tenant}.
    key = tmp_path / "receipts.pem"
    key.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    api = checked_client(create_app({"receipt_key": key, "tenants_file": tenants_file(tmp_path, '["100/minute"]')}))
    before = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    receipts = {
        tenant: api.post("/v1/settlements", json=TABLE, headers=as_tenant(key_of)).get_json()["receipt"]
        for tenant, key_of in (("platform-a", A_KEY), ("platform-b", B_KEY))
    }
    after = datetime.datetime.now(datetime.UTC)
    a, b = receipts["platform-a"], receipts["platform-b"]
    assert (a["id"], a["signature"]) == (b["id"], b["signature"])
    public = jwt.PyJWK(api.get("/.well-known/jwks.json").get_json()["keys"][0], algorithm="EdDSA")
    for tenant, receipt in receipts.items():
        issued = receipt["issued"]
        assert issued["tenant"] == tenant
        assert before <= datetime.datetime.fromisoformat(issued["at"]) <= after
        verified = jwt.PyJWS().decode_complete(issued["signature"], key=public, algorithms=["EdDSA"])
        assert verified["payload"] == rfc8785.dumps({"at": issued["at"], "receipt": receipt["id"], "tenant": tenant})
        assert verified["header"] == {"alg": "EdDSA", "kid": receipt["key_id"], "typ": "maubinh-receipt-issue+jws"}
