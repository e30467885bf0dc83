"""The TypeScript client (clients/typescript, ``@maubinh/client``) as an integrator gets it.

The committed types must be what openapi-typescript writes from openapi.yaml today (``npm run
check``: a stale client fails here); the package and its tests compile under ``tsc --strict
--noUncheckedIndexedAccess``; and the tests run under ``node --test`` (the pinned Node, which
strips the types itself) against the service as ``make run`` starts it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

from maubinh_api.infra.tenants import key_digest
from tests.support.servers import service

ROOT = Path(__file__).resolve().parents[2]
#: A platform with room to spare, a tenant whose limit a burst passes (2 units a second), a scraper.
KEYS = {"platform": "typescript-platform-key-0123456789", "tight": "typescript-tight-key-0123456789"}
METRICS_KEY = "typescript-scraper-key-0123456789"
PACKAGE = ROOT / "clients" / "typescript"
#: The pinned Node (the repository's tools), and the client's own compiler (its package's tools).
TOOLS = ROOT / "node_modules" / ".bin"
TSC = PACKAGE / "node_modules" / ".bin" / "tsc"


def _run(*command: str, env: dict[str, str] | None = None, cwd: Path = PACKAGE) -> str:
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=300, check=False,
        env=os.environ | {"PATH": f"{TOOLS}{os.pathsep}{os.environ.get('PATH', '')}"} | (env or {}),
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


@pytest.fixture(scope="module")
def built() -> None:
    if not TSC.exists():
        pytest.fail("the npm tools are not installed: run `make npm-deps` (make test does)")
    _run("npm", "run", "--silent", "build")


def test_the_committed_types_are_the_specs() -> None:
    _run("npm", "run", "--silent", "check")  # openapi-typescript --check, as `make client-ts` writes them


def test_the_tests_compile_strictly(built: None) -> None:
    _run("npm", "run", "--silent", "typecheck")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("typescript-client")
    tenants = folder / "tenants.yaml"
    tenants.write_text(
        "tenants:\n"
        f'  - name: platform\n    key_sha256: "{key_digest(KEYS["platform"])}"\n    limits: ["100000/minute"]\n'
        f'  - name: tight\n    key_sha256: "{key_digest(KEYS["tight"])}"\n    limits: ["2/second"]\n'
        f'  - name: scraper\n    key_sha256: "{key_digest(METRICS_KEY)}"\n    scopes: ["metrics"]\n'
    )
    signing = folder / "receipts.pem"  # the deployment signs its receipts: the client checks them
    signing.write_bytes(Ed25519PrivateKey.generate().private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    environment = {"MAUBINH_TENANTS_FILE": str(tenants), "MAUBINH_RECEIPT_KEY": str(signing)}
    with service(folder, env=environment) as running:
        yield running


def test_the_shared_corpora_are_judged_as_the_rules_say(built: None) -> None:
    # Offline: tests/conformance/receipts.json (and the deals' and hand records' corpora), case by case.
    offline = ("test/receipts.test.ts", "test/deals.test.ts", "test/hand-records.test.ts")
    output = _run(str(TOOLS / "node"), "--test", *offline)
    assert "# fail 0" in output and "# pass 0" not in output, output


def test_a_calls_own_options_win_over_the_clients(built: None) -> None:
    # Offline, against a recording fetch: each option's precedence, and (compiled by
    # test_the_tests_compile_strictly) the swapped and misspelt options that must not compile.
    output = _run(str(TOOLS / "node"), "--test", "test/options.test.ts")
    assert "# fail 0" in output and "# pass 0" not in output, output


RELEASED = yaml.safe_load((ROOT / "contract" / "openapi-1.0.0.yaml").read_text(encoding="utf-8"))


def test_the_client_against_the_service(
    built: None, server: Any, spec_document: dict[str, Any], tmp_path: Path
) -> None:
    called = tmp_path / "called.txt"
    environment = {
        "MAUBINH_URL": server.url,
        "MAUBINH_KEY": KEYS["platform"],
        "MAUBINH_TIGHT_KEY": KEYS["tight"],
        "MAUBINH_METRICS_KEY": METRICS_KEY,
        "MAUBINH_CALLED": str(called),
    }
    output = _run(str(TOOLS / "node"), "--test", "test/service.test.ts", env=environment)
    assert "# fail 0" in output, output
    operations = {f"{method.upper()} {path}" for path, item in spec_document["paths"].items() for method in item}
    released = {f"{method.upper()} {path}" for path, item in RELEASED["paths"].items() for method in item}
    # Every operation of the last release, as a platform uses it, and none the spec lacks; an
    # operation added since is played by every client in the conformance scenario (test_conformance.py).
    assert released <= set(called.read_text().split("\n")) - {""} <= operations


def _clean_copy(tmp_path: Path) -> Path:
    """The client's folder as a clean clone has it: no node_modules, nothing built."""
    copy = tmp_path / "clean" / "typescript"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("node_modules", "dist", "build", "*.tgz"))
    return copy


def test_the_packed_package_installs_compiles_and_runs_in_a_fresh_project(server: Any, tmp_path: Path) -> None:
    # From a clean clone, the client's own `npm ci` (its compiler and generator, about 50 MB, not the
    # repository's linters) then `npm pack` (which builds it) make the release's tarball; what it
    # writes is what a platform installs: its files, its types and its dependencies, from npm's
    # cache where it holds them, else from the registry.
    clean = _clean_copy(tmp_path)
    _run("npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", cwd=clean)
    tarball = _run("npm", "pack", "--silent", "--pack-destination", str(tmp_path), cwd=clean).strip().splitlines()[-1]
    project = tmp_path / "platform"
    project.mkdir()
    (project / "package.json").write_text('{"name": "platform", "private": true, "type": "module"}\n')
    (project / "main.ts").write_text(
        'import { answer, createClient, ProblemError, type Problem } from "@maubinh/client";\n'
        f'const client = createClient({{ baseUrl: "{server.url}", apiKey: "{KEYS["platform"]}", language: "vi" }});\n'
        "export async function presets(): Promise<string[]> {\n"
        '  const listed = await answer(client.GET("/v1/variants"));\n'
        "  return listed.variants.map((variant) => variant.name);\n"
        "}\n"
        "export function why(error: unknown): Problem | null {\n"
        "  return error instanceof ProblemError ? error.problem : null;\n"
        "}\n"
        'console.log((await presets()).join(" "));\n'
        'await answer(client.POST("/v1/hands/classify", { body: { cards: ["Zz", "Kd", "Qh"] } })).catch((error) => {\n'
        "  console.log(why(error)?.title);\n"
        "});\n"
    )
    (project / "tsconfig.json").write_text(
        '{"compilerOptions": {"strict": true, "noUncheckedIndexedAccess": true, "module": "NodeNext",'
        ' "moduleResolution": "NodeNext", "target": "ES2022", "lib": ["ES2022", "DOM"], "noEmit": true,'
        ' "skipLibCheck": false}, "files": ["main.ts"]}\n'
    )
    installed = subprocess.run(
        ["npm", "install", "--prefer-offline", "--no-audit", "--no-fund", str(tmp_path / tarball)],
        cwd=project, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (project / "node_modules" / "@maubinh" / "client" / "dist" / "index.d.ts").is_file()
    compiled = subprocess.run(
        [str(TSC), "-p", str(project / "tsconfig.json")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    # Run by the pinned Node, with only what the package brought into the project's node_modules.
    ran = subprocess.run(
        [str(TOOLS / "node"), str(project / "main.ts")],
        cwd=project, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.splitlines() == ["classic online extended chinese-poker-2-4", "Nội dung không hợp lệ"]


def _documented_example() -> str:
    """The TypeScript example of docs/integrating.md ("The TypeScript client")."""
    page = (ROOT / "docs" / "integrating.md").read_text(encoding="utf-8")
    section = page.split("\n## The TypeScript client\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```ts\n", 1)[1].split("```", 1)[0]


def _compiled_and_run(code: str, name: str, env: dict[str, str] | None = None) -> str:
    """What ``code`` prints, compiled strictly and run as a platform's program."""
    # Inside the package, so that "@maubinh/client" resolves to the package itself (a self-reference).
    folder = PACKAGE / "build" / name
    folder.mkdir(parents=True, exist_ok=True)
    example = folder / "example.ts"
    example.write_text(code)
    (folder / "package.json").unlink(missing_ok=True)  # the package's own: "@maubinh/client" is itself
    (folder / "tsconfig.json").write_text(
        '{"compilerOptions": {"strict": true, "noUncheckedIndexedAccess": true, "module": "NodeNext",'
        ' "moduleResolution": "NodeNext", "target": "ES2022", "lib": ["ES2022", "DOM"], "noEmit": true,'
        ' "exactOptionalPropertyTypes": true, "types": ["node"], "typeRoots": ["../../node_modules/@types"]},'
        ' "files": ["example.ts"]}\n'
    )
    _run(str(TSC), "-p", str(folder / "tsconfig.json"))
    return _run(str(TOOLS / "node"), str(example), env=env)


def test_the_documented_example_runs_as_documented(built: None, server: Any) -> None:
    code = _documented_example()
    documented = next(line for line in code.splitlines() if line.startswith("// -> "))[len("// -> ") :]
    code = code.replace("http://127.0.0.1:8000", server.url).replace("<your key>", KEYS["platform"])
    assert _compiled_and_run(code, "docs-example").strip() == documented


def test_the_readmes_round_runs_as_it_says(built: None, server: Any) -> None:
    (code,) = [snippet for snippet in _readme_snippets() if "// -> " in snippet]
    documented = [line.strip()[len("// -> ") :] for line in code.splitlines() if line.strip().startswith("// -> ")]
    code = code.replace("http://127.0.0.1:8000", server.url)
    printed = _compiled_and_run(code, "readme-round", env={"MAUBINH_KEY": KEYS["platform"]})
    assert printed.splitlines() == documented


def test_the_programs_hold_no_cast_and_no_type_guard() -> None:
    # What a platform's code should look like: answers read as the spec types them. A cast
    # (`x as T`, `as const`, `as any`), a non-null assertion (`x!.y`) or a hand-written type guard
    # (`x is T`) would hide a type the generator got wrong.
    programs = {"docs/integrating.md": _documented_example()}
    programs |= {str(path): path.read_text() for path in (PACKAGE / "test").glob("*.ts")}
    forbidden = re.compile(r"\bas\s+(const\b|any\b|unknown\b|[A-Za-z_{[(])|[\w)\]]!\s*[.[]|\)\s*:\s*\w+\s+is\s+\w")
    for name, text in programs.items():
        # Comments and strings say "as" in prose: both go, in one pass (a string may hold "//").
        code = re.sub(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|//[^\n]*|/\*.*?\*/', '""', text, flags=re.DOTALL)
        assert forbidden.findall(code) == [], name


def _readme_snippets() -> list[str]:
    readme = (PACKAGE / "README.md").read_text(encoding="utf-8")
    return [block.split("```", 1)[0] for block in readme.split("```ts\n")[1:]]


def test_the_readme_snippets_compile_under_exact_optional_property_types(built: None) -> None:
    snippets = _readme_snippets()
    assert len(snippets) >= 3
    folder = PACKAGE / "build" / "readme"
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for number, code in enumerate(snippets):
        (folder / f"snippet{number}.ts").write_text(code + "\nexport {};\n")
        names.append(f'"snippet{number}.ts"')
    (folder / "package.json").unlink(missing_ok=True)  # the package's own: "@maubinh/client" is itself
    (folder / "tsconfig.json").write_text(
        '{"compilerOptions": {"strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true,'
        ' "module": "NodeNext", "moduleResolution": "NodeNext", "target": "ES2022", "lib": ["ES2022", "DOM"],'
        ' "noEmit": true, "types": ["node"], "typeRoots": ["../../node_modules/@types"]},'
        f' "files": [{", ".join(names)}]}}\n'
    )
    _run(str(TSC), "-p", str(folder / "tsconfig.json"))


def test_openapi_typescript_run_at_the_repository_root_writes_the_clients_types(tmp_path: Path) -> None:
    # What an integrator tries first in a clone: the generator reads the root's redocly.yaml and
    # stops at a lint error there, so the spec lints clean under it (no-path-trailing-slash is
    # checked by tools/lint_spec.py instead, with /docs/ its one exception).
    written = tmp_path / "schema.ts"
    generator = PACKAGE / "node_modules" / ".bin" / "openapi-typescript"
    flags = ["--default-non-nullable=false", "--root-types", "--root-types-no-schema-prefix"]
    _run(str(generator), "openapi.yaml", "--output", str(written), *flags, cwd=ROOT)
    assert written.read_text() == (PACKAGE / "src" / "schema.ts").read_text()
