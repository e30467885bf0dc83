"""Requests that value hands take a place: a bounded number per process, a share per tenant, none
waiting for long; light ones never take one."""

from __future__ import annotations

import threading
import time

import pytest

from maubinh_api import create_app
from maubinh_api.infra.tenants import key_digest
from maubinh_api.web.admission import Places
from maubinh_api.web.context import ANONYMOUS
from maubinh_api.web.problems import Problem
from maubinh_api.web.services import services_of

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
    heavy = services_of(app).places["heavy"]
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
