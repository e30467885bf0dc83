"""The Go client (clients/go, package maubinh) as a Go game server gets it.

Its core must be what oapi-codegen (pinned in tools/oapi-codegen) writes from openapi.yaml today; the
module is `go vet` clean; and `go test` passes against the service as `make run` starts it, with a
tenants file and a receipt key, no test skipped.
"""

from __future__ import annotations

import os
import re
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


def _go(*arguments: str, cwd: Path = MODULE, env: dict[str, str] | None = None, ok: bool = True) -> str:
    if shutil.which("go") is None:
        pytest.fail("the Go client's tests need Go (1.26) on the PATH")
    done = subprocess.run(
        ["go", *arguments], cwd=cwd, capture_output=True, text=True, timeout=600, check=False,
        env=os.environ | {"GOPROXY": "off"} | (env or {}),  # offline: make fetched the modules (go.sum)
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert (done.returncode == 0) == ok, output
    return output


def _platform(folder: Path, code: str, go: str = "1.26") -> Path:
    """A platform's module of one main.go that requires the client from this checkout."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.go").write_text(code)
    (folder / "go.mod").write_text(
        f"module example.com/platform\n\ngo {go}\n\n"
        "require github.com/maubinh/maubinh-api/clients/go v0.0.0\n\n"
        f"replace github.com/maubinh/maubinh-api/clients/go => {MODULE}\n"
    )
    # The client's checksums, as a platform's module gets them from its go.sum (offline, Go verifies
    # against them instead of asking the checksum database); -mod=mod (GOFLAGS) adds the requirements
    # the build needs to go.mod, as `go get` would (`go mod tidy` would also want the tests of the
    # client's own dependencies, which no build needs and the offline module cache does not hold).
    shutil.copyfile(MODULE / "go.sum", folder / "go.sum")
    return folder


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
    _platform(tmp_path, code.replace("http://127.0.0.1:8000", server.url))
    _go("vet", "./...", cwd=tmp_path, env={"GOFLAGS": "-mod=mod"})
    output = _go("run", ".", cwd=tmp_path, env={"MAUBINH_KEY": KEY})
    assert output.strip().splitlines() == printed


# The oldest Go the client builds with: the go line of the generator's runtime. oapi-codegen's code
# calls runtime.StyleParamWithOptions, which every release of github.com/oapi-codegen/runtime that
# has it (v1.3.1 on) declares go 1.24 or later for; v1.8.0, the client's, declares go 1.24.0 (v1.9.0
# moved to 1.26.0). The client's own code needs 1.21 (maps, slices). A module cannot name a Go
# older than one its dependencies name.
OLDEST_GO = "1.24.0"


def _toolchain(version: str) -> dict[str, str]:
    """GOTOOLCHAIN for that Go's toolchain, from the module cache (make fetches it) or the proxy."""
    environment = {"GOTOOLCHAIN": f"go{version}"}
    for proxy in ("off", os.environ.get("GOPROXY", "https://proxy.golang.org")):
        found = subprocess.run(
            ["go", "version"], capture_output=True, text=True, timeout=300, check=False,
            env=os.environ | environment | {"GOPROXY": proxy},
        )  # fmt: skip
        if found.returncode == 0 and f"go{version} " in found.stdout:
            return environment
    pytest.skip(f"the Go {version} toolchain (golang.org/toolchain) is neither cached nor fetched: {found.stderr}")


PLATFORM = """package main

import (
\t"context"
\t"fmt"

\tmaubinh "github.com/maubinh/maubinh-api/clients/go"
)

func main() {
\tapi, err := maubinh.Connect(maubinh.Options{BaseURL: "http://127.0.0.1:8000"})
\tif err != nil {
\t\tpanic(err)
\t}
\tvariant := maubinh.Preset(maubinh.PresetNameOnline)
\trequest := maubinh.PlayRequest{Cards: []string{}, Level: maubinh.LevelClub, Seed: maubinh.Ptr(7), Variant: &variant}
\tplayed, err := api.PlayHand(context.Background(), request, maubinh.Language("vi"))
\tfmt.Println(played, err)
}
"""


def test_a_platform_on_the_oldest_go_the_client_names_builds_against_it(tmp_path: Path) -> None:
    named = re.search(r"^go (\S+)$", (MODULE / "go.mod").read_text(), re.MULTILINE)
    assert named is not None and named[1] == OLDEST_GO, "go.mod names another Go than the oldest the client needs"
    module = _platform(tmp_path, PLATFORM, go=OLDEST_GO)
    environment = _toolchain(OLDEST_GO) | {"GOFLAGS": "-mod=mod"}
    assert f"go{OLDEST_GO} " in _go("version", cwd=module, env=environment)
    _go("vet", "./...", cwd=module, env=environment)


CALL = """package main

import (
\t"context"
\t"fmt"

\tmaubinh "github.com/maubinh/maubinh-api/clients/go"
)

func main() {
\tapi, _ := maubinh.Connect(maubinh.Options{BaseURL: "http://127.0.0.1:8000"})
\trequest := maubinh.ClassifyRequest{Cards: []string{"As"}}
\tfmt.Println(api.ClassifyHands(context.Background(), request, OPTIONS))
}
"""


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ('"vi"', 'cannot use "vi" (untyped string constant) as maubinh.CallOption value'),
        ('maubinh.Language, "vi"', "cannot use maubinh.Language (value of type func(tag string) maubinh.CallOption)"),
        ('maubinh.Model(maubinh.Language("vi"))', 'cannot use maubinh.Language("vi")'),
    ],
)
def test_a_call_option_is_named_or_does_not_compile(tmp_path: Path, options: str, refusal: str) -> None:
    named = _platform(tmp_path / "named", CALL.replace("OPTIONS", 'maubinh.Model("model-x"), maubinh.Language("vi")'))
    _go("vet", "./...", cwd=named, env={"GOFLAGS": "-mod=mod"})
    bare = _platform(tmp_path / "bare", CALL.replace("OPTIONS", options))
    assert refusal in _go("vet", "./...", cwd=bare, env={"GOFLAGS": "-mod=mod"}, ok=False)
