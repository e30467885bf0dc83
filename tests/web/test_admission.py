"""Requests that value hands take a place: a bounded number per process, a share per tenant, none
waiting for long; light ones never take one."""

from __future__ import annotations

import json
import threading
import time

import pytest

from maubinh_api import create_app
from maubinh_api.infra.tenants import key_digest
from maubinh_api.web.admission import Places, places_of
from maubinh_api.web.blueprints import arrangements
from maubinh_api.web.context import ANONYMOUS
from maubinh_api.web.problems import Problem
from maubinh_api.web.services import services_of
from tests.support.budgets import freeze_budgets

A_KEY = "key-of-platform-a-0123456789"
B_KEY = "key-of-platform-b-0123456789"
HAND = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "9d", "7c", "6s", "5h", "4d", "3c", "2s"]


def test_a_tenant_beyond_its_share_is_refused_at_once_and_another_gets_a_place():
    places = Places(places=3, per_tenant=2, wait=1.0)
    places.enter("a")
    places.enter("a")
    started = time.monotonic()
    with pytest.raises(Problem) as refused:
        places.enter("a")
    assert refused.value.status == 503 and refused.value.headers["Retry-After"] == "1"
    assert time.monotonic() - started < 0.1  # at once: no thread waits for a place
    places.enter("b")  # the third place was kept from a
    with pytest.raises(Problem):
        places.enter("c")  # every place taken
    places.leave("a")
    places.enter("c")


def test_on_an_open_deployment_the_anonymous_callers_may_take_every_place():
    """All of an open deployment's callers are one tenant, with nobody else to keep a place for."""
    places = Places(places=3, per_tenant=1, wait=1.0)
    for _ in range(3):
        places.enter(ANONYMOUS)
    with pytest.raises(Problem):
        places.enter(ANONYMOUS)


def test_a_running_slot_is_waited_for_no_longer_than_the_bound():
    places = Places(places=4, per_tenant=4, wait=0.3, slots=1)
    places.enter("a")
    started = time.monotonic()
    with pytest.raises(Problem) as refused:
        places.enter("b")
    assert 0.25 <= time.monotonic() - started < 2 and refused.value.status == 503
    places.leave("a")
    places.enter("b")  # the slot and the place were given back


@pytest.fixture
def app(tmp_path):
    path = tmp_path / "tenants.yaml"
    path.write_text(
        "tenants:\n"
        f'  - name: platform-a\n    key_sha256: "{key_digest(A_KEY)}"\n'
        f'  - name: platform-b\n    key_sha256: "{key_digest(B_KEY)}"\n'
    )
    return create_app({"tenants_file": path, "cache_bytes": 0, "heavy_queue": 3, "heavy_per_tenant": 2})


def test_a_tenant_holding_its_share_of_heavy_places_is_refused_while_another_is_answered(app, checked_client):
    client = checked_client(app)
    heavy = places_of(app)["heavy"]
    heavy.enter("platform-a")
    heavy.enter("platform-a")  # platform-a's two heavy requests still running, say
    refused = client.post("/v1/arrangements/optimal", json={"cards": HAND}, headers={"X-API-Key": A_KEY})
    assert refused.status_code == 503 and refused.get_json()["type"] == "urn:maubinh:problem:busy"
    served = client.post("/v1/arrangements/optimal", json={"cards": HAND}, headers={"X-API-Key": B_KEY})
    assert served.status_code == 200
    light = client.post("/v1/hands/classify", json={"cards": HAND[:5]}, headers={"X-API-Key": A_KEY})
    assert light.status_code == 200  # a light request takes no place


def test_a_hand_that_finds_no_turn_in_time_is_a_503(tmp_path, checked_client):
    app = create_app({"cache_bytes": 0, "heavy_wait": 0.2})
    turns = services_of(app).models.service(None).model.kernel.turns
    holding = threading.Event()
    done = threading.Event()

    def hold_the_turn() -> None:
        turns.step()
        holding.set()
        done.wait(5)
        turns.end()

    holder = threading.Thread(target=hold_the_turn)
    holder.start()
    holding.wait(5)
    try:
        refused = checked_client(app).post("/v1/arrangements/optimal", json={"cards": HAND})
    finally:
        done.set()
        holder.join()
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "1"
    assert checked_client(app).post("/v1/arrangements/optimal", json={"cards": HAND}).status_code == 200


# --------------------------------------------------------------------------- what a refused request costs

ANALYSIS_BATCH = "/v1/arrangements/analysis/batch"


def _analysis_batch(count: int) -> bytes:
    """A batch of ``count`` analyses, as bytes: its reading is a unit per 4 KiB of them."""
    arrangement = {"back": HAND[:5], "middle": HAND[5:10], "front": HAND[10:]}
    return json.dumps({"arrangements": [{"arrangement": arrangement}] * count}).encode()


def _reading(body: bytes) -> int:
    return -(-len(body) // 4096)


def _limited_app(tmp_path, limit: str = "2000/day"):
    path = tmp_path / "limited.yaml"
    path.write_text(
        "tenants:\n"
        f'  - name: platform-a\n    key_sha256: "{key_digest(A_KEY)}"\n    limits: ["{limit}"]\n'
        f'  - name: platform-b\n    key_sha256: "{key_digest(B_KEY)}"\n    limits: ["{limit}"]\n'
    )
    app = create_app({"tenants_file": path, "cache_bytes": 0, "heavy_queue": 3, "heavy_per_tenant": 2})
    freeze_budgets(app)  # no unit comes back while the test counts them
    return app


def _left(client, key: str) -> int:
    """What is left of the tenant's limit once this reading of it has spent its unit."""
    return client.get("/v1/usage", headers={"X-API-Key": key}).get_json()["limits"][0]["remaining"]


def _post(client, body: bytes):
    return client.post(ANALYSIS_BATCH, data=body, content_type="application/json", headers={"X-API-Key": A_KEY})


def test_a_request_refused_for_want_of_a_place_pays_its_reading_and_no_more(tmp_path, checked_client):
    app = _limited_app(tmp_path)
    client = checked_client(app)
    heavy = places_of(app)["heavy"]
    heavy.enter("platform-a")
    heavy.enter("platform-a")  # platform-a's share of heavy places, taken
    body = _analysis_batch(100)
    before = _left(client, A_KEY)
    assert _post(client, body).status_code == 503
    assert _left(client, A_KEY) == before - _reading(body) - 1  # its reading, then this usage's unit
    heavy.leave("platform-a")
    before = _left(client, A_KEY)
    assert _post(client, body).status_code == 200
    assert _left(client, A_KEY) == before - 100 - 1  # the 100 analyses it answered


def test_concurrent_batches_pay_only_for_the_answers_given(tmp_path, checked_client):
    """Heavy batches at once from one tenant, several refused 503 for want of a place (its share is
    two): the tenant pays 100 units for each batch answered and its reading for each refused."""
    app = _limited_app(tmp_path, "100000/day")
    client = checked_client(app)
    body = _analysis_batch(100)
    before = _left(client, A_KEY)
    barrier = threading.Barrier(8)
    statuses: list[int] = []

    def send() -> None:
        barrier.wait(10)
        statuses.append(_post(client, body).status_code)

    threads = [threading.Thread(target=send) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    answered, refused = statuses.count(200), statuses.count(503)
    assert answered + refused == 8 and answered >= 1
    assert _left(client, A_KEY) == before - answered * 100 - refused * _reading(body) - 1


def test_a_failure_of_the_service_costs_only_the_reading(tmp_path, checked_client, monkeypatch):
    app = _limited_app(tmp_path)
    client = checked_client(app)

    def broken(*_args: object) -> None:
        raise RuntimeError("a fault of the service's own")

    monkeypatch.setattr(arrangements, "_analyse", broken)
    body = _analysis_batch(50)
    before = _left(client, A_KEY)
    assert _post(client, body).status_code == 500
    assert _left(client, A_KEY) == before - _reading(body) - 1  # the 50 units it spent were given back
