"""The Go client (clients/go, package maubinh) as a Go game server gets it.

Its core must be what oapi-codegen (pinned in tools/oapi-codegen) writes from openapi.yaml today; the
module is `go vet` clean; and `go test` passes against the service as `make run` starts it, with a
tenants file and a receipt key, no test skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from maubinh_api.infra.tenants import key_digest
from tests.support.servers import service

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "clients" / "go"
GENERATOR = ROOT / "tools" / "oapi-codegen"
KEY = "go-platform-key-0123456789"


def _go(*arguments: str, cwd: Path = MODULE, env: dict[str, str] | None = None) -> str:
    if shutil.which("go") is None:
        pytest.fail("the Go client's tests need Go (1.26) on the PATH")
    done = subprocess.run(
        ["go", *arguments], cwd=cwd, capture_output=True, text=True, timeout=600, check=False,
        env=os.environ | {"GOPROXY": "off"} | (env or {}),  # offline: make fetched the modules (go.sum)
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


def test_the_committed_core_is_what_the_generator_writes_from_the_spec(tmp_path: Path) -> None:
    written = tmp_path / "maubinh.gen.go"
    _go("tool", "oapi-codegen", "-config", str(MODULE / "oapi-codegen.yaml"), "-o", str(written),
        str(ROOT / "openapi.yaml"), cwd=GENERATOR)  # fmt: skip
    assert written.read_text() == (MODULE / "maubinh.gen.go").read_text(), "stale: run make client-go"


def test_the_module_is_vet_clean() -> None:
    _go("vet", "./...")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("go-client")
    tenants = folder / "tenants.yaml"
    tenants.write_text(
        f'tenants:\n  - name: platform\n    key_sha256: "{key_digest(KEY)}"\n    limits: ["100000/minute"]\n'
    )
    signing = folder / "receipts.pem"
    signing.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    environment = {"MAUBINH_TENANTS_FILE": str(tenants), "MAUBINH_RECEIPT_KEY": str(signing)}
    with service(folder, env=environment, workers=1) as running:
        yield running


def test_the_client_against_the_service(server: Any) -> None:
    output = _go(
        "test",
        "-count=1",
        "-v",
        "-skip",
        "TestConformance",
        "./...",
        env={"MAUBINH_URL": server.url, "MAUBINH_KEY": KEY},
    )
    assert "--- SKIP" not in output, output
    assert "--- PASS: TestATablesRoundAddsUpToTheLastDong" in output, output


def _documented_example() -> str:
    readme = (MODULE / "README.md").read_text(encoding="utf-8")
    return readme.split("```go\n", 1)[1].split("```", 1)[0]


def test_the_readme_example_builds_in_a_module_of_its_own_and_runs_as_documented(server: Any, tmp_path: Path) -> None:
    code = _documented_example()
    printed = [line.strip()[len("// -> ") :] for line in code.splitlines() if line.strip().startswith("// -> ")]
    (tmp_path / "main.go").write_text(code.replace("http://127.0.0.1:8000", server.url))
    (tmp_path / "go.mod").write_text(
        "module example.com/platform\n\ngo 1.26\n\n"
        "require github.com/maubinh/maubinh-api/clients/go v0.0.0\n\n"
        f"replace github.com/maubinh/maubinh-api/clients/go => {MODULE}\n"
    )
    # The client's checksums, as a platform's module gets them from its go.sum (offline, Go verifies
    # against them instead of asking the checksum database); -mod=mod adds the requirements the
    # build needs to go.mod, as `go get` would (`go mod tidy` would also want the tests of the
    # client's own dependencies, which no build needs and the offline module cache does not hold).
    shutil.copyfile(MODULE / "go.sum", tmp_path / "go.sum")
    _go("vet", "./...", cwd=tmp_path, env={"GOFLAGS": "-mod=mod"})
    output = _go("run", ".", cwd=tmp_path, env={"MAUBINH_KEY": KEY})
    assert output.strip().splitlines() == printed
