"""Kept models and the answers they must keep giving (docs/integrating.md, "Pinned models").

``keep DEST``: copy the shipped model's data files into ``DEST/<version>/`` with the ``model.json``
that names its version and rules engine and records what each file was built for (the shipped
``model.json``'s records, maubinh_api/strategy/data_files.py).  A release that ships a new model
first keeps the old one this way under ``maubinh_api/strategy/models/``, so that a request pinned
to it is still answered.

``record``: ask the service the pinned requests of :data:`PINNED` under the shipped model and write
their answers, byte for byte, to ``tests/fixtures/models/<version>.json``.  A release records its
model's answers once; ``tests/web/test_pinned_models.py`` holds every later release to them.

    python -m tools.models keep maubinh_api/strategy/models
    python -m tools.models record
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import Any

from maubinh_api.rules.knobs import ENGINE_VERSION
from maubinh_api.strategy.data_files import MANIFEST, read_manifest, write_manifest
from maubinh_api.strategy.model import model_version, shipped_model_version
from maubinh_api.web.app import create_app

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "maubinh_api" / "strategy"
FIXTURES = ROOT / "tests" / "fixtures" / "models"
#: The data files a model is made of, under its folder.
FILES = ("odds/*.npz", "bank/*.npz", "levels.json")
#: What a pinned model must answer as it did: a bot's play from a seed, and a grade, at a full table.
PINNED: list[tuple[str, dict[str, Any]]] = [
    (
        "/v1/arrangements/play",
        {
            "cards": ["As", "Ad", "Kc", "Kd", "7h", "9s", "9h", "8c", "5d", "3c", "Qs", "Jh", "2s"],
            "level": "club",
            "seed": 7,
            "variant": "online",
            "opponents": 3,
        },
    ),
    (
        "/v1/arrangements/analysis",
        {
            "arrangement": {
                "back": ["As", "Ad", "Kc", "Kd", "2s"],
                "middle": ["9s", "9h", "8c", "7h", "5d"],
                "front": ["Qs", "Jh", "3c"],
            },
            "variant": "online",
            "opponents": 3,
        },
    ),
    ("/v1/drills", {"theme": "foul_trap", "count": 2, "seed": 11, "variant": "online", "level": "club"}),
]


def keep(destination: Path, source: Path = SHIPPED, engine: int = ENGINE_VERSION) -> Path:
    """Copy the model under ``source`` into ``destination/<version>/`` with its manifest (the
    records of the files copied, from ``source``'s manifest, if it has one)."""
    version = model_version(source, engine)
    folder = destination / version
    for pattern in FILES:
        for path in sorted(source.glob(pattern)):
            target = folder / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    records = read_manifest(source).get("files", {}) if (source / MANIFEST).is_file() else {}
    kept = {name: record for name, record in records.items() if (folder / name).is_file()}
    write_manifest(folder, {"version": version, "engine": engine} | ({"files": kept} if kept else {}))
    return folder


def record() -> Path:
    """Write the shipped model's answers to the pinned requests."""
    client = create_app({"cache_bytes": 0}).test_client()
    version = shipped_model_version()
    answers = []
    for path, body in PINNED:
        response = client.post(path, json=body, headers={"X-Model-Version": version})
        if response.status_code != 200:
            raise SystemExit(f"{path}: {response.status_code} {response.get_data(as_text=True)[:300]}")
        answers.append({"path": path, "body": body, "answer": response.get_data(as_text=True)})
    target = FIXTURES / f"{version}.json"
    target.write_text(json.dumps({"model": version, "answers": answers}, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.models", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("keep", help="keep the shipped model in a folder").add_argument("destination", type=Path)
    commands.add_parser("record", help="record the shipped model's pinned answers")
    arguments = parser.parse_args(argv)
    if arguments.command == "keep":
        print(keep(arguments.destination))
    else:
        print(record())
    return 0


if __name__ == "__main__":
    sys.exit(main())
