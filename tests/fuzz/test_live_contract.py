"""The contract as a client meets it: ``schemathesis run --checks all`` (every check it has, the
stateful links among them) against the service as ``make run`` serves it (nginx in front of
gunicorn), told only what tests/fuzz/contract_hooks.py says. A refusal by the front, a header
nginx adds or drops, a method nginx answers itself: all are the contract's too.

``make test`` runs 20 examples per operation; ``make fuzz`` runs ``FUZZ_EXAMPLES``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.servers import service

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = os.environ.get("FUZZ_EXAMPLES", "20")


@pytest.mark.long
def test_every_check_passes_against_the_service_as_make_run_serves_it(tmp_path):
    # The open endpoints' per-address rate (50 a second, bursts of 200) is held by its own tests; a
    # run of thousands of cases from one address would meet it, and its 429 says nothing of the shapes.
    with service(tmp_path, {"MAUBINH_FRONT_OPEN_RATE": "100000", "MAUBINH_FRONT_OPEN_BURST": "100000"}) as running:
        run = subprocess.run(
            [
                str(Path(sys.executable).parent / "schemathesis"), "run", f"{running.url}/openapi.yaml",
                "--checks", "all", "--max-examples", EXAMPLES, "--workers", "1", "--seed", "20261204",
                "--no-color",
            ],
            # One worker: with two, hypothesis's threads parse lambdas' source at once, and CPython
            # 3.11.7's ast keeps its depth in shared state (python/cpython#106905): a rare
            # "SystemError: AST constructor recursion depth mismatch" failed a CI run.
            cwd=ROOT,  # schemathesis.toml: the statuses each operation may answer to valid data
            env={**os.environ, "SCHEMATHESIS_HOOKS": "tests.fuzz.contract_hooks", "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=600,
            check=False,  # its output is what the assertion shows
        )  # fmt: skip
    summary = run.stdout[run.stdout.find("SUMMARY") :]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    selected = re.search(r"Selected: (\d+)/(\d+)\s+Tested: (\d+)", summary)
    assert selected and selected[1] == selected[2] == selected[3], summary  # every operation, none skipped
