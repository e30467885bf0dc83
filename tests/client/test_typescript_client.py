"""The TypeScript client (clients/typescript, ``@maubinh/client``) as an integrator gets it.

The committed types must be what openapi-typescript writes from openapi.yaml today (``npm run
check``: a stale client fails here); the package and its tests compile under ``tsc --strict
--noUncheckedIndexedAccess``; and the tests run under ``node --test`` (the pinned Node, which
strips the types itself) against the service as ``make run`` starts it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.support.servers import service

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clients" / "typescript"
TOOLS = ROOT / "node_modules" / ".bin"


def _run(*command: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        command, cwd=PACKAGE, capture_output=True, text=True, timeout=300, check=False,
        env=os.environ | {"PATH": f"{TOOLS}{os.pathsep}{os.environ.get('PATH', '')}"} | (env or {}),
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


@pytest.fixture(scope="module")
def built() -> None:
    if not (TOOLS / "tsc").exists():
        pytest.fail("the npm tools are not installed: run `make npm-deps` (make test does)")
    _run("npm", "run", "--silent", "build")


def test_the_committed_types_are_the_specs() -> None:
    _run("npm", "run", "--silent", "check")  # openapi-typescript --check, as `make client-ts` writes them


def test_the_tests_compile_strictly(built: None) -> None:
    _run("npm", "run", "--silent", "typecheck")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with service(tmp_path_factory.mktemp("typescript-client")) as running:
        yield running


def test_the_client_against_the_service(built: None, server: Any) -> None:
    output = _run(str(TOOLS / "node"), "--test", "test/service.test.ts", env={"MAUBINH_URL": server.url})
    assert "# fail 0" in output, output
