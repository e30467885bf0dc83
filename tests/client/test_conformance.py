"""One conformance scenario (tests/conformance/scenario.json) for all four clients.

Each client's suite reads the scenario, plays it against the service as ``make run`` starts it
(with a tenants file: a platform, a tight tenant, a scraper; and a receipt key), then plays the
round again through a proxy whose answers carry what no 1.0 client knows. Here each suite must have
reported every step passed, in both passes (a suite that skips a step fails), and the service's own
metrics must show every operation of openapi.yaml answered.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from maubinh_api.infra.tenants import key_digest
from tests.support import conformance
from tests.support.future_proxy import future_proxy
from tests.support.servers import Service, service

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = conformance.load()
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
KEYS = SCENARIO["keys"]


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[tuple[Service, str]]:
    """The service with the scenario's tenants and a receipt key, and the future proxy before it."""
    tenants = tmp_path / "tenants.yaml"
    tenants.write_text(
        "tenants:\n"
        f'  - name: platform\n    key_sha256: "{key_digest(KEYS["platform"])}"\n    limits: ["100000/minute"]\n'
        f'  - name: tight\n    key_sha256: "{key_digest(KEYS["tight"])}"\n    limits: ["2/second"]\n'
        f'  - name: scraper\n    key_sha256: "{key_digest(KEYS["scraper"])}"\n    scopes: ["metrics"]\n'
    )
    signing = tmp_path / "receipts.pem"
    signing.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    environment = {"MAUBINH_TENANTS_FILE": str(tenants), "MAUBINH_RECEIPT_KEY": str(signing)}
    with (
        service(tmp_path, env=environment, workers=1) as running,
        future_proxy(running.url, SCENARIO["future"]) as proxy,
    ):
        yield running, proxy


def _answered_operations(running: Service) -> set[str]:
    """The operations the service counted answers of (maubinh_http_requests_total's routes)."""
    request = urllib.request.Request(running.url + "/metrics", headers={"Authorization": f"Bearer {KEYS['scraper']}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        text = answer.read().decode()
    found = re.findall(r"^maubinh_http_requests_total\{([^}]*)\}", text, flags=re.MULTILINE)
    labels = [dict(re.findall(r'(\w+)="([^"]*)"', line)) for line in found]
    routes = {(label["method"], re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", label["route"])) for label in labels}
    return {f"{method} {route}" for method, route in routes}


def _spec_operations(spec: dict[str, Any]) -> set[str]:
    return {f"{method.upper()} {path}" for path, item in spec["paths"].items() for method in item}


def _held(report: Path) -> None:
    """Every step reported passed, and every step of the round in the future pass too."""
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    passed = {(line["step"], line["future"]) for line in lines}
    wanted = {(step["id"], False) for step in SCENARIO["steps"]}
    wanted |= {(step["id"], True) for step in SCENARIO["steps"] if step.get("round")}
    assert wanted - passed == set(), f"steps not reported passed: {sorted(wanted - passed)}"
    print(
        f"\n{report.stem}: "
        + ", ".join(f"{line['step']}{'*' if line['future'] else ''} {line['ms']} ms" for line in lines)
    )


def _run(command: list[str], cwd: Path, env: dict[str, str], timeout: float = 600) -> str:
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False, env=os.environ | env
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-6000:]
    return output


def _python(url: str, proxy: str, report: Path) -> None:
    sys.path.insert(0, str(ROOT / "clients" / "python"))
    try:
        for base, future in ((url, False), (proxy, True)):
            client = conformance.PythonClient(base)
            conformance.play(SCENARIO, client.send, client.verify, report, future=future)
    finally:
        sys.path.remove(str(ROOT / "clients" / "python"))


def _typescript(url: str, proxy: str, report: Path) -> None:
    # Built into a folder of its own inside the package (its node_modules resolve from there): the
    # TypeScript client's other tests may be rebuilding dist/ meanwhile.
    package = ROOT / "clients" / "typescript"
    own = package / "build" / f"conformance-{os.getpid()}"
    shutil.rmtree(own, ignore_errors=True)
    (own / "test").mkdir(parents=True)
    try:
        _run(
            [str(package / "node_modules" / ".bin" / "tsc"), "-p", "tsconfig.json", "--outDir", str(own / "dist")],
            package,
            {},
        )
        shutil.copyfile(package / "test" / "conformance.test.ts", own / "test" / "conformance.test.ts")
        node = ROOT / "node_modules" / ".bin" / "node"
        _run([str(node), "--test", "test/conformance.test.ts"], own, _environment(url, proxy, report))
    finally:
        shutil.rmtree(own, ignore_errors=True)


def _go(url: str, proxy: str, report: Path) -> None:
    if shutil.which("go") is None:
        pytest.fail("the Go client's suite needs Go (1.26) on the PATH")
    environment = _environment(url, proxy, report) | {"GOPROXY": "off"}  # make fetched the modules
    _run(["go", "test", "-count=1", "-run", "TestConformance", "."], ROOT / "clients" / "go", environment)


def _java(url: str, proxy: str, report: Path) -> None:
    # Offline (make fetched the pinned plugins and dependencies), built in a folder of its own.
    build = report.parent / "java-build"
    maven = ["mvn", "-B", "-q", "-o", f"-Dmaubinh.build={build}", "-Dtest=ConformanceTest", "test"]
    _run(maven, ROOT / "clients" / "java", _environment(url, proxy, report))


def _environment(url: str, proxy: str, report: Path) -> dict[str, str]:
    routes = report.with_name("operations.json")
    routes.write_text(json.dumps(operation_routes(SPEC)), encoding="utf-8")
    return {
        "MAUBINH_URL": url,
        "MAUBINH_FUTURE_URL": proxy,
        "MAUBINH_SCENARIO": str(conformance.SCENARIO),
        "MAUBINH_REPORT": str(report),
        "MAUBINH_OPERATIONS": str(routes),
    }


def operation_routes(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each operation's method and path, and whether its answer is text (no JSON in any of its 2xx
    or 3xx answers, a redirect's included): what the TypeScript runner sends an operation by."""
    routes = {}
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            answers = [answer for status, answer in operation["responses"].items() if str(status)[0] in "23"]
            text = not any(kind.endswith("json") for answer in answers for kind in answer.get("content", {}))
            routes[operation["operationId"]] = {"method": method.upper(), "path": path, "text": text}
    return routes


SUITES: dict[str, Callable[[str, str, Path], None]] = {
    "python": _python,
    "typescript": _typescript,
    "java": _java,
    "go": _go,
}


@pytest.mark.parametrize("client", sorted(SUITES))
def test_the_client_plays_the_whole_scenario(
    client: str, deployment: tuple[Service, str], spec_document: dict[str, Any], tmp_path: Path
) -> None:
    running, proxy = deployment
    report = tmp_path / f"{client}.jsonl"
    SUITES[client](running.url, proxy, report)
    _held(report)
    assert _spec_operations(spec_document) - _answered_operations(running) == set()


def test_every_operation_of_the_spec_is_a_step_of_the_scenario(spec_document: dict[str, Any]) -> None:
    ids = {operation["operationId"] for item in spec_document["paths"].values() for operation in item.values()}
    assert ids - {step.get("operation") for step in SCENARIO["steps"]} == set()
    assert len({step["id"] for step in SCENARIO["steps"]}) == len(SCENARIO["steps"])  # ids name one step each
