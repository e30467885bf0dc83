"""The Python client's own options for one call and its receipts from the answer alone, as a
platform relies on them (clients/python: ``options.CallOptions``, ``Connection.with_options``,
``receipts.verify_answer``), and the README's round played against the service as it prints it.

The precedence tests talk to a recording transport in place of the network: what they check is what
the client sends (headers, the request's timeout, how many times), which is what the service sees.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from tests.support.servers import service

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "python"
CARDS = ["Kh", "Kd", "9s"]
#: A 429's problem document, as the service writes it.
REFUSED = {
    "type": "urn:maubinh:problem:too-many-requests",
    "title": "Too many requests",
    "status": 429,
    "detail": "The tenant's limit of 2/second is spent.",
}


@pytest.fixture(scope="module")
def client_package() -> Any:
    """The committed client (clients/python), imported as a platform installs it."""
    sys.path.insert(0, str(CLIENT))
    try:
        yield importlib.import_module("maubinh_api_client")
    finally:
        sys.path.remove(str(CLIENT))
        for name in [name for name in sys.modules if name.split(".")[0] == "maubinh_api_client"]:
            del sys.modules[name]


class _Recording(httpx.BaseTransport):
    """A service that answers 204 (no body: the generated call parses nothing) after refusing the
    first ``refusals`` requests with a 429 and ``Retry-After: wait``, and records what each sent."""

    def __init__(self, refusals: int = 0, wait: str = "0") -> None:
        self.refusals, self.wait = refusals, wait
        self.sent: list[httpx.Request] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.sent.append(request)
        if len(self.sent) <= self.refusals:
            return httpx.Response(429, headers={"Retry-After": self.wait}, json=REFUSED)
        return httpx.Response(204)

    def headers(self, name: str) -> list[str | None]:
        return [request.headers.get(name) for request in self.sent]

    def read_timeouts(self) -> list[float | None]:
        return [request.extensions["timeout"]["read"] for request in self.sent]


class _RecordingBoth(_Recording, httpx.AsyncBaseTransport):
    """:class:`_Recording`, for asynchronous calls too."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return self.handle_request(request)


def _classify(client: Any) -> httpx.Response:
    from maubinh_api_client import models as m
    from maubinh_api_client.api.hands import classify_hands

    return classify_hands.sync_detailed(client=client, body=m.ClassifyRequest(cards=CARDS))


def test_a_calls_own_language_model_and_request_id_win_over_the_clients(client_package):
    from maubinh_api_client.options import CallOptions
    from maubinh_api_client.retries import connect

    service = _Recording()
    api = connect("http://service", language="en", model="model-of-the-client", transport=service)
    _classify(api.with_options(CallOptions(language="vi", model="model-of-the-call", request_id="call-1")))
    round_ = api.with_options(CallOptions(request_id="round-7"))  # a client for a round: its calls' default
    _classify(round_.with_options(CallOptions(language="vi")))  # silent on model and request id
    _classify(round_.with_options(CallOptions(request_id="call-3")))
    _classify(api)  # the client itself: no call's options stayed on it
    assert service.headers("Accept-Language") == ["vi", "vi", "en", "en"]
    client_model = "model-of-the-client"
    assert service.headers("X-Model-Version") == ["model-of-the-call", client_model, client_model, client_model]
    assert service.headers("X-Request-ID") == ["call-1", "round-7", "call-3", None]


def test_a_calls_own_timeout_wins_over_the_clients(client_package):
    from maubinh_api_client.options import CallOptions
    from maubinh_api_client.retries import connect

    # The service refuses once and asks for a wait of 1 s: a call with 0.5 s in all does not begin
    # it (the 429 is its answer, sent once); a call with 30 s waits and is answered.
    service = _Recording(refusals=1, wait="1")
    api = connect("http://service", timeout=30, transport=service)
    assert _classify(api.with_options(CallOptions(timeout=0.5))).status_code == 429
    assert service.read_timeouts() == [0.5]
    service = _Recording(refusals=2, wait="1")  # each of the next two calls is refused once
    api = connect("http://service", timeout=0.5, transport=service)
    assert _classify(api.with_options(CallOptions(language="vi"))).status_code == 429  # silent: the client's
    assert service.read_timeouts() == [0.5]
    assert _classify(api.with_options(CallOptions(timeout=30))).status_code == 204  # waited 1 s, sent again
    assert service.read_timeouts() == [0.5, 30, 30]


def test_whether_a_call_may_be_sent_again_is_the_calls_own_then_the_clients(client_package):
    from maubinh_api_client.options import CallOptions
    from maubinh_api_client.retries import connect

    def sends(client_idempotent: bool, call: CallOptions) -> tuple[int, int]:
        # Refused once with Retry-After: 0, a retry is sent at once: (the answer's status, requests sent).
        service = _Recording(refusals=1, wait="0")
        api = connect("http://service", idempotent=client_idempotent, transport=service)
        return _classify(api.with_options(call)).status_code, len(service.sent)

    assert sends(True, CallOptions()) == (204, 2)  # the client's default: every operation may be sent again
    assert sends(True, CallOptions(idempotent=False)) == (429, 1)  # the call's own wins
    assert sends(False, CallOptions(language="vi")) == (429, 1)  # silent: the client's
    assert sends(False, CallOptions(idempotent=True)) == (204, 2)


def test_asynchronous_calls_are_retried_and_take_a_calls_own_options(client_package):
    from maubinh_api_client import models as m
    from maubinh_api_client.api.hands import classify_hands
    from maubinh_api_client.options import CallOptions
    from maubinh_api_client.retries import connect

    # Before, connect()'s client failed every asynchronous call (its retries were for calls only).
    service = _RecordingBoth(refusals=1, wait="0")
    api = connect("http://service", language="en", transport=service, async_transport=service)

    async def calls() -> list[Any]:
        body = m.ClassifyRequest(cards=CARDS)
        own = await classify_hands.asyncio_detailed(client=api.with_options(CallOptions(language="vi")), body=body)
        return [own, await classify_hands.asyncio_detailed(client=api, body=body)]

    answers = asyncio.run(calls())
    assert [answer.status_code for answer in answers] == [204, 204]
    assert service.headers("Accept-Language") == ["vi", "vi", "en"]  # the first refused once, then sent again
    assert [json.loads(answer.request_content) for answer in answers] == [{"cards": CARDS}] * 2


def test_call_options_are_named_and_cannot_be_swapped_or_changed(client_package, tmp_path):
    import dataclasses

    from maubinh_api_client.options import CallOptions

    with pytest.raises(TypeError):
        CallOptions("vi", "model-1")
    with pytest.raises(TypeError):
        CallOptions(lang="vi")
    options = CallOptions(language="vi")
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.language = "en"
    # And mypy --strict refuses a model given as the language (a language is "en" or "vi") and
    # options given by place, where it accepts them named.
    program = tmp_path / "program.py"
    program.write_text(
        "from maubinh_api_client.options import CallOptions\n"
        'model = "model-0123"\n'
        'CallOptions(language="vi", model=model, request_id="r-1", timeout=2.5, idempotent=False)\n'
        'CallOptions(language=model, model="vi")\n'
        'CallOptions("vi", model)\n'
    )
    done = subprocess.run(
        [str(Path(sys.executable).parent / "mypy"), "--strict", "--cache-dir", str(tmp_path / "cache"), str(program)],
        capture_output=True, text=True, timeout=300, check=False,
        env=os.environ | {"MYPYPATH": str(CLIENT)},
    )  # fmt: skip
    lines = {int(line.split(":")[1]) for line in done.stdout.splitlines() if ": error:" in line}
    assert lines == {4, 5}, done.stdout


@pytest.fixture(scope="module")
def signing_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """An open deployment (no key) that signs its receipts."""
    folder = tmp_path_factory.mktemp("options")
    signing = folder / "receipts.pem"
    signing.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    with service(folder, env={"MAUBINH_RECEIPT_KEY": str(signing)}, workers=1) as running:
        yield running


TABLE = {
    "bet": "1000000",
    "variant": "online",
    "players": [{"id": "an", "forfeit": True}, {"id": "binh", "forfeit": True}],
}


def test_a_settlements_receipt_is_verified_from_the_answer_alone(client_package, signing_server):
    from maubinh_api_client import models as m
    from maubinh_api_client.api.settlements import receipt_keys, settle_table
    from maubinh_api_client.receipts import ReceiptError, verify_answer
    from maubinh_api_client.retries import connect

    api = connect(signing_server.url)
    settled = settle_table.sync_detailed(client=api, body=m.SettlementRequest.from_dict(TABLE))
    keys = receipt_keys.sync_detailed(client=api).content
    # The answer keeps the very bytes the client sent: nothing is serialised again by the user.
    assert json.loads(settled.request_content) == TABLE
    receipt = verify_answer(settled, keys, tenant="anonymous")
    assert receipt["signed"] and receipt["id"] == json.loads(settled.content)["receipt"]["id"]
    # An asynchronous call's answer keeps its request too.
    later = asyncio.run(settle_table.asyncio_detailed(client=api, body=m.SettlementRequest.from_dict(TABLE)))
    assert verify_answer(later, keys)["signed"]
    answer = json.loads(settled.content)
    answer["players"][0]["net"] = "0"
    forged_answer = attrs.evolve(settled, content=json.dumps(answer).encode())
    forged_request = attrs.evolve(settled, request_content=json.dumps(dict(TABLE, bet="1")).encode())
    for forged, code in ((forged_answer, "answer_digest"), (forged_request, "request_digest")):
        with pytest.raises(ReceiptError) as refused:
            verify_answer(forged, keys)
        assert refused.value.code == code


def _readme_round() -> tuple[str, list[str]]:
    """The README's round: its one Python block with ``# ->`` lines, and those lines."""
    readme = (CLIENT / "README.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in readme.split("```python\n")[1:]]
    (code,) = [block for block in blocks if "\n# -> " in block]
    return code, [line[len("# -> ") :] for line in code.splitlines() if line.startswith("# -> ")]


def test_the_readmes_round_runs_as_it_says(client_package, signing_server, capsys):
    code, documented = _readme_round()
    code = code.replace("http://127.0.0.1:8000", signing_server.url)
    exec(compile(code, "clients/python/README.md", "exec"), {})
    assert capsys.readouterr().out.splitlines() == documented
