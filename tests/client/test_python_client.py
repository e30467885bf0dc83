"""The Python client (clients/python, ``maubinh_api_client``) works as an integrator would use it.

Its core is what ``openapi-python-client`` writes from the spec (checked here: the committed package
is today's output, written with no warning); the test imports it and calls every operation of the last release
against the service under gunicorn, each answer parsed into the generated model the spec names,
and answers passed on from one operation to the next as they came.
``datamodel-code-generator`` models of the schemas parse every recorded
answer of the spec (its ``components/examples``: live answers, see
tests/web/test_examples.py).
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import jwt
import pytest
import yaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from tests.support.servers import service

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi.yaml"
CLIENT = ROOT / "clients" / "python"
BIN = Path(sys.executable).parent
KEY = "client-test-key-0123456789"
METRICS_KEY = "metrics-key-of-the-generated-client-test"  # /metrics needs its own scope once keys exist
CARDS = ["As", "Ad", "Kc", "Kd", "7h", "9s", "9h", "8c", "5d", "3c", "Qs", "Jh", "2s"]


def _generate(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


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


def test_the_committed_client_is_what_the_generator_writes_from_the_spec():
    # The generator's own warnings fail it too: a warning means a schema or an operation was dropped.
    done = subprocess.run(
        [sys.executable, "-m", "tools.python_client", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with service(
        tmp_path_factory.mktemp("client-server"),
        env={"MAUBINH_API_KEYS": KEY, "MAUBINH_METRICS_KEYS": METRICS_KEY},
        workers=1,
    ) as running:
        yield running


def _operation_ids(spec: dict[str, Any]) -> set[str]:
    return {operation["operationId"] for item in spec["paths"].values() for operation in item.values()}


def test_every_operation_answers_a_typed_model_through_the_generated_client(client_package, server, spec_document):
    from maubinh_api_client import AuthenticatedClient, Client
    from maubinh_api_client import models as m
    from maubinh_api_client.api.arrangements import (
        analyse_arrangement,
        analyse_batch,
        optimal_arrangement,
        optimal_batch,
        play_hand,
        validate_arrangement,
        validate_batch,
    )
    from maubinh_api_client.api.deals import commit_deal, deal_cards
    from maubinh_api_client.api.hands import classify_batch, classify_hands
    from maubinh_api_client.api.operations import (
        documentation,
        documentation_asset,
        documentation_page,
        health,
        metrics,
        openapi_document,
        ready,
    )
    from maubinh_api_client.api.playground import playground_asset, playground_page, playground_page_slash
    from maubinh_api_client.api.practice import deal_drills
    from maubinh_api_client.api.settlements import receipt_keys, settle_table, settle_tables
    from maubinh_api_client.api.usage import show_usage
    from maubinh_api_client.api.variants import list_enumerations, list_variants, show_variant

    api = AuthenticatedClient(base_url=server.url, token=KEY, raise_on_unexpected_status=True)
    called: set[str] = set()

    def call(operation_id: str, module: Any, expected: type, **arguments: Any) -> Any:
        answer = module.sync_detailed(client=api, **arguments)
        assert answer.status_code == 200, (operation_id, answer.content[:500])
        assert isinstance(answer.parsed, expected), (operation_id, type(answer.parsed))
        called.add(operation_id)
        return answer.parsed

    online = m.PresetName.ONLINE
    one = call("classifyHands", classify_hands, m.ClassifyResult, body=m.ClassifyRequest(cards=["Kh", "Kd", "9s"]))
    assert one.category.key is m.Category.PAIR and one.category.label.vi == "Đôi"
    many = call(
        "classifyBatch", classify_batch, m.ClassifyBatchResult, body=m.ClassifyBatchRequest(hands=[["Qs", "Qd", "7c"]])
    )
    assert [hand.category.key for hand in many.results] == [m.Category.PAIR]

    solved = call("optimalArrangement", optimal_arrangement, m.OptimalResult, body=m.OptimalRequest(cards=CARDS))
    assert solved.stats.splits == 72072 and isinstance(solved.best.ev, float)
    batch = call("optimalBatch", optimal_batch, m.OptimalBatchResult, body=m.OptimalBatchRequest(hands=[CARDS]))
    assert batch.results[0].best.arrangement.to_dict() == solved.best.arrangement.to_dict()

    # The optimiser's arrangement and variant, posted on as they came: the answer's models are the
    # request's (one schema per concept), no copy from one model to another.
    best, variant = solved.best.arrangement, solved.variant
    assert isinstance(best, m.Arrangement) and isinstance(variant, m.Variant)
    checked = call(
        "validateArrangement",
        validate_arrangement,
        m.ValidationResult,
        body=m.ValidateRequest(arrangement=best, variant=variant),
    )
    assert checked.fouled is False
    checked_many = call(
        "validateBatch",
        validate_batch,
        m.ValidateBatchResult,
        body=m.ValidateBatchRequest(arrangements=[best, best], variant=variant),
    )
    alone = {key: value for key, value in checked.to_dict().items() if key != "variant"}
    assert [result.to_dict() for result in checked_many.results] == [alone, alone]
    graded = call("analyseArrangement", analyse_arrangement, m.AnalysisResult, body=m.AnalysisRequest(arrangement=best))
    assert graded.ev_loss == 0 and graded.verdict.key.value == "best"
    graded_many = call(
        "analyseBatch",
        analyse_batch,
        m.AnalysisBatchResult,
        body=m.AnalysisBatchRequest(arrangements=[m.AnalysedArrangement(arrangement=best)]),
    )
    assert graded_many.results[0].ev == graded.ev

    played = call(
        "playHand",
        play_hand,
        m.PlayResult,
        body=m.PlayRequest(cards=CARDS, level=m.Level.CASUAL, seed=2, variant=online),
    )
    assert played.level.key is m.Level.CASUAL
    # A drill's cards, and its variant, posted on as they came.
    drilled = call(
        "dealDrills",
        deal_drills,
        m.DrillsResult,
        body=m.DrillsRequest(theme=m.DrillThemeKey.FOUL_TRAP, count=2, seed=4, variant=online),
    )
    assert [drill.theme.key for drill in drilled.drills] == [m.DrillThemeKey.FOUL_TRAP] * 2
    drilled_variant = drilled.variant
    set_best = call(
        "optimalArrangement",
        optimal_arrangement,
        m.OptimalResult,
        body=m.OptimalRequest(cards=drilled.drills[0].cards, variant=drilled_variant),
    )
    assert set_best.best.chi.back.category.key == set_best.best.chi.middle.category.key
    seats = [
        m.PlayedSeat(id="bot", arrangement=played.arrangement),
        m.ForfeitedSeat(id="left", forfeit=True),
    ]
    table = m.SettlementRequest(bet="10", players=seats, variant=played.variant)
    settled = call("settleTable", settle_table, m.Settlement, body=table)
    assert [player.id for player in settled.players] == ["bot", "left"]
    assert settled.pairs[0].positions.back.reason.key.value == "opponent_fouled"
    tables = call("settleTables", settle_tables, m.SettlementBatchResult, body=m.SettlementBatchRequest(tables=[table]))
    assert tables.results[0].to_dict() == {key: value for key, value in settled.to_dict().items() if key != "receipt"}

    commitment = call("commitDeal", commit_deal, m.DealCommitment)
    dealt = deal_cards.sync_detailed(
        client=api, deal_id=commitment.deal_id, body=m.DealRequest(client_seeds=["an-7f3a91"], seats=3)
    )
    assert isinstance(dealt.parsed, m.Deal) and [len(hand) for hand in dealt.parsed.hands] == [13, 13, 13]
    called.add("dealCards")
    # The proof is checked on the answers as they came (a model's datetime would write `at` anew).
    from maubinh_api_client.deals import verify_deal

    committed = commit_deal.sync_detailed(client=api)
    again = deal_cards.sync_detailed(
        client=api, deal_id=committed.parsed.deal_id, body=m.DealRequest(client_seeds=["an"], seats=2)
    )
    assert verify_deal(json.loads(committed.content), json.loads(again.content), None, require_signature=False)

    usage = call("showUsage", show_usage, m.Usage)
    assert usage.tenant == "unnamed" and usage.limits == []  # a key of MAUBINH_API_KEYS: no limits
    listed = call("listVariants", list_variants, m.VariantList)
    assert {item.name.value for item in listed.variants} == {"classic", "online", "extended", "chinese-poker-2-4"}
    shown = call("showVariant", show_variant, m.VariantDetail, name=played.variant.fingerprint)
    assert shown.fingerprint == played.variant.fingerprint
    named = call("listEnumerations", list_enumerations, m.Enumerations)
    # Every level's key posts back as the generated client's own Level (which sorts its members).
    assert sorted(m.Level(member.key) for member in named.levels) == sorted(m.Level)

    open_client = Client(base_url=server.url, raise_on_unexpected_status=True)
    for operation_id, module, expected, arguments in [
        ("health", health, m.HealthResponse200, {}),
        ("ready", ready, m.ReadyResponse200, {}),
        ("openapiDocument", openapi_document, str, {}),
        ("documentationPage", documentation_page, str, {}),
        ("documentation", documentation, str, {}),
        ("documentationAsset", documentation_asset, str, {"path": m.DocumentationAssetPath("swagger-ui.css")}),
        ("playgroundPage", playground_page, str, {}),
        ("playgroundAsset", playground_asset, str, {"asset": m.PlaygroundAssetAsset("playground.js")}),
        ("receiptKeys", receipt_keys, m.ReceiptKeys, {}),
    ]:
        answer = module.sync_detailed(client=open_client, **arguments)
        assert answer.status_code == 200, (operation_id, answer.content[:300])
        if expected is not str:  # text answers (HTML, YAML, CSS) are read as the text they are
            assert isinstance(answer.parsed, expected), operation_id
        else:
            assert answer.content, operation_id
        called.add(operation_id)
    # Its only answer is a 308 with no body: httpx follows no redirect unless asked, so this is it.
    moved = playground_page_slash.sync_detailed(client=open_client)
    assert moved.status_code == 308 and moved.headers["Location"] == "/playground", moved.headers
    called.add("playgroundPageSlash")
    scraper = AuthenticatedClient(base_url=server.url, token=METRICS_KEY)
    exposition = metrics.sync_detailed(client=scraper)
    assert exposition.status_code == 200 and b"maubinh_http_requests_total" in exposition.content
    called.add("metrics")

    # Every operation of the last release, and none the spec lacks; an operation added since is
    # played by every client in the conformance scenario (tests/client/test_conformance.py).
    released = yaml.safe_load((ROOT / "contract" / "openapi-1.0.0.yaml").read_text(encoding="utf-8"))
    assert _operation_ids(released) <= called <= _operation_ids(spec_document)


def test_a_problem_answer_parses_as_the_generated_problem(client_package, server):
    from maubinh_api_client import AuthenticatedClient
    from maubinh_api_client import models as m
    from maubinh_api_client.api.hands import classify_hands

    api = AuthenticatedClient(base_url=server.url, token=KEY)
    answer = classify_hands.sync_detailed(client=api, body=m.ClassifyRequest(cards=["Kh", "Kd", "Kh"]))
    assert answer.status_code == 422 and isinstance(answer.parsed, m.Problem)
    assert [error.pointer for error in answer.parsed.errors] == ["/cards/2"]
    stranger = AuthenticatedClient(base_url=server.url, token="wrong")
    refused = classify_hands.sync_detailed(client=stranger, body=m.ClassifyRequest(cards=["2s", "3s", "4s"]))
    assert refused.status_code == 401 and isinstance(refused.parsed, m.Problem)


def test_datamodel_code_generator_models_parse_every_recorded_answer(tmp_path, spec_document):
    out = tmp_path / "contract_models.py"
    options = ["--output-model-type", "pydantic_v2.BaseModel", "--target-python-version", "3.11"]
    command = [str(BIN / "datamodel-codegen"), "--input", str(SPEC), "--input-file-type", "openapi"]
    _generate([*command, "--output", str(out), *options, "--formatters", "builtin"])
    sys.path.insert(0, str(tmp_path))
    try:
        models = importlib.import_module("contract_models")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("contract_models", None)
    parsed: set[str] = set()
    for path_item in spec_document["paths"].values():
        for operation in path_item.values():
            content = operation["responses"].get("200", {}).get("content", {}).get("application/json")
            if content is None:
                continue
            schema = content["schema"]
            names = [ref["$ref"].rsplit("/", 1)[1] for ref in schema.get("oneOf", [schema]) if "$ref" in ref]
            recorded = [
                spec_document["components"]["examples"][example["$ref"].rsplit("/", 1)[1]]["value"]
                for example in content.get("examples", {}).values()
            ] + ([content["example"]] if "example" in content else [])
            assert recorded, f"{operation['operationId']} has no recorded answer"
            for value in recorded:
                fits = [name for name in names if _parses(getattr(models, name), value)] if names else ["inline"]
                # Each answer is exactly one of the shapes the operation may answer (the models forbid extra fields).
                assert len(fits) == 1, (operation["operationId"], fits)
            parsed.add(operation["operationId"])
    json_operations = {
        operation["operationId"]
        for item in spec_document["paths"].values()
        for operation in item.values()
        if "application/json" in operation["responses"].get("200", {}).get("content", {})
    }
    assert parsed == json_operations


def _parses(model: Any, value: Any) -> bool:
    from pydantic import ValidationError

    try:
        model.model_validate(value)
    except ValidationError:
        return False
    return True


def test_the_documented_example_runs_through_the_generated_client(client_package, server, capsys):
    page = (ROOT / "docs" / "integrating.md").read_text(encoding="utf-8")
    section = page.split("\n## The Python client\n", 1)[1].split("\n## ", 1)[0]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    documented = next(line for line in code.splitlines() if line.startswith("# -> "))[len("# -> ") :]
    code = code.replace("http://127.0.0.1:8000", server.url).replace("<your key>", KEY)
    exec(compile(code, "docs/integrating.md (The Python client)", "exec"), {})
    assert capsys.readouterr().out.strip() == documented


def _enum_members(tree: ast.Module) -> dict[str, tuple[str, ...]]:
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(ast.unparse(base) in ("Enum", "StrEnum") for base in node.bases):
            found[node.name] = tuple(
                sorted(ast.literal_eval(item.value) for item in node.body if isinstance(item, ast.Assign))
            )
    return found


def test_the_generated_models_have_one_enum_per_enumeration_and_no_untyped_field(client_package):
    """One schema per enumeration in the spec: a generator makes one enum of it, not one per use
    (before 1.0.0 the presets were four identical enums), and every field has a type."""
    enums: dict[tuple[str, ...], list[str]] = {}
    untyped = []
    for module in sorted((Path(client_package.__file__).parent / "models").glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for name, members in _enum_members(tree).items():
            enums.setdefault(members, []).append(name)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                untyped += [
                    f"{node.name}.{ast.unparse(item.target)}"
                    for item in node.body
                    if isinstance(item, ast.AnnAssign) and "Any" in ast.unparse(item.annotation)
                ]
    assert len(enums) > 20
    assert [names for names in enums.values() if len(names) > 1] == []
    assert untyped == []
    assert not any("Type0" in name or "Type1" in name for names in enums.values() for name in names)


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """An open deployment (no key anywhere) that signs its receipts."""
    folder = tmp_path_factory.mktemp("open")
    signing = folder / "receipts.pem"
    signing.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    with service(folder, env={"MAUBINH_RECEIPT_KEY": str(signing)}, workers=1) as running:
        yield running


SEATS = {
    "an": {
        "back": ["As", "Ks", "Qs", "Js", "Ts"],
        "middle": ["9h", "9d", "9c", "8c", "7c"],
        "front": ["2d", "2c", "3h"],
    },
    "binh": {
        "back": ["Ah", "Ad", "Kc", "Kd", "2s"],
        "middle": ["Qh", "Qd", "Qc", "3d", "4d"],
        "front": ["5s", "6s", "7s"],
    },
}
#: A table of whole đồng: a bet of a million, no decimal places. binh's middle (three queens) beats
#: its back (two pair): binh lủng, so an wins every position with a royal flush (10, the online bonus),
#: three nines (1) and a pair (1), doubled for the foul: an +24 chi, less the 2% rake of 24,000,000.
TABLE = {
    "bet": "1000000",
    "variant": {"preset": "online", "overrides": {"amount_decimals": 0}},
    "players": [{"id": name, "arrangement": arrangement} for name, arrangement in SEATS.items()],
}


def test_an_open_deployment_is_called_with_no_key_through_the_plain_client(client_package, open_server):
    from maubinh_api_client import Client
    from maubinh_api_client import models as m
    from maubinh_api_client.api.arrangements import play_hand
    from maubinh_api_client.api.settlements import settle_table
    from maubinh_api_client.retries import connect

    api = connect(open_server.url)
    # No key, no Authorization header (token="" made httpx fail before 1.0.0).
    assert isinstance(api, Client) and "Authorization" not in api.get_httpx_client().headers
    played = play_hand.sync(client=api, body=m.PlayRequest(cards=CARDS, level=m.Level.CLUB, seed=7))
    assert isinstance(played, m.PlayResult) and played.level.key is m.Level.CLUB
    settled = settle_table.sync(client=api, body=m.SettlementRequest.from_dict(TABLE))
    assert isinstance(settled, m.Settlement) and [player.net for player in settled.players] == ["23520000", "-24000000"]


def test_a_settlement_receipt_verifies_offline_and_fails_on_any_change(client_package, open_server):
    from maubinh_api_client.receipts import ReceiptError, verify_receipt, verify_receipt_text

    api = connect_plain(open_server.url)
    answered = api.post("/v1/settlements", json=TABLE)
    answer, keys = answered.json(), api.get("/.well-known/jwks.json").json()
    receipt = verify_receipt_text(json.dumps(TABLE), answered.text, keys, tenant="anonymous")
    assert receipt["signed"] and receipt["key_id"] == keys["keys"][0]["kid"]
    # Parsed, and stored in another key order and spacing: the same canonical form.
    reordered = json.loads(json.dumps(dict(reversed(list(answer.items())))))
    assert verify_receipt(dict(reversed(list(TABLE.items()))), reordered, keys) == receipt
    # Each change fails at its own step (the corpus, below, holds every step).
    other = Ed25519PrivateKey.generate()
    header = {"kid": receipt["key_id"], "typ": "maubinh-receipt+jws"}
    forged = jwt.PyJWS().encode(rfc8785_claims(receipt), other, algorithm="EdDSA", headers=header)
    changes = {
        "request_digest": (dict(TABLE, bet="1000001"), answer),
        "answer_digest": (TABLE, dict(answer, bet="1")),
        "id": (TABLE, dict(answer, receipt=dict(receipt, model="model-0000000000000000"))),
        "unknown_key": (TABLE, dict(answer, receipt=dict(receipt, key_id="another"))),
        "jws_signature": (TABLE, dict(answer, receipt=dict(receipt, signature=forged))),
        "jws_payload": (TABLE, dict(answer, receipt=dict(receipt, issued=dict(receipt["issued"], tenant="b")))),
    }
    for code, (request, changed) in changes.items():
        with pytest.raises(ReceiptError) as refused:
            verify_receipt(request, changed, keys)
        assert refused.value.code == code, refused.value.reason
    with pytest.raises(ReceiptError, match="it was issued to anonymous"):
        verify_receipt(TABLE, answer, keys, tenant="platform-b")


def test_the_client_judges_every_receipt_of_the_corpus_as_the_service_does(client_package):
    from maubinh_api_client.receipts import ReceiptError, verify_receipt_text

    corpus = json.loads((ROOT / "tests" / "conformance" / "receipts.json").read_text(encoding="utf-8"))
    for case in corpus["cases"]:
        try:
            verify_receipt_text(case["request"], case["answer"], json.dumps(corpus["key_sets"][case["keys"]]),
                                tenant=case["tenant"], require_signature=case["require_signature"])  # fmt: skip
            verdict = "holds"
        except ReceiptError as refused:
            verdict = refused.code
        assert verdict == case["verdict"], case["id"]


def test_the_client_judges_every_deal_and_hand_record_of_the_corpora_as_the_service_does(client_package):
    from maubinh_api_client.deals import DealError, verify_deal
    from maubinh_api_client.hand_records import HandRecordError, verify_hand_records

    deals = json.loads((ROOT / "tests" / "conformance" / "deals.json").read_text(encoding="utf-8"))
    for case in deals["cases"]:
        try:
            verify_deal(case["commitment"], case["deal"], deals["key_sets"][case["keys"]], tenant=case["tenant"],
                        require_signature=case["require_signature"])  # fmt: skip
            verdict: Any = "holds"
        except DealError as refused:
            verdict = refused.code
        assert verdict == case["verdict"], case["id"]
    records = json.loads((ROOT / "tests" / "conformance" / "hand_records.json").read_text(encoding="utf-8"))
    for case in records["cases"]:
        text = "".join((records["records"][line] if isinstance(line, int) else line) + "\n" for line in case["lines"])
        try:
            verify_hand_records(text, json.dumps(records["key_sets"][case["keys"]]), tenant=case["tenant"],
                                heads=case["heads"])  # fmt: skip
            verdict = "holds"
        except HandRecordError as broken:
            verdict = {"index": broken.index, "code": broken.code}
        assert verdict == case["verdict"], case["id"]


def rfc8785_claims(receipt: dict[str, Any]) -> bytes:
    import rfc8785

    names = ("id", "operation", "request_digest", "answer_digest", "fingerprints", "model", "release")
    return rfc8785.dumps({name: receipt[name] for name in names})


def _flipped(jws: str) -> str:
    """The JWS with its signature's tenth character changed (every bit of it counts: the last one's
    low bits are padding, which a decoder may ignore)."""
    head, payload, signature = jws.split(".")
    return f"{head}.{payload}.{signature[:10]}{'B' if signature[10] == 'A' else 'A'}{signature[11:]}"


def connect_plain(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=30)


class _Refusing(httpx.BaseTransport):
    """A service that refuses ``refusals`` times with ``Retry-After: wait``, then answers."""

    def __init__(self, refusals: int, wait: str) -> None:
        self.refusals, self.wait, self.sent = refusals, wait, 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.sent += 1
        if self.sent <= self.refusals:
            return httpx.Response(429, headers={"Retry-After": self.wait}, json={"status": 429})
        return httpx.Response(200, json={"ok": True})


def test_a_refusal_is_sent_again_after_its_retry_after_within_the_deadline(client_package):
    from maubinh_api_client.retries import RetryAfter

    slept: list[float] = []
    now = [0.0]

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    def run(refusals: int, wait: str, **options: Any) -> tuple[int, list[float], int]:
        slept.clear()
        service = _Refusing(refusals, wait)
        transport = RetryAfter(service, sleep=sleep, clock=lambda: now[0], **options)
        status = httpx.Client(transport=transport).get("http://service/v1/usage").status_code
        return status, list(slept), service.sent

    assert run(2, "1") == (200, [1, 1], 3)  # twice by default
    assert run(3, "1") == (429, [1, 1], 3)  # the third refusal is the answer
    assert run(1, "11") == (429, [], 1)  # longer than the longest wait (10 s): answered at once
    assert run(1, "2", deadline=1.0) == (429, [], 1)  # a wait that would outlast the call is not begun
    assert run(1, "2", deadline=5.0) == (200, [2], 2)
    assert run(1, "1", retries=0) == (429, [], 1)
    assert run(1, "Wed, 21 Oct 2026 07:28:00 GMT") == (429, [], 1)  # not seconds: not guessed at
