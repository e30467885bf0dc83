"""POST /v1/deals and POST /v1/deals/{deal_id}: a commitment before the client seeds, then the deal
with its seed revealed, which the deal's own check (and the clients') accepts."""

from __future__ import annotations

import hashlib

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from maubinh_api.infra.config import ConfigError
from maubinh_api.infra.deal_check import DealRefused, check_deal
from maubinh_api.infra.deals import DECK
from maubinh_api.web.app import create_app
from tests.web.test_limits import A_KEY, B_KEY, as_tenant, tenants_file

SEEDS = {"client_seeds": ["an-7f3a91", "binh-2c44e0"], "seats": 4}


@pytest.fixture
def signed(tmp_path, checked_client):
    key = tmp_path / "receipts.pem"
    key.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    secret = tmp_path / "deals"
    secret.write_text(hashlib.sha256(b"a test deal secret").hexdigest() + "\n")
    config = {"receipt_key": key, "deal_secret_file": secret, "tenants_file": tenants_file(tmp_path, '["100/minute"]')}
    return checked_client(create_app(config))


def _dealt(api, key=A_KEY, seeds=SEEDS):
    headers = as_tenant(key) if key else {}
    commitment = api.post("/v1/deals", headers=headers).get_json()
    deal = api.post(f"/v1/deals/{commitment['deal_id']}", json=seeds, headers=headers).get_json()
    return commitment, deal


def test_a_deal_holds_against_its_commitment_and_deals_every_card_once(signed):
    commitment, deal = _dealt(signed)
    keys = signed.get("/.well-known/jwks.json").get_json()
    assert check_deal(commitment, deal, keys, tenant="platform-a") == deal
    assert sorted(deal["deck"]) == sorted(DECK) and len(deal["hands"]) == 4
    assert [card for hand in deal["hands"] for card in hand] == deal["deck"][:52]
    assert commitment["server_seed_hash"] == "sha256:" + hashlib.sha256(bytes.fromhex(deal["server_seed"])).hexdigest()


def test_the_same_seeds_deal_the_same_deck_and_another_client_seed_another(signed):
    commitment, deal = _dealt(signed)
    again = signed.post(f"/v1/deals/{commitment['deal_id']}", json=SEEDS, headers=as_tenant(A_KEY)).get_json()
    assert again == deal  # nothing kept between calls: the seed is derived again
    other = dict(SEEDS, client_seeds=["an-7f3a91", "binh-2c44e1"])
    moved = signed.post(f"/v1/deals/{commitment['deal_id']}", json=other, headers=as_tenant(A_KEY)).get_json()
    assert moved["server_seed"] == deal["server_seed"] and moved["deck"] != deal["deck"]


def test_each_deal_id_gets_its_own_seed_and_each_tenant_its_own(signed):
    first, second = (signed.post("/v1/deals", headers=as_tenant(A_KEY)).get_json() for _ in range(2))
    assert first["deal_id"] != second["deal_id"] and first["server_seed_hash"] != second["server_seed_hash"]
    # Tenant b dealing a's deal id gets another seed: it cannot reveal a's, and a's proof refuses it.
    borrowed = signed.post(f"/v1/deals/{first['deal_id']}", json=SEEDS, headers=as_tenant(B_KEY)).get_json()
    keys = signed.get("/.well-known/jwks.json").get_json()
    with pytest.raises(DealRefused) as refused:
        check_deal(first, borrowed, keys)
    assert refused.value.code == "server_seed"


def test_a_deal_id_this_deployment_did_not_make_is_a_404(signed):
    for made_up in ("deal-00000000-" + "0" * 32, "not-a-deal", "deal-" + "f" * 400):
        answer = signed.post(f"/v1/deals/{made_up}", json=SEEDS, headers=as_tenant(A_KEY))
        assert answer.status_code == 404 and "POST /v1/deals" in answer.get_json()["detail"]


@pytest.mark.parametrize(
    ("body", "pointer", "code"),
    [
        ({"client_seeds": [], "seats": 2}, "/client_seeds", "wrong_count"),
        ({"client_seeds": ["a"] * 9, "seats": 2}, "/client_seeds", "wrong_count"),
        ({"client_seeds": ["with space"], "seats": 2}, "/client_seeds/0", "invalid_value"),
        ({"client_seeds": ["x" * 129], "seats": 2}, "/client_seeds/0", "invalid_value"),
        ({"client_seeds": ["ồ"], "seats": 2}, "/client_seeds/0", "invalid_value"),
        ({"client_seeds": ["a"], "seats": 5}, "/seats", "out_of_range"),
        ({"client_seeds": ["a"]}, "/seats", "required"),
        ({"client_seeds": ["a"], "seats": 2, "deck": []}, "/deck", "unknown_field"),
    ],
)
def test_a_bad_deal_request_is_a_422_naming_the_field(signed, body, pointer, code):
    commitment = signed.post("/v1/deals", headers=as_tenant(A_KEY)).get_json()
    answer = signed.post(f"/v1/deals/{commitment['deal_id']}", json=body, headers=as_tenant(A_KEY))
    assert answer.status_code == 422
    assert {"pointer": pointer, "code": code} in [
        {"pointer": error["pointer"], "code": error["code"]} for error in answer.get_json()["errors"]
    ]


def test_an_unsigned_deployment_commits_unsigned_and_says_so(client):
    commitment = client.post("/v1/deals").get_json()
    assert (commitment["signed"], commitment["signature"], commitment["key_id"]) == (False, None, None)
    assert commitment["tenant"] == "anonymous"


def test_a_rotated_secret_still_deals_the_deals_committed_under_it(tmp_path, checked_client):
    old, new = (hashlib.sha256(name).hexdigest() for name in (b"old secret", b"new secret"))
    (tmp_path / "deals").write_text(old + "\n")
    before = checked_client(create_app({"deal_secret_file": tmp_path / "deals"}))
    commitment, deal = _dealt(before, key=None)
    (tmp_path / "deals").write_text(new + "\n" + old + "\n")
    after = checked_client(create_app({"deal_secret_file": tmp_path / "deals"}))
    assert after.post(f"/v1/deals/{commitment['deal_id']}", json=SEEDS).get_json() == deal
    assert after.post("/v1/deals").get_json()["deal_id"].split("-")[1] != commitment["deal_id"].split("-")[1]
    (tmp_path / "deals").write_text(new + "\n")  # the old secret retired: its deals are gone
    retired = checked_client(create_app({"deal_secret_file": tmp_path / "deals"}))
    assert retired.post(f"/v1/deals/{commitment['deal_id']}", json=SEEDS).status_code == 404


@pytest.mark.parametrize("text", ["", "not hex\n", "abcd\n"])
def test_a_deal_secret_file_the_service_cannot_use_stops_the_start(tmp_path, text):
    (tmp_path / "deals").write_text(text)
    with pytest.raises(ConfigError, match="deals: "):
        create_app({"deal_secret_file": tmp_path / "deals"})


def test_the_deal_answers_are_the_spec_s_examples_in_shape(signed, spec_document):
    # The examples of openapi.yaml were made by this code with a fixed secret: the same fields.
    paths = spec_document["paths"]
    committed = paths["/v1/deals"]["post"]["responses"]["200"]["content"]["application/json"]["example"]
    dealt = paths["/v1/deals/{deal_id}"]["post"]["responses"]["200"]["content"]["application/json"]["example"]
    commitment, deal = _dealt(signed)
    assert list(commitment) == list(committed) and list(deal) == list(dealt)
