"""The Python client, clients/python: its generated core written from openapi.yaml.

openapi-python-client (pinned in requirements/dev.txt) writes the package into a scratch folder;
every generated file then replaces its copy in ``clients/python/maubinh_api_client``, and files it
no longer writes go, but the hand-written ones (:data:`HAND_WRITTEN`: the retries after
``Retry-After``, a call's options, the offline checks) stay.  ``--check`` writes nothing and fails when the committed
package is not what the generator writes today (tests/client/test_python_client.py runs it).

    python -m tools.python_client [--check]
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLIENT = ROOT / "clients" / "python"
PACKAGE = CLIENT / "maubinh_api_client"
#: The package's modules written by hand, beside the generated ones.
HAND_WRITTEN = frozenset({"retries.py", "options.py", "receipts.py", "deals.py", "hand_records.py"})


def generate(into: Path) -> Path:
    """The generated package, written under ``into``."""
    command = [
        str(Path(sys.executable).parent / "openapi-python-client"),
        "generate",
        "--path",
        str(ROOT / "openapi.yaml"),
        "--output-path",
        str(into / "out"),
        "--config",
        str(CLIENT / "generator.yaml"),
        "--custom-template-path",
        str(CLIENT / "templates"),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    output = done.stdout + done.stderr
    if done.returncode != 0 or "warning" in output.lower():
        raise SystemExit(f"openapi-python-client did not write a whole client:\n{output}")
    return into / "out" / PACKAGE.name


def _files(root: Path) -> set[Path]:
    return {
        path.relative_to(root)
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.name not in HAND_WRITTEN
    }


def differences(generated: Path) -> list[str]:
    """The files where the committed package is not ``generated``."""
    written, committed = _files(generated), _files(PACKAGE) if PACKAGE.is_dir() else set()
    changed = [
        str(path) for path in written & committed if not filecmp.cmp(generated / path, PACKAGE / path, shallow=False)
    ]
    return sorted(
        [
            *changed,
            *(f"{path} (new)" for path in written - committed),
            *(f"{path} (gone)" for path in committed - written),
        ]
    )


def write(generated: Path) -> None:
    """Replace the committed package's generated files with ``generated``'s."""
    for path in _files(PACKAGE) if PACKAGE.is_dir() else set():
        (PACKAGE / path).unlink()
    for path in _files(generated):
        target = PACKAGE / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(generated / path, target)
    for folder in sorted((p for p in PACKAGE.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.python_client", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail when the committed client is stale")
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        generated = generate(Path(scratch))
        stale = differences(generated)
        if arguments.check:
            if stale:
                print("clients/python is not what the generator writes from openapi.yaml (make client-py):")
                print("\n".join(f"  {line}" for line in stale))
                return 1
            return 0
        write(generated)
    print(f"clients/python: {len(stale)} files written" if stale else "clients/python: up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
