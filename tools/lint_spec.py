"""openapi.yaml against two linters: Redocly's recommended rules and Spectral's OpenAPI rules.

Both are pinned in package-lock.json and run on the pinned Node (``make lint-spec``, part of
``make test``). A warning fails the run as an error does: Redocly's exit status counts only
errors, so its JSON report is read. What a linter lets pass is in its configuration beside the
spec (``redocly.yaml``, ``.spectral.yaml``), each with its reason; the one rule ``redocly.yaml``
turns off (a path ending with a slash) is checked here instead, with its two exceptions.

    python -m tools.lint_spec
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "node_modules" / ".bin"
#: No telemetry or update check: CI reaches the npm registry and nothing else.
QUIET = {"REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_UPDATE_NOTIFIER": "1"}


def _environment() -> dict[str, str]:
    # The pinned Node first on the PATH: the linters' `#!/usr/bin/env node` finds it.
    return os.environ | QUIET | {"PATH": f"{TOOLS}{os.pathsep}{os.environ.get('PATH', '')}"}


def redocly() -> list[str]:
    """Redocly's problems with the spec, one line each."""
    done = subprocess.run(
        [str(TOOLS / "redocly"), "lint", "openapi.yaml", "--format=json"],
        cwd=ROOT, env=_environment(), capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        return [f"redocly did not report (exit {done.returncode}): {done.stderr.strip()[-2000:]}"]
    return [
        f"redocly {problem['severity']} {problem['ruleId']}: {problem['message']}"
        f" at {', '.join(location.get('pointer', '?') for location in problem.get('location', []))}"
        for problem in report["problems"]
        if not redirect_only(problem) and not offline_format(problem)
    ]


#: The operations that only send a browser on, answering 308 and never a 2XX (Redocly's
#: operation-2xx-response, which has no per-path setting): the playground's address with a slash.
REDIRECT_ONLY = frozenset({"#/paths/~1playground~1/get/responses"})


#: Formats the clients write and read offline, which no operation sends or answers (Redocly's
#: no-unused-components, which has no per-component setting; .spectral.yaml says the same).
OFFLINE_FORMATS = frozenset({"#/components/schemas/HandRecord"})


def offline_format(problem: dict[str, object]) -> bool:
    locations = problem.get("location")
    return (
        problem.get("ruleId") == "no-unused-components"
        and isinstance(locations, list)
        and all(isinstance(where, dict) and where.get("pointer") in OFFLINE_FORMATS for where in locations)
    )


def redirect_only(problem: dict[str, object]) -> bool:
    locations = problem.get("location")
    return (
        problem.get("ruleId") == "operation-2xx-response"
        and isinstance(locations, list)
        and bool(locations)
        and all(isinstance(place, dict) and place.get("pointer") in REDIRECT_ONLY for place in locations)
    )


def spectral() -> list[str]:
    """Spectral's problems with the spec (warnings included), one line each."""
    done = subprocess.run(
        [str(TOOLS / "spectral"), "lint", "openapi.yaml", "--format=json", "--fail-severity=hint", "--quiet"],
        cwd=ROOT, env=_environment(), capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    try:
        report = json.loads(done.stdout or "[]")
    except json.JSONDecodeError:
        return [f"spectral did not report (exit {done.returncode}): {done.stderr.strip()[-2000:]}"]
    if done.returncode and not report:
        return [f"spectral failed (exit {done.returncode}): {done.stderr.strip()[-2000:]}"]
    return [f"spectral {item['code']}: {item['message']} at {'.'.join(map(str, item['path']))}" for item in report]


#: The paths that may end with a slash: Swagger UI's own address of the documentation page, and the
#: playground's address as a player types it (a redirect to /playground).
TRAILING_SLASH_PATHS = frozenset({"/docs/", "/playground/"})


def trailing_slashes() -> list[str]:
    """Redocly's no-path-trailing-slash, with its two exceptions (redocly.yaml says why)."""
    paths = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["paths"]
    return [
        f"no-path-trailing-slash: {path} ends with a slash"
        for path in paths
        if path.endswith("/") and path != "/" and path not in TRAILING_SLASH_PATHS
    ]


def main() -> int:
    problems = redocly() + spectral() + trailing_slashes()
    for line in problems:
        print(line)
    print(f"lint-spec: {len(problems)} problem(s) in openapi.yaml" if problems else "lint-spec: openapi.yaml is clean")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
